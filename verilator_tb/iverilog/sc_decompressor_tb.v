// Icarus (iverilog -g2005) replay of vectors/sc/sc_decompressor.hex through sc_decompressor.
// Uses only the vector file (no C model). The file's leading configuration records give the
// DeLUT image (docs/sc.md 6; words without a record are zero); all 1042 words are written
// through the configuration port after reset. Then each stream record's stream and length are
// sent with pseudo-random valid gaps, the output is taken with pseudo-random ready stalls, and
// every output transfer is compared with the record's expected out_err and, when out_err is 0,
// out_line (docs/sc.md 4.3; docs/vectors.md). The AXI-stream rule (valid and data hold while
// ready is low) is checked on the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=sc_decompressor sim=iverilog checked=N` (N = every record, configuration
// ones included), or one MISMATCH / PROTOCOL / TIMEOUT / ERROR line and $fatal. The machinery
// is tb_util.vh and tb_stream.vh (with its configuration-port replay).
`define TB_CFG_PORT
module sc_decompressor_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "sc_decompressor";
  // {pad[2:0], is_cfg, cfg_addr[10:0], cfg_data[31:0], in_len[10:0], in_bits[1024:0], exp_err,
  //  exp_line[1023:0]}
  localparam integer VecBits = 527 * 4;
  localparam integer CfgAddrBits = 11;
  localparam integer CfgImageWords = 1042;
  localparam integer InBits = 11 + 1025;
  localparam integer ExpBits = 1 + 1024;
  localparam integer OutBits = 1 + 1024;

  `include "tb_util.vh"
  `include "tb_stream.vh"

  wire [1023:0] out_line;
  wire out_err;
  wire [OutBits-1:0] out_word = {out_err, out_line};
  wire feed_ready = 1'b1;

  sc_decompressor u_dut (
    `TB_HANDSHAKE_PORTS
    .cfg_we_i   (cfg_we),
    .cfg_addr_i (cfg_addr),
    .cfg_data_i (cfg_data),
    .in_bits_i  (in_word[1024:0]),
    .in_len_i   (in_word[1035:1025]),
    .out_line_o (out_line),
    .out_err_o  (out_err)
  );

  task check_output;
    begin
      `TB_EXPECT(checked, "out_err", exp_word[1024], out_err)
      if (!exp_word[1024]) `TB_EXPECT(checked, "out_line", exp_word[1023:0], out_line)
    end
  endtask
endmodule
