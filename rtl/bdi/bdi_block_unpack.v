// bdi_block_unpack: one 64-byte block from its block stream (docs/bdi.md 3).
//
// Function: decodes the code in stream_i[3:0] (bdi_block_len) and selects, one-hot and gated
// by en_i, the block that encoding describes: zeros; the repeated value of rep8/4/2; one of the
// six bdi_bd_recover outputs; or the 512 raw bits. block_o is zero while en_i = 0 and for an
// undefined code (the caller reports that as an error).
//
// Latency / throughput: combinational.
//
// What it does not do: no length check (bdi_line_unpack): bits of stream_i beyond the block's
// length are ignored because no selected layout reads them.
//
// Worked example: stream_i = {..., 16'hABCD, 4'h9} -> block_o = 32 x 16'hABCD.
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

  wire [511:0] b8d1, b8d2, b8d4, b4d1, b4d2, b2d1;
  bdi_bd_recover #(.K(8), .D(1)) u_b8d1 (.stream_i(stream_i), .block_o(b8d1));
  bdi_bd_recover #(.K(8), .D(2)) u_b8d2 (.stream_i(stream_i), .block_o(b8d2));
  bdi_bd_recover #(.K(8), .D(4)) u_b8d4 (.stream_i(stream_i), .block_o(b8d4));
  bdi_bd_recover #(.K(4), .D(1)) u_b4d1 (.stream_i(stream_i), .block_o(b4d1));
  bdi_bd_recover #(.K(4), .D(2)) u_b4d2 (.stream_i(stream_i), .block_o(b4d2));
  bdi_bd_recover #(.K(2), .D(1)) u_b2d1 (.stream_i(stream_i), .block_o(b2d1));

  assign block_o = ({8{stream_i[67:4]}} & {512{sel[1]}}) | (b8d1 & {512{sel[2]}}) |
                   (b8d2 & {512{sel[3]}}) | (b8d4 & {512{sel[4]}}) |
                   (b4d1 & {512{sel[5]}}) | (b4d2 & {512{sel[6]}}) |
                   (b2d1 & {512{sel[7]}}) | ({16{stream_i[35:4]}} & {512{sel[8]}}) |
                   ({32{stream_i[19:4]}} & {512{sel[9]}}) | (stream_i[515:4] & {512{sel[15]}});

  wire unused_sel = ^{sel[0], sel[14:10]};

endmodule
