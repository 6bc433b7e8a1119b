// pcu_alloc: picks the lowest-index free RGR (docs/pcu.md 4, stage 1).
//
// sel_o is the lowest set bit of free_i (one-hot, zero when none), idx_o its index, any_o set
// when some RGR is free. The lowest index makes the choice a pure function of the free set,
// which the C model (pcu_alloc in pcu.c) repeats.
// Example (8 RGRs): free_i = 1011_0100 -> sel_o = 0000_0100, idx_o = 2, any_o = 1.
//
// Combinational. The "some lower RGR is free" vector is a log-depth prefix OR (Kogge-Stone:
// ceil(log2 N) levels of up to N OR gates), so 1024 RGRs cost about 10k gates and 10 levels rather
// than the half a million gates of one OR per entry over all lower entries.
module pcu_alloc #(
  parameter integer NumRgr   = 128,
  parameter integer IdxWidth = 7
) (
  input  wire [NumRgr-1:0]   free_i,
  output wire [NumRgr-1:0]   sel_o,
  output reg  [IdxWidth-1:0] idx_o,
  output wire                any_o
);
  localparam integer Levels = (NumRgr > 1) ? $clog2(NumRgr) : 1;

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
  assign any_o = prefix[NumRgr-1];

  integer i;
  always @* begin
    idx_o = {IdxWidth{1'b0}};
    for (i = 0; i < NumRgr; i = i + 1) begin
      idx_o = idx_o | (i[IdxWidth-1:0] & {IdxWidth{sel_o[i]}});
    end
  end
endmodule
