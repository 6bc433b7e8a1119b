// mcast_rc: the multicast route computation unit with a valid/ready interface
// (docs/mcast.md section 6): an input register in front of mcast_split.
//
// Function: for an accepted {in_cur_x_i, in_cur_y_i, in_order_i, in_dests_i}, presents the
// DOR split of the destinations among the five ports (out_port_dests_o, port p at
// [p*N +: N]) and the output port list (out_port_mask_o), as mcast_split() of the C model.
//
// Latency / throughput: 1 cycle, one evaluation per cycle. The register sits on the input
// (2*CoordW + 1 + N = 71 bits for K = 8), the narrowest place to cut: the output is 5*N + 5
// bits. The split is combinational after the register, so the outputs change only when a new
// input is accepted and hold while out_ready_i is low.
//
// What it does not do: in a router the RC needs no register of its own (the paper overlaps it
// with VC allocation); the register is here so the unit can be verified and synthesised as a
// stream like the other tops.
//
// Worked example (K = 8, XY): in_cur = (3,3), in_dests_i = 64'h1 (node 0) -> one cycle later
// out_port_dests_o[2*64 +: 64] = 64'h1 (XNEG: west first), out_port_mask_o = 5'b00100.
module mcast_rc #(
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
  output wire [5*N-1:0]    out_port_dests_o,
  output wire [4:0]        out_port_mask_o
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

  mcast_split #(.K(K), .CoordW(CoordW), .N(N)) u_split (
    .cur_x_i      (cur_x),
    .cur_y_i      (cur_y),
    .order_i      (order),
    .dests_i      (dests),
    .port_dests_o (out_port_dests_o),
    .port_mask_o  (out_port_mask_o)
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
