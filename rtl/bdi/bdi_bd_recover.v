// bdi_bd_recover: the elements of a base/delta block stream (K-byte elements, D-byte deltas;
// docs/bdi.md 3).
//
// Function: reads BASE, MASK and the deltas at their fixed positions of stream_i (the block
// stream, code in bits 3:0) and computes element[i] = (MASK[i] ? BASE : 0) + sext(DELTA[i])
// mod 2^(8K). No 8K-bit adder per element: the low 8D bits are added (carry c), and the high
// part is B + c - sign(DELTA[i]), i.e. one of B, B + 1, B - 1 with B the base's high part (or
// 0 for an immediate); B + 1 and B - 1 are computed once per block.
//
// Latency / throughput: combinational.
//
// What it does not do: no check of the code; the caller selects this output only for its own
// code.
//
// Worked example (K = 8, D = 1): BASE = 1000, MASK = 8'hFF, deltas i - 3 -> elements 997 ..
// 1004.
module bdi_bd_recover #(
  parameter integer K = 8,
  parameter integer D = 1,
  parameter integer N = 64 / K,    // derived; do not override
  parameter integer W = 8 * K,     // derived
  parameter integer M = 8 * D      // derived
) (
  input  wire [515:0] stream_i,
  output wire [511:0] block_o
);

  localparam integer H = W - M;

  wire [W-1:0] base = stream_i[4 +: W];
  wire [N-1:0] mask = stream_i[4+W +: N];
  wire [H-1:0] b_hi   = base[W-1:M];
  wire [H-1:0] b_hi_p = b_hi + 1'b1;
  wire [H-1:0] b_hi_m = b_hi - 1'b1;

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : gen_elem
      wire [M-1:0] delta = stream_i[4+W+N+M*i +: M];
      wire [M-1:0] b_lo  = base[M-1:0] & {M{mask[i]}};
      wire [M:0]   low   = {1'b0, b_lo} + {1'b0, delta};
      wire         carry = low[M];
      wire         sign  = delta[M-1];
      // High part with the base (mask 1) or the zero base (mask 0: 0, 1 or all ones).
      wire [H-1:0] hi_same = mask[i] ? b_hi   : {H{1'b0}};
      wire [H-1:0] hi_up   = mask[i] ? b_hi_p : {{(H-1){1'b0}}, 1'b1};
      wire [H-1:0] hi_down = mask[i] ? b_hi_m : {H{1'b1}};
      wire [H-1:0] hi = (carry == sign) ? hi_same : (carry ? hi_up : hi_down);
      assign block_o[W*i +: W] = {hi, low[M-1:0]};
    end
  endgenerate

  // Bits of the stream beyond this encoding's fields belong to other encodings' layouts.
  wire unused_stream = ^{stream_i[3:0], stream_i[515:4+W+N+M*N]};

endmodule
