// pcu_alloc: picks the lowest-index free RGR (docs/pcu.md 4, stage 1).
//
// sel_o is the lowest set bit of free_i (one-hot, zero when none), idx_o its index, any_o set
// when some RGR is free. The lowest index makes the choice a pure function of the free set,
// which the C model (pcu_alloc in pcu.c) repeats.
// Example (8 RGRs): free_i = 1011_0100 -> sel_o = 0000_0100, idx_o = 2, any_o = 1.
//
// Combinational, one binary tree over the RGRs (docs/pcu.md 8.3). Node k of the tree (heap
// order: root 1, children 2k and 2k + 1, RGR e at leaf Leaves + e) holds node_any[k] = some
// RGR under it is free and node_idx[k] = the lowest such RGR's index: the lower child's when
// that child has a free RGR, else the upper child's with the level's bit set, so the index
// settles after log2 N multiplexer levels whose selects come from the OR tree beside them.
// sel_o[e] = RGR e is free and no subtree that is the lower sibling of e's leaf or of one of
// its ancestors has a free RGR (those subtrees together cover RGRs 0 .. e-1): an OR of at most
// log2 N aligned subtree ORs. A prefix OR over the RGRs (Kogge-Stone) is the same function,
// but ABC merged its redundant nodes into a ripple chain (14 AND4 cells on the critical path
// at 1024 RGRs); the subtree ORs are all different functions, so there is nothing to merge.
module pcu_alloc #(
  parameter integer NumRgr   = 128,
  parameter integer IdxWidth = 7
) (
  input  wire [NumRgr-1:0]   free_i,
  output reg  [NumRgr-1:0]   sel_o,
  output wire [IdxWidth-1:0] idx_o,
  output wire                any_o
);
  localparam integer Levels = (NumRgr > 1) ? $clog2(NumRgr) : 1;
  localparam integer Leaves = 1 << Levels;   // free_i padded with busy entries

  reg [2*Leaves-1:0]          node_any;   // node 0 unused
  reg [2*Leaves*IdxWidth-1:0] node_idx;
  reg [IdxWidth-1:0]          hi_idx;
  integer t, k;
  always @* begin
    node_any = {2*Leaves{1'b0}};
    node_any[Leaves +: NumRgr] = free_i;
    node_idx = {2*Leaves*IdxWidth{1'b0}};
    // Subtrees of height t are nodes Leaves >> t .. (Leaves >> (t - 1)) - 1; their upper
    // child's RGRs have index bit t - 1 set.
    for (t = 1; t <= Levels; t = t + 1) begin
      for (k = Leaves >> t; k < (Leaves >> (t - 1)); k = k + 1) begin
        hi_idx = node_idx[(2*k+1)*IdxWidth +: IdxWidth];
        hi_idx[t-1] = 1'b1;
        node_any[k] = node_any[2*k] | node_any[2*k+1];
        node_idx[k*IdxWidth +: IdxWidth] = node_any[2*k] ? node_idx[2*k*IdxWidth +: IdxWidth]
                                                          : hi_idx;
      end
    end
  end

  // Smallest subtrees first: they settle first, and the root's half enters last.
  reg     lower_free;
  integer e, h, u;
  always @* begin
    for (e = 0; e < NumRgr; e = e + 1) begin
      lower_free = 1'b0;
      for (u = 0; u < Levels; u = u + 1) begin
        h = (Leaves + e) >> u;
        if (h % 2 == 1) lower_free = lower_free | node_any[h-1];
      end
      sel_o[e] = free_i[e] & ~lower_free;
    end
  end

  assign any_o = node_any[1];
  assign idx_o = node_idx[2*IdxWidth-1:IdxWidth];
endmodule
