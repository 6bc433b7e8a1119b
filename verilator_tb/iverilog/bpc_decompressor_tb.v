// Icarus (iverilog -g2005) replay of vectors/bpc/bpc_decompressor.hex through bpc_decompressor.
// Uses only the vector file (no C model): each vector's stream and length are sent with
// pseudo-random valid gaps, the output is taken with pseudo-random ready stalls, and every
// output transfer is compared with the file's expected out_err and, when out_err is 0,
// out_line (the line is unspecified on an error, docs/bpc.md 9; docs/vectors.md).
// The AXI-stream rule (valid and data hold while ready is low) is checked on the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=bpc_decompressor sim=iverilog checked=N`, or one MISMATCH / PROTOCOL /
// TIMEOUT / ERROR line and $fatal. The machinery is tb_util.vh and tb_stream.vh, the output
// comparison dsm_decoded_tb.vh (shared by the decompressors whose output is {err, line}).
module bpc_decompressor_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "bpc_decompressor";
  localparam integer VecBits = 516 * 4;  // {pad[2:0], in_len[10:0], in_bits[1024:0], exp_err, exp_line[1023:0]}
  localparam integer InBits = 11 + 1025;

  `include "tb_util.vh"
  `include "dsm_decoded_tb.vh"
  `include "tb_stream.vh"

  wire [10:0] in_len;
  wire [1024:0] in_bits;
  assign {in_len, in_bits} = in_word;

  bpc_decompressor u_dut (
    `TB_HANDSHAKE_PORTS
    .in_bits_i  (in_bits),
    .in_len_i   (in_len),
    .out_line_o (out_line),
    .out_err_o  (out_err)
  );
endmodule
