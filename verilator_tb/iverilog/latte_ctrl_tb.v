// Icarus (iverilog -g2005) replay of vectors/latte/latte_ctrl.hex through latte_ctrl (docs/latte.md
// 10). Uses only the vector file (no C model). The vectors are one event sequence from reset:
// they are sent in order, each held until accepted (in_ready_o is also low for the 8 decision
// cycles after every EP end), with pseudo-random valid gaps (inputs carry garbage then) and
// out_ready_i low on random cycles; each answer is compared in order with the file's
// exp_policy, exp_mode, exp_ep, exp_ep_end, exp_vft_sample and exp_rebuild, and the outputs must
// hold while stalled (AXI-stream rule).
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=latte_ctrl sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT /
// ERROR line and $fatal. The machinery is tb_util.vh and tb_stream.vh (one answer per event, in
// order; garbage on the inputs while no event is offered).
module latte_ctrl_tb;
  parameter integer MaxVectors = 16384;
  localparam Unit = "latte_ctrl";

  // {in fields (65 bits), exp_policy[1:0], exp_mode[1:0], exp_ep[3:0], exp_ep_end,
  //  exp_vft_sample, exp_rebuild} = 76 bits in 19 hex digits
  localparam integer VecBits = 19 * 4;
  localparam integer InBits  = 65;
  localparam integer ExpBits = 11;

`include "tb_util.vh"
`include "tb_stream.vh"

  localparam integer OutBits = ExpBits;
  wire [1:0] in_kind, in_acc, in_hit_policy, in_cfg_policy, in_cfg_static;
  wire [4:0] in_set;
  wire [5:0] in_qpos, in_warps, in_dll, in_dhc;
  wire [7:0] in_cycles, in_hit_lat;
  wire [9:0] in_miss_lat;
  assign {in_kind, in_set, in_acc, in_hit_policy, in_qpos, in_warps, in_cycles, in_cfg_policy,
          in_cfg_static, in_hit_lat, in_dll, in_dhc, in_miss_lat} = in_word;
  wire [1:0] out_policy, out_mode;
  wire [3:0] out_ep;
  wire out_ep_end, out_vft, out_rebuild;
  wire [OutBits-1:0] out_word = {out_policy, out_mode, out_ep, out_ep_end, out_vft, out_rebuild};
  wire feed_ready = 1'b1;

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

  wire [1:0] exp_policy, exp_mode;
  wire [3:0] exp_ep;
  wire exp_ep_end, exp_vft, exp_rebuild;
  assign {exp_policy, exp_mode, exp_ep, exp_ep_end, exp_vft, exp_rebuild} = exp_word;

  task check_output;
    begin
      `TB_EXPECT(checked, "policy", exp_policy, out_policy)
      `TB_EXPECT(checked, "mode", exp_mode, out_mode)
      `TB_EXPECT(checked, "ep", exp_ep, out_ep)
      `TB_EXPECT(checked, "ep_end", exp_ep_end, out_ep_end)
      `TB_EXPECT(checked, "vft_sample", exp_vft, out_vft)
      `TB_EXPECT(checked, "rebuild", exp_rebuild, out_rebuild)
    end
  endtask
endmodule
