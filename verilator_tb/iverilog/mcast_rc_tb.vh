// The body of the Icarus replays of vectors/mcast/mcast_rc.hex and mcast_rc_lookahead.hex:
// the two tops take the same inputs and differ only in the width and names of their two
// output ports, which the wrapper (mcast_rc_tb.v, mcast_rc_lookahead_tb.v) gives. Uses only the vector file (no C model): each vector's position, order and
// destination set are sent with pseudo-random valid gaps, the output is taken with
// pseudo-random ready stalls, and every output transfer is compared with the file's exp_mask
// and exp_dests (docs/mcast.md 9). The AXI-stream rule (valid and data hold while ready is low)
// is checked on the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=<top> sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT /
// ERROR line and $fatal. The machinery is tb_util.vh and tb_stream.vh.
// The wrapper declares MaxVectors, Unit, VecBits, MaskBits (output ports: one mask bit and 64
// destination bits each) and MaskField, DestsField (the output fields' names), and defines
// MCAST_RC_TB_DUT (the module), MCAST_RC_TB_DESTS and MCAST_RC_TB_MASK (its output ports).
localparam integer InBits = 3 + 3 + 1 + 64;   // {cur_x[2:0], cur_y[2:0], order, dests[63:0]}
localparam integer ExpBits = MaskBits + 64 * MaskBits;  // {exp_mask, exp_dests}
localparam integer OutBits = ExpBits;

`include "tb_util.vh"
`include "tb_stream.vh"

wire [2:0] in_cur_x, in_cur_y;
wire in_order;
wire [63:0] in_dests;
assign {in_cur_x, in_cur_y, in_order, in_dests} = in_word;
wire [64*MaskBits-1:0] out_dests;
wire [MaskBits-1:0] out_mask;
wire [OutBits-1:0] out_word = {out_mask, out_dests};
wire feed_ready = 1'b1;

`MCAST_RC_TB_DUT u_dut (
  `TB_HANDSHAKE_PORTS
  .in_cur_x_i        (in_cur_x),
  .in_cur_y_i        (in_cur_y),
  .in_order_i        (in_order),
  .in_dests_i        (in_dests),
  .`MCAST_RC_TB_DESTS (out_dests),
  .`MCAST_RC_TB_MASK  (out_mask)
);
`undef MCAST_RC_TB_DUT
`undef MCAST_RC_TB_DESTS
`undef MCAST_RC_TB_MASK

wire [MaskBits-1:0] exp_mask;
wire [64*MaskBits-1:0] exp_dests;
assign {exp_mask, exp_dests} = exp_word;

task check_output;
  begin
    `TB_EXPECT(checked, MaskField, exp_mask, out_mask)
    `TB_EXPECT(checked, DestsField, exp_dests, out_dests)
  end
endtask
