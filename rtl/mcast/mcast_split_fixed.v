// mcast_split_fixed: mcast_split hard-wired to one router position and one routing order, as
// the RC of a router placed in a mesh is in silicon (docs/mcast.md section 7).
//
// Function: as mcast_split with cur_x_i = X, cur_y_i = Y, order_i = Order. The constant
// position turns every port select into a constant: each port's subset is a fixed set of
// wires of dests_i, and only the five OR-reductions of port_mask_o remain as logic, which is
// what seed 003 5.6 counts ("at most 59 OR gates for 64 destination nodes").
//
// Latency / throughput: combinational.
//
// What it does not do: it is not a verified top of its own; it only instantiates the
// verified mcast_split with constants (the synthesis gate-count comparison of docs/mcast.md 7
// uses it).
//
// Worked example (K = 8, X = 3, Y = 3, XY): port_mask_o[1] (XPOS) = |dests_i over columns
// 4..7, 32 bits: 31 two-input ORs.
module mcast_split_fixed #(
  parameter integer K = 8,
  parameter integer CoordW = $clog2(K),
  parameter integer N = K * K,
  parameter integer X = 3,
  parameter integer Y = 3,
  parameter integer Order = 0
) (
  input  wire [N-1:0]   dests_i,
  output wire [5*N-1:0] port_dests_o,
  output wire [4:0]     port_mask_o
);

  localparam [CoordW-1:0] CurX = X[CoordW-1:0];
  localparam [CoordW-1:0] CurY = Y[CoordW-1:0];
  localparam              YxOrder = Order != 0;

  mcast_split #(.K(K), .CoordW(CoordW), .N(N)) u_split (
    .cur_x_i      (CurX),
    .cur_y_i      (CurY),
    .order_i      (YxOrder),
    .dests_i      (dests_i),
    .port_dests_o (port_dests_o),
    .port_mask_o  (port_mask_o)
  );

endmodule
