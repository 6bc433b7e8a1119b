// Icarus (iverilog -g2005) replay of vectors/mcast/mcast_rc.hex through mcast_rc.
// Uses only the vector file (no C model): each vector's position, order and destination set
// are sent with pseudo-random valid gaps, the output is taken with pseudo-random ready stalls,
// and every output transfer is compared with the file's exp_mask and exp_dests
// (docs/mcast.md 9). The AXI-stream rule (valid and data hold while ready is low) is checked on
// the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=mcast_rc sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT line
// and $fatal.
module mcast_rc_tb;
  parameter integer MaxVectors = 4096;
  localparam integer VecBits = 99 * 4;  // {cur_x[2:0], cur_y[2:0], order, dests[63:0], exp_mask[4:0], exp_dests[319:0]}
  localparam integer MaxCycles = 64 * MaxVectors + 1000;

  `include "tb_util.vh"

  reg [VecBits-1:0] mem[0:MaxVectors-1];
  reg [8*1024-1:0] path;
  integer n_vec, expect_n, in_idx, out_idx, cycle, stalls;
  reg [31:0] lfsr;

  reg clk;
  wire rst_n;
  reg in_valid;
  reg [2:0] in_cur_x, in_cur_y;
  reg in_order;
  reg [63:0] in_dests;
  wire in_ready, out_valid;
  reg out_ready;
  wire [319:0] out_port_dests;
  wire [4:0] out_port_mask;

  // Output held while stalled, for the AXI-stream check.
  reg stalled_q;
  reg [319:0] held_dests;
  reg [4:0] held_mask;

  mcast_rc u_dut (
    .clk_i            (clk),
    .rst_ni           (rst_n),
    .in_valid_i       (in_valid),
    .in_ready_o       (in_ready),
    .in_cur_x_i       (in_cur_x),
    .in_cur_y_i       (in_cur_y),
    .in_order_i       (in_order),
    .in_dests_i       (in_dests),
    .out_valid_o      (out_valid),
    .out_ready_i      (out_ready),
    .out_port_dests_o (out_port_dests),
    .out_port_mask_o  (out_port_mask)
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
    in_cur_x = 3'd0;
    in_cur_y = 3'd0;
    in_order = 1'b0;
    in_dests = 64'd0;
    out_ready = 1'b0;
    stalled_q = 1'b0;
    in_idx = 0;
    out_idx = 0;
    cycle = 0;
    stalls = 0;
    if (!$value$plusargs("vectors=%s", path)) $fatal(1, "mcast_rc_tb: +vectors=FILE missing");
    if (!$value$plusargs("seed=%d", lfsr)) lfsr = 32'h1;
    if (lfsr == 32'd0) lfsr = 32'h1;
    $readmemh(path, mem);
    `TB_COUNT_VECTORS(mem, MaxVectors, n_vec)
    if (!$value$plusargs("expect=%d", expect_n)) expect_n = n_vec;
    if (n_vec != expect_n || n_vec == 0)
      $fatal(1, "ERROR unit=mcast_rc sim=iverilog read %0d vectors from %0s, expected %0d",
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
        in_cur_x <= mem[next_idx][395:393];
        in_cur_y <= mem[next_idx][392:390];
        in_order <= mem[next_idx][389];
        in_dests <= mem[next_idx][388:325];
      end else begin
        in_valid <= 1'b0;
      end
    end
  end

  // Output side: compare each transfer with the next expected vector, in order.
  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle > MaxCycles) begin
      $display("TIMEOUT unit=mcast_rc sim=iverilog cycle=%0d checked=%0d of %0d", cycle,
               out_idx, n_vec);
      $fatal(1);
    end
    if (rst_n) begin
      out_ready <= lfsr[4:2] > 3'd2;  // stalled three cycles in eight
      check_hold;
      stalled_q <= out_valid && !out_ready;
      if (out_valid && !out_ready) stalls <= stalls + 1;
      held_dests <= out_port_dests;
      held_mask <= out_port_mask;
      if (out_valid && out_ready) begin
        check_output;
        out_idx <= out_idx + 1;
        if (out_idx + 1 == n_vec) begin
          $display("STATS unit=mcast_rc sim=iverilog cycles=%0d stalled_cycles=%0d", cycle, stalls);
          $display("PASS unit=mcast_rc sim=iverilog checked=%0d", out_idx + 1);
          $finish;
        end
      end
    end else if (out_valid && cycle > 0) begin
      $display("PROTOCOL unit=mcast_rc sim=iverilog cycle=%0d rule=valid_after_reset", cycle);
      $fatal(1);
    end
  end

  task check_hold;
    begin
      if (stalled_q && (!out_valid || out_port_dests !== held_dests || out_port_mask !== held_mask)) begin
        $display("PROTOCOL unit=mcast_rc sim=iverilog cycle=%0d rule=%0s", cycle,
                 !out_valid ? "valid_dropped" : "data_changed");
        $fatal(1);
      end
    end
  endtask

  task check_output;
    reg [319:0] exp_dests;
    reg [4:0] exp_mask;
    begin
      if (out_idx >= n_vec) begin
        $display("MISMATCH unit=mcast_rc sim=iverilog cycle=%0d txn=%0d field=out_valid exp=0 got=1",
                 cycle, out_idx);
        $fatal(1);
      end
      exp_dests = mem[out_idx][319:0];
      exp_mask = mem[out_idx][324:320];
      if (out_port_mask !== exp_mask) begin
        $display("MISMATCH unit=mcast_rc sim=iverilog cycle=%0d txn=%0d field=port_mask exp=%h got=%h",
                 cycle, out_idx, exp_mask, out_port_mask);
        $fatal(1);
      end
      if (out_port_dests !== exp_dests) begin
        $display("MISMATCH unit=mcast_rc sim=iverilog cycle=%0d txn=%0d field=port_dests exp=%h got=%h",
                 cycle, out_idx, exp_dests, out_port_dests);
        $fatal(1);
      end
    end
  endtask
endmodule
