// Icarus (iverilog -g2005) replay of vectors/bdi/bdi_compressor.hex through bdi_compressor.
// Uses only the vector file (no C model): each vector's line is sent with pseudo-random valid
// gaps, the output is taken with pseudo-random ready stalls, and every output transfer is
// compared with the file's expected out_len and all 1032 bits of out_bits (docs/vectors.md,
// docs/bdi.md 9). The AXI-stream rule (valid and data hold while ready is low) is checked on
// the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=bdi_compressor sim=iverilog checked=N`, or one MISMATCH / PROTOCOL /
// TIMEOUT / ERROR line and $fatal. The machinery is tb_util.vh and tb_stream.vh.
module bdi_compressor_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "bdi_compressor";
  // {pad, in_line[1023:0], exp_len[10:0], exp_bits[1031:0]}
  localparam integer VecBits = 517 * 4;
  localparam integer InBits = 1024;
  localparam integer ExpBits = 11 + 1032;
  localparam integer OutBits = 1032 + 11;

  `include "tb_util.vh"
  `include "tb_stream.vh"

  wire [1023:0] in_line = in_word;
  wire [1031:0] out_bits;
  wire [10:0] out_len;
  wire [OutBits-1:0] out_word = {out_bits, out_len};
  wire feed_ready = 1'b1;

  bdi_compressor u_dut (
    `TB_HANDSHAKE_PORTS
    .in_line_i  (in_line),
    .out_bits_o (out_bits),
    .out_len_o  (out_len)
  );

  wire [10:0] exp_len;
  wire [1031:0] exp_bits;
  assign {exp_len, exp_bits} = exp_word;

  task check_output;
    begin
      `TB_EXPECT(checked, "out_len", exp_len, out_len)
      `TB_EXPECT(checked, "out_bits", exp_bits, out_bits)
    end
  endtask
endmodule
