// pcu_alloc: the lowest-index free RGR, kept in a register (docs/pcu.md 4, stage 1; 8.3).
//
// sel_o is the lowest free RGR (one-hot, zero when none), idx_o its index, any_o set when some
// RGR is free. The lowest index makes the choice a pure function of the free set, which the C
// model (pcu_alloc in pcu.c) repeats.
//
// The choice is computed one cycle ahead and registered (low_q), so stage 1's allocation
// starts from a flop instead of a prefix OR over every RGR's valid bit (docs/pcu.md 8.3). At
// an edge the free set changes only by the allocation of low_q itself (take_i) and by the
// merge unit freeing one RGR (freed_i, one-hot, index freed_idx_i), so the next lowest is
//   take_i:  the lowest of (free_i without low_q) and the freed RGR   (a prefix OR)
//   else:    the freed RGR if it is below low_q (or nothing is free), else low_q
// and take_i, stage 1's late decision, only selects between the two at the end.
// Example (8 RGRs): free_i = 1011_0100 -> sel_o = 0000_0100, idx_o = 2, any_o = 1; with take_i
// the next sel_o is 0001_0000; with freed_i = 0000_0010 instead, 0000_0010.
//
// State: NumRgr flops. The prefix OR is log-depth (Kogge-Stone: ceil(log2 N) levels of up to N
// OR gates), so 1024 RGRs cost about 10k gates and 10 levels.
module pcu_alloc #(
  parameter integer NumRgr   = 128,
  parameter integer IdxWidth = 7
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [NumRgr-1:0]   free_i,       // RGRs free now (not valid)
  input  wire                take_i,       // stage 1 allocates sel_o at this edge
  input  wire [NumRgr-1:0]   freed_i,      // the RGR the merge unit frees at this edge
  input  wire [IdxWidth-1:0] freed_idx_i,  // its index (meaningful when freed_i is not zero)
  output wire [NumRgr-1:0]   sel_o,
  output reg  [IdxWidth-1:0] idx_o,
  output wire                any_o
);
  localparam integer Levels = (NumRgr > 1) ? $clog2(NumRgr) : 1;

  reg [NumRgr-1:0] low_q;
  assign sel_o = low_q;
  assign any_o = |low_q;

  integer i;
  always @* begin
    idx_o = {IdxWidth{1'b0}};
    for (i = 0; i < NumRgr; i = i + 1) begin
      idx_o = idx_o | (i[IdxWidth-1:0] & {IdxWidth{low_q[i]}});
    end
  end

  // After an allocation: the lowest of the other free RGRs (prefix[e] = OR of rest[0..e],
  // from registers only), or the freed RGR if no other free RGR is at or below it (freed_i
  // comes from the L2 port, so it joins after the prefix, not before).
  wire [NumRgr-1:0] rest = free_i & ~low_q;
  reg  [NumRgr-1:0] prefix;
  integer l;
  always @* begin
    prefix = rest;
    for (l = 0; l < Levels; l = l + 1) begin
      prefix = prefix | (prefix << (1 << l));
    end
  end
  wire [NumRgr-1:0] second      = rest & ~{prefix[NumRgr-2:0], 1'b0};
  wire              freed_lower = |(freed_i & ~prefix);
  wire [NumRgr-1:0] after_take  = freed_lower ? freed_i : second;

  // Without one: the freed RGR if it is the lower.
  wire freed_below = (|freed_i) & (~any_o | (freed_idx_i < idx_o));
  wire [NumRgr-1:0] after_keep = freed_below ? freed_i : low_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      low_q <= {{(NumRgr-1){1'b0}}, 1'b1};   // every RGR free: RGR 0
    end else begin
      low_q <= take_i ? after_take : after_keep;
    end
  end

`ifndef SYNTHESIS
  // low_q is the lowest free RGR in every cycle.
  always @(posedge clk_i) begin
    if (rst_ni && low_q != (free_i & ~(free_i - 1'b1))) begin
      $display("ASSERT %m: the registered lowest free RGR is stale");
      $fatal;
    end
  end
`endif
`ifdef FORMAL
  always @* begin
    if (rst_ni) assert(low_q == (free_i & ~(free_i - 1'b1)));
  end
`endif
endmodule
