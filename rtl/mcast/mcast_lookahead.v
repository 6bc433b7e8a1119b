// mcast_lookahead: lookahead multicast route computation for a 3-stage lookahead router
// (seed 003 section 4.3, docs/mcast.md section 5). Bit-exact with mcast_lookahead() of
// cmodel/src/mcast.c for a K x K mesh.
//
// Function: the replica that leaves this router through mesh port p (1 XPOS, 2 XNEG, 3 YPOS,
// 4 YNEG) carries the subset S_p that mcast_split gives port p here; the router must already
// know where the neighbour behind p will send it. For each p this unit splits S_p again at that
// neighbour:
//   next_dests_o[((p-1)*5 + q)*N +: N] = destinations of S_p the neighbour routes through its
//                                        port q (0..4, as in mcast_split),
//   next_mask_o[(p-1)*5 + q]           = that subset is not empty (the neighbour's port list).
// Five RC instances: one for this router (it yields the S_p) and one per neighbour; the paper's
// "3 ~ 4 RC units per input port" counts only the neighbour ones (5.6).
//
// Latency / throughput: combinational.
//
// What it does not do: at the mesh edge the neighbour coordinate wraps (or leaves 0..K-1);
// this is harmless because DOR never routes a destination off the mesh, so S_p is empty there
// and every output bit of that row is 0 (the formal proof covers this, docs/mcast.md 8).
//
// Worked example (K = 4, XY, cur = (1,1) = node 5), dests_i = {0, 5, 6, 7, 9}: S_XPOS = {6, 7}
// is split at (2,1) = node 6 into LOCAL {6}, XPOS {7}: next_mask_o[4:0] = 5'b00011.
module mcast_lookahead #(
  parameter integer K = 8,
  parameter integer CoordW = 3,
  parameter integer N = K * K
) (
  input  wire [CoordW-1:0] cur_x_i,
  input  wire [CoordW-1:0] cur_y_i,
  input  wire              order_i,
  input  wire [N-1:0]      dests_i,
  output wire [20*N-1:0]   next_dests_o,
  output wire [19:0]       next_mask_o
);

  wire [5*N-1:0] here_dests;
  wire [4:0]     here_mask_unused;
  // The LOCAL subset leaves the network here: no neighbour splits it.
  wire [N-1:0]   unused_here_local = here_dests[N-1:0];

  mcast_split #(.K(K), .CoordW(CoordW), .N(N)) u_here (
    .cur_x_i      (cur_x_i),
    .cur_y_i      (cur_y_i),
    .order_i      (order_i),
    .dests_i      (dests_i),
    .port_dests_o (here_dests),
    .port_mask_o  (here_mask_unused)
  );

  // Neighbour coordinates, in port order XPOS, XNEG, YPOS, YNEG (modulo 2^CoordW at the edge).
  wire [CoordW-1:0] one = {{(CoordW-1){1'b0}}, 1'b1};
  wire [4*CoordW-1:0] next_x = {cur_x_i, cur_x_i, cur_x_i - one, cur_x_i + one};
  wire [4*CoordW-1:0] next_y = {cur_y_i - one, cur_y_i + one, cur_y_i, cur_y_i};

  genvar p;
  generate
    for (p = 0; p < 4; p = p + 1) begin : gen_next
      mcast_split #(.K(K), .CoordW(CoordW), .N(N)) u_next (
        .cur_x_i      (next_x[p*CoordW +: CoordW]),
        .cur_y_i      (next_y[p*CoordW +: CoordW]),
        .order_i      (order_i),
        .dests_i      (here_dests[(p+1)*N +: N]),
        .port_dests_o (next_dests_o[p*5*N +: 5*N]),
        .port_mask_o  (next_mask_o[p*5 +: 5])
      );
    end
  endgenerate

endmodule
