// Icarus (iverilog -g2005) replay of vectors/bdi/bdi_decompressor.hex through bdi_decompressor.
// Uses only the vector file (no C model): each vector's stream and length are sent with
// pseudo-random valid gaps, the output is taken with pseudo-random ready stalls, and every
// output transfer is compared with the file's expected out_err and, when out_err is 0,
// out_line (unspecified on an error, docs/bdi.md 9; docs/vectors.md).
// The AXI-stream rule (valid and data hold while ready is low) is checked on the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=bdi_decompressor sim=iverilog checked=N`, or one MISMATCH / PROTOCOL /
// TIMEOUT / ERROR line and $fatal. The machinery is tb_util.vh and tb_stream.vh.
module bdi_decompressor_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "bdi_decompressor";
  // {pad, in_len[10:0], in_bits[1031:0], exp_err, exp_line[1023:0]}
  localparam integer VecBits = 517 * 4;
  localparam integer InBits = 11 + 1032;
  localparam integer ExpBits = 1 + 1024;
  localparam integer OutBits = 1024 + 1;

  `include "tb_util.vh"
  `include "tb_stream.vh"

  wire [10:0] in_len;
  wire [1031:0] in_bits;
  assign {in_len, in_bits} = in_word;
  wire [1023:0] out_line;
  wire out_err;
  wire [OutBits-1:0] out_word = {out_line, out_err};
  wire feed_ready = 1'b1;

  bdi_decompressor u_dut (
    `TB_HANDSHAKE_PORTS
    .in_bits_i  (in_bits),
    .in_len_i   (in_len),
    .out_line_o (out_line),
    .out_err_o  (out_err)
  );

  wire exp_err;
  wire [1023:0] exp_line;
  assign {exp_err, exp_line} = exp_word;

  task check_output;
    begin
      `TB_EXPECT(checked, "out_err", exp_err, out_err)
      if (!exp_err) `TB_EXPECT(checked, "out_line", exp_line, out_line)
    end
  endtask
endmodule
