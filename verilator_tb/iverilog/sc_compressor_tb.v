// Icarus (iverilog -g2005) replay of vectors/sc/sc_compressor.hex through sc_compressor.
// Uses only the vector file (no C model). The file's leading configuration records give the
// code-table image (docs/sc.md 6.1; words without a record are zero); all 2049 words are written
// through the configuration port after reset. Then each line record is sent with
// pseudo-random valid gaps, the output is taken with pseudo-random ready stalls, and every
// output transfer is compared with the record's expected out_len and all 1025 bits of out_bits
// (docs/vectors.md). The AXI-stream rule (valid and data hold while ready is low) is checked
// on the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=sc_compressor sim=iverilog checked=N` (N = every record, configuration ones
// included), or one MISMATCH / PROTOCOL / TIMEOUT / ERROR line and $fatal. The machinery is
// tb_util.vh and tb_stream.vh (with its configuration-port replay).
`define TB_CFG_PORT
module sc_compressor_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "sc_compressor";
  // {pad[2:0], is_cfg, cfg_addr[11:0], cfg_data[31:0], in_line[1023:0], exp_len[10:0],
  //  exp_bits[1024:0]}
  localparam integer VecBits = 527 * 4;
  localparam integer CfgAddrBits = 12;
  localparam integer CfgImageWords = 2049;
  localparam integer InBits = 1024;
  localparam integer ExpBits = 11 + 1025;
  localparam integer OutBits = 11 + 1025;

  `include "tb_util.vh"
  `include "tb_stream.vh"

  wire [1024:0] out_bits;
  wire [10:0] out_len;
  wire [OutBits-1:0] out_word = {out_len, out_bits};
  wire feed_ready = 1'b1;

  sc_compressor u_dut (
    `TB_HANDSHAKE_PORTS
    .cfg_we_i   (cfg_we),
    .cfg_addr_i (cfg_addr),
    .cfg_data_i (cfg_data),
    .in_line_i  (in_word),
    .out_bits_o (out_bits),
    .out_len_o  (out_len)
  );

  wire [10:0] exp_len;
  wire [1024:0] exp_bits;
  assign {exp_len, exp_bits} = exp_word;

  task check_output;
    begin
      `TB_EXPECT(checked, "out_len", exp_len, out_len)
      `TB_EXPECT(checked, "out_bits", exp_bits, out_bits)
    end
  endtask
endmodule
