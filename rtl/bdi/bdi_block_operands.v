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

  // Each operand is built per element and shape on whole fields, not bit by bit: synthesis
  // gets the same per-bit gates, and Verilator a few word operations per element instead of
  // one masked insert per bit (docs/bdi.md 9.2).
  //
  // A: the base (or repeated value) of K bytes in every element whose MASK bit is set (the
  // mask starts at 4 + 8K).
  // Each candidate written by one process, not by 8..32 slice assigns: the same wires after
  // synthesis, but Icarus re-resolves a vector with partial drivers bit by bit for every driver
  // that changes (every slice here changes with stream_i; verilator_tb/README.md, "RTL forms
  // that make simulation slow").
  reg [511:0] a8, a4, a2;
  reg [511:0] b8d1, b8d2, b8d4, b4d1, b4d2, b2d1;

  integer e;
  always @* begin
    for (e = 0; e < 8; e = e + 1) begin
      a8[64*e +: 64]   = stream_i[4 +: 64] & {64{rep | stream_i[68 + e]}};
      b8d1[64*e +: 64] = {{56{stream_i[76 + 8*e + 7]}},   stream_i[76 + 8*e +: 8]};
      b8d2[64*e +: 64] = {{48{stream_i[76 + 16*e + 15]}}, stream_i[76 + 16*e +: 16]};
      b8d4[64*e +: 64] = {{32{stream_i[76 + 32*e + 31]}}, stream_i[76 + 32*e +: 32]};
    end
    for (e = 0; e < 16; e = e + 1) begin
      a4[32*e +: 32]   = stream_i[4 +: 32] & {32{rep | stream_i[36 + e]}};
      b4d1[32*e +: 32] = {{24{stream_i[52 + 8*e + 7]}},   stream_i[52 + 8*e +: 8]};
      b4d2[32*e +: 32] = {{16{stream_i[52 + 16*e + 15]}}, stream_i[52 + 16*e +: 16]};
    end
    for (e = 0; e < 32; e = e + 1) begin
      a2[16*e +: 16]   = stream_i[4 +: 16] & {16{rep | stream_i[20 + e]}};
      b2d1[16*e +: 16] = {{8{stream_i[52 + 8*e + 7]}}, stream_i[52 + 8*e +: 8]};
    end
  end

  assign a = ({512{k8}} & a8) | ({512{k4}} & a4) | ({512{k2}} & a2);
  assign b = ({512{sel[2]}} & b8d1) | ({512{sel[3]}} & b8d2) | ({512{sel[4]}} & b8d4) |
             ({512{sel[5]}} & b4d1) | ({512{sel[6]}} & b4d2) | ({512{sel[7]}} & b2d1) |
             ({512{sel[15]}} & stream_i[4 +: 512]);

  // Separators between the 16-bit chunks of a 64-bit segment: pass the carry unless the chunk
  // boundary is an element boundary (16 and 48: K = 2; 32: K = 4 or 2). Zero while en_i = 0
  // (k8, k4, k2 are).
  assign pass16_o = k8 | k4;
  assign pass32_o = k8;

endmodule
