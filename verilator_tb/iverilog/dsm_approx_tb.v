// Icarus (iverilog -g2005) replay of vectors/dsm/dsm_approx.hex through dsm_approx.
// Uses only the vector file (no C model). For each vector the eight map entries are written
// through the cfg port on consecutive cycles, then the line is offered from the next cycle on
// (so it sees exactly the vector's map, docs/dsm.md 5.3) with pseudo-random valid gaps; the
// next vector's writes start right after the acceptance edge, while earlier lines are still
// in the pipeline. The output is taken with pseudo-random ready stalls and compared with the
// file's expected out_bits and out_line, and out_addr with the vector's address.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=dsm_approx sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT /
// ERROR line and $fatal. The machinery is tb_util.vh and tb_stream.vh.
module dsm_approx_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "dsm_approx";
  // {pad, entry7, ..., entry0, in_addr[40:0], in_line[1023:0], exp_bits[4:0], exp_line[1023:0]},
  // entry = {valid, start[40:0], end[40:0], bits[4:0]}
  localparam integer VecBits = 700 * 4;
  localparam integer InBits = 41 + 1024;  // the line's inputs; the entries go through cfg
  localparam integer ExpBits = 5 + 1024;
  localparam integer OutBits = 41 + 1024 + 5;
  localparam integer EntryLsb = ExpBits + InBits;  // entry i is bits EntryLsb + 88 i +: 88

  `include "tb_util.vh"
  `include "tb_stream.vh"

  wire [40:0] in_addr;
  wire [1023:0] in_line;
  assign {in_addr, in_line} = in_word;
  wire [40:0] out_addr;
  wire [1023:0] out_line;
  wire [4:0] out_bits;
  wire [OutBits-1:0] out_word = {out_addr, out_line, out_bits};

  // The cfg port: after the acceptance edge of a line (or reset), the eight entries of vector
  // in_idx (entry 0 first) on consecutive cycles; the line is offered once all are written.
  reg [3:0] cfg_done;  // entries of vector in_idx written so far
  reg cfg_we;
  reg [2:0] cfg_idx;
  reg cfg_valid;
  reg [40:0] cfg_start, cfg_end;
  reg [4:0] cfg_bits;
  wire feed_ready = !in_valid && cfg_done == 4'd8;
  wire [87:0] entry = mem[in_idx][EntryLsb + 88 * cfg_done[2:0] +: 88];

  initial begin
    cfg_done = 4'd0;
    cfg_we = 1'b0;
    cfg_idx = 3'd0;
    cfg_valid = 1'b0;
    cfg_start = 41'd0;
    cfg_end = 41'd0;
    cfg_bits = 5'd0;
  end

  always @(posedge clk) begin
    cfg_we <= 1'b0;
    if (rst_n && in_idx < n_vec) begin
      if (in_valid) begin
        if (in_ready) cfg_done <= 4'd0;  // accepted on this edge: the next vector's writes
      end else if (cfg_done != 4'd8) begin
        cfg_we <= 1'b1;
        cfg_idx <= cfg_done[2:0];
        {cfg_valid, cfg_start, cfg_end, cfg_bits} <= entry;
        cfg_done <= cfg_done + 4'd1;
      end
    end
  end

  dsm_approx u_dut (
    `TB_HANDSHAKE_PORTS
    .cfg_we_i   (cfg_we),
    .cfg_idx_i  (cfg_idx),
    .cfg_valid_i(cfg_valid),
    .cfg_start_i(cfg_start),
    .cfg_end_i  (cfg_end),
    .cfg_bits_i (cfg_bits),
    .in_addr_i  (in_addr),
    .in_line_i  (in_line),
    .out_addr_o (out_addr),
    .out_line_o (out_line),
    .out_bits_o (out_bits)
  );

  wire [4:0] exp_bits;
  wire [1023:0] exp_line;
  assign {exp_bits, exp_line} = exp_word;
  wire [40:0] sent_addr = mem[checked][ExpBits + 1024 +: 41];  // in_addr of that vector

  task check_output;
    begin
      `TB_EXPECT(checked, "out_addr", sent_addr, out_addr)
      `TB_EXPECT(checked, "out_line", exp_line, out_line)
      `TB_EXPECT(checked, "out_bits", exp_bits, out_bits)
    end
  endtask
endmodule
