// latte_tags_set: the state of one set of latte_tags (docs/latte.md 3, 10.1): per line valid,
// tag, compression policy and size - 1, and the set's LRU order as an "older than" matrix;
// written from latte_tags's pending-write register.
//
// Function: on a rising edge, in priority order: reset (rst_ni low) or invalidate_all_i: every
// line invalid, the order as after reset (line v older than line w iff v > w);
// otherwise the set takes its write when wr_sel_i (valid and order from wr_valid_i and
// wr_older_i; with wr_fill_i the line of the one-hot wr_way_i takes wr_tag_i, wr_policy_i and
// wr_size_i), and with invalidate_i every line whose policy (after that write) is
// policy_i becomes invalid, as the request order has it (the write is the older request).
//
// The order: bit tri(v, w) of older_o, v < w, is 1 iff line v is older than line w (a larger
// true-LRU age in the C model); line w older than line v is its complement. Only the order of
// the valid lines is ever observed (victims, docs/latte.md 3.3), so the matrix stands for the
// C model's ages; touching a line is a row and a column write instead of an age comparison
// per line.
//
// Latency: the new state is visible from the cycle after the edge.
//
// Why a module of its own: latte_tags holds Sets copies of it, which the hierarchical synthesis
// flow (synth/np_synth_hier.tcl) maps once and sums over its instances (docs/synthesis.md).
//
// Tags (parameter Tagged): 1 (latte_tags's flip-flop table, TableMacro = 0) the set holds its
// lines' tags; 0 (latte_tags's default, the tags in an SRAM macro) it holds none: tags_o is 0
// and wr_tag_i unused.
//
// What it does not do: no reset of tag, policy and size (they are read only while the line is
// valid, and written when it becomes valid); no decision: latte_tags decides and hands the
// set its next valid bits and order through the pending-write register.
//
// Worked example (Tags = 4): after reset valid_o = 0, older_o = 0 (line 3 oldest);
// wr_sel_i = 1, wr_fill_i = 1, wr_way_i = 4'b0100, wr_tag_i = T, wr_valid_i = 4'b0100 ->
// after the edge valid_o = 4'b0100, line 2 holds T, older_o = wr_older_i.
module latte_tags_set #(
  parameter integer Tags    = 16,
  parameter integer TagBits = 36,
  parameter integer OrdBits = Tags * (Tags - 1) / 2,
  parameter integer Tagged  = 1
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire                    wr_sel_i,         // the pending write is for this set
  input  wire [Tags-1:0]         wr_valid_i,
  input  wire [OrdBits-1:0]      wr_older_i,
  input  wire                    wr_fill_i,
  input  wire [Tags-1:0]         wr_way_i,         // one-hot: the filled line
  input  wire [TagBits-1:0]      wr_tag_i,
  input  wire [1:0]              wr_policy_i,
  input  wire [1:0]              wr_size_i,        // size - 1
  input  wire                    invalidate_i,     // an INVALIDATE of one policy commits
  input  wire                    invalidate_all_i, // an INVALIDATE of every line commits
  input  wire [1:0]              policy_i,
  output wire [Tags-1:0]         valid_o,
  output wire [Tags*TagBits-1:0] tags_o,
  output wire [OrdBits-1:0]      older_o,
  output wire [Tags*2-1:0]       policies_o,
  output wire [Tags*2-1:0]       sizes_o
);

  reg [Tags-1:0]         valid_q;
  reg [OrdBits-1:0]      older_q;
  reg [Tags*2-1:0]       policy_q;
  reg [Tags*2-1:0]       size_q;

  wire           fill = wr_sel_i & wr_fill_i;
  wire [Tags-1:0] valid_in = wr_sel_i ? wr_valid_i : valid_q;
  reg  [Tags-1:0] inval_line;   // lines of policy_i after the write
  integer k;
  always @(*) begin
    for (k = 0; k < Tags; k = k + 1) begin
      inval_line[k] = ((fill && wr_way_i[k]) ? wr_policy_i : policy_q[k*2 +: 2]) == policy_i;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni || invalidate_all_i) begin
      valid_q <= {Tags{1'b0}};
      older_q <= {OrdBits{1'b0}};
    end else begin
      valid_q <= invalidate_i ? valid_in & ~inval_line : valid_in;
      if (wr_sel_i) older_q <= wr_older_i;
    end
  end

  integer kk;
  always @(posedge clk_i) begin
    for (kk = 0; kk < Tags; kk = kk + 1) begin
      if (fill && wr_way_i[kk]) begin
        policy_q[kk*2 +: 2] <= wr_policy_i;
        size_q[kk*2 +: 2]   <= wr_size_i;
      end
    end
  end

  generate
    if (Tagged != 0) begin : gen_tags
      // One register for the set's tags (not per line): in the Verilator model a per-line slice
      // of one flat bus costs a whole-bus copy per slice per cycle.
      reg [Tags*TagBits-1:0] tags_q;
      integer kt;
      always @(posedge clk_i) begin
        for (kt = 0; kt < Tags; kt = kt + 1) begin
          if (fill && wr_way_i[kt]) tags_q[kt*TagBits +: TagBits] <= wr_tag_i;
        end
      end
      assign tags_o = tags_q;
    end else begin : gen_no_tags
      // The tags are in latte_tags's SRAM macro.
      assign tags_o = {Tags*TagBits{1'b0}};
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_tag = ^wr_tag_i;
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate

  assign valid_o    = valid_q;
  assign older_o    = older_q;
  assign policies_o = policy_q;
  assign sizes_o    = size_q;

endmodule
