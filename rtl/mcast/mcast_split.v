// mcast_split: combinational multicast route computation of one router (docs/mcast.md
// sections 3-4): splits a destination bit vector among the five output ports by dimension-order
// routing. Bit-exact with mcast_split() of cmodel/src/mcast.c for a K x K mesh.
//
// Function: destination n (bit n of dests_i) sits at column n % K, row n / K. It goes to
//   XY (order_i = 0): XPOS/XNEG while its column differs from cur_x_i, else YPOS/YNEG while its
//                     row differs from cur_y_i, else LOCAL;
//   YX (order_i = 1): the same with rows first.
// port_dests_o[p*N +: N] is the subset routed through port p (0 LOCAL, 1 XPOS = east,
// 2 XNEG = west, 3 YPOS = south, 4 YNEG = north); port_mask_o[p] = |that subset (the output
// port list). The subsets are disjoint and their union is dests_i.
//
// Structure: two thermometer decodes (mcast_axis_cmp) classify every column and row once; each
// destination bit then needs a one-hot port select (a few gates) and an AND with dests_i (written
// as vector expressions over all destinations); each port's mask is an OR-reduction of its N
// masked bits. With the position and the order fixed at design time the selects become
// constants and only the OR trees remain (docs/mcast.md 7).
//
// Latency / throughput: combinational.
//
// What it does not do: no range check of cur_x_i / cur_y_i (they compare as integers, see
// mcast_axis_cmp); no handshake (mcast_rc adds it).
//
// Worked example (K = 4, XY, cur = (1,1) = node 5), dests_i = nodes {0, 5, 6, 7, 9}:
// LOCAL {5}, XPOS {6, 7}, XNEG {0}, YPOS {9}, YNEG {} -> port_mask_o = 5'b01111.
module mcast_split #(
  parameter integer K = 8,
  parameter integer CoordW = 3,
  parameter integer N = K * K
) (
  input  wire [CoordW-1:0] cur_x_i,
  input  wire [CoordW-1:0] cur_y_i,
  input  wire              order_i,
  input  wire [N-1:0]      dests_i,
  output wire [5*N-1:0]    port_dests_o,
  output wire [4:0]        port_mask_o
);

  localparam integer PortLocal = 0;
  localparam integer PortXPos = 1;
  localparam integer PortXNeg = 2;
  localparam integer PortYPos = 3;
  localparam integer PortYNeg = 4;

  wire [K-1:0] col_gt, col_lt, row_gt, row_lt;

  mcast_axis_cmp #(.K(K), .CoordW(CoordW)) u_cols (
    .coord_i (cur_x_i),
    .gt_o    (col_gt),
    .lt_o    (col_lt)
  );

  mcast_axis_cmp #(.K(K), .CoordW(CoordW)) u_rows (
    .coord_i (cur_y_i),
    .gt_o    (row_gt),
    .lt_o    (row_lt)
  );

  // Every destination's column and row tests, spread to one bit per destination: bit n of a
  // *_n vector is the test of column n % K (the K-bit vector repeated K times) or of row n / K
  // (each row bit repeated K times). The routing is then one vector expression per port: the
  // same gates as a loop over destinations, but a simulator evaluates it a word at a time
  // (Verilator's model of the router, 25 of these, compiles in a fraction of the time).
  wire [K*K-1:0] col_gt_kk = {K{col_gt}};
  wire [K*K-1:0] col_lt_kk = {K{col_lt}};
  wire [K*K-1:0] row_gt_kk, row_lt_kk;
  genvar r, p;
  generate
    for (r = 0; r < K; r = r + 1) begin : gen_row
      assign row_gt_kk[r*K +: K] = {K{row_gt[r]}};
      assign row_lt_kk[r*K +: K] = {K{row_lt[r]}};
    end
  endgenerate
  // N is K * K (the parameter only names it).
  wire [N-1:0] col_gt_n = col_gt_kk[N-1:0];
  wire [N-1:0] col_lt_n = col_lt_kk[N-1:0];
  wire [N-1:0] row_gt_n = row_gt_kk[N-1:0];
  wire [N-1:0] row_lt_n = row_lt_kk[N-1:0];

  wire [N-1:0] x_off = col_gt_n | col_lt_n;   // the column still differs
  wire [N-1:0] y_off = row_gt_n | row_lt_n;   // the row still differs
  // The first dimension of the order is corrected unconditionally, the second only once the
  // first one agrees.
  wire [N-1:0] x_turn = order_i ? ~y_off : {N{1'b1}};
  wire [N-1:0] y_turn = order_i ? {N{1'b1}} : ~x_off;

  assign port_dests_o[PortLocal*N +: N] = dests_i & ~x_off & ~y_off;
  assign port_dests_o[PortXPos*N +: N]  = dests_i & x_turn & col_gt_n;
  assign port_dests_o[PortXNeg*N +: N]  = dests_i & x_turn & col_lt_n;
  assign port_dests_o[PortYPos*N +: N]  = dests_i & y_turn & row_gt_n;
  assign port_dests_o[PortYNeg*N +: N]  = dests_i & y_turn & row_lt_n;

  generate
    for (p = 0; p < 5; p = p + 1) begin : gen_mask
      assign port_mask_o[p] = |port_dests_o[p*N +: N];
    end
  endgenerate

endmodule
