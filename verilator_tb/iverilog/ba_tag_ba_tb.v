// Icarus (iverilog -g2005) replay of vectors/ba/ba_tag_ba.hex through ba_tag_ba.
// Uses only the vector file (no C model). The vectors are one request sequence from reset
// (docs/ba.md 7): they are sent in order, each held until accepted, with pseudo-random valid
// gaps between them and out_ready_i low on random cycles (so in_ready_o drops and requests
// wait); each output transfer is compared in order with the file's
// {exp_outcome, exp_way, exp_victim_valid, exp_victim_tag}, and the outputs must hold while
// stalled (AXI-stream rule).
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=ba_tag_ba sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT
// line and $fatal.
module ba_tag_ba_tb;
  parameter integer MaxVectors = 4096;
  // {in_op[1:0], in_addr[40:0], exp_outcome[2:0], exp_way[2:0], exp_victim_valid,
  //  exp_victim_tag[36:0]} = 87 bits in 22 hex digits
  localparam integer VecBits = 22 * 4;
  localparam integer ExpBits = 3 + 3 + 1 + 37;
  localparam integer MaxCycles = 64 * MaxVectors + 1000;

  `include "tb_util.vh"

  reg [VecBits-1:0] mem[0:MaxVectors-1];
  reg [8*1024-1:0] path;
  integer n_vec, expect_n, v, cycle, gaps, stalls, checked;
  reg [31:0] lfsr;

  reg clk;
  reg rst_n;
  reg in_valid, out_ready;
  reg [1:0] in_op;
  reg [40:0] in_addr;
  wire in_ready, out_valid;
  wire [2:0] out_outcome;
  wire [2:0] out_way;
  wire out_victim_valid;
  wire [36:0] out_victim_tag;

  reg [ExpBits-1:0] expected[0:MaxVectors-1];
  integer head, tail;
  reg stalled_q;
  reg [ExpBits-1:0] held;
  reg accepted;

  ba_tag_ba u_dut (
    .clk_i              (clk),
    .rst_ni             (rst_n),
    .in_valid_i         (in_valid),
    .in_ready_o         (in_ready),
    .in_op_i            (in_op),
    .in_addr_i          (in_addr),
    .out_valid_o        (out_valid),
    .out_ready_i        (out_ready),
    .out_outcome_o      (out_outcome),
    .out_way_o          (out_way),
    .out_victim_valid_o (out_victim_valid),
    .out_victim_tag_o   (out_victim_tag)
  );

  wire [ExpBits-1:0] got = {out_outcome, out_way, out_victim_valid, out_victim_tag};

  always #5 clk <= ~clk;

  task drive_garbage;
    begin
      lfsr = lfsr_next(lfsr);
      in_op = lfsr[1:0];
      in_addr = {lfsr[8:0], lfsr};
    end
  endtask

  // One cycle with nothing offered; out_ready_i random.
  task gap_cycle;
    begin
      @(negedge clk);
      in_valid = 1'b0;
      drive_garbage;
      out_ready = lfsr[20] | lfsr[21];   // ready 3 cycles in 4
      gaps = gaps + 1;
    end
  endtask

  // Offers vector vec until a rising edge accepts it; out_ready_i low on random cycles.
  task send(input [86:0] vec);   // bit 87 is the file's zero padding
    begin
      accepted = 1'b0;
      while (!accepted) begin
        @(negedge clk);
        lfsr = lfsr_next(lfsr);
        out_ready = lfsr[7:5] != 3'd0;    // stalled about one cycle in eight
        if (!out_ready) stalls = stalls + 1;
        in_valid = 1'b1;
        in_op = vec[86:85];
        in_addr = vec[84:44];
        #1;
        accepted = in_ready;
        if (accepted) begin
          expected[tail] = vec[ExpBits-1:0];
          tail = tail + 1;
        end
      end
    end
  endtask

  task drain;
    integer waited;
    begin
      waited = 0;
      while (head != tail) begin
        @(negedge clk);
        in_valid = 1'b0;
        drive_garbage;
        out_ready = 1'b1;
        waited = waited + 1;
        if (waited > 8) begin
          $display("TIMEOUT unit=ba_tag_ba sim=iverilog cycle=%0d vector=%0d outstanding=%0d",
                   cycle, v, tail - head);
          $fatal(1);
        end
      end
    end
  endtask

  initial begin
    clk = 1'b0;
    rst_n = 1'b0;
    in_valid = 1'b0;
    out_ready = 1'b1;
    head = 0;
    tail = 0;
    stalled_q = 1'b0;
    cycle = 0;
    gaps = 0;
    stalls = 0;
    checked = 0;
    if (!$value$plusargs("vectors=%s", path)) $fatal(1, "ba_tag_ba_tb: +vectors=FILE missing");
    if (!$value$plusargs("seed=%d", lfsr)) lfsr = 32'h1;
    if (lfsr == 32'd0) lfsr = 32'h1;
    $readmemh(path, mem);
    `TB_COUNT_VECTORS(mem, MaxVectors, n_vec)
    if (!$value$plusargs("expect=%d", expect_n)) expect_n = n_vec;
    if (n_vec != expect_n || n_vec == 0)
      $fatal(1, "ERROR unit=ba_tag_ba sim=iverilog read %0d vectors from %0s, expected %0d",
             n_vec, path, expect_n);
    drive_garbage;
    repeat (4) @(negedge clk);
    @(negedge clk) rst_n = 1'b1;
    for (v = 0; v < n_vec; v = v + 1) begin
      while (lfsr[3:0] == 4'd0) gap_cycle;  // about one vector in sixteen waits
      send(mem[v][86:0]);
    end
    @(negedge clk);
    in_valid = 1'b0;
    drain;
    repeat (4) @(negedge clk);
    $display("STATS unit=ba_tag_ba sim=iverilog cycles=%0d gap_cycles=%0d stall_cycles=%0d",
             cycle, gaps, stalls);
    $display("PASS unit=ba_tag_ba sim=iverilog checked=%0d", checked);
    $finish;
  end

  // ---- monitor: compare every output transfer, check held outputs -------------------------
  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle > MaxCycles) begin
      $display("TIMEOUT unit=ba_tag_ba sim=iverilog cycle=%0d vector=%0d", cycle, v);
      $fatal(1);
    end
    if (!rst_n) begin
      stalled_q <= 1'b0;
    end else begin
      if (stalled_q && (!out_valid || got !== held)) begin
        $display("PROTOCOL unit=ba_tag_ba sim=iverilog cycle=%0d rule=%0s", cycle,
                 !out_valid ? "valid_dropped" : "data_changed");
        $fatal(1);
      end
      if (out_valid && out_ready) begin
        if (head == tail) begin
          $display("MISMATCH unit=ba_tag_ba sim=iverilog cycle=%0d txn=%0d field=out_valid exp=0 got=1",
                   cycle, head);
          $fatal(1);
        end
        if (got !== expected[head]) begin
          $display("MISMATCH unit=ba_tag_ba sim=iverilog cycle=%0d txn=%0d field=result exp=%h got=%h (outcome, way, victim_valid, victim_tag)",
                   cycle, head, expected[head], got);
          $fatal(1);
        end
        head <= head + 1;
        checked <= checked + 1;
      end
      stalled_q <= out_valid && !out_ready;
      held <= got;
    end
  end
endmodule
