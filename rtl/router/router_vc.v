// router_vc: the mesh router of seed 003 sec. 4.3 (Fig. 4), cycle-equivalent to npsim's router
// model (sim/net/router.c; docs/router.md is the specification, to the bit and the cycle).
//
// Input-queued, Vcs virtual channels per input port (VCs 0 .. VcsReq-1 carry requests, the
// rest replies), Depth-flit buffers, wormhole, credit flow control, five ports (0 LOCAL, 1 XPOS,
// 2 XNEG, 3 YPOS, 4 YNEG). Three-stage lookahead pipeline: a head written at c does VA in c
// (its route at this router came in the head, computed one hop ahead), SA from c+1, ST
// (mux crossbar, and the next hop's route computed into the head) in the cycle after SA; the
// output register drives the link.
//
// Mcast = 1: lookahead multicast RC (one mcast_lookahead per input port), asynchronous
// replication (each output port a packet's route names is a target of its own, with its own
// VA, SA and ST; a flit leaves the buffer when every target has copied it) and the replication
// buffers of docs/sim.md "Multicast" (per input port and class, a token: a packet that is
// replicated here and longer than Depth must own it before VA; then every flit's credit goes
// back when the flit becomes eligible for SA, and the VC grows to McastMax slots, which the
// upstream's hold keeps free of other packets). Mcast = 0: the unicast baseline (one target per
// VC, no RC units, Depth slots).
//
// Latency: a flit written at c (in_valid_i at c-1) leaves at the earliest in out_*_o at c+3
// (SA c+1, ST c+2); credits and releases are registered (in_credit_o one cycle after the
// flit's SA).
module router_vc #(
  parameter integer K        = 8,    // mesh side: N = K*K nodes
  parameter integer Vcs      = 4,
  parameter integer VcsReq   = 2,
  parameter integer Depth    = 8,
  parameter integer Mcast    = 1,
  parameter integer McastMax = 9,    // longest multicast packet (flits), >= Depth
  parameter integer FlitW    = 128,
  parameter integer RouteReq = 0,    // 0 XY, 1 YX (requests)
  parameter integer RouteRep = 1,    // replies
  parameter integer CoordW   = $clog2(K),
  parameter integer N        = K * K,
  parameter integer VcW      = $clog2(Vcs),
  parameter integer Cap      = (Mcast != 0 && McastMax > Depth) ? McastMax : Depth,
  parameter integer CntW     = $clog2(Cap + 1)
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire [CoordW-1:0]       cur_x_i,
  input  wire [CoordW-1:0]       cur_y_i,
  // input links: a flit in cycle c is written into VC in_vc at the end of c
  input  wire [4:0]              in_valid_i,
  input  wire [5*VcW-1:0]        in_vc_i,
  input  wire [4:0]              in_head_i,
  input  wire [4:0]              in_tail_i,
  input  wire [5*FlitW-1:0]      in_data_i,
  output reg  [5*Vcs*CntW-1:0]   in_credit_o,    // credits returned per input VC this cycle
  output reg  [5*Vcs-1:0]        in_release_o,   // held input VC released (replication buffer done)
  // output links
  output reg  [4:0]              out_valid_o,
  output reg  [5*VcW-1:0]        out_vc_o,
  output reg  [4:0]              out_head_o,
  output reg  [4:0]              out_tail_o,
  output reg  [5*FlitW-1:0]      out_data_o,
  input  wire [5*Vcs*CntW-1:0]   out_credit_i,   // usable from the next cycle
  input  wire [5*Vcs-1:0]        out_release_i   // a VC held downstream is free from the next cycle
);

  localparam integer P      = 5;
  localparam integer NodeW  = $clog2(N);
  localparam integer LenW   = 8;
  localparam integer NVC    = P * Vcs;
  localparam integer T      = (Mcast != 0) ? P : 1;   // targets per VC
  localparam integer FW     = FlitW + 2;              // stored flit: {tail, head, data}
  localparam integer NSlot  = NVC * Cap;
  localparam integer SlotW  = $clog2(NSlot);
  localparam integer PtrW   = (Cap > 1) ? $clog2(Cap) : 1;
  localparam integer RrVcW  = $clog2(Vcs + 1);
  localparam integer SpanReq = VcsReq;
  localparam integer SpanRep = Vcs - VcsReq;
  // head flit fields (docs/router.md "Flit")
  localparam integer FCls   = 0;
  localparam integer FMc    = 1;
  localparam integer FLen   = 2;
  localparam integer FRoute = FLen + LenW;
  localparam integer FDest  = FRoute + 5;
  localparam integer FPay   = FDest + N;
  localparam [1:0] RbNone = 2'd0, RbNeed = 2'd1, RbOwn = 2'd2;

  // ---- state -------------------------------------------------------------------------------
  reg [FW-1:0]           buf_q [0:NSlot-1];     // VC (p*Vcs+v) owns slots (p*Vcs+v)*Cap ..+Cap-1
  reg [NVC*PtrW-1:0]     bhead_q, bhead_d;
  reg [NVC*CntW-1:0]     bcount_q, bcount_d;
  reg [P-1:0]            jw_q, jw_d;              // a flit was written at the end of the last cycle
  reg [P*VcW-1:0]        jwvc_q, jwvc_d;          // ... into this VC (not SA-eligible this cycle)
  reg [NVC-1:0]          routed_q, routed_d, cls_q, cls_d, split_q, split_d;
  reg [NVC*LenW-1:0]     len_q, len_d, freed_q, freed_d, moved_q, moved_d;
  reg [NVC*2-1:0]        rb_q, rb_d;
  reg [NVC*T-1:0]        tv_q, tv_d, talloc_q, talloc_d, tdone_q, tdone_d;
  reg [NVC*T*3-1:0]      tport_q, tport_d;
  reg [NVC*T*VcW-1:0]    tvc_q, tvc_d;
  reg [NVC*T*LenW-1:0]   tsent_q, tsent_d;
  reg [P*VcW-1:0]        rrin_q, rrin_d;
  reg [P*2-1:0]          rbbusy_q, rbbusy_d;
  reg [P*3-1:0]          rrout_q, rrout_d;
  reg [P*RrVcW-1:0]      rrvc_q, rrvc_d;
  reg [NVC-1:0]          obusy_q, obusy_d, oheld_q, oheld_d, ohold_q, ohold_d;
  reg [NVC*CntW-1:0]     ocred_q, ocred_d;
  reg [2:0]              vacnt_q, vacnt_d;        // VA start port
  // switch traversal stage (per output) and the heads' destinations (per input)
  reg [P-1:0]            st_v_q, st_v_d, st_split_q, st_split_d;
  reg [P*3-1:0]          st_in_q, st_in_d;
  reg [P*SlotW-1:0]      st_slot_q, st_slot_d;
  reg [P*VcW-1:0]        st_vc_q, st_vc_d;
  reg [P*N-1:0]          st_dests_q, st_dests_d;
  reg [P-1:0]            st_cls_q, st_cls_d;
  reg [P*Vcs*CntW-1:0]   credit_d;
  reg [P*Vcs-1:0]        release_d;

  // ---- front flit of every VC (its head fields when it is a head) ---------------------------
  reg [NVC-1:0]      f_cls, f_mc;
  reg [NVC*LenW-1:0] f_len;
  reg [NVC*5-1:0]    f_route;
  reg [NVC*N-1:0]    f_dests;
  reg [FW-1:0]       f_flit;
  wire [NVC*FW-1:0]  front_flits;        // the flit at the head of each VC's ring
  wire [P*FW-1:0]    st_flits;           // the flit each output's switch traversal reads
  genvar gf;
  generate
    for (gf = 0; gf < NVC; gf = gf + 1) begin : gen_front
      assign front_flits[gf*FW +: FW] = buf_q[gf*Cap + {{(32-PtrW){1'b0}}, bhead_q[gf*PtrW +: PtrW]}];
    end
    for (gf = 0; gf < P; gf = gf + 1) begin : gen_st_read
      assign st_flits[gf*FW +: FW] = buf_q[{{(32-SlotW){1'b0}}, st_slot_q[gf*SlotW +: SlotW]}];
    end
  endgenerate
  integer fi;
  always @(*) begin
    f_cls = {NVC{1'b0}};
    f_mc = {NVC{1'b0}};
    f_len = {NVC*LenW{1'b0}};
    f_route = {NVC*5{1'b0}};
    f_dests = {NVC*N{1'b0}};
    f_flit = {FW{1'b0}};
    for (fi = 0; fi < NVC; fi = fi + 1) begin
      f_flit = front_flits[fi*FW +: FW];
      f_cls[fi] = f_flit[FCls];
      f_mc[fi] = f_flit[FMc];
      f_len[fi*LenW +: LenW] = f_flit[FLen +: LenW];
      f_route[fi*5 +: 5] = f_flit[FRoute +: 5];
      f_dests[fi*N +: N] = f_flit[FDest +: N];
    end
  end

  // ---- switch traversal: crossbar, next hop's route, hold rule -------------------------------
  wire [P*20*N-1:0] la_dests;
  wire [P*20-1:0]   la_mask;
  genvar gp;
  generate
    if (Mcast != 0) begin : gen_la
      for (gp = 0; gp < P; gp = gp + 1) begin : gen_in
        mcast_lookahead #(.K(K), .CoordW(CoordW), .N(N)) u_la (
          .cur_x_i      (cur_x_i),
          .cur_y_i      (cur_y_i),
          .order_i      (st_cls_q[gp] ? RouteRep[0] : RouteReq[0]),
          .dests_i      (st_dests_q[gp*N +: N]),
          .next_dests_o (la_dests[gp*20*N +: 20*N]),
          .next_mask_o  (la_mask[gp*20 +: 20])
        );
      end
    end else begin : gen_no_la
      assign la_dests = {P*20*N{1'b0}};
      assign la_mask = {P*20{1'b0}};
    end
  endgenerate

  function automatic [2:0] dor_port;
    input [CoordW-1:0] cx, cy, dx, dy;
    input order;
    reg [2:0] px, py;
    begin
      px = (dx > cx) ? 3'd1 : (dx < cx) ? 3'd2 : 3'd0;
      py = (dy > cy) ? 3'd3 : (dy < cy) ? 3'd4 : 3'd0;
      if (!order) dor_port = (px != 3'd0) ? px : py;
      else dor_port = (py != 3'd0) ? py : px;
    end
  endfunction

  function automatic [2:0] popcount5;
    input [4:0] m;
    begin
      popcount5 = {2'b0, m[0]} + {2'b0, m[1]} + {2'b0, m[2]} + {2'b0, m[3]} + {2'b0, m[4]};
    end
  endfunction

  // small vectors as integers (index arithmetic)
  function automatic integer int3;
    input [2:0] x;
    begin
      int3 = {29'd0, x};
    end
  endfunction

  function automatic integer intv;
    input [VcW-1:0] x;
    begin
      intv = {{(32-VcW){1'b0}}, x};
    end
  endfunction

  // coordinates of a node (x = n % K, y = n / K)
  function automatic [CoordW-1:0] node_x;
    input [NodeW-1:0] n;
    reg [31:0] r;
    begin
      r = {{(32-NodeW){1'b0}}, n} % K;
      node_x = r[CoordW-1:0];
      if (r[31:CoordW] != 0) node_x = {CoordW{1'b1}};   // never: r < K
    end
  endfunction

  function automatic [CoordW-1:0] node_y;
    input [NodeW-1:0] n;
    reg [31:0] r;
    begin
      r = {{(32-NodeW){1'b0}}, n} / K;
      node_y = r[CoordW-1:0];
      if (r[31:CoordW] != 0) node_y = {CoordW{1'b1}};   // never: n < K*K
    end
  endfunction

  reg [P-1:0]       o_valid, o_head, o_tail, hold_now;
  reg [P*VcW-1:0]   o_vc;
  reg [P*FlitW-1:0] o_data;
  reg [FW-1:0]      st_flit;
  reg [N-1:0]       st_set, st_row_or;
  reg [4:0]         st_next;
  reg [CoordW-1:0]  nx, ny;
  reg [NodeW-1:0]   st_dest, st_index;
  reg [CoordW-1:0]  st_dx, st_dy;
  wire [NodeW-1:0]  cur_node = cur_y_i * K[NodeW-1:0] + {{(NodeW-CoordW){1'b0}}, cur_x_i};
  reg               st_mc, st_order;
  reg [2:0]         st_p;
  reg [FlitW-1:0]   st_data;
  integer oq, orr, ob;
  always @(*) begin
    o_valid = st_v_q;
    o_head = {P{1'b0}};
    o_tail = {P{1'b0}};
    o_vc = st_vc_q;
    o_data = {P*FlitW{1'b0}};
    hold_now = {P{1'b0}};
    st_flit = {FW{1'b0}};  st_set = {N{1'b0}};  st_row_or = {N{1'b0}};  st_next = 5'd0;
    nx = cur_x_i;  ny = cur_y_i;  st_dest = {NodeW{1'b0}};  st_index = {NodeW{1'b0}};
    st_dx = {CoordW{1'b0}};  st_dy = {CoordW{1'b0}};  st_mc = 1'b0;  st_order = 1'b0;
    st_p = 3'd0;  st_data = {FlitW{1'b0}};
    for (oq = 0; oq < P; oq = oq + 1) begin
      st_flit = st_flits[oq*FW +: FW];
      st_p = st_in_q[oq*3 +: 3];
      st_data = st_flit[FlitW-1:0];
      st_order = st_data[FCls] ? RouteRep[0] : RouteReq[0];
      // neighbour through port oq (mod 2^CoordW at the edge, where DOR never sends a packet)
      nx = cur_x_i;
      ny = cur_y_i;
      if (oq == 1) nx = cur_x_i + 1'b1;
      if (oq == 2) nx = cur_x_i - 1'b1;
      if (oq == 3) ny = cur_y_i + 1'b1;
      if (oq == 4) ny = cur_y_i - 1'b1;
      if (st_flit[FlitW] && st_data[FMc] && Mcast != 0) begin
        // the replica's subset and its route at the neighbour, from input st_p's RC unit
        st_set = {N{1'b0}};
        st_next = 5'd0;
        for (ob = 0; ob < P; ob = ob + 1)
          if (st_p == ob[2:0]) begin
            if (oq == 0) begin
              st_set = st_dests_q[ob*N +: N] & ({{(N-1){1'b0}}, 1'b1} << cur_node);
            end else begin
              st_row_or = {N{1'b0}};
              for (orr = 0; orr < P; orr = orr + 1)
                st_row_or = st_row_or | la_dests[ob*20*N + ((oq-1)*5 + orr)*N +: N];
              st_set = st_row_or;
              st_next = la_mask[ob*20 + (oq-1)*5 +: 5];
            end
          end
        st_index = {NodeW{1'b0}};
        for (ob = 0; ob < N; ob = ob + 1)
          if (st_set[ob]) st_index = ob[NodeW-1:0];
        st_mc = !(st_split_q[oq] && st_set != {N{1'b0}} && (st_set & (st_set - 1'b1)) == {N{1'b0}});
        st_data[FMc] = st_mc;
        st_data[FRoute +: 5] = st_next;
        st_data[FDest +: N] = st_mc ? st_set : {{(N-NodeW){1'b0}}, st_index};
        hold_now[oq] = st_v_q[oq] && st_mc && st_data[FLen +: LenW] > Depth[LenW-1:0] &&
                       popcount5(st_next) >= 3'd2;
      end else if (st_flit[FlitW]) begin
        st_dest = st_data[FDest +: NodeW];
        st_dx = node_x(st_dest);
        st_dy = node_y(st_dest);
        st_next = 5'd0;
        if (oq != 0) st_next = 5'd1 << dor_port(nx, ny, st_dx, st_dy, st_order);
        st_data[FRoute +: 5] = st_next;
      end
      o_head[oq] = st_flit[FlitW];
      o_tail[oq] = st_flit[FlitW+1];
      o_data[oq*FlitW +: FlitW] = st_data;
    end
  end

  // ---- VA, SA, buffer and credit bookkeeping: the next state -------------------------------
  reg [P-1:0]        sa_found;
  reg [P*VcW-1:0]    sa_vc;
  reg [P*T-1:0]      sa_tmask;
  reg [P-1:0]        req;
  reg [2:0]          va_p, g_p, q3;
  reg [VcW-1:0]      va_v, g_v, vv;
  reg [RrVcW-1:0]    va_start, va_span, va_k;
  reg [4:0]          va_route;
  reg [LenW-1:0]     pos, min_sent, elig;
  reg [CntW-1:0]     cnt;
  reg [PtrW:0]       ptr;
  reg                va_ok, va_found, g_found, all_done, ready_t, jwv, tail_held;
  integer k, v, t, i, q, kk, p, gi, c, ii, ov;
  always @(*) begin
    bhead_d = bhead_q;      bcount_d = bcount_q;     jw_d = {P{1'b0}};   jwvc_d = jwvc_q;
    routed_d = routed_q;    cls_d = cls_q;           split_d = split_q;  len_d = len_q;
    freed_d = freed_q;      moved_d = moved_q;       rb_d = rb_q;
    tv_d = tv_q;            talloc_d = talloc_q;     tdone_d = tdone_q;  tport_d = tport_q;
    tvc_d = tvc_q;          tsent_d = tsent_q;       rrin_d = rrin_q;    rbbusy_d = rbbusy_q;
    rrout_d = rrout_q;      rrvc_d = rrvc_q;         obusy_d = obusy_q;  oheld_d = oheld_q;
    ohold_d = ohold_q;      ocred_d = ocred_q;
    st_v_d = {P{1'b0}};     st_split_d = st_split_q; st_in_d = st_in_q;  st_slot_d = st_slot_q;
    st_vc_d = st_vc_q;      st_dests_d = st_dests_q; st_cls_d = st_cls_q;
    credit_d = {P*Vcs*CntW{1'b0}};
    release_d = {P*Vcs{1'b0}};
    sa_found = {P{1'b0}};   sa_vc = {P*VcW{1'b0}};   sa_tmask = {P*T{1'b0}};
    va_p = 3'd0;  va_v = {VcW{1'b0}};  va_start = {RrVcW{1'b0}};  va_span = {RrVcW{1'b0}};
    va_k = {RrVcW{1'b0}};  va_route = 5'd0;  va_ok = 1'b0;  va_found = 1'b0;  req = {P{1'b0}};
    g_p = 3'd0;  g_v = {VcW{1'b0}};  g_found = 1'b0;  q3 = 3'd0;  vv = {VcW{1'b0}};
    pos = {LenW{1'b0}};  min_sent = {LenW{1'b0}};  elig = {LenW{1'b0}};  cnt = {CntW{1'b0}};
    ptr = {(PtrW+1){1'b0}};  all_done = 1'b0;  ready_t = 1'b0;  jwv = 1'b0;  tail_held = 1'b0;
    c = 0;  ii = 0;  gi = 0;  ov = 0;  i = 0;  q = 0;

    // VA start port: rotates in every cycle the router holds a flit
    vacnt_d = vacnt_q;
    if (bcount_q != {NVC*CntW{1'b0}}) vacnt_d = (vacnt_q == 3'd4) ? 3'd0 : vacnt_q + 3'd1;

    // ---- VC allocation: ports from vacnt_q on, each port's VCs in order, each target of a
    // routed head takes the first free VC of its class from its output's pointer. Sequential,
    // as the model: an earlier grant is seen by a later request.
    for (k = 0; k < P; k = k + 1) begin
      ii = int3(vacnt_q) + k;
      if (ii >= P) ii = ii - P;
      va_p = ii[2:0];
      for (v = 0; v < Vcs; v = v + 1) begin
        i = va_p * Vcs + v;
        if (!routed_d[i] && bcount_q[i*CntW +: CntW] != {CntW{1'b0}}) begin   // route the head
          va_route = f_route[i*5 +: 5];
          routed_d[i] = 1'b1;
          cls_d[i] = f_cls[i];
          len_d[i*LenW +: LenW] = f_len[i*LenW +: LenW];
          freed_d[i*LenW +: LenW] = {LenW{1'b0}};
          moved_d[i*LenW +: LenW] = {LenW{1'b0}};
          split_d[i] = Mcast != 0 && f_mc[i] && popcount5(va_route) >= 3'd2;
          rb_d[i*2 +: 2] = (split_d[i] && f_len[i*LenW +: LenW] > Depth[LenW-1:0]) ? RbNeed : RbNone;
          for (t = 0; t < T; t = t + 1) begin
            talloc_d[i*T + t] = 1'b0;
            tdone_d[i*T + t] = 1'b0;
            tsent_d[(i*T + t)*LenW +: LenW] = {LenW{1'b0}};
            if (T == P) begin
              tv_d[i*T + t] = va_route[t];
              tport_d[(i*T + t)*3 +: 3] = t[2:0];
            end else begin
              tv_d[i*T + t] = 1'b1;
              tport_d[(i*T + t)*3 +: 3] = va_route[1] ? 3'd1 : va_route[2] ? 3'd2 :
                                           va_route[3] ? 3'd3 : va_route[4] ? 3'd4 : 3'd0;
            end
          end
        end
        if (routed_d[i]) begin
          c = cls_d[i] ? 1 : 0;
          va_ok = 1'b1;
          if (rb_d[i*2 +: 2] == RbNeed) begin            // the replication buffer before any VC
            if (rbbusy_d[va_p*2 + c]) va_ok = 1'b0;
            else begin
              rbbusy_d[va_p*2 + c] = 1'b1;
              rb_d[i*2 +: 2] = RbOwn;
            end
          end
          if (va_ok)
            for (t = 0; t < T; t = t + 1)
              if (tv_d[i*T + t] && !talloc_d[i*T + t]) begin
                q = int3(tport_d[(i*T + t)*3 +: 3]);
                va_span = (c != 0) ? SpanRep[RrVcW-1:0] : SpanReq[RrVcW-1:0];
                va_start = rrvc_d[q*RrVcW +: RrVcW];
                if (va_start >= va_span) va_start = {RrVcW{1'b0}};
                va_found = 1'b0;
                for (kk = 0; kk < Vcs; kk = kk + 1)
                  if (kk < va_span && !va_found) begin
                    va_k = va_start + kk[RrVcW-1:0];
                    if (va_k >= va_span) va_k = va_k - va_span;
                    va_v = ((c != 0) ? SpanReq[VcW-1:0] : {VcW{1'b0}}) + va_k[VcW-1:0];
                    if (!obusy_d[q*Vcs + intv(va_v)]) begin
                      va_found = 1'b1;
                      obusy_d[q*Vcs + intv(va_v)] = 1'b1;
                      talloc_d[i*T + t] = 1'b1;
                      tvc_d[(i*T + t)*VcW +: VcW] = va_v;
                      rrvc_d[q*RrVcW +: RrVcW] = va_k + 1'b1;
                    end
                  end
              end
        end
      end
    end

    // ---- switch allocation, input side: the first VC from rr_in with a target ready to send
    // (allocated in an earlier cycle, not done, its next flit in the buffer and past its write
    // cycle, a credit on its output VC)
    for (p = 0; p < P; p = p + 1)
      for (kk = 0; kk < Vcs; kk = kk + 1) begin
        ii = intv(rrin_q[p*VcW +: VcW]) + kk;
        if (ii >= Vcs) ii = ii - Vcs;
        vv = ii[VcW-1:0];
        i = p * Vcs + ii;
        if (!sa_found[p] && routed_q[i]) begin
          for (t = 0; t < T; t = t + 1) begin
            pos = tsent_q[(i*T + t)*LenW +: LenW] - freed_q[i*LenW +: LenW];
            cnt = bcount_q[i*CntW +: CntW];
            jwv = jw_q[p] && jwvc_q[p*VcW +: VcW] == vv;
            q = int3(tport_q[(i*T + t)*3 +: 3]);
            ready_t = tv_q[i*T + t] && talloc_q[i*T + t] && !tdone_q[i*T + t] &&
                      {{(LenW+1-CntW){1'b0}}, cnt} > {1'b0, pos} &&
                      !(jwv && {{(LenW+1-CntW){1'b0}}, cnt} == {1'b0, pos} + 1'b1) &&
                      ocred_q[(q*Vcs + intv(tvc_q[(i*T + t)*VcW +: VcW]))*CntW +: CntW] != {CntW{1'b0}};
            sa_tmask[p*T + t] = ready_t;
          end
          if (sa_tmask[p*T +: T] != {T{1'b0}}) begin
            sa_found[p] = 1'b1;
            sa_vc[p*VcW +: VcW] = vv;
          end else begin
            sa_tmask[p*T +: T] = {T{1'b0}};
          end
        end
      end

    // ---- output side: each output grants the first requesting input from rr_out; the flit
    // goes to the switch traversal stage (one flit may go to several outputs: mux crossbar)
    for (q = 0; q < P; q = q + 1) begin
      req = {P{1'b0}};
      for (p = 0; p < P; p = p + 1)
        for (t = 0; t < T; t = t + 1)
          if (sa_tmask[p*T + t] && tport_q[((p*Vcs + intv(sa_vc[p*VcW +: VcW]))*T + t)*3 +: 3] == q[2:0])
            req[p] = 1'b1;
      g_found = 1'b0;
      g_p = 3'd0;
      for (kk = 0; kk < 2*P; kk = kk + 1) begin
        ii = (kk < P) ? kk : kk - P;
        q3 = ii[2:0];
        if (!g_found && req[q3] && (kk >= P || q3 >= rrout_q[q*3 +: 3])) begin
          g_found = 1'b1;
          g_p = q3;
        end
      end
      if (g_found) begin
        g_v = sa_vc[g_p*VcW +: VcW];
        gi = int3(g_p) * Vcs + intv(g_v);
        for (t = 0; t < T; t = t + 1)
          if (sa_tmask[g_p*T + t] && tport_q[(gi*T + t)*3 +: 3] == q[2:0]) begin
            pos = tsent_q[(gi*T + t)*LenW +: LenW] - freed_q[gi*LenW +: LenW];
            ptr = {1'b0, bhead_q[gi*PtrW +: PtrW]} + pos[PtrW:0];
            if (ptr >= Cap[PtrW:0]) ptr = ptr - Cap[PtrW:0];
            st_v_d[q] = 1'b1;
            st_in_d[q*3 +: 3] = g_p;
            st_slot_d[q*SlotW +: SlotW] = gi[SlotW-1:0] * Cap[SlotW-1:0] + {{(SlotW-PtrW){1'b0}}, ptr[PtrW-1:0]};
            st_split_d[q] = split_q[gi];
            st_vc_d[q*VcW +: VcW] = tvc_q[(gi*T + t)*VcW +: VcW];
            tsent_d[(gi*T + t)*LenW +: LenW] = tsent_q[(gi*T + t)*LenW +: LenW] + 1'b1;
            ov = q * Vcs + intv(tvc_q[(gi*T + t)*VcW +: VcW]);
            ocred_d[ov*CntW +: CntW] = ocred_q[ov*CntW +: CntW] - 1'b1;
            if (tsent_q[(gi*T + t)*LenW +: LenW] + 1'b1 == len_q[gi*LenW +: LenW]) begin
              // tail: the output VC is free from the next cycle, or held when the downstream
              // router takes the packet into its replication buffer
              tdone_d[gi*T + t] = 1'b1;
              // the hold rule of this packet: from its head's switch traversal (this cycle or
              // earlier); a one-flit packet (tail = head) is never held
              if (tsent_q[(gi*T + t)*LenW +: LenW] == {LenW{1'b0}}) tail_held = 1'b0;
              else if (st_v_q[q] && o_head[q] && st_vc_q[q*VcW +: VcW] == tvc_q[(gi*T + t)*VcW +: VcW])
                tail_held = hold_now[q];
              else tail_held = ohold_q[ov];
              if (tail_held)
                oheld_d[ov] = 1'b1;
              else
                obusy_d[ov] = 1'b0;
            end
          end
        rrout_d[q*3 +: 3] = (g_p == 3'd4) ? 3'd0 : g_p + 3'd1;
        rrin_d[g_p*VcW +: VcW] = ({1'b0, g_v} == Vcs[VcW:0] - 1'b1) ? {VcW{1'b0}} : g_v + 1'b1;
      end
    end

    // ---- every input that chose a VC: remove the flits every target has copied (credit back),
    // finish the packet when every target has sent its tail
    for (p = 0; p < P; p = p + 1)
      if (sa_found[p]) begin
        i = p * Vcs + intv(sa_vc[p*VcW +: VcW]);
        st_dests_d[p*N +: N] = f_dests[i*N +: N];
        st_cls_d[p] = f_cls[i];
        min_sent = {LenW{1'b1}};
        all_done = 1'b1;
        for (t = 0; t < T; t = t + 1)
          if (tv_q[i*T + t]) begin
            if (tsent_d[(i*T + t)*LenW +: LenW] < min_sent) min_sent = tsent_d[(i*T + t)*LenW +: LenW];
            if (!tdone_d[i*T + t]) all_done = 1'b0;
          end
        if (freed_q[i*LenW +: LenW] < min_sent) begin
          freed_d[i*LenW +: LenW] = freed_q[i*LenW +: LenW] + 1'b1;
          ptr = {1'b0, bhead_q[i*PtrW +: PtrW]} + 1'b1;
          if (ptr >= Cap[PtrW:0]) ptr = ptr - Cap[PtrW:0];
          bhead_d[i*PtrW +: PtrW] = ptr[PtrW-1:0];
          bcount_d[i*CntW +: CntW] = bcount_d[i*CntW +: CntW] - 1'b1;
          if (rb_q[i*2 +: 2] != RbOwn) credit_d[i*CntW +: CntW] = {{(CntW-1){1'b0}}, 1'b1};
        end
        if (all_done && freed_d[i*LenW +: LenW] == len_q[i*LenW +: LenW]) begin
          routed_d[i] = 1'b0;
          tv_d[i*T +: T] = {T{1'b0}};
          if (rb_q[i*2 +: 2] == RbOwn) begin
            rbbusy_d[p*2 + (cls_q[i] ? 1 : 0)] = 1'b0;
            release_d[i] = 1'b1;
          end
          rb_d[i*2 +: 2] = RbNone;
        end
      end

    // ---- a packet owning its replication buffer: each flit's credit goes back when it becomes
    // eligible for SA (from the cycle after the buffer was acquired)
    for (i = 0; i < NVC; i = i + 1)
      if (rb_q[i*2 +: 2] == RbOwn) begin
        p = i / Vcs;
        v = i % Vcs;
        jwv = jw_q[p] && jwvc_q[p*VcW +: VcW] == v[VcW-1:0];
        elig = freed_q[i*LenW +: LenW] + {{(LenW-CntW){1'b0}}, bcount_q[i*CntW +: CntW]} - {{(LenW-1){1'b0}}, jwv};
        moved_d[i*LenW +: LenW] = elig;
        pos = elig - moved_q[i*LenW +: LenW];                     // flits moved in this cycle
        credit_d[i*CntW +: CntW] = credit_d[i*CntW +: CntW] + pos[CntW-1:0];
      end

    // ---- input links: buffer writes
    for (p = 0; p < P; p = p + 1)
      if (in_valid_i[p]) begin
        i = p * Vcs + intv(in_vc_i[p*VcW +: VcW]);
        bcount_d[i*CntW +: CntW] = bcount_d[i*CntW +: CntW] + 1'b1;
        jw_d[p] = 1'b1;
        jwvc_d[p*VcW +: VcW] = in_vc_i[p*VcW +: VcW];
      end

    // ---- output links: credits and releases from downstream; the hold rule of each head in ST
    for (i = 0; i < NVC; i = i + 1) begin
      ocred_d[i*CntW +: CntW] = ocred_d[i*CntW +: CntW] + out_credit_i[i*CntW +: CntW];
      if (out_release_i[i] && oheld_q[i]) begin
        oheld_d[i] = 1'b0;
        obusy_d[i] = 1'b0;
      end
    end
    for (q = 0; q < P; q = q + 1)
      if (st_v_q[q] && o_head[q]) ohold_d[q*Vcs + intv(st_vc_q[q*VcW +: VcW])] = hold_now[q];
  end

  // ---- buffer writes: one per input port, at slot head + count of its VC (before this cycle's
  // pop: upstream's credits guarantee a free slot)
  reg [P*SlotW-1:0] wr_slot;
  integer wp, wi;
  reg [PtrW:0] wr_ptr;
  always @(*) begin
    wr_ptr = {(PtrW+1){1'b0}};
    wr_slot = {P*SlotW{1'b0}};
    for (wp = 0; wp < P; wp = wp + 1) begin
      wi = wp * Vcs + intv(in_vc_i[wp*VcW +: VcW]);
      wr_ptr = {1'b0, bhead_q[wi*PtrW +: PtrW]} + bcount_q[wi*CntW +: CntW];
      if (wr_ptr >= Cap[PtrW:0]) wr_ptr = wr_ptr - Cap[PtrW:0];
      wr_slot[wp*SlotW +: SlotW] = wi[SlotW-1:0] * Cap[SlotW-1:0] + {{(SlotW-PtrW){1'b0}}, wr_ptr[PtrW-1:0]};
    end
  end

  integer bw;
  always @(posedge clk_i)
    for (bw = 0; bw < P; bw = bw + 1)
      if (in_valid_i[bw])
        buf_q[wr_slot[bw*SlotW +: SlotW]] <= {in_tail_i[bw], in_head_i[bw], in_data_i[bw*FlitW +: FlitW]};

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      bhead_q <= {NVC*PtrW{1'b0}};     bcount_q <= {NVC*CntW{1'b0}};
      jw_q <= {P{1'b0}};               jwvc_q <= {P*VcW{1'b0}};
      routed_q <= {NVC{1'b0}};         cls_q <= {NVC{1'b0}};         split_q <= {NVC{1'b0}};
      len_q <= {NVC*LenW{1'b0}};       freed_q <= {NVC*LenW{1'b0}};  moved_q <= {NVC*LenW{1'b0}};
      rb_q <= {NVC*2{1'b0}};
      tv_q <= {NVC*T{1'b0}};           talloc_q <= {NVC*T{1'b0}};    tdone_q <= {NVC*T{1'b0}};
      tport_q <= {NVC*T*3{1'b0}};      tvc_q <= {NVC*T*VcW{1'b0}};   tsent_q <= {NVC*T*LenW{1'b0}};
      rrin_q <= {P*VcW{1'b0}};         rbbusy_q <= {P*2{1'b0}};      rrout_q <= {P*3{1'b0}};
      rrvc_q <= {P*RrVcW{1'b0}};
      obusy_q <= {NVC{1'b0}};          oheld_q <= {NVC{1'b0}};       ohold_q <= {NVC{1'b0}};
      for (i = 0; i < NVC; i = i + 1) ocred_q[i*CntW +: CntW] <= Depth[CntW-1:0];
      vacnt_q <= 3'd0;
      st_v_q <= {P{1'b0}};             st_split_q <= {P{1'b0}};      st_in_q <= {P*3{1'b0}};
      st_slot_q <= {P*SlotW{1'b0}};    st_vc_q <= {P*VcW{1'b0}};
      st_dests_q <= {P*N{1'b0}};       st_cls_q <= {P{1'b0}};
      out_valid_o <= {P{1'b0}};        out_vc_o <= {P*VcW{1'b0}};
      out_head_o <= {P{1'b0}};         out_tail_o <= {P{1'b0}};      out_data_o <= {P*FlitW{1'b0}};
      in_credit_o <= {P*Vcs*CntW{1'b0}};
      in_release_o <= {P*Vcs{1'b0}};
    end else begin
      bhead_q <= bhead_d;   bcount_q <= bcount_d;   jw_q <= jw_d;       jwvc_q <= jwvc_d;
      routed_q <= routed_d; cls_q <= cls_d;         split_q <= split_d;
      len_q <= len_d;       freed_q <= freed_d;     moved_q <= moved_d; rb_q <= rb_d;
      tv_q <= tv_d;         talloc_q <= talloc_d;   tdone_q <= tdone_d;
      tport_q <= tport_d;   tvc_q <= tvc_d;         tsent_q <= tsent_d;
      rrin_q <= rrin_d;     rbbusy_q <= rbbusy_d;   rrout_q <= rrout_d; rrvc_q <= rrvc_d;
      obusy_q <= obusy_d;   oheld_q <= oheld_d;     ohold_q <= ohold_d; ocred_q <= ocred_d;
      vacnt_q <= vacnt_d;
      st_v_q <= st_v_d;     st_split_q <= st_split_d; st_in_q <= st_in_d;
      st_slot_q <= st_slot_d; st_vc_q <= st_vc_d;   st_dests_q <= st_dests_d; st_cls_q <= st_cls_d;
      out_valid_o <= o_valid; out_vc_o <= o_vc;     out_head_o <= o_head & o_valid;
      out_tail_o <= o_tail & o_valid;               out_data_o <= o_data;
      in_credit_o <= credit_d;
      in_release_o <= release_d;
    end
  end

`ifndef SYNTHESIS
  initial begin
    if (K < 2 || (1 << CoordW) < K || FlitW < FPay || Vcs < 2 || VcsReq < 1 || VcsReq >= Vcs ||
        Depth < 1 || Cap > 255 || (Mcast != 0 && McastMax < 1)) begin
      $display("ASSERT %m: parameters outside docs/router.md: K=%0d FlitW=%0d (>= %0d) Vcs=%0d VcsReq=%0d Depth=%0d",
               K, FlitW, FPay, Vcs, VcsReq, Depth);
      $fatal;
    end
  end
`endif

endmodule
