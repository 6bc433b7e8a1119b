// bdi_block_operands: the two addends of one block's restoration (docs/bdi.md 3, 9.1); stage 1
// of bdi_decompressor, the first half of bdi_block_unpack.
//
// Function: decodes the code in stream_i[3:0] (bdi_block_len, one-hot, gated by en_i) and
// chooses, for every encoding at once, the operands of block = A + B (bdi_block_add adds them
// with carries stopped at the element boundaries):
//   - base/delta (codes 2..7): A = the base in every element whose MASK bit is set (0 in the
//     others), B = each element's delta sign-extended to the element size;
//   - repK (1, 8, 9): A = the value in every element (the mask forced on), B = 0;
//   - raw (15): A = 0, B = the 512 raw bits; zeros (0) and undefined codes: A = B = 0.
// The base field starts at stream bit 4 for every K, so A is one 3-way choice (by K) per bit;
// B is a 7-way choice (six shapes and raw) per bit. pass16_o / pass32_o: the carry passes the
// 16-bit chunk boundaries at bits 16 and 48 (K = 8 or 4) / 32 (K = 8) of each 64-bit segment.
// Every output is zero while en_i = 0 (np_stream_register_gated).
//
// Latency / throughput: combinational.
//
// What it does not do: no length check (bdi_line_unpack): bits of stream_i beyond the block's
// length are ignored because no selected field lies there.
//
// Worked example: stream_i = {..., 16'hABCD, 4'h9}, en_i = 1 -> a_o = 32 x 16'hABCD, b_o = 0,
// pass16_o = 0, pass32_o = 0.
module bdi_block_operands (
  input  wire         en_i,
  input  wire [515:0] stream_i,
  output wire [511:0] a_o,
  output wire [511:0] b_o,
  output wire         pass16_o,
  output wire         pass32_o
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
  assign a_o = a;
  assign b_o = b;

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

  // Separators between the 16-bit chunks of a 64-bit segment: pass the carry unless the chunk
  // boundary is an element boundary (16 and 48: K = 2; 32: K = 4 or 2). Zero while en_i = 0
  // (k8, k4, k2 are).
  assign pass16_o = k8 | k4;
  assign pass32_o = k8;

endmodule
