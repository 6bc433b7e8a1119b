// latte_tags_set: the state of one set of latte_tags (docs/latte.md 3): per line valid, tag,
// true-LRU age, compression policy and size - 1, and their update at the accepting edge.
//
// Function: on a rising edge, in priority order: reset (rst_ni low) or invalidate_all_i: every
// line invalid, ages as after reset (line k age k); invalidate_i: every line stored with
// policy_i becomes invalid (every set at once); sel_i (this set is the request's): valid takes
// next_valid_i and, with touch_i, ages take touched_age_i. Independently, sel_i with fill_i
// writes tag_i, policy_i and size_i into line fill_way_i.
//
// Latency: the new state is visible from the cycle after the edge (latte_tags reads it there).
//
// Why a module of its own: latte_tags holds Sets copies of it, which the hierarchical synthesis
// flow (synth/np_synth_hier.tcl) maps once and sums over its instances (docs/synthesis.md).
//
// What it does not do: no reset of tag, policy and size (they are read only while the line is
// valid, and written when it becomes valid); no decision: latte_tags decides for the addressed
// set and hands every set the same next values, which only the selected set takes.
//
// Worked example (Tags = 4, WayBits = 2): after reset ages_o = {2'd3, 2'd2, 2'd1, 2'd0};
// sel_i = 1, fill_i = 1, fill_way_i = 2, tag_i = T, next_valid_i = 4'b0100, touch_i = 1 ->
// after the edge valid_o = 4'b0100, line 2 holds T, ages_o = touched_age_i.
module latte_tags_set #(
  parameter integer Tags    = 16,
  parameter integer WayBits = 4,
  parameter integer TagBits = 36
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire                    sel_i,            // the accepted request addresses this set
  input  wire                    invalidate_i,     // an accepted INVALIDATE of one policy
  input  wire                    invalidate_all_i, // an accepted INVALIDATE of every line
  input  wire [1:0]              policy_i,
  input  wire [Tags-1:0]         next_valid_i,
  input  wire                    touch_i,
  input  wire [Tags*WayBits-1:0] touched_age_i,
  input  wire                    fill_i,
  input  wire [WayBits-1:0]      fill_way_i,
  input  wire [TagBits-1:0]      tag_i,
  input  wire [1:0]              size_i,           // size - 1
  output wire [Tags-1:0]         valid_o,
  output wire [Tags*TagBits-1:0] tags_o,
  output wire [Tags*WayBits-1:0] ages_o,
  output wire [Tags*2-1:0]       policies_o,
  output wire [Tags*2-1:0]       sizes_o
);

  reg [Tags-1:0]         valid_q;
  reg [Tags*WayBits-1:0] age_q;
  reg [Tags*2-1:0]       policy_q;
  reg [Tags*2-1:0]       size_q;
  integer k;

  always @(posedge clk_i) begin
    if (!rst_ni || invalidate_all_i) begin
      valid_q <= {Tags{1'b0}};
      for (k = 0; k < Tags; k = k + 1) age_q[k*WayBits +: WayBits] <= k[WayBits-1:0];
    end else if (invalidate_i) begin
      // Every set at once: the lines stored with that policy (a new SC code table).
      for (k = 0; k < Tags; k = k + 1) begin
        if (policy_q[k*2 +: 2] == policy_i) valid_q[k] <= 1'b0;
      end
    end else if (sel_i) begin
      valid_q <= next_valid_i;
      if (touch_i) age_q <= touched_age_i;
    end
  end

  // One register for the set's tags (not per line): in the Verilator model a per-line slice
  // of one flat bus costs a whole-bus copy per slice per cycle.
  reg [Tags*TagBits-1:0] tags_q;
  integer kk;
  always @(posedge clk_i) begin
    for (kk = 0; kk < Tags; kk = kk + 1) begin
      if (sel_i && fill_i && fill_way_i == kk[WayBits-1:0]) begin
        tags_q[kk*TagBits +: TagBits] <= tag_i;
        policy_q[kk*2 +: 2]           <= policy_i;
        size_q[kk*2 +: 2]             <= size_i;
      end
    end
  end

  assign valid_o    = valid_q;
  assign tags_o     = tags_q;
  assign ages_o     = age_q;
  assign policies_o = policy_q;
  assign sizes_o    = size_q;

endmodule
