// Icarus (iverilog -g2005) replay of vectors/pcu/pcu.hex through pcu (docs/pcu.md 7).
// Uses only the vector file (no C model). Each vector is one clock cycle: its inputs are
// applied after the falling edge (rst = 1 drives rst_ni low for that cycle), and, except in
// reset cycles, every output is compared just before the rising edge with the file's
// expectation: req_ready, l2_ready, mcq_valid, rpl_valid and idle always, the mcq_* and rpl_*
// fields while their valid is 1. Fields of an input whose valid is 0 carry pseudo-random
// garbage instead of the file's zeros (they must not matter).
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=pcu sim=iverilog checked=N` (N vectors), or one MISMATCH / ERROR line and
// $fatal; STATS counts the cycles with an output compared, with no input offered (gap) and
// with an output held by its ready (stall). The machinery is tb_util.vh.
module pcu_tb;
  parameter integer MaxVectors = 8192;
  localparam Unit = "pcu";
  localparam integer VecBits = 99 * 4;
  localparam integer SmW = 6, AW = 41, DW = 32, IW = 7, NS = 64;

  `include "tb_util.vh"

  integer v;  // the vector (cycle) applied

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

  reg rst_n;
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
        `TB_EXPECT(v, "req_ready", e_req_ready, req_ready)
        `TB_EXPECT(v, "l2_ready", e_l2_ready, l2_ready)
        `TB_EXPECT(v, "mcq_valid", e_mcq_valid, mcq_valid)
        `TB_EXPECT(v, "rpl_valid", e_rpl_valid, rpl_valid)
        `TB_EXPECT(v, "idle", e_idle, idle)
        if (e_mcq_valid) begin
          `TB_EXPECT(v, "mcq_write", e_mcq_write, mcq_write)
          `TB_EXPECT(v, "mcq_sm", e_mcq_sm, mcq_sm)
          `TB_EXPECT(v, "mcq_addr", e_mcq_addr, mcq_addr)
          `TB_EXPECT(v, "mcq_tag", e_mcq_tag, mcq_tag)
          `TB_EXPECT(v, "mcq_data", e_mcq_data, mcq_data)
        end
        if (e_rpl_valid) begin
          `TB_EXPECT(v, "rpl_dest", e_rpl_dest, rpl_dest)
          `TB_EXPECT(v, "rpl_addr", e_rpl_addr, rpl_addr)
          `TB_EXPECT(v, "rpl_data", e_rpl_data, rpl_data)
        end
        if (e_mcq_valid || e_rpl_valid) checked = checked + 1;
        if (!req_valid && !l2_valid) gaps = gaps + 1;
        if ((e_mcq_valid && !mcq_ready) || (e_rpl_valid && !rpl_ready)) stalls = stalls + 1;
      end
    end
  endtask

  initial begin
    rst_n = 1'b0;
    d_req_valid = 1'b0;
    d_l2_valid = 1'b0;
    d_mcq_ready = 1'b1;
    d_rpl_ready = 1'b1;
    d_room = 1'b1;
    tb_setup;
    for (v = 0; v < n_vec; v = v + 1) apply(mem[v][VecBits-2:0]);
    @(negedge clk);
    tb_finish(n_vec, checked);
  end
endmodule
