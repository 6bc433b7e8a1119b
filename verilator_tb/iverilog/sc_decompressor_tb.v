// Icarus (iverilog -g2005) replay of vectors/sc/sc_decompressor.hex through sc_decompressor.
// Uses only the vector file (no C model). The file's leading configuration records (is_cfg = 1)
// are written through the configuration port, one per cycle, after reset; then each stream
// record's stream and length are sent with pseudo-random valid gaps, the output is taken with
// pseudo-random ready stalls, and every output transfer is compared with the record's expected
// out_err and, when out_err is 0, out_line (docs/sc.md 4.3; docs/vectors.md). The AXI-stream
// rule (valid and data hold while ready is low) is checked on the output. While no record is
// being written, cfg_we is low and the cfg address and data carry garbage.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=sc_decompressor sim=iverilog checked=N` (N = every record, configuration
// ones included), or one MISMATCH / PROTOCOL / TIMEOUT / ERROR line and $fatal. The machinery
// is tb_util.vh; the replay is written out here because of the configuration records.
module sc_decompressor_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "sc_decompressor";
  // {pad[2:0], is_cfg, cfg_addr[10:0], cfg_data[31:0], in_len[10:0], in_bits[1024:0], exp_err,
  //  exp_line[1023:0]}
  localparam integer VecBits = 527 * 4;

  `include "tb_util.vh"

  reg [2:0] reset_count;
  wire rst_n = reset_count == 3'd4;
  reg cfg_we;
  reg [10:0] cfg_addr;
  reg [31:0] cfg_data;
  reg in_valid;
  reg [10:0] in_len;
  reg [1024:0] in_bits;
  wire in_ready, out_valid;
  reg out_ready;
  wire [1023:0] out_line;
  wire out_err;
  integer n_cfg;    // configuration records at the start of the file
  integer cfg_idx;  // the next one to write
  integer in_idx;   // the stream record offered, or to be offered next
  integer out_idx;  // the stream record whose output comes next
  integer k;
  reg stalled_q;
  reg [1024:0] held;

  wire [1024:0] exp_word = mem[out_idx][1024:0];  // {exp_err, exp_line}
  wire feed_ready = cfg_idx == n_cfg && !cfg_we;  // the table is in

  initial begin
    reset_count = 3'd0;
    cfg_we = 1'b0;
    cfg_addr = 11'd0;
    cfg_data = 32'd0;
    in_valid = 1'b0;
    in_len = 11'd0;
    in_bits = {1025{1'b0}};
    out_ready = 1'b0;
    stalled_q = 1'b0;
    tb_setup;
    n_cfg = 0;
    while (n_cfg < n_vec && mem[n_cfg][2104]) n_cfg = n_cfg + 1;
    for (k = n_cfg; k < n_vec; k = k + 1) begin
      if (mem[k][2104]) begin
        $display("ERROR unit=%0s sim=iverilog vector %0d: a configuration record after a stream", Unit, k);
        $fatal(1);
      end
    end
    cfg_idx = 0;
    in_idx = n_cfg;
    out_idx = n_cfg;
  end

  always @(posedge clk) begin
    if (reset_count != 3'd4) reset_count <= reset_count + 3'd1;
  end

  // Configuration port: one record per cycle after reset, garbage with cfg_we low otherwise.
  always @(posedge clk) begin
    if (rst_n && cfg_idx < n_cfg) begin
      cfg_we <= 1'b1;
      cfg_addr <= mem[cfg_idx][2103:2093];
      cfg_data <= mem[cfg_idx][2092:2061];
      cfg_idx <= cfg_idx + 1;
    end else begin
      cfg_we <= 1'b0;
      cfg_addr <= lfsr[10:0];
      cfg_data <= lfsr;
    end
  end

  // Input side: present stream record in_idx, hold it until accepted, then maybe the next.
  wire [31:0] next_idx = in_valid ? in_idx + 1 : in_idx;
  always @(posedge clk) begin
    lfsr <= lfsr_next(lfsr);
    if (rst_n && (!in_valid || in_ready)) begin
      in_idx <= next_idx;
      if (next_idx < n_vec && feed_ready && lfsr[1:0] != 2'b00) begin  // a gap one cycle in four
        in_valid <= 1'b1;
        in_len <= mem[next_idx][2060:2050];
        in_bits <= mem[next_idx][2049:1025];
      end else begin
        in_valid <= 1'b0;
      end
    end
    if (rst_n && !in_valid && in_idx < n_vec) gaps <= gaps + 1;
  end

  // Output side: compare each transfer with the next stream record, in order.
  always @(posedge clk) begin
    if (rst_n) begin
      out_ready <= lfsr[4:2] > 3'd2;  // stalled three cycles in eight
      tb_check_hold(stalled_q, out_valid, {out_err, out_line} === held, "");
      stalled_q <= out_valid && !out_ready;
      if (out_valid && !out_ready) stalls <= stalls + 1;
      held <= {out_err, out_line};
      if (out_valid && out_ready) begin
        if (out_idx >= n_vec) tb_unexpected_output(checked, "out_valid");
        `TB_EXPECT(checked, "out_err", exp_word[1024], out_err)
        if (!exp_word[1024]) `TB_EXPECT(checked, "out_line", exp_word[1023:0], out_line)
        checked <= checked + 1;
        out_idx <= out_idx + 1;
        if (out_idx + 1 == n_vec) tb_finish(n_vec, checked + 1);
      end
    end else if (out_valid && cycle > 0) begin
      $display("PROTOCOL unit=%0s sim=iverilog cycle=%0d rule=valid_after_reset", Unit, cycle);
      $fatal(1);
    end
  end

  sc_decompressor u_dut (
    `TB_HANDSHAKE_PORTS
    .cfg_we_i   (cfg_we),
    .cfg_addr_i (cfg_addr),
    .cfg_data_i (cfg_data),
    .in_bits_i  (in_bits),
    .in_len_i   (in_len),
    .out_line_o (out_line),
    .out_err_o  (out_err)
  );
endmodule
