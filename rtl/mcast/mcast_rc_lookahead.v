// mcast_rc_lookahead: the lookahead multicast RC with a valid/ready interface (docs/mcast.md
// section 6): an input register in front of mcast_lookahead.
//
// Function: for an accepted {in_cur_x_i, in_cur_y_i, in_order_i, in_dests_i}, presents for each
// neighbour p (0 XPOS, 1 XNEG, 2 YPOS, 3 YNEG) the split, at that neighbour, of the subset this
// router sends it: out_next_dests_o[(p*5 + q)*N +: N] and out_next_mask_o[p*5 + q], as
// mcast_lookahead() of the C model (its rows XPOS..YNEG).
//
// Latency / throughput: 1 cycle, one evaluation per cycle; the register holds the 71-bit input
// (K = 8), not the 20*N + 20 = 1300-bit output.
//
// What it does not do: the LOCAL replica has no next hop, so there is no row for it.
//
// Worked example (K = 8, XY): in_cur = (0,0), in_dests_i = 64'h2 (node 1, the east neighbour)
// -> one cycle later out_next_dests_o[0*64 +: 64] = 64'h2 (the neighbour keeps it: LOCAL),
// out_next_mask_o = 20'h00001.
module mcast_rc_lookahead #(
  parameter integer K = 8,
  parameter integer CoordW = $clog2(K),
  parameter integer N = K * K
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              in_valid_i,
  output wire              in_ready_o,
  input  wire [CoordW-1:0] in_cur_x_i,
  input  wire [CoordW-1:0] in_cur_y_i,
  input  wire              in_order_i,
  input  wire [N-1:0]      in_dests_i,
  output wire              out_valid_o,
  input  wire              out_ready_i,
  output wire [20*N-1:0]   out_next_dests_o,
  output wire [19:0]       out_next_mask_o
);

  wire [CoordW-1:0] cur_x, cur_y;
  wire              order;
  wire [N-1:0]      dests;

  np_stream_register #(.Width(2*CoordW + 1 + N)) u_in_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_data_i   ({in_cur_x_i, in_cur_y_i, in_order_i, in_dests_i}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({cur_x, cur_y, order, dests})
  );

  mcast_lookahead #(.K(K), .CoordW(CoordW), .N(N)) u_lookahead (
    .cur_x_i      (cur_x),
    .cur_y_i      (cur_y),
    .order_i      (order),
    .dests_i      (dests),
    .next_dests_o (out_next_dests_o),
    .next_mask_o  (out_next_mask_o)
  );

`ifndef SYNTHESIS
  initial begin
    if (K < 2 || (1 << CoordW) < K) begin
      $display("ASSERT %m: K = %0d, CoordW = %0d: docs/mcast.md needs K >= 2 and 2^CoordW >= K",
               K, CoordW);
      $fatal;
    end
  end
`endif

endmodule
