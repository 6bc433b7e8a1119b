// Icarus (iverilog -g2005) replay of vectors/dsm/dsm_approx.hex through dsm_approx.
// Uses only the vector file (no C model). For each vector the eight map entries are written
// through the cfg port on consecutive cycles, then the line is offered from the next cycle on
// (so it sees exactly the vector's map, docs/dsm.md 5.3) with pseudo-random valid gaps; the
// next vector's writes start right after the acceptance edge, while earlier lines are still
// in the pipeline. The output is taken with pseudo-random ready stalls and compared with the
// file's expected out_bits and out_line, and out_addr with the vector's address.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=dsm_approx sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT
// line and $fatal.
module dsm_approx_tb;
  parameter integer MaxVectors = 4096;
  // {entry7, ..., entry0, in_addr[40:0], in_line[1023:0], exp_bits[4:0], exp_line[1023:0]},
  // entry = {valid, start[40:0], end[40:0], bits[4:0]}
  localparam integer VecBits = 700 * 4;
  localparam integer EntryLsb = 2094;  // entry0 is bits 2181:2094, entry i at EntryLsb + 88 i
  localparam integer MaxCycles = 64 * MaxVectors + 1000;

  `include "tb_util.vh"

  reg [VecBits-1:0] mem[0:MaxVectors-1];
  reg [8*1024-1:0] path;
  integer n_vec, expect_n, in_idx, out_idx, cycle, stalls;
  reg [3:0] cfg_done;  // entries of vector in_idx written so far; 8 = line may be offered
  reg [31:0] lfsr;

  reg clk;
  wire rst_n;
  reg cfg_we;
  reg [2:0] cfg_idx;
  reg cfg_valid;
  reg [40:0] cfg_start, cfg_end;
  reg [4:0] cfg_bits;
  reg in_valid;
  reg [40:0] in_addr;
  reg [1023:0] in_line;
  wire in_ready, out_valid;
  reg out_ready;
  wire [40:0] out_addr;
  wire [1023:0] out_line;
  wire [4:0] out_bits;

  reg stalled_q;
  reg [40:0] held_addr;
  reg [1023:0] held_line;
  reg [4:0] held_bits;

  dsm_approx u_dut (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .cfg_we_i   (cfg_we),
    .cfg_idx_i  (cfg_idx),
    .cfg_valid_i(cfg_valid),
    .cfg_start_i(cfg_start),
    .cfg_end_i  (cfg_end),
    .cfg_bits_i (cfg_bits),
    .in_valid_i (in_valid),
    .in_ready_o (in_ready),
    .in_addr_i  (in_addr),
    .in_line_i  (in_line),
    .out_valid_o(out_valid),
    .out_ready_i(out_ready),
    .out_addr_o (out_addr),
    .out_line_o (out_line),
    .out_bits_o (out_bits)
  );

  always #5 clk <= ~clk;

  // Reset for the first four edges, released by a register so the DUT sees it change after
  // an edge, like every other input.
  reg [2:0] reset_count;
  always @(posedge clk) begin
    if (reset_count != 3'd4) reset_count <= reset_count + 3'd1;
  end
  assign rst_n = reset_count == 3'd4;

  initial begin
    clk = 1'b0;
    reset_count = 3'd0;
    cfg_we = 1'b0;
    cfg_idx = 3'd0;
    cfg_valid = 1'b0;
    cfg_start = 41'd0;
    cfg_end = 41'd0;
    cfg_bits = 5'd0;
    in_valid = 1'b0;
    in_addr = 41'd0;
    in_line = 1024'd0;
    out_ready = 1'b0;
    stalled_q = 1'b0;
    in_idx = 0;
    out_idx = 0;
    cycle = 0;
    stalls = 0;
    cfg_done = 4'd0;
    if (!$value$plusargs("vectors=%s", path)) $fatal(1, "dsm_approx_tb: +vectors=FILE missing");
    if (!$value$plusargs("seed=%d", lfsr)) lfsr = 32'h1;
    if (lfsr == 32'd0) lfsr = 32'h1;
    $readmemh(path, mem);
    `TB_COUNT_VECTORS(mem, MaxVectors, n_vec)
    if (!$value$plusargs("expect=%d", expect_n)) expect_n = n_vec;
    if (n_vec != expect_n || n_vec == 0)
      $fatal(1, "ERROR unit=dsm_approx sim=iverilog read %0d vectors from %0s, expected %0d",
             n_vec, path, expect_n);
  end

  // Input side: eight cfg writes (entry 0 first), then the line, held until accepted.
  wire [87:0] entry = mem[in_idx][EntryLsb + 88 * cfg_done[2:0] +: 88];
  always @(posedge clk) begin
    lfsr <= lfsr_next(lfsr);
    cfg_we <= 1'b0;
    if (rst_n && in_idx < n_vec) begin
      if (in_valid) begin
        if (in_ready) begin  // accepted on this edge: start the next vector's writes
          in_valid <= 1'b0;
          in_idx <= in_idx + 1;
          cfg_done <= 4'd0;
        end
      end else if (cfg_done != 4'd8) begin
        cfg_we <= 1'b1;
        cfg_idx <= cfg_done[2:0];
        cfg_valid <= entry[87];
        cfg_start <= entry[86:46];
        cfg_end <= entry[45:5];
        cfg_bits <= entry[4:0];
        cfg_done <= cfg_done + 4'd1;
      end else if (lfsr[1:0] != 2'b00) begin  // a gap one cycle in four
        in_valid <= 1'b1;
        in_addr <= mem[in_idx][2093:2053];
        in_line <= mem[in_idx][2052:1029];
      end
    end
  end

  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle > MaxCycles) begin
      $display("TIMEOUT unit=dsm_approx sim=iverilog cycle=%0d checked=%0d of %0d", cycle,
               out_idx, n_vec);
      $fatal(1);
    end
    if (rst_n) begin
      out_ready <= lfsr[4:2] > 3'd2;  // stalled three cycles in eight
      check_hold;
      stalled_q <= out_valid && !out_ready;
      if (out_valid && !out_ready) stalls <= stalls + 1;
      held_addr <= out_addr;
      held_line <= out_line;
      held_bits <= out_bits;
      if (out_valid && out_ready) begin
        check_output;
        out_idx <= out_idx + 1;
        if (out_idx + 1 == n_vec) begin
          $display("STATS unit=dsm_approx sim=iverilog cycles=%0d stalled_cycles=%0d", cycle, stalls);
          $display("PASS unit=dsm_approx sim=iverilog checked=%0d", out_idx + 1);
          $finish;
        end
      end
    end else if (out_valid && cycle > 0) begin
      $display("PROTOCOL unit=dsm_approx sim=iverilog cycle=%0d rule=valid_after_reset", cycle);
      $fatal(1);
    end
  end

  task check_hold;
    begin
      if (stalled_q && (!out_valid || out_addr !== held_addr || out_line !== held_line ||
                        out_bits !== held_bits)) begin
        $display("PROTOCOL unit=dsm_approx sim=iverilog cycle=%0d rule=%0s", cycle,
                 !out_valid ? "valid_dropped" : "data_changed");
        $fatal(1);
      end
    end
  endtask

  task check_output;
    reg [1023:0] exp_line;
    reg [4:0] exp_bits;
    reg [40:0] exp_addr;
    begin
      if (out_idx >= n_vec) begin
        $display("MISMATCH unit=dsm_approx sim=iverilog cycle=%0d txn=%0d field=out_valid exp=0 got=1",
                 cycle, out_idx);
        $fatal(1);
      end
      exp_line = mem[out_idx][1023:0];
      exp_bits = mem[out_idx][1028:1024];
      exp_addr = mem[out_idx][2093:2053];
      if (out_addr !== exp_addr) begin
        $display("MISMATCH unit=dsm_approx sim=iverilog cycle=%0d txn=%0d field=out_addr exp=%h got=%h",
                 cycle, out_idx, exp_addr, out_addr);
        $fatal(1);
      end
      if (out_line !== exp_line) begin
        $display("MISMATCH unit=dsm_approx sim=iverilog cycle=%0d txn=%0d field=out_line exp=%h got=%h",
                 cycle, out_idx, exp_line, out_line);
        $fatal(1);
      end
      if (out_bits !== exp_bits) begin
        $display("MISMATCH unit=dsm_approx sim=iverilog cycle=%0d txn=%0d field=out_bits exp=%h got=%h",
                 cycle, out_idx, exp_bits, out_bits);
        $fatal(1);
      end
    end
  endtask
endmodule
