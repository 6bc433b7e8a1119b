// bdi_bd_fit: the range check and the deltas of one base/delta encoding (K-byte elements,
// D-byte deltas) of a 64-byte block against a given base (docs/bdi.md 4.2); the second half
// of bdi_bd_unit, stage 2 of bdi_compressor.
//
// Function: base_i and mask_i are bdi_bd_base's outputs for the same block (mask_i[i] = 0:
// element i is an immediate).
//   - deltas_o[i]: the low 8D bits of element i (immediate) or of element i - base_i;
//   - fit_o: every non-immediate element minus base_i fits 8D signed bits (mod 2^(8K)).
// No 8K-bit subtractor per element: the low 8D bits are subtracted (t = vL - bL mod 2^(8D),
// which the delta needs anyway; bdi_prefix_add), and the high parts must satisfy
// vH = bH + borrow - sign (mod 2^(8K-8D)), where borrow = (vL < bL) and sign = t[8D-1]. The
// three candidates are checked without forming bH + 1 or bH - 1 (whose carry chains ABC left
// serial), by local conditions on z = vH ^ bH (the bits that differ):
//   vH = bH      : z = 0;
//   vH = bH + 1  : z is a run of ones from bit 0 (z[0] = 1, z[j] -> z[j-1]), and below the
//                  run's top bit bH is 1, at its top 0: bH[j] = z[j+1] wherever z[j] = 1
//                  (j < H-1; a run reaching the top is the wrap of all ones to zero);
//   vH = bH - 1  : the same run, with bH[j] = ~z[j+1] wherever z[j] = 1.
// Each is one AND over H local terms, beside the low subtraction. The borrow is not taken
// from the subtractor (an extra bit whose carry is the last to settle) but from sign and the
// top low bits vL[8D-1], bL[8D-1]: with g = vL[8D-1] & ~bL[8D-1] (then vL > bL, no borrow) and
// e = (vL[8D-1] == bL[8D-1]), sign = 1 means borrow = ~g and sign = 0 means borrow =
// ~(g | e). So the element's test is one 2:1 choice by sign between two local terms:
//   sign = 1: g ? (vH = bH - 1) : (vH = bH);   sign = 0: (g | e) ? (vH = bH) : (vH = bH + 1),
// and only that choice waits for the subtraction (docs/bdi.md 9.2: the compressor's critical
// path runs through it).
//
// Latency / throughput: combinational.
//
// What it does not do: the outputs are meaningless for packing when fit_o = 0.
//
// Worked example (K = 8, D = 1): elements 64'h00007F0012345600 + 8i, element 3 = 5,
// element 6 = -1, base_i = 64'h00007F0012345600, mask_i = 8'hB7 -> deltas
// {56, -1, 40, 32, 5, 16, 8, 0} (element 7 first), fit_o = 1.
module bdi_bd_fit #(
  parameter integer K = 8,         // element (and base) bytes: 8, 4, 2
  parameter integer D = 1          // delta bytes, D < K
) (
  input  wire [511:0]          block_i,
  input  wire [8*K-1:0]        base_i,
  input  wire [64/K-1:0]       mask_i,
  output wire                  fit_o,
  output wire [(64/K)*8*D-1:0] deltas_o
);

  // Derived sizes (not parameters, so they cannot disagree with K and D): the ports above spell
  // them out as 8K, 64/K and 8D.
  localparam integer N = 64 / K;   // elements per block
  localparam integer W = 8 * K;    // element bits
  localparam integer M = 8 * D;    // delta bits

  localparam integer H = W - M;    // high part of an element

  wire [N-1:0] fits;    // element i is coded (immediate, or within range of the base)

  wire [M-1:0] b_lo = base_i[M-1:0];
  wire [H-1:0] b_hi = base_i[W-1:M];
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : gen_delta
      wire [M-1:0] v_lo = block_i[W*i +: M];
      wire [H-1:0] v_hi = block_i[W*i+M +: H];
      wire [M-1:0] t;
      // vL - bL = vL + ~bL + 1 (mod 2^(8D)).
      bdi_prefix_add #(.W(M)) u_sub (.a_i(v_lo), .b_i(~b_lo), .c_i(1'b1), .sum_o(t));
      wire         sign   = t[M-1];
      wire         g_top  = v_lo[M-1] & ~b_lo[M-1];
      wire         e_top  = ~(v_lo[M-1] ^ b_lo[M-1]);
      wire [H-1:0] z      = v_hi ^ b_hi;
      wire         same   = ~(|z);
      wire [H-1:0] z_up   = {1'b0, z[H-1:1]};       // z[j+1] (0 above the top)
      wire [H-1:0] z_down = {z[H-2:0], 1'b1};       // z[j-1] (1 below bit 0)
      wire [H-1:0] top    = {1'b1, {(H-1){1'b0}}};  // bit H-1: no condition on bH
      wire         run    = z[0] & (&(~z | z_down));
      wire         inc    = run & (&(~z | top | ~(b_hi ^ z_up)));
      wire         dec    = run & (&(~z | top | (b_hi ^ z_up)));
      wire         hi_ok  = sign ? (g_top ? dec : same) : ((g_top | e_top) ? same : inc);
      assign fits[i] = ~mask_i[i] | hi_ok;
      assign deltas_o[M*i +: M] = mask_i[i] ? t : v_lo;
    end
  endgenerate

  assign fit_o = &fits;

endmodule
