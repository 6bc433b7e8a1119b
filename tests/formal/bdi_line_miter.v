// bdi_line_miter: formal round trip of a whole line through the line-level stages of both tops
// (tests/formal/bdi_prove.sh): block streams (as bdi_compressor's stage-1 register holds them)
// are concatenated by bdi_line_concat and split again by bdi_line_unpack with the stream's own
// length. Free inputs are the two block codes and 512 payload bits each, constrained to what
// bdi_block_pack can produce: a defined code and zeros at and above the block's length. ok_o = 1
// exactly when (under that assumption) both block streams come back unchanged, err_o = 0, and
// the line stream is zero at and above its length. With bdi_block_miter (every block stream
// the packer makes is defined, zero-tailed and restored by bdi_block_unpack) this covers the
// decompressor's inversion of the compressor without one 1024-bit SAT instance.
module bdi_line_miter (
  input  wire [515:0] s0_i,
  input  wire [515:0] s1_i,
  output wire         ok_o
);

  wire [15:0] oh0, oh1;
  wire [9:0]  len0, len1;
  wire        v0, v1;
  bdi_block_len u_len0 (.enc_i(s0_i[3:0]), .valid_o(v0), .onehot_o(oh0), .len_o(len0));
  bdi_block_len u_len1 (.enc_i(s1_i[3:0]), .valid_o(v1), .onehot_o(oh1), .len_o(len1));

  wire [515:0] keep0 = {516{1'b1}} >> (10'd516 - len0);   // ones below len0
  wire [515:0] keep1 = {516{1'b1}} >> (10'd516 - len1);
  wire assume_ok = v0 & v1 & ~(|(s0_i & ~keep0)) & ~(|(s1_i & ~keep1));

  wire [1031:0] bits;
  wire [10:0]   len;
  bdi_line_concat u_concat (.en_i(1'b1), .block0_i(s0_i), .block1_i(s1_i), .bits_o(bits), .len_o(len));

  wire [515:0] r0, r1;
  wire         err;
  bdi_line_unpack u_unpack (.en_i(1'b1), .bits_i(bits), .len_i(len), .block0_o(r0), .block1_o(r1),
                            .err_o(err));

  wire [1031:0] above = ~({1032{1'b1}} >> (11'd1032 - len));
  wire ok_round = ((r0 & keep0) == s0_i) & (r1 == s1_i) & ~err & ~(|(bits & above));

  wire unused = ^{oh0, oh1};
  assign ok_o = ~assume_ok | ok_round;

endmodule
