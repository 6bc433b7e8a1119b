// Icarus (iverilog -g2005) replay of vectors/mcast/mcast_rc.hex through mcast_rc: the bench is
// mcast_rc_tb.vh (shared with mcast_rc_lookahead), with mcast_rc's five output ports.
module mcast_rc_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "mcast_rc";
  // {pad, cur_x[2:0], cur_y[2:0], order, dests[63:0], exp_mask[4:0], exp_dests[319:0]}
  localparam integer VecBits = 99 * 4;
  localparam integer MaskBits = 5;
  localparam MaskField = "port_mask";
  localparam DestsField = "port_dests";

`define MCAST_RC_TB_DUT mcast_rc
`define MCAST_RC_TB_DESTS out_port_dests_o
`define MCAST_RC_TB_MASK out_port_mask_o
  `include "mcast_rc_tb.vh"
endmodule
