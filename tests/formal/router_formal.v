// router_formal: the bounded proof environment of the mesh router (docs/router.md 9,
// tests/formal/router_prove.sh). router_vc (Mcast = 1) in a small configuration, every input
// free within the link protocol, and one tracked flit.
//
// Upstream, per input port and cycle, the solver chooses whether to send, on which VC, and for
// a head the class (by the VC), multicast or not, the length (1..McastMax) and the destinations;
// the environment keeps the protocol: a flit only with a credit, a head only on a VC that is
// free (its last packet's tail sent, and a VC left held by a replication buffer released), the
// route field as the upstream's lookahead RC computes it (mcast_split of the destinations at
// this router, the C model's rule), a multicast head with two or more destinations. Downstream,
// each output VC returns a credit in any cycle the solver chooses while a flit of it is out, and
// a release in any cycle. At most Budget packets go in, one new packet a cycle. Any cycle the
// solver may set stop: from then on no packet starts, the packets under way are completed (on
// each port the next flit of one of them whenever it has a credit), and downstream returns
// every credit and release at once.
//
// One flit is tracked: the solver marks at most one flit it sends (payload bit FlitW-1, which the
// router never rewrites); its packet's route at this router is the set of ports it must leave on.
// Asserted in every cycle:
//   once_on_route   a marked flit leaves only on a port of that route and at most once per port
//                   (no duplication, no wrong port);
//   delivered       Drain cycles after the inputs stopped and the packet was whole, it has
//                   left on every port of the route (no loss:
//                   with Budget packets, the router drains within Drain cycles).
// `ROUTER_FORMAL_CONTROL: the false claim "a marked flit never leaves on two ports" replaces
// them; the solver must refute it (a replication within the bound).
module router_formal #(
  parameter integer K        = 2,
  parameter integer Vcs      = 2,
  parameter integer VcsReq   = 1,
  parameter integer Depth    = 2,
  parameter integer McastMax = 3,
  parameter integer Budget   = 1,      // packets; 0: any number
  parameter integer Drain    = 6,
  parameter integer N        = K * K,
  parameter integer CoordW   = (K > 1) ? $clog2(K) : 1,
  parameter integer NodeW    = $clog2(N),
  parameter integer FlitW    = 15 + N + 1,
  parameter integer VcW      = (Vcs > 1) ? $clog2(Vcs) : 1,
  parameter integer Cap      = (McastMax > Depth) ? McastMax : Depth,
  parameter integer CntW     = $clog2(Cap + 1)
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire [CoordW-1:0] cur_x_i,      // taken in reset, then fixed
  input  wire [CoordW-1:0] cur_y_i,
  input  wire [4:0]        send_i,
  input  wire [5*VcW-1:0]  vc_i,
  input  wire [4:0]        mc_i,
  input  wire [5*2-1:0]    len_i,        // 1 + len_i (clipped to McastMax)
  input  wire [5*N-1:0]    dests_i,      // multicast: the set; unicast: bits NodeW-1:0 the node
  input  wire [4:0]        mark_i,
  input  wire [5*Vcs-1:0]  credit_i,
  input  wire [5*Vcs-1:0]  release_i,
  input  wire              stop_i
);
  localparam integer P = 5;
  localparam integer LenW = 8;
  localparam integer FRoute = 2 + LenW, FDest = FRoute + 5, Mark = FlitW - 1;

  reg [CoordW-1:0] cx, cy;
  reg              stop;
  reg [7:0]        stop_age, injected;  // injected: packets (heads) in
  reg              marked;               // the tracked flit has gone in
  reg [4:0]        route_exp, seen;      // its ports, the ports it has left on
  reg [P*Vcs*CntW-1:0] cred;             // upstream credits per input VC
  reg [P*Vcs*LenW-1:0] left;             // flits of the packet under way per input VC
  reg [P*Vcs*5-1:0]    vroute;           // its route
  reg [P*Vcs-1:0]      vheld;            // left held (replication buffer) until released
  reg [P*Vcs*CntW-1:0] outst;            // downstream: flits out per output VC

  wire [4:0]          in_valid, in_head, in_tail;
  wire [5*VcW-1:0]    in_vc;
  wire [5*FlitW-1:0]  in_data;
  wire [P*Vcs*CntW-1:0] in_credit, out_credit;
  wire [P*Vcs-1:0]    in_release, out_release;
  wire [4:0]          out_valid, out_head, out_tail;
  wire [5*VcW-1:0]    out_vc;
  wire [5*FlitW-1:0]  out_data;
  wire [4:0]          out_sa, out_st;

  // ---- upstream: one legal flit per input port ----------------------------------------------
  wire [4:0] route_of [0:P-1];
  wire [4:0] hold_of;
  wire [4:0] mark_now;
  wire [4:0] mark_low;                   // [p]: a lower port marks a flit now
  wire [4:0] new_now;                    // [p]: port p offers a head now
  wire [4:0] new_low;                    // [p]: a port below p offers a head now (one new packet a cycle)
  assign new_low = {|new_now[3:0], |new_now[2:0], |new_now[1:0], new_now[0], 1'b0};
  assign mark_low = {|mark_now[3:0], |mark_now[2:0], |mark_now[1:0], mark_now[0], 1'b0};
  genvar gp, gv;
  generate
    for (gp = 0; gp < P; gp = gp + 1) begin : gen_up
      // after stop, the next flit of a packet under way (the lowest such VC with a credit), so
      // every packet that went in is whole
      reg [VcW-1:0] cont_v;
      reg           cont_any;
      integer cv;
      always @(*) begin
        cont_v = {VcW{1'b0}};
        cont_any = 1'b0;
        for (cv = Vcs - 1; cv >= 0; cv = cv - 1)
          if (left[(gp*Vcs + cv)*LenW +: LenW] != {LenW{1'b0}} && cred[(gp*Vcs + cv)*CntW +: CntW] != {CntW{1'b0}}) begin
            cont_v = cv[VcW-1:0];
            cont_any = 1'b1;
          end
      end
      wire [VcW-1:0] v = stop ? cont_v : vc_i[gp*VcW +: VcW];
      wire [N-1:0]   d = dests_i[gp*N +: N];
      wire           mc = mc_i[gp];
      wire [NodeW-1:0] dest = d[NodeW-1:0];
      wire [N-1:0]   set = mc ? d : ({{(N-1){1'b0}}, 1'b1} << dest);
      wire           cls = v >= VcsReq[VcW-1:0];
      wire [5*N-1:0] unused_sets;
      wire [4:0]     route;
      mcast_split #(.K(K), .CoordW(CoordW), .N(N)) u_rc (
        .cur_x_i(cx), .cur_y_i(cy), .order_i(cls), .dests_i(set),
        .port_dests_o(unused_sets), .port_mask_o(route));
      wire [LenW-1:0] len = ({6'd0, len_i[gp*2 +: 2]} + 8'd1 > McastMax[LenW-1:0]) ? McastMax[LenW-1:0]
                                                                                    : {6'd0, len_i[gp*2 +: 2]} + 8'd1;
      wire [LenW-1:0] vleft = left[(gp*Vcs + v)*LenW +: LenW];
      wire            head = vleft == {LenW{1'b0}};
      wire [N:0]      dcount;
      assign dcount = popcount_n(d);
      wire ok_head = !vheld[gp*Vcs + v] && (!mc || dcount >= 2);
      assign in_valid[gp] = stop ? cont_any :
                            send_i[gp] && cred[(gp*Vcs + v)*CntW +: CntW] != {CntW{1'b0}} &&
                            (!head || (ok_head && !new_low[gp] && (Budget == 0 || injected < Budget[7:0])));
      assign new_now[gp] = send_i[gp] && !stop && head;
      assign in_vc[gp*VcW +: VcW] = v;
      assign in_head[gp] = head;
      assign in_tail[gp] = head ? len == 8'd1 : vleft == 8'd1;
      assign route_of[gp] = head ? route : vroute[(gp*Vcs + v)*5 +: 5];
      assign hold_of[gp] = mc && len > Depth[LenW-1:0] && popcount5(route) >= 3'd2;
      // one tracked flit: the lowest port's if the solver marks several at once
      assign mark_now[gp] = in_valid[gp] && mark_i[gp] && !marked && (gp == 0 || mark_low[gp] == 1'b0);
      wire [FlitW-1:0] hdata = {1'b0, mc ? d : {{(N-NodeW){1'b0}}, dest}, route, len, mc, cls};
      wire [FlitW-1:0] data = head ? hdata : {FlitW{1'b0}};
      assign in_data[gp*FlitW +: FlitW] = {mark_now[gp], data[FlitW-2:0]};
    end
  endgenerate

  function automatic [N:0] popcount_n;
    input [N-1:0] s;
    integer i;
    begin
      popcount_n = {(N+1){1'b0}};
      for (i = 0; i < N; i = i + 1) popcount_n = popcount_n + {{N{1'b0}}, s[i]};
    end
  endfunction

  function automatic [2:0] popcount5;
    input [4:0] m;
    begin
      popcount5 = {2'b0, m[0]} + {2'b0, m[1]} + {2'b0, m[2]} + {2'b0, m[3]} + {2'b0, m[4]};
    end
  endfunction

  // ---- downstream: a credit while a flit is out (at once after stop), releases --------------
  generate
    for (gv = 0; gv < P*Vcs; gv = gv + 1) begin : gen_down
      wire give = (credit_i[gv] || stop) && outst[gv*CntW +: CntW] != {CntW{1'b0}};
      assign out_credit[gv*CntW +: CntW] = {{(CntW-1){1'b0}}, give};
      assign out_release[gv] = release_i[gv] || stop;
    end
  endgenerate

  router_vc #(.K(K), .Vcs(Vcs), .VcsReq(VcsReq), .Depth(Depth), .Mcast(1), .McastMax(McastMax),
              .FlitW(FlitW), .RouteReq(0), .RouteRep(1)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .cur_x_i(cx), .cur_y_i(cy),
    .in_valid_i(in_valid), .in_vc_i(in_vc), .in_head_i(in_head), .in_tail_i(in_tail), .in_data_i(in_data),
    .in_credit_o(in_credit), .in_release_o(in_release),
    .out_valid_o(out_valid), .out_vc_o(out_vc), .out_head_o(out_head), .out_tail_o(out_tail), .out_data_o(out_data),
    .out_credit_i(out_credit), .out_release_i(out_release),
    .in_link_i(5'd0), .out_sa_o(out_sa), .out_st_o(out_st));

  // ---- the environment's state ----------------------------------------------------------------
  integer p, v, q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cx <= cur_x_i;
      cy <= cur_y_i;
      stop <= 1'b0;
      stop_age <= 8'd0;
      injected <= 8'd0;
      marked <= 1'b0;
      route_exp <= 5'd0;
      seen <= 5'd0;
      cred <= {P*Vcs{Depth[CntW-1:0]}};
      left <= {P*Vcs*LenW{1'b0}};
      vroute <= {P*Vcs*5{1'b0}};
      vheld <= {P*Vcs{1'b0}};
      outst <= {P*Vcs*CntW{1'b0}};
    end else begin
      if (stop_i) stop <= 1'b1;
      // cycles since the inputs stopped and the last packet was whole
      if (stop && left == {P*Vcs*LenW{1'b0}} && !(|in_valid)) begin
        if (stop_age != Drain[7:0]) stop_age <= stop_age + 8'd1;  // saturates: fewer states
      end else stop_age <= 8'd0;
      for (p = 0; p < P; p = p + 1)
        for (v = 0; v < Vcs; v = v + 1) begin
          // credits: spent by a send, returned by the router
          cred[(p*Vcs + v)*CntW +: CntW] <= cred[(p*Vcs + v)*CntW +: CntW] + in_credit[(p*Vcs + v)*CntW +: CntW] -
              {{(CntW-1){1'b0}}, in_valid[p] && in_vc[p*VcW +: VcW] == v[VcW-1:0]};
          if (in_release[p*Vcs + v]) vheld[p*Vcs + v] <= 1'b0;
          if (in_valid[p] && in_vc[p*VcW +: VcW] == v[VcW-1:0]) begin
            if (in_head[p]) begin
              left[(p*Vcs + v)*LenW +: LenW] <= in_tail[p] ? 8'd0 : in_data[p*FlitW + 2 +: LenW] - 8'd1;
              vroute[(p*Vcs + v)*5 +: 5] <= route_of[p];
              if (hold_of[p]) vheld[p*Vcs + v] <= 1'b1;
            end else begin
              left[(p*Vcs + v)*LenW +: LenW] <= left[(p*Vcs + v)*LenW +: LenW] - 8'd1;
            end
          end
        end
      injected <= injected + {7'd0, in_valid[0] & in_head[0]} + {7'd0, in_valid[1] & in_head[1]} +
                  {7'd0, in_valid[2] & in_head[2]} + {7'd0, in_valid[3] & in_head[3]} +
                  {7'd0, in_valid[4] & in_head[4]};
      for (p = 0; p < P; p = p + 1)
        if (mark_now[p]) begin
          marked <= 1'b1;
          route_exp <= route_of[p];
        end
      for (q = 0; q < P; q = q + 1) begin
        if (out_valid[q] && out_data[q*FlitW + Mark]) seen[q] <= 1'b1;
        for (v = 0; v < Vcs; v = v + 1)
          outst[(q*Vcs + v)*CntW +: CntW] <= outst[(q*Vcs + v)*CntW +: CntW] -
              out_credit[(q*Vcs + v)*CntW +: CntW] +
              {{(CntW-1){1'b0}}, out_valid[q] && out_vc[q*VcW +: VcW] == v[VcW-1:0]};
      end
    end
  end

  // ---- the properties ---------------------------------------------------------------------------
  // For a model checker that starts from any state (ABC on the AIG, uninitialised flops free):
  // reset in the first cycle. (Yosys sat sets it with -set-at 1 rst_ni 0.)
  reg started = 1'b0;
  always @(posedge clk_i) started <= 1'b1;
  always @(*) if (!started) assume (!rst_ni);
  wire [4:0] marked_out;
  generate
    for (gp = 0; gp < P; gp = gp + 1) begin : gen_seen
      assign marked_out[gp] = out_valid[gp] && out_data[gp*FlitW + Mark];
    end
  endgenerate
  always @(*) begin
    if (rst_ni) begin
`ifdef ROUTER_FORMAL_CONTROL
      assert (popcount5(seen | marked_out) < 3'd2);
`else
      // once_on_route
      assert ((marked_out & ~route_exp) == 5'd0);
      assert ((marked_out & seen) == 5'd0);
`ifndef ROUTER_FORMAL_SAFETY
      // delivered
      if (marked && stop_age >= Drain[7:0]) assert ((seen | marked_out) == route_exp);
`endif
`endif
    end
  end
endmodule
