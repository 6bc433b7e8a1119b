// router_base: the unicast baseline of the multicast router (seed 003 sec. 5.6 overhead): 8x8 mesh,
// 4 VCs (2 request + 2 reply) of 8 flits, 128-bit channels, XY requests, YX replies; no multicast
// RC, no replication, no replication buffers. router_vc with Mcast = 0; docs/router.md.
module router_base #(
  parameter integer K        = 8,
  parameter integer Vcs      = 4,
  parameter integer VcsReq   = 2,
  parameter integer Depth    = 8,
  parameter integer FlitW    = 128,
  parameter integer RouteReq = 0,
  parameter integer RouteRep = 1,
  parameter integer CoordW   = $clog2(K),
  parameter integer VcW      = $clog2(Vcs),
  parameter integer CntW     = $clog2(Depth + 1)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire [CoordW-1:0]     cur_x_i,
  input  wire [CoordW-1:0]     cur_y_i,
  input  wire [4:0]            in_valid_i,
  input  wire [5*VcW-1:0]      in_vc_i,
  input  wire [4:0]            in_head_i,
  input  wire [4:0]            in_tail_i,
  input  wire [5*FlitW-1:0]    in_data_i,
  output wire [5*Vcs*CntW-1:0] in_credit_o,
  output wire [5*Vcs-1:0]      in_release_o,
  output wire [4:0]            out_valid_o,
  output wire [5*VcW-1:0]      out_vc_o,
  output wire [4:0]            out_head_o,
  output wire [4:0]            out_tail_o,
  output wire [5*FlitW-1:0]    out_data_o,
  input  wire [5*Vcs*CntW-1:0] out_credit_i,
  input  wire [5*Vcs-1:0]      out_release_i
);
  router_vc #(.K(K), .Vcs(Vcs), .VcsReq(VcsReq), .Depth(Depth), .Mcast(0), .McastMax(Depth),
              .FlitW(FlitW), .RouteReq(RouteReq), .RouteRep(RouteRep)) u_router (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .cur_x_i(cur_x_i),
    .cur_y_i(cur_y_i),
    .in_valid_i(in_valid_i),
    .in_vc_i(in_vc_i),
    .in_head_i(in_head_i),
    .in_tail_i(in_tail_i),
    .in_data_i(in_data_i),
    .in_credit_o(in_credit_o),
    .in_release_o(in_release_o),
    .out_valid_o(out_valid_o),
    .out_vc_o(out_vc_o),
    .out_head_o(out_head_o),
    .out_tail_o(out_tail_o),
    .out_data_o(out_data_o),
    .out_credit_i(out_credit_i),
    .out_release_i(out_release_i)
  );
endmodule
