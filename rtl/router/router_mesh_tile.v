// router_mesh_tile: one router of the 4x4 mesh check (docs/router.md 8): router_mcast at K = 4
// with 64-bit links, otherwise npsim's defaults. Its harness (verilator_tb/router_mesh_tile_tb.cpp)
// builds the mesh from sixteen of these models and runs it beside npsim's network.
//
// The mesh is wired in the harness, not in Verilog: a Verilog mesh of sixteen routers, Verilated,
// was 186 MB of C++ (every router inlined) or 133 MB (one class, with its functions copied per
// instance), a build of 5 to 6 CPU minutes; one router is a model built once and stepped sixteen
// times. The wiring rule (router n at x = n % K, y = n / K; output XPOS feeds the XNEG input of
// n+1, XNEG the XPOS of n-1, YPOS the YNEG of n+K, YNEG the YPOS of n-K; credits and releases
// straight back; in_link_i from the neighbour's out_valid_o, out_st_o and, for a neighbour with a
// lower node number, out_sa_o) is in the harness's Mesh::connect.
module router_mesh_tile #(
  parameter integer K        = 4,
  parameter integer Vcs      = 4,
  parameter integer VcsReq   = 2,
  parameter integer Depth    = 8,
  parameter integer McastMax = 9,
  parameter integer FlitW    = 64,
  parameter integer CoordW   = $clog2(K),
  parameter integer VcW      = $clog2(Vcs),
  parameter integer CntW     = $clog2((McastMax > Depth ? McastMax : Depth) + 1)
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
  input  wire [5*Vcs-1:0]      out_release_i,
  input  wire [4:0]            in_link_i,
  output wire [4:0]            out_sa_o,
  output wire [4:0]            out_st_o
);
  router_mcast #(.K(K), .Vcs(Vcs), .VcsReq(VcsReq), .Depth(Depth), .McastMax(McastMax), .FlitW(FlitW)) u_router (
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
    .out_release_i(out_release_i),
    .in_link_i(in_link_i),
    .out_sa_o(out_sa_o),
    .out_st_o(out_st_o)
  );
endmodule
