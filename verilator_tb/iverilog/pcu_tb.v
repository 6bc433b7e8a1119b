// Icarus (iverilog -g2005) replay of vectors/pcu/pcu.hex through pcu (docs/pcu.md 7).
// Uses only the vector file (no C model). Each vector is one clock cycle: its inputs are
// applied after the falling edge (rst = 1 drives rst_ni low for that cycle), and, except in
// reset cycles, every output is compared just before the rising edge with the file's
// expectation: req_ready, l2_ready, mcq_valid, rpl_valid and idle always, the mcq_* and rpl_*
// fields while their valid is 1. Fields of an input whose valid is 0 carry pseudo-random
// garbage instead of the file's zeros (they must not matter).
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=pcu sim=iverilog checked=N`, or one MISMATCH line and $fatal.
module pcu_tb;
  parameter integer MaxVectors = 8192;
  localparam integer VecBits = 99 * 4;
  localparam integer SmW = 6, AW = 41, DW = 32, IW = 7, NS = 64;

  `include "tb_util.vh"

  reg [VecBits-1:0] mem[0:MaxVectors-1];
  reg [8*1024-1:0] path;
  integer n_vec, expect_n, v, checked;
  reg [31:0] lfsr;

  // One vector, split as the layout of docs/vectors.md lists it.
  reg          rst, req_valid, req_write, l2_valid, mcq_ready, rpl_ready, rpq_room;
  reg [SmW-1:0] req_sm;
  reg [AW-1:0] req_addr, l2_addr;
  reg [DW-1:0] req_data, l2_data;
  reg [IW-1:0] l2_tag;
  reg          e_req_ready, e_l2_ready, e_mcq_valid, e_mcq_write, e_rpl_valid, e_idle;
  reg [SmW-1:0] e_mcq_sm;
  reg [AW-1:0] e_mcq_addr, e_rpl_addr;
  reg [IW-1:0] e_mcq_tag;
  reg [DW-1:0] e_mcq_data, e_rpl_data;
  reg [NS-1:0] e_rpl_dest;

  reg clk, rst_n;
  reg          d_req_valid, d_req_write, d_l2_valid;
  reg [SmW-1:0] d_req_sm;
  reg [AW-1:0] d_req_addr, d_l2_addr;
  reg [DW-1:0] d_req_data, d_l2_data;
  reg [IW-1:0] d_l2_tag;
  reg          d_mcq_ready, d_rpl_ready, d_room;
  wire         req_ready, l2_ready, mcq_valid, mcq_write, rpl_valid, idle;
  wire [SmW-1:0] mcq_sm;
  wire [AW-1:0] mcq_addr, rpl_addr;
  wire [IW-1:0] mcq_tag;
  wire [DW-1:0] mcq_data, rpl_data;
  wire [NS-1:0] rpl_dest;

  pcu u_dut (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .req_valid_i (d_req_valid),
    .req_ready_o (req_ready),
    .req_write_i (d_req_write),
    .req_sm_i    (d_req_sm),
    .req_addr_i  (d_req_addr),
    .req_data_i  (d_req_data),
    .mcq_valid_o (mcq_valid),
    .mcq_ready_i (d_mcq_ready),
    .mcq_write_o (mcq_write),
    .mcq_sm_o    (mcq_sm),
    .mcq_addr_o  (mcq_addr),
    .mcq_tag_o   (mcq_tag),
    .mcq_data_o  (mcq_data),
    .rpq_room_i  (d_room),
    .l2_valid_i  (d_l2_valid),
    .l2_ready_o  (l2_ready),
    .l2_tag_i    (d_l2_tag),
    .l2_addr_i   (d_l2_addr),
    .l2_data_i   (d_l2_data),
    .rpl_valid_o (rpl_valid),
    .rpl_ready_i (d_rpl_ready),
    .rpl_dest_o  (rpl_dest),
    .rpl_addr_o  (rpl_addr),
    .rpl_data_o  (rpl_data),
    .idle_o      (idle)
  );

  always #5 clk <= ~clk;

  task mismatch(input [8*16-1:0] field, input [159:0] exp_v, input [159:0] got_v);
    begin
      $display("MISMATCH unit=pcu sim=iverilog cycle=%0d txn=%0d field=%0s exp=%h got=%h", v, v,
               field, exp_v, got_v);
      $fatal(1);
    end
  endtask

  task apply(input [VecBits-2:0] vec);   // bit 395 is the file's zero padding
    begin
      {rst, req_valid, req_write, req_sm, req_addr, req_data, l2_valid, l2_tag, l2_addr,
       l2_data, mcq_ready, rpl_ready, rpq_room, e_req_ready, e_l2_ready, e_mcq_valid,
       e_mcq_write, e_mcq_sm, e_mcq_addr, e_mcq_tag, e_mcq_data, e_rpl_valid, e_rpl_dest,
       e_rpl_addr, e_rpl_data, e_idle} = vec;
      @(negedge clk);
      lfsr = lfsr_next(lfsr);
      rst_n = ~rst;
      d_req_valid = req_valid;
      d_req_write = req_valid ? req_write : lfsr[0];
      d_req_sm    = req_valid ? req_sm : lfsr[6:1];
      d_req_addr  = req_valid ? req_addr : {lfsr[8:0], lfsr};
      d_req_data  = req_valid ? req_data : ~lfsr;
      d_l2_valid  = l2_valid;
      d_l2_tag    = l2_valid ? l2_tag : lfsr[13:7];
      d_l2_addr   = l2_valid ? l2_addr : {lfsr, lfsr[31:23]};
      d_l2_data   = l2_valid ? l2_data : {lfsr[15:0], lfsr[31:16]};
      d_mcq_ready = mcq_ready;
      d_rpl_ready = rpl_ready;
      d_room      = rpq_room;
      #4;
      if (!rst) begin
        if (req_ready !== e_req_ready) mismatch("req_ready", {159'd0, e_req_ready}, {159'd0, req_ready});
        if (l2_ready !== e_l2_ready) mismatch("l2_ready", {159'd0, e_l2_ready}, {159'd0, l2_ready});
        if (mcq_valid !== e_mcq_valid) mismatch("mcq_valid", {159'd0, e_mcq_valid}, {159'd0, mcq_valid});
        if (rpl_valid !== e_rpl_valid) mismatch("rpl_valid", {159'd0, e_rpl_valid}, {159'd0, rpl_valid});
        if (idle !== e_idle) mismatch("idle", {159'd0, e_idle}, {159'd0, idle});
        if (e_mcq_valid && {mcq_write, mcq_sm, mcq_addr, mcq_tag, mcq_data} !==
                           {e_mcq_write, e_mcq_sm, e_mcq_addr, e_mcq_tag, e_mcq_data})
          mismatch("mcq", {73'd0, e_mcq_write, e_mcq_sm, e_mcq_addr, e_mcq_tag, e_mcq_data},
                   {73'd0, mcq_write, mcq_sm, mcq_addr, mcq_tag, mcq_data});
        if (e_rpl_valid && {rpl_dest, rpl_addr, rpl_data} !== {e_rpl_dest, e_rpl_addr, e_rpl_data})
          mismatch("rpl", {23'd0, e_rpl_dest, e_rpl_addr, e_rpl_data},
                   {23'd0, rpl_dest, rpl_addr, rpl_data});
        if (e_mcq_valid || e_rpl_valid) checked = checked + 1;
      end
    end
  endtask

  initial begin
    clk = 1'b0;
    rst_n = 1'b0;
    d_req_valid = 1'b0;
    d_l2_valid = 1'b0;
    d_mcq_ready = 1'b1;
    d_rpl_ready = 1'b1;
    d_room = 1'b1;
    checked = 0;
    if (!$value$plusargs("vectors=%s", path)) $fatal(1, "pcu_tb: +vectors=FILE missing");
    if (!$value$plusargs("seed=%d", lfsr)) lfsr = 32'h1;
    if (lfsr == 32'd0) lfsr = 32'h1;
    $readmemh(path, mem);
    `TB_COUNT_VECTORS(mem, MaxVectors, n_vec)
    if (!$value$plusargs("expect=%d", expect_n)) expect_n = n_vec;
    if (n_vec != expect_n || n_vec == 0)
      $fatal(1, "ERROR unit=pcu sim=iverilog read %0d vectors from %0s, expected %0d", n_vec, path,
             expect_n);
    for (v = 0; v < n_vec; v = v + 1) apply(mem[v][VecBits-2:0]);
    @(negedge clk);
    $display("STATS unit=pcu sim=iverilog cycles=%0d output_cycles_compared=%0d", n_vec, checked);
    $display("PASS unit=pcu sim=iverilog checked=%0d", n_vec);
    $finish;
  end
endmodule
