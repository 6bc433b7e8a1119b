// mcast_miter: formal miter of the multicast RC (tests/formal/mcast_prove.sh, docs/mcast.md 8).
// ok_o = 1 when the RTL (mcast_split and mcast_lookahead, the combinational cores of mcast_rc
// and mcast_rc_lookahead) and the reference description mcast_spec agree on every output bit
// for the free inputs. Every input is free: coordinates are not restricted to 0..K-1.
module mcast_miter #(
  parameter integer K = 8,
  parameter integer CoordW = $clog2(K),
  parameter integer OffByOne = 0
) (
  input  wire [CoordW-1:0] cur_x_i,
  input  wire [CoordW-1:0] cur_y_i,
  input  wire              order_i,
  input  wire [K*K-1:0]    dests_i,
  output wire              split_ok_o,
  output wire              lookahead_ok_o,
  output wire              ok_o
);

  localparam integer N = K * K;

  wire [5*N-1:0]  rtl_split, spec_split;
  wire [4:0]      rtl_split_mask, spec_split_mask;
  wire [20*N-1:0] rtl_next, spec_next;
  wire [19:0]     rtl_next_mask, spec_next_mask;

  mcast_split #(.K(K), .CoordW(CoordW), .N(N)) u_split (
    .cur_x_i (cur_x_i), .cur_y_i (cur_y_i), .order_i (order_i), .dests_i (dests_i),
    .port_dests_o (rtl_split), .port_mask_o (rtl_split_mask)
  );

  mcast_lookahead #(.K(K), .CoordW(CoordW), .N(N)) u_lookahead (
    .cur_x_i (cur_x_i), .cur_y_i (cur_y_i), .order_i (order_i), .dests_i (dests_i),
    .next_dests_o (rtl_next), .next_mask_o (rtl_next_mask)
  );

  mcast_spec #(.K(K), .CoordW(CoordW), .N(N), .OffByOne(OffByOne)) u_spec (
    .cur_x_i (cur_x_i), .cur_y_i (cur_y_i), .order_i (order_i), .dests_i (dests_i),
    .split_dests_o (spec_split), .split_mask_o (spec_split_mask),
    .next_dests_o (spec_next), .next_mask_o (spec_next_mask)
  );

  assign split_ok_o = rtl_split == spec_split && rtl_split_mask == spec_split_mask;
  assign lookahead_ok_o = rtl_next == spec_next && rtl_next_mask == spec_next_mask;
  assign ok_o = split_ok_o & lookahead_ok_o;

endmodule
