// dpc_filter_alloc: lowest-free-entry selection of the data-filtering table (docs/dpc.md 6).
//
// sel_o is the lowest set bit of free_i (one-hot, zero when none), idx_o its index, any_o set
// when some entry is free. Lowest index, so the choice is a pure function of the free set and
// the C model (dft.c) makes the same one.
// Example (8 entries): free_i = 1011_0100 -> sel_o = 0000_0100, idx_o = 2, any_o = 1.
//
// Combinational, in up to three levels of 16-way picks (dpc_filter_pick; issue 29, docs/dpc.md
// 6.2): the lowest free entry of each group of 16, the lowest group with a free entry in each
// group of 16 groups, the lowest such super-group; an entry is chosen when it is chosen at
// every level. About 3 N gates and three picks deep for N <= 4096 entries. (Before issue 29 a
// Kogge-Stone prefix OR over all entries: log2 N levels of N ORs, which the hierarchical flow's
// ABC mapped as one chain of AND4 cells at 256 entries.) The index: the chosen group's number
// and its local index.
module dpc_filter_alloc #(
  parameter integer Entries  = 32,
  parameter integer IdxWidth = 5
) (
  input  wire [Entries-1:0]  free_i,
  output wire [Entries-1:0]  sel_o,
  output reg  [IdxWidth-1:0] idx_o,
  output wire                any_o
);
  localparam integer G1 = (Entries + 15) / 16;   // groups of 16 entries
  localparam integer G2 = (G1 + 15) / 16;        // groups of 16 groups
  localparam integer G3 = (G2 + 15) / 16;        // must be 1 (Entries <= 4096)

  wire [G1*16-1:0] req1 = {{(G1*16-Entries){1'b0}}, free_i};
  wire [G1*16-1:0] sel1;
  wire [G2*16-1:0] any1;     // per group: a free entry (padded with zeros)
  // The padding groups' selects are never read.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [G2*16-1:0] sel2;
  wire [15:0]      sel3;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [15:0]      any2;     // per group of groups: a free entry (padded with zeros)
  wire             any3;

  genvar g;
  generate
    for (g = 0; g < G1; g = g + 1) begin : gen_l1
      dpc_filter_pick #(.N(16)) u_pick (.req_i(req1[16*g +: 16]), .sel_o(sel1[16*g +: 16]), .any_o(any1[g]));
    end
    if (G2 * 16 > G1) begin : gen_pad1
      assign any1[G2*16-1:G1] = {(G2*16-G1){1'b0}};
    end
    for (g = 0; g < G2; g = g + 1) begin : gen_l2
      dpc_filter_pick #(.N(16)) u_pick (.req_i(any1[16*g +: 16]), .sel_o(sel2[16*g +: 16]), .any_o(any2[g]));
    end
    if (G2 < 16) begin : gen_pad2
      assign any2[15:G2] = {(16-G2){1'b0}};
    end
  endgenerate
  dpc_filter_pick #(.N(16)) u_pick3 (.req_i(any2), .sel_o(sel3), .any_o(any3));

  genvar e;
  generate
    for (e = 0; e < Entries; e = e + 1) begin : gen_sel
      assign sel_o[e] = sel1[e] & sel2[e / 16] & sel3[e / 256];
    end
  endgenerate
  assign any_o = any3;

  // The index from the levels, not from the per-entry selects: each group's local index (from
  // its pick alone), taken by the group's select at the upper levels, beside that group's
  // number. (An OR encoder over every entry's select waited for the upper selects' fan-out to
  // all entries.)
  reg [G1-1:0] grp;          // the chosen group, one-hot
  reg [3:0]    local_idx;
  integer g1, b1;
  always @* begin
    idx_o = {IdxWidth{1'b0}};
    for (g1 = 0; g1 < G1; g1 = g1 + 1) begin
      grp[g1] = sel2[g1] & sel3[g1 / 16];
      local_idx = 4'd0;
      for (b1 = 0; b1 < 16; b1 = b1 + 1) begin
        if (sel1[16*g1 + b1]) local_idx = local_idx | b1[3:0];
      end
      if (grp[g1]) idx_o = idx_o | g1[IdxWidth-1:0] << 4 | {{(IdxWidth-4){1'b0}}, local_idx};
    end
  end

`ifndef SYNTHESIS
  initial begin
    if (G3 != 1 || IdxWidth < 4) begin
      $display("ASSERT %m: Entries = %0d is not within 9..4096", Entries);
      $fatal;
    end
  end
`endif
endmodule
