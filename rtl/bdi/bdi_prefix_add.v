// bdi_prefix_add: W-bit adder with a carry-in built as a Brent-Kung parallel prefix
// (docs/bdi.md 9.1), for the BDI datapaths that must fit an 800 MHz cycle.
//
// Function: sum_o = a_i + b_i + c_i mod 2^W. Generate/propagate per bit, then the
// 2 ceil(log2(W+1)) - 1 prefix levels of Brent and Kung (an up-sweep of group spans 1, 2, 4,
// ..., a down-sweep that completes the other nodes), then one XOR per bit. Brent-Kung rather
// than Sklansky or Kogge-Stone: about 2W combine nodes instead of (W/2) log2 W, for a few
// more levels, which the stages have room for (docs/bdi.md 9.2).
//
// Why explicit, with kept levels: Yosys 0.23 maps `+` to a carry chain that ABC's mapping
// did not shorten (the decompressor's 67-bit segment addition: 59 cells, 1.8 ns by the
// synthesis estimate), and without the keep attribute ABC's rewriting folded this prefix
// back into chains too (42 cells, 1.3 ns); docs/bdi.md 9.1, 9.2.
//
// Latency / throughput: combinational.
//
// Worked example (W = 8): a_i = 8'hFF, b_i = 8'h00, c_i = 1 -> sum_o = 8'h00;
// a_i = 8'h0F, b_i = 8'h01, c_i = 0 -> 8'h10.
module bdi_prefix_add #(
  parameter integer W = 8
) (
  input  wire [W-1:0] a_i,
  input  wire [W-1:0] b_i,
  input  wire         c_i,
  output wire [W-1:0] sum_o
);

  // The prefix levels are not in the Verilated models' waveforms (the ports are, in the
  // instantiating module): bdi_compressor has 176 of these adders, and tracing their 1,400
  // levels was about half of its model's C++ source; the adder is proved on its own
  // (tests/formal: bdi_prefix_add == a + b + c).
  /* verilator tracing_off */

  // Bit 0 of the prefix network is the carry-in (generate = c_i, propagate = 0).
  localparam integer N = W + 1;
  localparam integer L = $clog2(N);
  localparam integer S = 2 * L - 1;   // up-sweep levels 0 .. L-1, down-sweep L .. 2L-2

  wire [N-1:0] g0 = {a_i & b_i, c_i};
  wire [N-1:0] p0 = {a_i ^ b_i, 1'b0};

  // level_span(s): the distance a level-s node reaches down. Up-sweep levels 0 .. L-1 span 2^s;
  // down-sweep level s spans 2^d, d = 2L-2-s.
  function automatic integer level_span(input integer s);
    level_span = 1 << ((s < L) ? s : (2 * L - 2 - s));
  endfunction

  // combine_mask(s): the nodes level s combines with the node level_span(s) below them.
  // Up-sweep: node i with (i + 1) a multiple of 2 span. Down-sweep: node i = k 2 span + span - 1,
  // k >= 1, which takes node i - span, which already holds its full prefix.
  function automatic [N-1:0] combine_mask(input integer s);
    integer span, i;
    begin
      span = level_span(s);
      combine_mask = {N{1'b0}};
      for (i = 0; i < N; i = i + 1) begin
        if (s < L) combine_mask[i] = (((i + 1) % (2 * span)) == 0);
        else       combine_mask[i] = (i >= 2 * span) && (((i + 1) % (2 * span)) == span);
      end
    end
  endfunction

  // zero_mask(s): the nodes whose propagate is 0 after level s: the carry-in node (p0[0] = 0)
  // and every node whose group has reached it. Their generates are the carries; their
  // propagates are never used (a group that holds the carry-in node is never the upper half of a
  // combine). Kept as wires they were constants ABC could not see through, each with a tie cell
  // per level (docs/bdi.md 9.2); they are taken out of the kept vector below.
  function automatic [N-1:0] zero_mask(input integer s);
    integer l, i, span;
    reg [N-1:0] z, m;
    begin
      z = {{(N - 1){1'b0}}, 1'b1};
      for (l = 0; l <= s; l = l + 1) begin
        span = level_span(l);
        m = combine_mask(l);
        for (i = N - 1; i >= span; i = i - 1) begin
          if (m[i] && z[i-span]) z[i] = 1'b1;
        end
      end
      zero_mask = z;
    end
  endfunction

  // Each level is written on whole vectors with a constant node mask rather than bit by bit:
  // synthesis folds the mask to the same per-node gates, and Verilator emits a few word
  // operations per level instead of one masked insert per bit (the decompressor's C++ model
  // shrank from about 40 MB of source; docs/bdi.md 9.2).
  genvar s;
  generate
    for (s = 0; s < S; s = s + 1) begin : gen_level
      localparam integer Span = level_span(s);
      localparam [N-1:0] M    = combine_mask(s);
      localparam [N-1:0] Z    = zero_mask(s);
      wire [N-1:0] g_in, p_in;
      // keep: each level reaches ABC as its own cut, so its rewriting cannot fold the prefix
      // back into a carry chain (docs/bdi.md 9.1). The kept propagates hold the node's
      // generate where zero_mask says the propagate is 0 (an alias, no gate): p_out is then 0
      // there as a constant ABC sees, not a kept one.
      (* keep *) wire [N-1:0] g_out;
      (* keep *) wire [N-1:0] p_kept;
      wire [N-1:0] p_calc;
      wire [N-1:0] p_out = p_kept & ~Z;
      assign p_kept = (p_calc & ~Z) | (g_out & Z);
      if (s == 0) begin : gen_from_bits
        assign g_in = g0;
        assign p_in = p0;
      end else begin : gen_from_level
        assign g_in = gen_level[s-1].g_out;
        assign p_in = gen_level[s-1].p_out;
      end
      // The node Span below each bit: g_in << Span. Over 64 bits (the 67-bit segment adders
      // of bdi_block_add) it is written as a rotation: M is 0 in the low Span bits (every
      // combining node reaches a node below it), so the bits the rotation brings in there are
      // masked off (g) or ORed with ~M = 1 (p), the same gates after constant folding. The
      // rotation's constant part-selects are inline word operations in the Verilated model,
      // where a constant shift of a vector over 64 bits is a library call (most of
      // bdi_decompressor's run); as named wires they are computed once (written inline, the
      // model grew by half). Up to 64 bits the shift is one machine operation, and no extra
      // wires are traced.
      if (N > 64) begin : gen_rotate
        wire [N-1:0] g_below = {g_in[N-1-Span:0], g_in[N-1 -: Span]};
        wire [N-1:0] p_below = {p_in[N-1-Span:0], p_in[N-1 -: Span]};
        assign g_out = g_in | (M & p_in & g_below);
        assign p_calc = p_in & (~M | p_below);
      end else begin : gen_shift
        assign g_out = g_in | (M & p_in & (g_in << Span));
        assign p_calc = p_in & (~M | (p_in << Span));
      end
    end
  endgenerate

  // Carry into bit k is the group generate of nodes 0..k (the carry-in and bits 0..k-1).
  wire [N-1:0] carry = gen_level[S-1].g_out;
  wire unused = ^{gen_level[S-1].p_out, carry[N-1], p0[0]};

  assign sum_o = p0[N-1:1] ^ carry[N-2:0];

  /* verilator tracing_on */

endmodule
