// pcu_alloc: picks the lowest-index free RGR (docs/pcu.md 4, stage 1).
//
// sel_o is the lowest set bit of free_i (one-hot, zero when none), idx_o its index, any_o set
// when some RGR is free. The lowest index makes the choice a pure function of the free set,
// which the C model (pcu_alloc in pcu.c) repeats.
// Example (8 RGRs): free_i = 1011_0100 -> sel_o = 0000_0100, idx_o = 2, any_o = 1.
//
// Combinational. The "some lower RGR is free" vector is a log-depth prefix OR (Kogge-Stone:
// ceil(log2 N) levels of up to N OR gates), so 1024 RGRs cost about 10k gates and 10 levels rather
// than the half a million gates of one OR per entry over all lower entries. The index is not
// encoded from sel_o (the prefix's depth plus an N/2-input OR per bit) but by a binary tree of
// its own, in parallel with the prefix (docs/pcu.md 8.3): each node takes its lower half's
// index when that half has a free RGR, else its upper half's with the node's bit set, so the
// index settles after log2 N multiplexer levels whose selects come from an OR tree beside them.
module pcu_alloc #(
  parameter integer NumRgr   = 128,
  parameter integer IdxWidth = 7
) (
  input  wire [NumRgr-1:0]   free_i,
  output wire [NumRgr-1:0]   sel_o,
  output wire [IdxWidth-1:0] idx_o,
  output wire                any_o
);
  localparam integer Levels = (NumRgr > 1) ? $clog2(NumRgr) : 1;
  localparam integer Leaves = 1 << Levels;   // free_i padded with busy entries

  // prefix[e] = OR of free_i[0..e]: level l ORs in the value 2^l places lower.
  reg [NumRgr-1:0] prefix;
  integer l;
  always @* begin
    prefix = free_i;
    for (l = 0; l < Levels; l = l + 1) begin
      prefix = prefix | (prefix << (1 << l));
    end
  end

  // lower_free[e]: some RGR below e is free.
  wire [NumRgr-1:0] lower_free = {prefix[NumRgr-2:0], 1'b0};

  assign sel_o = free_i & ~lower_free;

  // The index tree, computed level by level in place: after level t, node n (n < Leaves >> t)
  // covers RGRs n x 2^t .. (n + 1) x 2^t - 1; node_any[n] = one of them is free, node_idx[n] =
  // the lowest free one's index (its low t bits; the others are zero). Node n of level t reads
  // nodes 2n and 2n + 1 of level t - 1, which no lower n has overwritten.
  reg [Leaves-1:0]          node_any;
  reg [Leaves*IdxWidth-1:0] node_idx;
  reg                       lo_any;
  reg [IdxWidth-1:0]        lo_idx, hi_idx;
  integer t, n;
  always @* begin
    node_any = {Leaves{1'b0}};
    node_any[NumRgr-1:0] = free_i;
    node_idx = {Leaves*IdxWidth{1'b0}};
    for (t = 0; t < Levels; t = t + 1) begin
      for (n = 0; n < (Leaves >> (t + 1)); n = n + 1) begin
        lo_any = node_any[2*n];
        lo_idx = node_idx[2*n*IdxWidth +: IdxWidth];
        hi_idx = node_idx[(2*n+1)*IdxWidth +: IdxWidth];
        hi_idx[t] = 1'b1;
        node_any[n] = lo_any | node_any[2*n+1];
        node_idx[n*IdxWidth +: IdxWidth] = lo_any ? lo_idx : hi_idx;
      end
    end
  end

  assign any_o = node_any[0];
  assign idx_o = node_idx[IdxWidth-1:0];
endmodule
