// Icarus (iverilog -g2005) replay of vectors/latte/latte_ctrl.hex through latte_ctrl (docs/latte.md
// 10). Uses only the vector file (no C model). The vectors are one event sequence from reset:
// they are sent in order, each held until accepted (in_ready_o is also low for the 8 decision
// cycles after every EP end), with pseudo-random valid gaps (inputs carry garbage then) and
// out_ready_i low on random cycles; each answer is compared in order with the file's
// exp_policy, exp_mode, exp_ep, exp_ep_end, exp_vft_sample and exp_rebuild, and the outputs must
// hold while stalled (AXI-stream rule).
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=latte_ctrl sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT /
// ERROR line and $fatal. The machinery is tb_util.vh.
module latte_ctrl_tb;
  parameter integer MaxVectors = 16384;
  localparam Unit = "latte_ctrl";

  // {in fields (65 bits), exp_policy[1:0], exp_mode[1:0], exp_ep[3:0], exp_ep_end,
  //  exp_vft_sample, exp_rebuild} = 76 bits in 19 hex digits
  localparam integer VecBits = 19 * 4;
  localparam integer InBits  = 65;
  localparam integer ExpBits = 11;

`include "tb_util.vh"

  reg rst_n;
  reg in_valid, out_ready;
  reg [1:0] in_kind, in_acc, in_hit_policy, in_cfg_policy, in_cfg_static;
  reg [4:0] in_set;
  reg [5:0] in_qpos, in_warps, in_dll, in_dhc;
  reg [7:0] in_cycles, in_hit_lat;
  reg [9:0] in_miss_lat;
  wire in_ready, out_valid;
  wire [1:0] out_policy, out_mode;
  wire [3:0] out_ep;
  wire out_ep_end, out_vft, out_rebuild;
  wire [ExpBits-1:0] out_word = {out_policy, out_mode, out_ep, out_ep_end, out_vft, out_rebuild};

  integer v;
  integer accepted;
  reg stalled_q;
  reg [ExpBits-1:0] held;

  latte_ctrl u_dut (
    `TB_HANDSHAKE_PORTS
    .in_kind_i            (in_kind),
    .in_set_i             (in_set),
    .in_acc_i             (in_acc),
    .in_hit_policy_i      (in_hit_policy),
    .in_qpos_i            (in_qpos),
    .in_warps_i           (in_warps),
    .in_cycles_i          (in_cycles),
    .in_cfg_policy_i      (in_cfg_policy),
    .in_cfg_static_mode_i (in_cfg_static),
    .in_cfg_hit_lat_i     (in_hit_lat),
    .in_cfg_dlat_ll_i     (in_dll),
    .in_cfg_dlat_hc_i     (in_dhc),
    .in_cfg_miss_lat_i    (in_miss_lat),
    .out_policy_o         (out_policy),
    .out_mode_o           (out_mode),
    .out_ep_o             (out_ep),
    .out_ep_end_o         (out_ep_end),
    .out_vft_sample_o     (out_vft),
    .out_rebuild_o        (out_rebuild)
  );

  task drive;
    input [InBits-1:0] in;
    begin
      {in_kind, in_set, in_acc, in_hit_policy, in_qpos, in_warps, in_cycles, in_cfg_policy,
       in_cfg_static, in_hit_lat, in_dll, in_dhc, in_miss_lat} = in;
    end
  endtask

  task drive_garbage;
    begin
      lfsr = lfsr_next(lfsr);
      drive({lfsr, lfsr, lfsr[0]});
    end
  endtask

  task gap_cycle;
    begin
      @(negedge clk);
      in_valid = 1'b0;
      drive_garbage;
      out_ready = lfsr[20] | lfsr[21];
      gaps = gaps + 1;
    end
  endtask

  task send;
    reg taken;
    begin
      taken = 1'b0;
      while (!taken) begin
        @(negedge clk);
        lfsr = lfsr_next(lfsr);
        out_ready = lfsr[7:5] != 3'd0;
        if (!out_ready) stalls = stalls + 1;
        in_valid = 1'b1;
        drive(mem[v][ExpBits +: InBits]);
        #1;
        taken = in_ready;
      end
      accepted = accepted + 1;
    end
  endtask

  task drain;
    integer waited;
    begin
      waited = 0;
      while (checked != accepted) begin
        @(negedge clk);
        in_valid = 1'b0;
        drive_garbage;
        out_ready = 1'b1;
        waited = waited + 1;
        if (waited > 8) begin
          $display("TIMEOUT unit=%0s sim=iverilog cycle=%0d vector=%0d outstanding=%0d", Unit,
                   cycle, v, accepted - checked);
          $fatal(1);
        end
      end
    end
  endtask

  initial begin
    rst_n = 1'b0;
    in_valid = 1'b0;
    out_ready = 1'b1;
    accepted = 0;
    stalled_q = 1'b0;
    tb_setup;
    drive_garbage;
    repeat (4) @(negedge clk);
    @(negedge clk) rst_n = 1'b1;
    for (v = 0; v < n_vec; v = v + 1) begin
      while (lfsr[3:0] == 4'd0) gap_cycle;
      send;
    end
    @(negedge clk);
    in_valid = 1'b0;
    drain;
    repeat (4) @(negedge clk);
    tb_finish(checked, checked);
  end

  wire [1:0] exp_policy, exp_mode;
  wire [3:0] exp_ep;
  wire exp_ep_end, exp_vft, exp_rebuild;
  assign {exp_policy, exp_mode, exp_ep, exp_ep_end, exp_vft, exp_rebuild} = mem[checked][ExpBits-1:0];

  always @(posedge clk) begin
    if (!rst_n) begin
      stalled_q <= 1'b0;
    end else begin
      tb_check_hold(stalled_q, out_valid, out_word === held, "");
      if (out_valid && out_ready) begin
        if (checked == accepted) tb_unexpected_output(checked, "out_valid");
        `TB_EXPECT(checked, "policy", exp_policy, out_policy)
        `TB_EXPECT(checked, "mode", exp_mode, out_mode)
        `TB_EXPECT(checked, "ep", exp_ep, out_ep)
        `TB_EXPECT(checked, "ep_end", exp_ep_end, out_ep_end)
        `TB_EXPECT(checked, "vft_sample", exp_vft, out_vft)
        `TB_EXPECT(checked, "rebuild", exp_rebuild, out_rebuild)
        checked <= checked + 1;
      end
      stalled_q <= out_valid && !out_ready;
      held <= out_word;
    end
  end
endmodule
