// Icarus (iverilog -g2005) replay of vectors/dpc/dpc_decompressor.hex through dpc_decompressor.
// Uses only the vector file (no C model): each vector's mode, stream and length are sent with
// pseudo-random valid gaps, the output is taken with pseudo-random ready stalls, and every
// output transfer is compared with the file's expected out_err and, when out_err is 0,
// out_map and out_line (both unspecified on an error, docs/dpc.md 7; docs/vectors.md).
// The AXI-stream rule (valid and data hold while ready is low) is checked on the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=dpc_decompressor sim=iverilog checked=N`, or one MISMATCH / PROTOCOL /
// TIMEOUT line and $fatal.
module dpc_decompressor_tb;
  parameter integer MaxVectors = 4096;
  // {in_mode[1:0], in_len[10:0], in_bits[1028:0], exp_err, exp_map[3:0], exp_line[1023:0]}
  localparam integer VecBits = 518 * 4;
  localparam integer MaxCycles = 64 * MaxVectors + 1000;

  `include "tb_util.vh"

  reg [VecBits-1:0] mem[0:MaxVectors-1];
  reg [8*1024-1:0] path;
  integer n_vec, expect_n, in_idx, out_idx, cycle, stalls;
  reg [31:0] lfsr;

  reg clk;
  wire rst_n;
  reg in_valid;
  reg [1028:0] in_bits;
  reg [10:0] in_len;
  reg [1:0] in_mode;
  wire in_ready, out_valid;
  reg out_ready;
  wire [1023:0] out_line;
  wire [3:0] out_map;
  wire out_err;

  // Output held while stalled, for the AXI-stream check.
  reg stalled_q;
  reg [1023:0] held_line;
  reg [3:0] held_map;
  reg held_err;

  dpc_decompressor u_dut (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .in_valid_i (in_valid),
    .in_ready_o (in_ready),
    .in_bits_i  (in_bits),
    .in_len_i   (in_len),
    .in_mode_i  (in_mode),
    .out_valid_o(out_valid),
    .out_ready_i(out_ready),
    .out_line_o (out_line),
    .out_map_o  (out_map),
    .out_err_o  (out_err)
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
    in_valid = 1'b0;
    in_bits = 1029'd0;
    in_len = 11'd0;
    in_mode = 2'd0;
    out_ready = 1'b0;
    stalled_q = 1'b0;
    in_idx = 0;
    out_idx = 0;
    cycle = 0;
    stalls = 0;
    if (!$value$plusargs("vectors=%s", path)) $fatal(1, "dpc_decompressor_tb: +vectors=FILE missing");
    if (!$value$plusargs("seed=%d", lfsr)) lfsr = 32'h1;
    if (lfsr == 32'd0) lfsr = 32'h1;
    $readmemh(path, mem);
    `TB_COUNT_VECTORS(mem, MaxVectors, n_vec)
    if (!$value$plusargs("expect=%d", expect_n)) expect_n = n_vec;
    if (n_vec != expect_n || n_vec == 0)
      $fatal(1, "ERROR unit=dpc_decompressor sim=iverilog read %0d vectors from %0s, expected %0d",
             n_vec, path, expect_n);
  end

  // Input side: present vector in_idx, hold it until accepted, then maybe the next.
  wire [31:0] next_idx = in_valid ? in_idx + 1 : in_idx;  // the vector after this edge
  always @(posedge clk) begin
    lfsr <= lfsr_next(lfsr);
    if (rst_n && (!in_valid || in_ready)) begin
      in_idx <= next_idx;
      if (next_idx < n_vec && lfsr[1:0] != 2'b00) begin  // a gap one cycle in four
        in_valid <= 1'b1;
        in_mode <= mem[next_idx][2070:2069];
        in_len <= mem[next_idx][2068:2058];
        in_bits <= mem[next_idx][2057:1029];
      end else begin
        in_valid <= 1'b0;
      end
    end
  end

  // Output side: compare each transfer with the next expected vector, in order.
  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle > MaxCycles) begin
      $display("TIMEOUT unit=dpc_decompressor sim=iverilog cycle=%0d checked=%0d of %0d", cycle,
               out_idx, n_vec);
      $fatal(1);
    end
    if (rst_n) begin
      out_ready <= lfsr[4:2] > 3'd2;  // stalled three cycles in eight
      check_hold;
      stalled_q <= out_valid && !out_ready;
      if (out_valid && !out_ready) stalls <= stalls + 1;
      held_line <= out_line;
      held_map <= out_map;
      held_err <= out_err;
      if (out_valid && out_ready) begin
        check_output;
        out_idx <= out_idx + 1;
        if (out_idx + 1 == n_vec) begin
          $display("STATS unit=dpc_decompressor sim=iverilog cycles=%0d stalled_cycles=%0d", cycle, stalls);
          $display("PASS unit=dpc_decompressor sim=iverilog checked=%0d", out_idx + 1);
          $finish;
        end
      end
    end else if (out_valid && cycle > 0) begin
      $display("PROTOCOL unit=dpc_decompressor sim=iverilog cycle=%0d rule=valid_after_reset", cycle);
      $fatal(1);
    end
  end

  task check_hold;
    begin
      if (stalled_q && (!out_valid || out_line !== held_line || out_map !== held_map ||
                        out_err !== held_err)) begin
        $display("PROTOCOL unit=dpc_decompressor sim=iverilog cycle=%0d rule=%0s", cycle,
                 !out_valid ? "valid_dropped" : "data_changed");
        $fatal(1);
      end
    end
  endtask

  task check_output;
    reg [1023:0] exp_line;
    reg [3:0] exp_map;
    reg exp_err;
    begin
      if (out_idx >= n_vec) begin
        $display("MISMATCH unit=dpc_decompressor sim=iverilog cycle=%0d txn=%0d field=out_valid exp=0 got=1",
                 cycle, out_idx);
        $fatal(1);
      end
      exp_line = mem[out_idx][1023:0];
      exp_map = mem[out_idx][1027:1024];
      exp_err = mem[out_idx][1028];
      if (out_err !== exp_err) begin
        $display("MISMATCH unit=dpc_decompressor sim=iverilog cycle=%0d txn=%0d field=out_err exp=%h got=%h",
                 cycle, out_idx, exp_err, out_err);
        $fatal(1);
      end
      if (!exp_err && out_map !== exp_map) begin
        $display("MISMATCH unit=dpc_decompressor sim=iverilog cycle=%0d txn=%0d field=out_map exp=%h got=%h",
                 cycle, out_idx, exp_map, out_map);
        $fatal(1);
      end
      if (!exp_err && out_line !== exp_line) begin
        $display("MISMATCH unit=dpc_decompressor sim=iverilog cycle=%0d txn=%0d field=out_line exp=%h got=%h",
                 cycle, out_idx, exp_line, out_line);
        $fatal(1);
      end
    end
  endtask
endmodule
