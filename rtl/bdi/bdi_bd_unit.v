// bdi_bd_unit: one base/delta encoding (K-byte elements, D-byte deltas) of a 64-byte block
// with the implicit zero base (docs/bdi.md 4.2).
//
// Function:
//   - imm[i]: element i is a sign-extended D-byte value (its bits 8D-1 .. 8K-1 all equal);
//   - base_o: the first element that is not an immediate (0 when every element is one);
//   - mask_o[i] = ~imm[i]: element i is coded against base_o;
//   - deltas_o[i]: the low 8D bits of element i (immediate) or of element i - base_o;
//   - fit_o: every non-immediate element minus base_o fits 8D signed bits (mod 2^(8K)).
// No 8K-bit subtractor per element: the low 8D bits are subtracted (t = vL - bL, 8D + 1
// bits, which the delta needs anyway), and the high parts must satisfy
// vH = bH + borrow - sign, where borrow = t[8D] and sign = t[8D-1]; bH + 1 and bH - 1 are
// computed once per block, so each element needs a 3:1 choice and one equality compare.
//
// Latency / throughput: combinational.
//
// What it does not do: no selection among encodings (bdi_select) and no packing
// (bdi_block_pack). The outputs are meaningless for packing when fit_o = 0.
//
// Worked example (K = 8, D = 1): elements 64'h00007F0012345600 + 8i, element 3 = 5,
// element 6 = -1 -> base_o = 64'h00007F0012345600, mask_o = 8'hB7, deltas
// {56, -1, 40, 32, 5, 16, 8, 0} (element 7 first), fit_o = 1.
module bdi_bd_unit #(
  parameter integer K = 8,         // element (and base) bytes: 8, 4, 2
  parameter integer D = 1,         // delta bytes, D < K
  parameter integer N = 64 / K,    // elements per block (derived; do not override)
  parameter integer W = 8 * K,     // element bits (derived)
  parameter integer M = 8 * D      // delta bits (derived)
) (
  input  wire [511:0]   block_i,
  output wire           fit_o,
  output wire [W-1:0]   base_o,
  output wire [N-1:0]   mask_o,
  output wire [N*M-1:0] deltas_o
);

  localparam integer H = W - M;    // high part of an element

  wire [N-1:0] imm;     // immediate (zero base)
  reg  [N-1:0] first;   // one-hot: the first non-immediate element
  wire [N-1:0] fits;    // element i is coded (immediate, or within range of the base)

  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : gen_imm
      wire [H:0] top = block_i[W*i+M-1 +: H+1];   // bits 8D-1 .. 8K-1 of element i
      assign imm[i] = (&top) | ~(|top);
    end
  endgenerate

  // first[i]: element i is not an immediate and every element before it is one.
  reg seen;
  integer f;
  always @(*) begin
    seen = 1'b0;
    for (f = 0; f < N; f = f + 1) begin
      first[f] = ~imm[f] & ~seen;
      seen     = seen | ~imm[f];
    end
  end

  // The base: an AND-OR over the one-hot first (zero when every element is immediate).
  reg [W-1:0] base;
  integer j;
  always @(*) begin
    base = {W{1'b0}};
    for (j = 0; j < N; j = j + 1) begin
      base = base | (block_i[W*j +: W] & {W{first[j]}});
    end
  end

  wire [M-1:0] b_lo   = base[M-1:0];
  wire [H-1:0] b_hi   = base[W-1:M];
  wire [H-1:0] b_hi_p = b_hi + 1'b1;
  wire [H-1:0] b_hi_m = b_hi - 1'b1;

  generate
    for (i = 0; i < N; i = i + 1) begin : gen_delta
      wire [M-1:0] v_lo = block_i[W*i +: M];
      wire [H-1:0] v_hi = block_i[W*i+M +: H];
      wire [M:0]   t    = {1'b0, v_lo} - {1'b0, b_lo};
      wire         borrow = t[M];
      wire         sign   = t[M-1];
      wire [H-1:0] target = (borrow == sign) ? b_hi : (borrow ? b_hi_p : b_hi_m);
      assign fits[i] = imm[i] | (v_hi == target);
      assign deltas_o[M*i +: M] = imm[i] ? v_lo : t[M-1:0];
    end
  endgenerate

  assign fit_o  = &fits;
  assign base_o = base;
  assign mask_o = ~imm;

endmodule
