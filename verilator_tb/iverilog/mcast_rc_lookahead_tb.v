// Icarus (iverilog -g2005) replay of vectors/mcast/mcast_rc_lookahead.hex through
// mcast_rc_lookahead: the bench is mcast_rc_tb.vh (shared with mcast_rc), with the lookahead
// form's 20 (port, next port) outputs.
module mcast_rc_lookahead_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "mcast_rc_lookahead";
  // {pad, cur_x[2:0], cur_y[2:0], order, dests[63:0], exp_mask[19:0], exp_dests[1279:0]}
  localparam integer VecBits = 343 * 4;
  localparam integer MaskBits = 20;
  localparam MaskField = "next_mask";
  localparam DestsField = "next_dests";

`define MCAST_RC_TB_DUT mcast_rc_lookahead
`define MCAST_RC_TB_DESTS out_next_dests_o
`define MCAST_RC_TB_MASK out_next_mask_o
  `include "mcast_rc_tb.vh"
endmodule
