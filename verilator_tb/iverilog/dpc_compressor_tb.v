// Icarus (iverilog -g2005) replay of vectors/dpc/dpc_compressor.hex through dpc_compressor.
// Uses only the vector file (no C model): each vector's mode, map and line are sent with
// pseudo-random valid gaps, the output is taken with pseudo-random ready stalls, and every
// output transfer is compared with the file's expected out_len and all 1029 bits of out_bits
// (docs/vectors.md, docs/dpc.md 7).
// The AXI-stream rule (valid and data hold while ready is low) is checked on the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=dpc_compressor sim=iverilog checked=N`, or one MISMATCH / PROTOCOL /
// TIMEOUT line and $fatal.
module dpc_compressor_tb;
  parameter integer MaxVectors = 4096;
  // {in_mode[1:0], in_map[3:0], in_line[1023:0], exp_len[10:0], exp_bits[1028:0]}
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
  reg [1023:0] in_line;
  reg [3:0] in_map;
  reg [1:0] in_mode;
  wire in_ready, out_valid;
  reg out_ready;
  wire [1028:0] out_bits;
  wire [10:0] out_len;

  // Output held while stalled, for the AXI-stream check.
  reg stalled_q;
  reg [1028:0] held_bits;
  reg [10:0] held_len;

  dpc_compressor u_dut (
    .clk_i      (clk),
    .rst_ni     (rst_n),
    .in_valid_i (in_valid),
    .in_ready_o (in_ready),
    .in_line_i  (in_line),
    .in_map_i   (in_map),
    .in_mode_i  (in_mode),
    .out_valid_o(out_valid),
    .out_ready_i(out_ready),
    .out_bits_o (out_bits),
    .out_len_o  (out_len)
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
    in_line = 1024'd0;
    in_map = 4'd0;
    in_mode = 2'd0;
    out_ready = 1'b0;
    stalled_q = 1'b0;
    in_idx = 0;
    out_idx = 0;
    cycle = 0;
    stalls = 0;
    if (!$value$plusargs("vectors=%s", path)) $fatal(1, "dpc_compressor_tb: +vectors=FILE missing");
    if (!$value$plusargs("seed=%d", lfsr)) lfsr = 32'h1;
    if (lfsr == 32'd0) lfsr = 32'h1;
    $readmemh(path, mem);
    `TB_COUNT_VECTORS(mem, MaxVectors, n_vec)
    if (!$value$plusargs("expect=%d", expect_n)) expect_n = n_vec;
    if (n_vec != expect_n || n_vec == 0)
      $fatal(1, "ERROR unit=dpc_compressor sim=iverilog read %0d vectors from %0s, expected %0d",
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
        in_mode <= mem[next_idx][2069:2068];
        in_map <= mem[next_idx][2067:2064];
        in_line <= mem[next_idx][2063:1040];
      end else begin
        in_valid <= 1'b0;
      end
    end
  end

  // Output side: compare each transfer with the next expected vector, in order.
  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle > MaxCycles) begin
      $display("TIMEOUT unit=dpc_compressor sim=iverilog cycle=%0d checked=%0d of %0d", cycle,
               out_idx, n_vec);
      $fatal(1);
    end
    if (rst_n) begin
      out_ready <= lfsr[4:2] > 3'd2;  // stalled three cycles in eight
      check_hold;
      stalled_q <= out_valid && !out_ready;
      if (out_valid && !out_ready) stalls <= stalls + 1;
      held_bits <= out_bits;
      held_len <= out_len;
      if (out_valid && out_ready) begin
        check_output;
        out_idx <= out_idx + 1;
        if (out_idx + 1 == n_vec) begin
          $display("STATS unit=dpc_compressor sim=iverilog cycles=%0d stalled_cycles=%0d", cycle, stalls);
          $display("PASS unit=dpc_compressor sim=iverilog checked=%0d", out_idx + 1);
          $finish;
        end
      end
    end else if (out_valid && cycle > 0) begin
      $display("PROTOCOL unit=dpc_compressor sim=iverilog cycle=%0d rule=valid_after_reset", cycle);
      $fatal(1);
    end
  end

  task check_hold;
    begin
      if (stalled_q && (!out_valid || out_bits !== held_bits || out_len !== held_len)) begin
        $display("PROTOCOL unit=dpc_compressor sim=iverilog cycle=%0d rule=%0s", cycle,
                 !out_valid ? "valid_dropped" : "data_changed");
        $fatal(1);
      end
    end
  endtask

  task check_output;
    reg [1028:0] exp_bits;
    reg [10:0] exp_len;
    begin
      if (out_idx >= n_vec) begin
        $display("MISMATCH unit=dpc_compressor sim=iverilog cycle=%0d txn=%0d field=out_valid exp=0 got=1",
                 cycle, out_idx);
        $fatal(1);
      end
      exp_bits = mem[out_idx][1028:0];
      exp_len = mem[out_idx][1039:1029];
      if (out_len !== exp_len) begin
        $display("MISMATCH unit=dpc_compressor sim=iverilog cycle=%0d txn=%0d field=out_len exp=%h got=%h",
                 cycle, out_idx, exp_len, out_len);
        $fatal(1);
      end
      if (out_bits !== exp_bits) begin
        $display("MISMATCH unit=dpc_compressor sim=iverilog cycle=%0d txn=%0d field=out_bits exp=%h got=%h",
                 cycle, out_idx, exp_bits, out_bits);
        $fatal(1);
      end
    end
  endtask
endmodule
