// bdi_line_unpack: the two block streams of a line stream and its error flag (docs/bdi.md 5).
//
// Function: block 0's stream is bits_i[515:0]; block 1's starts at len0, one of 10 values given
// by block 0's code, and is taken through a one-hot AND-OR window over those offsets (gated by
// en_i). err_o = undefined code in either block, or len0 + len1 != len_i. That equals the three
// rules of docs/bdi.md 5: when len0 + len1 = len_i every field used lies below len_i (so the
// stream is neither truncated nor followed by trailing bits, and no bit at or above len_i
// reaches the blocks); when the codes read are undefined, or the lengths they describe differ
// from len_i, the stream is malformed whatever the bits at and above len_i hold (both codes are
// read below len_i whenever len_i >= len0 + 4, and any len_i < len0 + 4 is already shorter than
// every stream that starts with that block 0).
//
// Latency / throughput: combinational.
//
// Worked example: bits_i = 24'hABCD90, len_i = 24 -> block 0 = 4'h0 (zeros), block 1 =
// {16'hABCD, 4'h9}, err_o = 0; len_i = 23 -> err_o = 1.
module bdi_line_unpack (
  input  wire          en_i,
  input  wire [1031:0] bits_i,
  input  wire [10:0]   len_i,
  output wire [515:0]  block0_o,
  output wire [515:0]  block1_o,
  output wire          err_o
);

  wire [15:0] oh0, oh1;
  wire [9:0]  len0, len1;
  wire        valid0, valid1;

  bdi_block_len u_len0 (.enc_i(bits_i[3:0]), .valid_o(valid0), .onehot_o(oh0), .len_o(len0));

  wire [9:0] sel_off = {oh0[15], oh0[4], oh0[6] | oh0[7], oh0[3], oh0[5], oh0[2], oh0[1],
                        oh0[8], oh0[9], oh0[0]} & {10{en_i}};
  localparam [109:0] Offs = {11'd516, 11'd332, 11'd308, 11'd204, 11'd180, 11'd140, 11'd68,
                             11'd36, 11'd20, 11'd4};

  reg [1031:0] window;
  integer p;
  always @(*) begin
    window = {1032{1'b0}};
    for (p = 0; p < 10; p = p + 1) begin
      window = window | ((bits_i >> Offs[11*p +: 11]) & {1032{sel_off[p]}});
    end
  end

  assign block0_o = bits_i[515:0] & {516{en_i}};
  assign block1_o = window[515:0];

  bdi_block_len u_len1 (.enc_i(block1_o[3:0]), .valid_o(valid1), .onehot_o(oh1), .len_o(len1));

  assign err_o = ~valid0 | ~valid1 | (({1'b0, len0} + {1'b0, len1}) != len_i);

  wire unused = ^{oh0[14:10], oh1, window[1031:516]};

endmodule
