// bdi_block_unpack: one 64-byte block from its block stream (docs/bdi.md 3).
//
// Function: decodes the code in stream_i[3:0] (bdi_block_len, one-hot, gated by en_i) and
// computes block = A + B with one 512-bit adder whose carries stop at the element boundaries
// (every 8, 4 or 2 bytes), for every encoding at once:
//   - base/delta (codes 2..7): A = the base in every element whose MASK bit is set (0 in the
//     others), B = each element's delta sign-extended to the element size; the sum modulo
//     2^(8k) per element is (MASK ? BASE : 0) + sext(DELTA);
//   - repK (1, 8, 9): A = the value in every element (the mask forced on), B = 0;
//   - raw (15): A = 0, B = the 512 raw bits; zeros (0) and undefined codes: A = B = 0.
// The base field starts at stream bit 4 for every K, so A is one 3-way choice (by K) per bit;
// B is a 7-way choice (six shapes and raw) per bit. The adder is eight 64-bit segments, each a
// 67-bit addition with a separator bit between its 16-bit chunks: separator bits (1, 0) pass the
// carry, (0, 0) stop it, chosen by K. block_o is zero while en_i = 0 (np_stream_register_gated).
//
// Latency / throughput: combinational.
//
// What it does not do: no length check (bdi_line_unpack): bits of stream_i beyond the block's
// length are ignored because no selected field lies there.
//
// Worked example: stream_i = {..., 16'hABCD, 4'h9} -> block_o = 32 x 16'hABCD (A = the value
// replicated, B = 0).
module bdi_block_unpack (
  input  wire         en_i,
  input  wire [515:0] stream_i,
  output wire [511:0] block_o
);

  wire [15:0] oh;
  wire [9:0]  len;
  wire        valid;
  wire        unused_len = ^{len, valid};

  bdi_block_len u_len (.enc_i(stream_i[3:0]), .valid_o(valid), .onehot_o(oh), .len_o(len));

  wire [15:0] sel = oh & {16{en_i}};
  wire        unused_sel = ^{sel[0], sel[14:10]};

  // Element size of the A operand, and the repeated-value codes (no mask field).
  wire k8  = sel[1] | sel[2] | sel[3] | sel[4];
  wire k4  = sel[5] | sel[6] | sel[8];
  wire k2  = sel[7] | sel[9];
  wire rep = sel[1] | sel[8] | sel[9];

  wire [511:0] a, b;

  genvar g;
  generate
    for (g = 0; g < 512; g = g + 1) begin : gen_bit
      // A: base (or repeated value) bit g % 8K of the element, gated by its MASK bit.
      assign a[g] = (k8 & stream_i[4 + g % 64] & (rep | stream_i[68 + g / 64])) |
                    (k4 & stream_i[4 + g % 32] & (rep | stream_i[36 + g / 32])) |
                    (k2 & stream_i[4 + g % 16] & (rep | stream_i[20 + g / 16]));
      // B: the sign-extended delta of each shape: DELTA[i] starts at 4 + 8K + N + 8D*i; bits at
      // and above 8D repeat its sign bit.
      localparam integer P8 = g % 64, I8 = g / 64;
      localparam integer P4 = g % 32, I4 = g / 32;
      localparam integer P2 = g % 16, I2 = g / 16;
      localparam integer F8D1 = 76 + 8 * I8, F8D2 = 76 + 16 * I8, F8D4 = 76 + 32 * I8;
      localparam integer F4D1 = 52 + 8 * I4, F4D2 = 52 + 16 * I4;
      localparam integer F2D1 = 52 + 8 * I2;
      assign b[g] = (sel[2] & stream_i[F8D1 + (P8 < 8 ? P8 : 7)]) |
                    (sel[3] & stream_i[F8D2 + (P8 < 16 ? P8 : 15)]) |
                    (sel[4] & stream_i[F8D4 + (P8 < 32 ? P8 : 31)]) |
                    (sel[5] & stream_i[F4D1 + (P4 < 8 ? P4 : 7)]) |
                    (sel[6] & stream_i[F4D2 + (P4 < 16 ? P4 : 15)]) |
                    (sel[7] & stream_i[F2D1 + (P2 < 8 ? P2 : 7)]) |
                    (sel[15] & stream_i[4 + g]);
    end
  endgenerate

  // Separators between the 16-bit chunks of a 64-bit segment: pass the carry (A bit 1) unless
  // the chunk boundary is an element boundary (16 and 48: K = 2; 32: K = 4 or 2).
  wire pass16 = ~k2;   // boundaries at bits 16 and 48 of the segment
  wire pass32 = k8;    // boundary at bit 32

  generate
    for (g = 0; g < 8; g = g + 1) begin : gen_seg
      wire [63:0] sa = a[64*g +: 64];
      wire [63:0] sb = b[64*g +: 64];
      wire [66:0] wa = {sa[63:48], pass16, sa[47:32], pass32, sa[31:16], pass16, sa[15:0]};
      wire [66:0] wb = {sb[63:48], 1'b0, sb[47:32], 1'b0, sb[31:16], 1'b0, sb[15:0]};
      wire [66:0] ws = wa + wb;
      wire        unused_sep = ^{ws[50], ws[33], ws[16]};
      assign block_o[64*g +: 64] = {ws[66:51], ws[49:34], ws[32:17], ws[15:0]};
    end
  endgenerate

endmodule
