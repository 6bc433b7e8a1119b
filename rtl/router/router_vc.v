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
  // VC allocator (npsim's va_alloc): 1 separable (BookSim2's separable input-first, one
  // iteration; npsim's default and the built router's, docs/router.md 11), 0 sequential
  // (docs/router.md 4)
  parameter integer VaAlloc  = 1,
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
  input  wire [5*Vcs-1:0]        out_release_i,  // a VC held downstream is free from the next cycle
  // The VA start port's rule counts flits on the input links (npsim writes a flit into the
  // downstream buffer at its SA; docs/router.md 4): in_link_i[p], a flit for input p is on its
  // way and counts this cycle. A mesh wires it from the upstream's out_sa_o (a flit granted to
  // that output now: only for an upstream npsim steps before this router, a lower node
  // number), out_st_o (granted in the last cycle) and out_valid_o; an NI's flits count once
  // written (0).
  input  wire [4:0]              in_link_i,
  output wire [4:0]              out_sa_o,
  output wire [4:0]              out_st_o
);

  localparam integer P      = 5;
  localparam integer NodeW  = $clog2(N);
  localparam integer LenW   = 8;
  localparam integer NVC    = P * Vcs;
  localparam integer T      = (Mcast != 0) ? P : 1;   // targets per VC
  localparam integer FW     = FlitW + 2;              // stored flit: {tail, head, data}
  localparam integer PtrW   = (Cap > 1) ? $clog2(Cap) : 1;
  localparam integer RrVcW  = $clog2(Vcs + 1);
  localparam integer SpanReq = VcsReq;
  localparam integer SpanRep = Vcs - VcsReq;
  localparam integer SpanMax = (SpanReq > SpanRep) ? SpanReq : SpanRep;
  // head flit fields (docs/router.md "Flit")
  localparam integer FCls   = 0;
  localparam integer FMc    = 1;
  localparam integer FLen   = 2;
  localparam integer FRoute = FLen + LenW;
  localparam integer FDest  = FRoute + 5;
  localparam integer FPay   = FDest + N;
  localparam [1:0] RbNone = 2'd0, RbNeed = 2'd1, RbOwn = 2'd2;

  // Every index into the state below is a constant (a loop variable or a parameter): a run-time
  // choice (the VA start port, an input's chosen VC, an output's granted input) is a one-hot
  // select, an `if (sel == k)` enable or an AND-OR multiplexer, and each process is per VC, per
  // input or per output. The only addressed arrays are the per-VC buffer rings (small memories).
  // Written with run-time indices into packed vectors, in one process, Yosys's front end spent
  // over 23 CPU minutes on this module. A target of a VC is an output port (Mcast = 1: target q
  // is port q) or the VC's one target (Mcast = 0: target 0, on the port tv_q names), so the
  // target of output q is (T == P ? q : 0).

  // ---- state -------------------------------------------------------------------------------
  reg [NVC*PtrW-1:0]     bhead_q, bhead_d;
  reg [NVC*CntW-1:0]     bcount_q, bcount_d;
  reg [P-1:0]            jw_q, jw_d;              // a flit was written at the end of the last cycle
  reg [P*VcW-1:0]        jwvc_q, jwvc_d;          // ... into this VC (not SA-eligible this cycle)
  reg [NVC-1:0]          routed_q, routed_d, cls_q, cls_d, split_q, split_d;
  // newh_q: a head waits to be routed (not routed, the ring not empty), kept as a flag so VA
  // starts from it rather than from the count (timing)
  reg [NVC-1:0]          newh_q, newh_d;
  reg [NVC*LenW-1:0]     len_q, len_d, freed_q, freed_d, moved_q, moved_d;
  reg [NVC*2-1:0]        rb_q, rb_d;
  reg [NVC*P-1:0]        tv_q, tv_d;              // the output ports of the VC's targets
  reg [NVC*T-1:0]        talloc_q, talloc_d, tdone_q, tdone_d;
  // sbase_q: the target may send as far as the input VC knows (routed, tail not sent, its next
  // flit in the buffer and past its write cycle: SA's buffer test, docs/router.md 4), a flag so
  // that switch allocation starts from registers and ANDs fewer terms (timing: the buffer test
  // from tsent - freed and the count put an 8-bit subtract and compare before SA)
  reg [NVC*T-1:0]        sbase_q, sbase_d;
  reg [NVC*T*VcW-1:0]    tvc_q, tvc_d;
  reg [NVC*T*LenW-1:0]   tsent_q, tsent_d;
  reg [NVC-1:0]          rrinm_q, rrinm_d;        // [p*Vcs + v]: VC v is at or after input p's rr_in
  reg [P*2-1:0]          rbbusy_q, rbbusy_d;
  reg [P*P-1:0]          rroutm_q, rroutm_d;      // [q*P + p]: input p is at or after output q's rr_out
  reg [NVC-1:0]          obusy_q, obusy_d, oheld_q, oheld_d, ohold_q, ohold_d;
  reg [NVC*CntW-1:0]     ocred_q, ocred_d;
  reg [NVC-1:0]          ocnz_q, ocnz_d;          // the output VC has a credit (ocred_q != 0)
  // switch traversal stage (per output) and the heads' destinations (per input). The buffer
  // slot ST reads (slot st_ptr of VC st_invc of input st_in): per output when a VC's targets
  // may read different flits in one cycle (Mcast = 1, asynchronous replication), per input in
  // the baseline (an input sends one flit a cycle: one read port, then the 5x5 crossbar).
  reg [P-1:0]            st_v_q, st_v_d, st_split_q, st_split_d;
  reg [P*3-1:0]          st_in_q, st_in_d;
  reg [P*VcW-1:0]        st_invc_q, st_invc_d;
  reg [P*PtrW-1:0]       st_ptr_q, st_ptr_d;
  reg [P*VcW-1:0]        st_vc_q, st_vc_d;
  reg [P*N-1:0]          st_dests_q, st_dests_d;
  reg [P-1:0]            st_cls_q, st_cls_d;
  reg [P*Vcs*CntW-1:0]   credit_d;
  reg [P*Vcs-1:0]        release_d;

  // ---- the buffers: a ring of Cap slots per VC (router_ring), written at head + count, read
  // at its head (VA's view of the front flit, a register) and by the switch traversal read
  // ports (ring_rd): every output's (Mcast = 1), or only its own input's (baseline; the other
  // read ports of ring_rd are 0 and never read). One module for the 20 buffers so the
  // hierarchical synthesis flow maps it once (docs/router.md 7).
  wire [NVC-1:0]        f_cls, f_split, f_long;   // f_split/f_long: VA's tests of the head
  wire [NVC*LenW-1:0]   f_len;
  wire [NVC*5-1:0]      f_route;
  wire [NVC*N-1:0]      f_dests;
  wire [NVC*P*FW-1:0]   ring_rd;         // [(i*P + r)]: VC i's slot st_ptr of read port r
  localparam integer FrontW = FRoute + 5;   // the head fields VA reads: class, mc, length, route
  localparam integer Reads  = (Mcast != 0) ? P : 1;
  genvar gv, gr;
  generate
    for (gv = 0; gv < NVC; gv = gv + 1) begin : gen_ring
      localparam integer Pw = gv / Vcs;
      localparam integer Vw = gv % Vcs;
      wire [FrontW-1:0]   front;
      wire [1:0]          front_t;
      wire [Reads*FW-1:0] rd;
      wire [Reads*PtrW-1:0] rd_ptr;
      if (Mcast != 0) begin : gen_rd_out
        assign rd_ptr = st_ptr_q;
      end else begin : gen_rd_in
        assign rd_ptr = st_ptr_q[Pw*PtrW +: PtrW];
      end
      router_ring #(
        .Cap(Cap), .FlitW(FlitW), .Reads(Reads), .Depth(Depth), .Mcast(Mcast), .N(N),
        .FMc(FMc), .FLen(FLen), .LenW(LenW), .FRoute(FRoute), .FDest(FDest), .FrontW(FrontW),
        .PtrW(PtrW), .CntW(CntW), .FW(FW)
      ) u_ring (
        .clk_i         (clk_i),
        .rst_ni        (rst_ni),
        .wr_i          (in_valid_i[Pw] && in_vc_i[Pw*VcW +: VcW] == Vw[VcW-1:0]),
        .wr_flit_i     ({in_tail_i[Pw], in_head_i[Pw], in_data_i[Pw*FlitW +: FlitW]}),
        .head_i        (bhead_q[gv*PtrW +: PtrW]),
        .count_i       (bcount_q[gv*CntW +: CntW]),
        .at_tail_i     (routed_q[gv] && freed_q[gv*LenW +: LenW] + 1'b1 == len_q[gv*LenW +: LenW]),
        .rd_ptr_i      (rd_ptr),
        .rd_o          (rd),
        .front_o       (front),
        .front_t_o     (front_t),
        .front_dests_o (f_dests[gv*N +: N])
      );
      assign f_cls[gv] = front[FCls];
      assign f_len[gv*LenW +: LenW] = front[FLen +: LenW];
      assign f_route[gv*5 +: 5] = front[FRoute +: 5];
      assign f_split[gv] = front_t[0];
      assign f_long[gv] = front_t[1];
      for (gr = 0; gr < P; gr = gr + 1) begin : gen_rd
        if (Mcast != 0) begin : gen_out
          assign ring_rd[(gv*P + gr)*FW +: FW] = rd[gr*FW +: FW];
        end else if (gr == Pw) begin : gen_own
          assign ring_rd[(gv*P + gr)*FW +: FW] = rd;
        end else begin : gen_none
          assign ring_rd[(gv*P + gr)*FW +: FW] = {FW{1'b0}};
        end
      end
    end
  endgenerate

  // ---- switch traversal: buffer read and mux crossbar. Read port r: output r (Mcast = 1: VC
  // st_invc of input st_in; the targets of one VC may read different flits in one cycle), or
  // input r (baseline: its VC st_invc; an input sends one flit a cycle, output q then takes
  // read port st_in: the 5x5 crossbar)
  wire [P*FW-1:0] st_flits;              // the flit each output's switch traversal reads
  wire [P*FW-1:0] rd_flits;
  generate
    for (gr = 0; gr < P; gr = gr + 1) begin : gen_xbar
      reg [FW-1:0] rd, xb;
      integer i, p;
      always @(*) begin
        rd = {FW{1'b0}};
        for (i = 0; i < NVC; i = i + 1)
          if (Mcast != 0 || i / Vcs == gr)
            rd = rd | (ring_rd[(i*P + gr)*FW +: FW] &
                       {FW{(Mcast == 0 || {29'd0, st_in_q[gr*3 +: 3]} == i / Vcs) &&
                            {{(32-VcW){1'b0}}, st_invc_q[gr*VcW +: VcW]} == i % Vcs}});
      end
      assign rd_flits[gr*FW +: FW] = rd;
      always @(*) begin
        xb = {FW{1'b0}};
        for (p = 0; p < P; p = p + 1)
          xb = xb | (rd_flits[p*FW +: FW] & {FW{st_in_q[gr*3 +: 3] == p[2:0]}});
      end
      assign st_flits[gr*FW +: FW] = (Mcast != 0) ? rd : xb;
    end
  endgenerate

  // ---- switch traversal: next hop's route, replica subset, hold rule -------------------------
  // Per input gp and non-local output port q (= output go - 1): the replica subset, the OR of
  // the lookahead's five per-next-port subsets, and that route's port mask. The OR is taken here,
  // one N-bit net per pair, and the output selects a pair by st_in afterwards: the same gates as
  // selecting first, but a simulator no longer gathers the 6,400 lookahead bits into one vector
  // (Verilator rebuilt it as ever wider concatenations every cycle, ~38 % of the harness run;
  // see "RTL forms that make simulation slow" in the harness README).
  wire [N-1:0] la_set  [0:P*4-1];
  wire [4:0]   la_next [0:P*4-1];
  genvar gp, gport;
  generate
    if (Mcast != 0) begin : gen_la
      for (gp = 0; gp < P; gp = gp + 1) begin : gen_in
        wire [20*N-1:0] dests;
        wire [19:0]     mask;
        mcast_lookahead #(.K(K), .CoordW(CoordW), .N(N)) u_la (
          .cur_x_i      (cur_x_i),
          .cur_y_i      (cur_y_i),
          .order_i      (st_cls_q[gp] ? RouteRep[0] : RouteReq[0]),
          .dests_i      (st_dests_q[gp*N +: N]),
          .next_dests_o (dests),
          .next_mask_o  (mask)
        );
        for (gport = 0; gport < 4; gport = gport + 1) begin : gen_port
          assign la_set[gp*4 + gport]  = dests[gport*5*N +: N] | dests[gport*5*N + N +: N] |
                                      dests[gport*5*N + 2*N +: N] | dests[gport*5*N + 3*N +: N] |
                                      dests[gport*5*N + 4*N +: N];
          assign la_next[gp*4 + gport] = mask[gport*5 +: 5];
        end
      end
    end else begin : gen_no_la
      for (gp = 0; gp < P*4; gp = gp + 1) begin : gen_zero
        assign la_set[gp]  = {N{1'b0}};
        assign la_next[gp] = 5'd0;
      end
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

  // the highest node of a set (a replica with one destination becomes unicast to it)
  function automatic [NodeW-1:0] last_node;
    input [N-1:0] set;
    integer n;
    begin
      last_node = {NodeW{1'b0}};
      for (n = 0; n < N; n = n + 1)
        if (set[n]) last_node = n[NodeW-1:0];
    end
  endfunction

  wire [P-1:0]       o_valid = st_v_q;
  wire [P*VcW-1:0]   o_vc = st_vc_q;
  wire [P-1:0]       o_head, o_tail, hold_now;
  wire [P*FlitW-1:0] o_data;
  wire [NodeW-1:0]   cur_node = cur_y_i * K[NodeW-1:0] + {{(NodeW-CoordW){1'b0}}, cur_x_i};
  wire [N-1:0]       cur_bit = {{(N-1){1'b0}}, 1'b1} << cur_node;
  genvar go;
  generate
    for (go = 0; go < P; go = go + 1) begin : gen_st
      wire [FW-1:0]    flit = st_flits[go*FW +: FW];
      wire [FlitW-1:0] data = flit[FlitW-1:0];
      // the neighbour through this port (mod 2^CoordW at the edge, where DOR never sends a packet)
      wire [CoordW-1:0] nx = (go == 1) ? cur_x_i + 1'b1 : (go == 2) ? cur_x_i - 1'b1 : cur_x_i;
      wire [CoordW-1:0] ny = (go == 3) ? cur_y_i + 1'b1 : (go == 4) ? cur_y_i - 1'b1 : cur_y_i;
      // a multicast head: the replica's subset and its route at the neighbour, from the RC unit
      // of input st_in
      // every input's subset and route towards this output (LOCAL: none, its set is cur_bit's)
      localparam integer Q = (go == 0) ? 0 : go - 1;
      wire [P*N-1:0] cand_set;
      wire [P*5-1:0] cand_next;
      genvar gb;
      for (gb = 0; gb < P; gb = gb + 1) begin : gen_cand
        assign cand_set[gb*N +: N]  = la_set[gb*4 + Q];
        assign cand_next[gb*5 +: 5] = la_next[gb*4 + Q];
      end
      reg [N-1:0] set;
      reg [4:0]   mc_next;
      integer ob;
      always @(*) begin
        set = {N{1'b0}};
        mc_next = 5'd0;
        for (ob = 0; ob < P; ob = ob + 1)
          if (st_in_q[go*3 +: 3] == ob[2:0]) begin
            if (go == 0) set = st_dests_q[ob*N +: N] & cur_bit;
            else begin
              set = cand_set[ob*N +: N];
              mc_next = cand_next[ob*5 +: 5];
            end
          end
      end
      wire mc_head = flit[FlitW] && data[FMc] && Mcast != 0;
      wire mc = !(st_split_q[go] && set != {N{1'b0}} && (set & (set - 1'b1)) == {N{1'b0}});
      // a unicast head: its DOR port at the neighbour
      wire [NodeW-1:0] dest = data[FDest +: NodeW];
      wire [4:0] uc_next = (go == 0) ? 5'd0 :
                           5'd1 << dor_port(nx, ny, node_x(dest), node_y(dest),
                                            data[FCls] ? RouteRep[0] : RouteReq[0]);
      reg [FlitW-1:0] out;
      always @(*) begin
        out = data;
        if (mc_head) begin
          out[FMc] = mc;
          out[FRoute +: 5] = mc_next;
          out[FDest +: N] = mc ? set : {{(N-NodeW){1'b0}}, last_node(set)};
        end else if (flit[FlitW]) out[FRoute +: 5] = uc_next;
      end
      assign hold_now[go] = st_v_q[go] && mc_head && mc && data[FLen +: LenW] > Depth[LenW-1:0] &&
                            popcount5(mc_next) >= 3'd2;
      assign o_head[go] = flit[FlitW];
      assign o_tail[go] = flit[FlitW+1];
      assign o_data[go*FlitW +: FlitW] = out;
    end
  endgenerate

  // ---- next state (docs/router.md 4): each step's results are signals of their own, computed
  // per VC, per input or per output, so every process is small ------------------------------

  function automatic [Vcs-1:0] vc_onehot;
    input [VcW-1:0] x;
    integer j;
    begin
      for (j = 0; j < Vcs; j = j + 1) vc_onehot[j] = x == j[VcW-1:0];
    end
  endfunction

  // The separable VC allocator's round-robin arbiters (over the router's NVC input or output
  // VCs): the first request at or after the pointer, else the first; the pointer past a grant.
  // Written as "no request ahead of j", with "k is ahead of j" decoded from the pointer alone
  // (a register): every grant bit is one AND over the other requests, not a mask, an OR over it
  // and a priority chain after the requests (timing; the same grant)
  localparam integer VaRrW = $clog2(NVC);
  function automatic [NVC-1:0] rr_first;
    input [NVC-1:0]   x;
    input [VaRrW-1:0] ptr;
    reg   [NVC-1:0]   ge, below, ahead;    // ge[m]: ptr <= m; below: the indices before j
    integer j;
    begin
      // (vector expressions, one per j: as bit loops over k the Verilated model grew by 2 MB of
      // C++ when each input VC got a second arbiter)
      ge = {NVC{1'b1}} << ptr;
      for (j = 0; j < NVC; j = j + 1) begin
        below = ~({NVC{1'b1}} << j);
        // ahead of j: when j is at or after the pointer, those before it that are too; else
        // every one before it and every one at or after the pointer
        ahead = ge[j] ? below & ge : below | ge;
        rr_first[j] = x[j] && (x & ahead) == {NVC{1'b0}};
      end
    end
  endfunction

  function automatic [VaRrW-1:0] rr_past;   // one-hot x: its index + 1, mod NVC (x = 0: 0)
    input [NVC-1:0] x;
    integer j;
    begin
      rr_past = {VaRrW{1'b0}};
      for (j = 0; j < NVC - 1; j = j + 1)
        if (x[j]) rr_past = rr_past | (j[VaRrW-1:0] + 1'b1);
    end
  endfunction

  assign out_sa_o = st_v_d;
  assign out_st_o = st_v_q;

  // ---- VC allocation. Sequential (VaAlloc = 0, npsim's va_alloc = sequential): ports from
  // vacnt_q on, each port's VCs in order, each target of a routed head takes the first free VC of
  // its class from its output's pointer; an earlier grant is seen by a later request. Outputs do
  // not interact, and an input port's replication buffers only with its own VCs: so the new heads
  // are routed per VC, each port gives its replication buffers in VC order, and each output runs
  // one chain over the requests in the rotated port order. VaAlloc = 1: separable (gen_va_sep).
  // Both share the routing of new heads and the replication buffers.
  wire [NVC-1:0]       newh, r_cls, r_split;     // a head routed now; class, split after routing
  wire [NVC*2-1:0]     r_rb;
  wire [NVC*P-1:0]     r_tv;                     // output ports of the targets after routing
  wire [NVC*T-1:0]     r_talloc;
  wire [NVC-1:0]       va_ok;                    // may ask for VCs (replication buffer owned if needed)
  wire [NVC*2-1:0]     va_rb;
  wire [P*2-1:0]       rb_take;                  // replication buffers taken now, per port and class
  wire [P*NVC-1:0]     va_want, va_gnt;          // [q*NVC + i]: VC i's target on output q needs a VC, gets
  wire [P*NVC*VcW-1:0] va_gvc;                   // ... this output VC
  wire [P*Vcs-1:0]     va_busy;                  // output VCs owned after VA
  genvar gi, gj, gq, gk, gc, gm, gn;
  generate
    for (gi = 0; gi < NVC; gi = gi + 1) begin : gen_route
      wire [4:0] route = f_route[gi*5 +: 5];
      assign newh[gi] = newh_q[gi];
      assign r_cls[gi] = newh[gi] ? f_cls[gi] : cls_q[gi];
      assign r_split[gi] = newh[gi] ? f_split[gi] : split_q[gi];
      assign r_rb[gi*2 +: 2] = !newh[gi] ? rb_q[gi*2 +: 2] : (f_split[gi] && f_long[gi]) ? RbNeed : RbNone;
      // a target per port of the route (Mcast = 0: the one port, the lowest mesh port first)
      assign r_tv[gi*P +: P] = !newh[gi] ? tv_q[gi*P +: P] : (T == P) ? route :
                               route[1] ? 5'b00010 : route[2] ? 5'b00100 : route[3] ? 5'b01000 :
                               route[4] ? 5'b10000 : 5'b00001;
      assign r_talloc[gi*T +: T] = newh[gi] ? {T{1'b0}} : talloc_q[gi*T +: T];
      for (gq = 0; gq < P; gq = gq + 1) begin : gen_req
        assign va_want[gq*NVC + gi] = r_tv[gi*P + gq] && !r_talloc[gi*T + (T == P ? gq : 0)];
      end
    end
    // replication buffers: per input port and class, in VC order. The model's walk over the VCs
    // (a VC that needs its class's buffer takes it when it is free, and then it is busy for the
    // VCs after it) in closed form: a VC that needs the buffer of class c gets it when it was free
    // and no VC before it needs it too, so no chain of `busy` runs through the VCs (timing: this
    // is where VA's path starts)
    for (gp = 0; gp < P; gp = gp + 1) begin : gen_rb
      reg [1:0]       busy, asked;       // asked: a VC before this one needs the class's buffer
      reg [Vcs-1:0]   ok, act, need;
      reg [Vcs*2-1:0] rb;
      integer v;
      always @(*) begin
        asked = 2'b00;
        rb = r_rb[gp*Vcs*2 +: Vcs*2];
        for (v = 0; v < Vcs; v = v + 1) begin
          act[v] = routed_q[gp*Vcs + v] || newh[gp*Vcs + v];
          need[v] = act[v] && rb[v*2 +: 2] == RbNeed;
          ok[v] = act[v] && !(need[v] && (r_cls[gp*Vcs + v] ? rbbusy_q[gp*2 + 1] || asked[1] :
                                                              rbbusy_q[gp*2] || asked[0]));
          if (need[v] && ok[v]) rb[v*2 +: 2] = RbOwn;
          if (need[v]) asked = asked | (r_cls[gp*Vcs + v] ? 2'b10 : 2'b01);
        end
        busy = rbbusy_q[gp*2 +: 2] | asked;
      end
      assign va_ok[gp*Vcs +: Vcs] = ok;
      assign va_rb[gp*Vcs*2 +: Vcs*2] = rb;
      assign rb_take[gp*2 +: 2] = busy & ~rbbusy_q[gp*2 +: 2];
    end
    if (VaAlloc == 0) begin : gen_va_seq
      // its state (the separable allocator's is its own): the start port, each output's pointer
      reg  [2:0]         vacnt_q, vacnt_d;
      reg  [P*RrVcW-1:0] rrvc_q, rrvc_d;
      always @(posedge clk_i)
        if (!rst_ni) begin
          vacnt_q <= 3'd0;
          rrvc_q <= {P*RrVcW{1'b0}};
        end else begin
          vacnt_q <= vacnt_d;
          rrvc_q <= rrvc_d;
        end
      // VA start port: rotates in every cycle the router holds a flit, in its buffers or on an
      // input link (in_link_i)
      always @(*) begin
        vacnt_d = vacnt_q;
        if (bcount_q != {NVC*CntW{1'b0}} || in_link_i != 5'd0) vacnt_d = (vacnt_q == 3'd4) ? 3'd0 : vacnt_q + 3'd1;
      end
      wire [NVC*NVC-1:0]   va_before;                // [i*NVC + j]: VA visits VC j before VC i now
      // VA's order: ports from vacnt_q on, each port's VCs in order. Which VCs come before which
      // is decoded from vacnt_q alone (a register), so the allocation works in the VCs' own order
      // and neither rotates the requests nor the grants back (timing)
      for (gi = 0; gi < NVC; gi = gi + 1) begin : gen_order
        for (gj = 0; gj < NVC; gj = gj + 1) begin : gen_j
          wire [P-1:0] at;                       // [r]: j is before i when vacnt_q = r
          for (gk = 0; gk < P; gk = gk + 1) begin : gen_r
            localparam integer Ki = (gi / Vcs + P - gk) % P;   // visiting step of i's port
            localparam integer Kj = (gj / Vcs + P - gk) % P;
            localparam integer Before = (Kj*Vcs + gj % Vcs < Ki*Vcs + gi % Vcs) ? 1 : 0;
            assign at[gk] = Before != 0 && vacnt_q == gk;
          end
          assign va_before[gi*NVC + gj] = |at;
        end
      end
      // output VCs: the model's chain per output over the requests in the rotated port order,
      // computed from what decides its outcome rather than request by request (docs/router.md 4).
      // In the chain a request of class c finds a VC exactly when fewer requests of class c came
      // before it than its output has free VCs of class c (each earlier grant of c took one; any
      // free one is found), and the VC it takes depends only on the VCs those grants took and on
      // the pointer the grant before it (of either class) left. So each output counts, for each
      // request, the earlier requests of its class (thermometer codes: ORs over the VCs VA visits
      // before it, va_before, logarithmic in the 20 requests), grants the first free-count of each
      // class, numbers the grants from those counts and runs the chain over its at most Vcs grant
      // slots instead of the 20 requests (for every sequence of the slots' classes, from the
      // registers), each slot taking the first free VC of its class from the pointer as the model
      // does.
      for (gq = 0; gq < P; gq = gq + 1) begin : gen_va
        wire [NVC-1:0]           rq = va_want[gq*NVC +: NVC] & va_ok;   // requests (VC order)
        wire [NVC-1:0]           rc = r_cls;                   // their classes
        // (split_var: each level reads the level below; Verilator's scheduler would see one
        // vector reading itself)
        wire [2*SpanMax*NVC-1:0] earlier /*verilator split_var*/;   // [(c*SpanMax + m)*NVC + n]: > m requests of class c before n
        wire [2*SpanMax-1:0]     free;         // [c*SpanMax + m]: > m VCs of class c free
        wire [NVC-1:0]           vg;           // granted
        wire [Vcs*NVC-1:0]       gbefore;      // [m*NVC + n]: > m grants before n
        wire [Vcs*NVC-1:0]       slot;         // [g*NVC + n]: n is grant number g
        wire [NVC*VcW-1:0]       rvc;          // the VC each grant takes
        reg  [Vcs*VcW-1:0]       pick;         // the VC of each grant slot
        for (gc = 0; gc < 2; gc = gc + 1) begin : gen_cls
          localparam integer Base = gc ? SpanReq : 0;
          localparam integer Span = gc ? SpanRep : SpanReq;
          wire [NVC-1:0] x = rq & (gc ? rc : ~rc);
          reg  [RrVcW-1:0] nfree;
          integer w;
          always @(*) begin
            nfree = {RrVcW{1'b0}};
            for (w = 0; w < Span; w = w + 1) nfree = nfree + {{RrVcW-1{1'b0}}, !obusy_q[gq*Vcs + Base + w]};
          end
          for (gm = 0; gm < SpanMax; gm = gm + 1) begin : gen_m
            localparam [RrVcW-1:0] M = gm;
            wire [NVC-1:0] prev;                 // > gm-1 earlier of the class at each position
            if (gm == 0) begin : gen_all
              assign prev = {NVC{1'b1}};
            end else begin : gen_prev
              assign prev = earlier[(gc*SpanMax + gm - 1)*NVC +: NVC];
            end
            assign free[gc*SpanMax + gm] = nfree > M;
            for (gn = 0; gn < NVC; gn = gn + 1) begin : gen_n
              assign earlier[(gc*SpanMax + gm)*NVC + gn] = |(x & prev & va_before[gn*NVC +: NVC]);
            end
          end
        end
        for (gn = 0; gn < NVC; gn = gn + 1) begin : gen_grant
          wire [SpanMax-1:0] fr, ea;             // of its class: > m free, > m earlier
          for (gm = 0; gm < SpanMax; gm = gm + 1) begin : gen_m
            assign fr[gm] = rc[gn] ? free[SpanMax + gm] : free[gm];
            assign ea[gm] = rc[gn] ? earlier[(SpanMax + gm)*NVC + gn] : earlier[gm*NVC + gn];
          end
          assign vg[gn] = rq[gn] && |(fr & ~ea);
        end
        // > m grants before n: the grants of class c before n are the first free-count of its
        // requests, so ">= i grants of c before n" is "> i-1 requests of c before n and > i-1 VCs
        // of c free", and "> m grants" is ">= i of class 0 and >= m+1-i of class 1" for some i:
        // a few gates after the request counts, not a chain of Vcs prefix ORs over the grants
        for (gn = 0; gn < NVC; gn = gn + 1) begin : gen_ge
          wire [SpanMax:0] ge0, ge1;           // [i]: >= i grants of class 0 / 1 before n
          assign ge0[0] = 1'b1;
          assign ge1[0] = 1'b1;
          for (gk = 1; gk <= SpanMax; gk = gk + 1) begin : gen_i
            assign ge0[gk] = earlier[(gk - 1)*NVC + gn] & free[gk - 1];
            assign ge1[gk] = earlier[(SpanMax + gk - 1)*NVC + gn] & free[SpanMax + gk - 1];
          end
          for (gm = 0; gm < Vcs; gm = gm + 1) begin : gen_m
            reg any;
            integer i;
            always @(*) begin
              any = 1'b0;
              for (i = 0; i <= SpanMax; i = i + 1)
                if (gm + 1 - i >= 0 && gm + 1 - i <= SpanMax) any = any | (ge0[i] & ge1[gm + 1 - i]);
            end
            assign gbefore[gm*NVC + gn] = any;
          end
        end
        for (gm = 0; gm < Vcs; gm = gm + 1) begin : gen_gb
          if (gm == 0) begin : gen_first
            assign slot[gm*NVC +: NVC] = vg & ~gbefore[gm*NVC +: NVC];
          end else begin : gen_next
            assign slot[gm*NVC +: NVC] = vg & gbefore[(gm-1)*NVC +: NVC] & ~gbefore[gm*NVC +: NVC];
          end
        end
        // the chain over the grant slots, run from the registers for every sequence of the slots'
        // classes (2^Vcs chains, beside the request counts), then the sequence the grants have is
        // selected: each grant slot takes the first free VC of its class from the pointer as the
        // model does, and the chain no longer waits for the grants (timing)
        wire [Vcs-1:0] sr, sc;                 // slot g is a grant; its class
        wire [Vcs:0]   srx = {1'b0, sr};       // ... and past the last slot: none
        for (gm = 0; gm < Vcs; gm = gm + 1) begin : gen_sc
          assign sr[gm] = |slot[gm*NVC +: NVC];
          assign sc[gm] = |(slot[gm*NVC +: NVC] & rc);
        end
        localparam integer NSeq = 1 << Vcs;
        wire [NSeq*Vcs*VcW-1:0]   seq_pick;    // [(s*Vcs + g)*VcW]: slot g's VC when the classes are s
        wire [NSeq*Vcs*RrVcW-1:0] seq_ptr;     // ... and the pointer after it
        for (gk = 0; gk < NSeq; gk = gk + 1) begin : gen_seq
          localparam [Vcs-1:0] Seq = gk;       // the classes of slots 0 .. Vcs-1
          reg [Vcs-1:0]       busy;
          reg [RrVcW-1:0]     ptr, start, span, base;
          reg [Vcs*VcW-1:0]   pk;
          reg [Vcs*RrVcW-1:0] pt;
          reg                 c, found;
          integer g, pass, w;
          always @(*) begin
            busy = obusy_q[gq*Vcs +: Vcs];
            ptr = rrvc_q[gq*RrVcW +: RrVcW];
            pk = {Vcs*VcW{1'b0}};
            for (g = 0; g < Vcs; g = g + 1) begin
              c = Seq[g];
              span = c ? SpanRep[RrVcW-1:0] : SpanReq[RrVcW-1:0];
              base = c ? SpanReq[RrVcW-1:0] : {RrVcW{1'b0}};          // the class's first VC
              start = (ptr >= span) ? {RrVcW{1'b0}} : ptr;
              found = 1'b0;
              // the first free VC of the class from the pointer: those at or after it, then the rest
              for (pass = 0; pass < 2; pass = pass + 1)
                for (w = 0; w < Vcs; w = w + 1)
                  if (!found && !busy[w] && (w >= VcsReq) == c &&
                      (pass == 1 || w[RrVcW-1:0] >= base + start)) begin
                    found = 1'b1;
                    busy[w] = 1'b1;
                    pk[g*VcW +: VcW] = w[VcW-1:0];
                    ptr = w[RrVcW-1:0] - base + 1'b1;
                  end
              pt[g*RrVcW +: RrVcW] = ptr;
            end
          end
          assign seq_pick[gk*Vcs*VcW +: Vcs*VcW] = pk;
          assign seq_ptr[gk*Vcs*RrVcW +: Vcs*RrVcW] = pt;
        end
        // the grants' sequence: each slot's VC and, after the last grant, the pointer; every VC a
        // grant took is busy (a grant always finds one: fewer earlier requests than free VCs)
        reg [Vcs-1:0]   busy;
        reg [RrVcW-1:0] ptr;
        integer g, s;
        always @(*) begin
          pick = {Vcs*VcW{1'b0}};
          busy = obusy_q[gq*Vcs +: Vcs];
          ptr = rrvc_q[gq*RrVcW +: RrVcW];
          for (s = 0; s < NSeq; s = s + 1)
            if (sc == s[Vcs-1:0])
              for (g = 0; g < Vcs; g = g + 1)
                if (sr[g]) begin
                  pick[g*VcW +: VcW] = seq_pick[(s*Vcs + g)*VcW +: VcW];
                  busy = busy | vc_onehot(seq_pick[(s*Vcs + g)*VcW +: VcW]);
                  if (!srx[g + 1]) ptr = seq_ptr[(s*Vcs + g)*RrVcW +: RrVcW];
                end
        end
        // each grant's VC, and both back in the input order
        for (gn = 0; gn < NVC; gn = gn + 1) begin : gen_rvc
          wire [Vcs*VcW-1:0] sel;
          for (gm = 0; gm < Vcs; gm = gm + 1) begin : gen_g
            assign sel[gm*VcW +: VcW] = {VcW{slot[gm*NVC + gn]}} & pick[gm*VcW +: VcW];
          end
          reg [VcW-1:0] o;
          integer k;
          always @(*) begin
            o = {VcW{1'b0}};
            for (k = 0; k < Vcs; k = k + 1) o = o | sel[k*VcW +: VcW];
          end
          assign rvc[gn*VcW +: VcW] = o;
        end
        assign va_gnt[gq*NVC +: NVC] = vg;
        assign va_gvc[gq*NVC*VcW +: NVC*VcW] = rvc;
        assign va_busy[gq*Vcs +: Vcs] = busy;
        always @(*) rrvc_d[gq*RrVcW +: RrVcW] = ptr;
      end
    end else begin : gen_va_sep
      // BookSim2's separable input-first allocator, one iteration (npsim's va_alloc = separable,
      // sim/net/router.c vc_allocation_separable): each input VC whose targets still need VCs
      // requests every free VC of its class on each of their outputs and picks the one nearest
      // at or after its pointer over the router's output VCs (q*Vcs + w); each output VC grants,
      // of the input VCs that picked it, the one nearest at or after its pointer over the input
      // VCs (p*Vcs + v). Both pointers move past the grant, and only on a grant; a loser (or a
      // multicast head with targets still without a VC) asks again next cycle.
      reg  [NVC*VaRrW-1:0] inrr_q, inrr_d, outrr_q, outrr_d;
      // An input VC's pointer is kept as last cycle's pointer (inrr_q), the pointer past last
      // cycle's pick (inpast_q) and whether that pick won (inwon_q), and selected here, in the
      // next cycle, beside the requests: the grant's cycle ends at won, not at a select of the
      // pointer after it (timing; the same pointer every cycle)
      reg  [NVC*VaRrW-1:0] inpast_q, inpast_d;
      reg  [NVC-1:0]       inwon_q, inwon_d;
      wire [NVC*VaRrW-1:0] inrr;
      wire unused_in_link = ^in_link_i;          // the sequential allocator's start port reads it
      wire [NVC*NVC-1:0]   pick;                 // [i*NVC + o]: input VC i picks output VC o
      wire [NVC*NVC-1:0]   win;                  // [o*NVC + i]: output VC o grants input VC i
      wire [NVC-1:0]       won;                  // input VC i was granted its pick
      // the output VCs of the request class (the others are the reply class's)
      wire [NVC-1:0] cls_req;
      for (gj = 0; gj < NVC; gj = gj + 1) begin : gen_cls_req
        assign cls_req[gj] = gj % Vcs < VcsReq;
      end
      for (gi = 0; gi < NVC; gi = gi + 1) begin : gen_in
        // the free VCs of the outputs its targets still need, of either class: the VC's arbiter
        // runs on each class's half (constant masks: two arbiters over Vcs/2 VCs per port, not
        // one over all of them after the class select) and the class and the replication-buffer
        // test (va_ok, the latest of the request's terms) select after it (timing; the same pick)
        wire [NVC-1:0] want;
        for (gq = 0; gq < P; gq = gq + 1) begin : gen_q
          assign want[gq*Vcs +: Vcs] = {Vcs{va_want[gq*NVC + gi]}} & ~obusy_q[gq*Vcs +: Vcs];
        end
        assign inrr[gi*VaRrW +: VaRrW] = inwon_q[gi] ? inpast_q[gi*VaRrW +: VaRrW] : inrr_q[gi*VaRrW +: VaRrW];
        wire [NVC-1:0] pick_req = rr_first(want & cls_req, inrr[gi*VaRrW +: VaRrW]);
        wire [NVC-1:0] pick_rep = rr_first(want & ~cls_req, inrr[gi*VaRrW +: VaRrW]);
        assign pick[gi*NVC +: NVC] = {NVC{va_ok[gi]}} & (r_cls[gi] ? pick_rep : pick_req);
        wire [NVC-1:0] got;
        for (gj = 0; gj < NVC; gj = gj + 1) begin : gen_got
          assign got[gj] = win[gj*NVC + gi];
        end
        assign won[gi] = |got;
        always @(*) begin
          inrr_d[gi*VaRrW +: VaRrW] = inrr[gi*VaRrW +: VaRrW];
          inpast_d[gi*VaRrW +: VaRrW] = rr_past(pick[gi*NVC +: NVC]);
          inwon_d[gi] = won[gi];
        end
        // each output port's grant from the output VCs' grants of it (got: one-hot or 0)
        for (gq = 0; gq < P; gq = gq + 1) begin : gen_gnt
          wire [Vcs-1:0] w = pick[gi*NVC + gq*Vcs +: Vcs];
          reg  [VcW-1:0] vc;
          integer k;
          always @(*) begin
            vc = {VcW{1'b0}};
            for (k = 0; k < Vcs; k = k + 1) vc = vc | (k[VcW-1:0] & {VcW{w[k]}});
          end
          assign va_gnt[gq*NVC + gi] = |got[gq*Vcs +: Vcs];
          assign va_gvc[(gq*NVC + gi)*VcW +: VcW] = vc;
        end
      end
      for (gj = 0; gj < NVC; gj = gj + 1) begin : gen_out
        wire [NVC-1:0] cand;
        for (gi = 0; gi < NVC; gi = gi + 1) begin : gen_cand
          assign cand[gi] = pick[gi*NVC + gj];
        end
        assign win[gj*NVC +: NVC] = rr_first(cand, outrr_q[gj*VaRrW +: VaRrW]);
        assign va_busy[gj] = obusy_q[gj] || cand != {NVC{1'b0}};
        always @(*) outrr_d[gj*VaRrW +: VaRrW] = rr_past(win[gj*NVC +: NVC]) |
                                                 (outrr_q[gj*VaRrW +: VaRrW] & {VaRrW{cand == {NVC{1'b0}}}});
      end
      always @(posedge clk_i)
        if (!rst_ni) begin
          inrr_q <= {NVC*VaRrW{1'b0}};
          inpast_q <= {NVC*VaRrW{1'b0}};
          inwon_q <= {NVC{1'b0}};
          outrr_q <= {NVC*VaRrW{1'b0}};
        end else begin
          inrr_q <= inrr_d;
          inpast_q <= inpast_d;
          inwon_q <= inwon_d;
          outrr_q <= outrr_d;
        end
    end
  endgenerate

  // ---- switch allocation, input side: the first VC from rr_in with a target ready to send
  // (VC allocated in an earlier cycle, tail not sent, its next flit in the buffer and past its
  // write cycle, a credit on its output VC); it requests every output its ready targets use.
  // Both arbiters are round robins whose pointers are kept as thermometer masks ("at or after
  // the pointer", registers); each grant bit is "a request and none ahead of it", with "ahead"
  // decoded from the mask alone (as the separable VC allocator's arbiters: timing, no compare
  // with the pointer, no masked first-one encoders and select after the requests). The credit
  // test reads a flag per output VC (ocnz_q, "has a credit"), registered beside its counter.
  wire [NVC*P-1:0] ready;            // [i*P + q]: VC i's target on output q is ready
  wire [NVC-1:0]   sa_pick;          // [p*Vcs + v]: input p picked its VC v (one-hot per input)
  wire [P*P-1:0]   sa_req;           // [p*P + q]: input p's chosen VC requests output q
  wire [P*P-1:0]   sa_gnt;           // [q*P + p]: output q grants input p
  wire [NVC*P-1:0] sent;             // [i*P + q]: VC i's target on output q sends a flit
  generate
    for (gi = 0; gi < NVC; gi = gi + 1) begin : gen_ready
      localparam integer Pg = gi / Vcs;
      for (gq = 0; gq < P; gq = gq + 1) begin : gen_t
        localparam integer Tg = gi*T + (T == P ? gq : 0);
        wire [VcW-1:0]  tvc = tvc_q[Tg*VcW +: VcW];
        assign ready[gi*P + gq] = sbase_q[Tg] && tv_q[gi*P + gq] && talloc_q[Tg] &&
                                  (vc_onehot(tvc) & ocnz_q[gq*Vcs +: Vcs]) != {Vcs{1'b0}};
        assign sent[gi*P + gq] = sa_gnt[gq*P + Pg] && sa_pick[gi];
      end
    end
    for (gp = 0; gp < P; gp = gp + 1) begin : gen_sa_in
      wire [Vcs-1:0] vreq, pick;
      wire [Vcs-1:0] m = rrinm_q[gp*Vcs +: Vcs];
      for (gk = 0; gk < Vcs; gk = gk + 1) begin : gen_v
        localparam [Vcs-1:0] Below = {Vcs{1'b1}} >> (Vcs - gk);   // the VCs before gk
        localparam [Vcs-1:0] Above = {Vcs{1'b1}} << (gk + 1);     // ... after it
        // the VCs ahead of gk in the order from the pointer (m is a thermometer code)
        wire [Vcs-1:0] ahead = m[gk] ? Below & m : Below | (Above & m);
        assign vreq[gk] = ready[(gp*Vcs + gk)*P +: P] != {P{1'b0}};
        assign pick[gk] = vreq[gk] && (vreq & ahead) == {Vcs{1'b0}};
      end
      assign sa_pick[gp*Vcs +: Vcs] = pick;
      for (gq = 0; gq < P; gq = gq + 1) begin : gen_req
        wire [Vcs-1:0] col;              // the VCs' targets on output gq
        for (gk = 0; gk < Vcs; gk = gk + 1) begin : gen_v
          assign col[gk] = ready[(gp*Vcs + gk)*P + gq];
        end
        assign sa_req[gp*P + gq] = (pick & col) != {Vcs{1'b0}};
      end
      // granted by an output: rr_in past its VC (the mask of the VCs after it; all after the last)
      wire granted = |{sa_gnt[0*P + gp], sa_gnt[1*P + gp], sa_gnt[2*P + gp], sa_gnt[3*P + gp],
                       sa_gnt[4*P + gp]};
      for (gk = 0; gk < Vcs; gk = gk + 1) begin : gen_mask
        localparam [Vcs-1:0] Below = {Vcs{1'b1}} >> (Vcs - gk);
        always @(*)
          rrinm_d[gp*Vcs + gk] = !granted ? rrinm_q[gp*Vcs + gk] : (pick & Below) != {Vcs{1'b0}} || pick[Vcs-1];
      end
    end
    // output side: each output grants the first requesting input from rr_out
    for (gq = 0; gq < P; gq = gq + 1) begin : gen_sa_out
      wire [P-1:0] r, gnt;
      wire [P-1:0] m = rroutm_q[gq*P +: P];
      for (gp = 0; gp < P; gp = gp + 1) begin : gen_p
        localparam [P-1:0] Below = {P{1'b1}} >> (P - gp);
        localparam [P-1:0] Above = {P{1'b1}} << (gp + 1);
        wire [P-1:0] ahead = m[gp] ? Below & m : Below | (Above & m);
        assign r[gp] = sa_req[gp*P + gq];
        assign gnt[gp] = r[gp] && (r & ahead) == {P{1'b0}};
      end
      wire found = r != {P{1'b0}};
      assign sa_gnt[gq*P +: P] = gnt;
      always @(*) st_v_d[gq] = found;
      for (gp = 0; gp < P; gp = gp + 1) begin : gen_mask
        localparam [P-1:0] Below = {P{1'b1}} >> (P - gp);
        always @(*)
          rroutm_d[gq*P + gp] = !found ? rroutm_q[gq*P + gp] : (gnt & Below) != {P{1'b0}} || gnt[P-1];
      end
    end
  endgenerate
  // ---- switch traversal stage of each output: the granted target's flit (mux crossbar), its
  // output VC (one credit spent; at the tail the VC is freed, or held when the downstream
  // router takes the packet into its replication buffer)
  wire [P*P*(VcW+PtrW)-1:0] rdsel_qp;  // [(q*P + p)]: {VC, slot} output q reads from input p (0 if none)
  generate
    for (gq = 0; gq < P; gq = gq + 1) begin : gen_sel
      reg [P*(VcW+PtrW)-1:0] rdsel;
      reg [2:0]          in;
      reg                split, psplit, k, g;
      reg [VcW-1:0]      vc, pvc;
      reg [Vcs-1:0]      dec, tl, tlf, held;   // per output VC: a flit sent, the tail, a one-flit packet's
      reg [Vcs-1:0]      pdec, ptl, ptlf;      // ... of input p's chosen VC, before its grant
      reg [VcW+PtrW-1:0] psel;
      reg [PtrW:0]       pos, ptr;    // pos < Cap: flits of the VC before the target's next
      integer p, v, w;
      always @(*) begin
        rdsel = {P*(VcW+PtrW){1'b0}};
        in = 3'd0;  split = 1'b0;  vc = {VcW{1'b0}};
        dec = {Vcs{1'b0}};  tl = {Vcs{1'b0}};  tlf = {Vcs{1'b0}};
        pos = {(PtrW+1){1'b0}};  ptr = {(PtrW+1){1'b0}};
        // per input: its chosen VC's values selected by the input's pick (before the output's
        // grant arrives), then ANDed with the grant: the sender's output VC, tail and head as
        // flags of registers, so each output VC's decrement and release are ORs over the five
        // grants, not a compare of the granted target's VC after the grant (timing)
        for (p = 0; p < P; p = p + 1) begin
          g = sa_gnt[gq*P + p];
          psel = {(VcW+PtrW){1'b0}};  psplit = 1'b0;  pvc = {VcW{1'b0}};
          pdec = {Vcs{1'b0}};  ptl = {Vcs{1'b0}};  ptlf = {Vcs{1'b0}};
          for (v = 0; v < Vcs; v = v + 1) begin
            k = sa_pick[p*Vcs + v];
            pos = tsent_q[((p*Vcs + v)*T + (T == P ? gq : 0))*LenW +: PtrW+1] - freed_q[(p*Vcs + v)*LenW +: PtrW+1];
            ptr = {1'b0, bhead_q[(p*Vcs + v)*PtrW +: PtrW]} + pos;
            if (ptr >= Cap[PtrW:0]) ptr = ptr - Cap[PtrW:0];
            psel = psel | ({v[VcW-1:0], ptr[PtrW-1:0]} & {(VcW+PtrW){k}});
            psplit = psplit | (split_q[p*Vcs + v] & k);
            pvc = pvc | (tvc_q[((p*Vcs + v)*T + (T == P ? gq : 0))*VcW +: VcW] & {VcW{k}});
            pdec = pdec | (vc_onehot(tvc_q[((p*Vcs + v)*T + (T == P ? gq : 0))*VcW +: VcW]) & {Vcs{k}});
            if (tsent_q[((p*Vcs + v)*T + (T == P ? gq : 0))*LenW +: LenW] + 1'b1 == len_q[(p*Vcs + v)*LenW +: LenW]) begin
              ptl = ptl | (vc_onehot(tvc_q[((p*Vcs + v)*T + (T == P ? gq : 0))*VcW +: VcW]) & {Vcs{k}});
              if (tsent_q[((p*Vcs + v)*T + (T == P ? gq : 0))*LenW +: LenW] == {LenW{1'b0}})
                ptlf = ptlf | (vc_onehot(tvc_q[((p*Vcs + v)*T + (T == P ? gq : 0))*VcW +: VcW]) & {Vcs{k}});
            end
          end
          rdsel[p*(VcW+PtrW) +: VcW+PtrW] = psel & {(VcW+PtrW){g}};
          in = in | (p[2:0] & {3{g}});
          split = split | (psplit & g);
          vc = vc | (pvc & {VcW{g}});
          dec = dec | (pdec & {Vcs{g}});
          tl = tl | (ptl & {Vcs{g}});
          tlf = tlf | (ptlf & {Vcs{g}});
        end
        // the hold rule of each output VC's packet: from its head's switch traversal (this cycle
        // or earlier); a one-flit packet (tail = head, tlf) is never held. Read only with the
        // tail's grant: a tail granted while its own head is in switch traversal has a packet of
        // at most two flits, which is never held when Depth >= 2 (hold_now needs more than Depth
        // flits), so then the head's hold_now (the lookahead's next ports after the buffer read)
        // is not on the path to oheld/obusy (timing; the same rule)
        held = ohold_q[gq*Vcs +: Vcs];
        if (st_v_q[gq] && o_head[gq]) held = (held & ~vc_onehot(st_vc_q[gq*VcW +: VcW])) |
                                             (vc_onehot(st_vc_q[gq*VcW +: VcW]) &
                                              {Vcs{Depth < 2 && hold_now[gq]}});
        // this output's VCs: VA's grants, the flit sent, the tail, downstream's credits and
        // releases, the hold rule of the head in ST
        for (w = 0; w < Vcs; w = w + 1) begin
          obusy_d[gq*Vcs + w] = va_busy[gq*Vcs + w];
          oheld_d[gq*Vcs + w] = oheld_q[gq*Vcs + w];
          ohold_d[gq*Vcs + w] = ohold_q[gq*Vcs + w];
          ocred_d[(gq*Vcs + w)*CntW +: CntW] = ocred_q[(gq*Vcs + w)*CntW +: CntW] +
                                               out_credit_i[(gq*Vcs + w)*CntW +: CntW];
          // has a credit next cycle: the sum before SA's decrement != 0, or > 1 if it sends now
          ocnz_d[gq*Vcs + w] = ocred_d[(gq*Vcs + w)*CntW +: CntW] != {CntW{1'b0}};
          if (dec[w]) begin
            ocnz_d[gq*Vcs + w] = ocred_d[(gq*Vcs + w)*CntW +: CntW] > {{(CntW-1){1'b0}}, 1'b1};
            ocred_d[(gq*Vcs + w)*CntW +: CntW] = ocred_d[(gq*Vcs + w)*CntW +: CntW] - 1'b1;
          end
          if (tl[w]) begin
            if (held[w] && !tlf[w]) oheld_d[gq*Vcs + w] = 1'b1;
            else obusy_d[gq*Vcs + w] = 1'b0;
          end
          if (out_release_i[gq*Vcs + w] && oheld_q[gq*Vcs + w]) begin
            oheld_d[gq*Vcs + w] = 1'b0;
            obusy_d[gq*Vcs + w] = 1'b0;
          end
          if (st_v_q[gq] && o_head[gq] && st_vc_q[gq*VcW +: VcW] == w[VcW-1:0])
            ohold_d[gq*Vcs + w] = hold_now[gq];
        end
      end
      assign rdsel_qp[gq*P*(VcW+PtrW) +: P*(VcW+PtrW)] = rdsel;
      always @(*) begin
        st_in_d[gq*3 +: 3] = in;
        st_split_d[gq] = split;
        st_vc_d[gq*VcW +: VcW] = vc;
      end
    end
    // the read port's VC and slot: per output (Mcast = 1), per input (baseline: one output at most)
    for (gq = 0; gq < P; gq = gq + 1) begin : gen_rdsel
      reg [VcW+PtrW-1:0] rs;
      integer j;
      always @(*) begin
        rs = {(VcW+PtrW){1'b0}};
        for (j = 0; j < P; j = j + 1)
          rs = rs | ((Mcast != 0) ? rdsel_qp[(gq*P + j)*(VcW+PtrW) +: VcW+PtrW] :
                                    rdsel_qp[(j*P + gq)*(VcW+PtrW) +: VcW+PtrW]);
        {st_invc_d[gq*VcW +: VcW], st_ptr_d[gq*PtrW +: PtrW]} = rs;
      end
    end
  endgenerate

  // ---- per VC: the next state of its packet, its targets and its ring
  wire [NVC-1:0] rb_free;            // the VC's packet frees its replication buffer now
  generate
    for (gi = 0; gi < NVC; gi = gi + 1) begin : gen_vc
      localparam integer Pg = gi / Vcs;
      localparam integer Vg = gi % Vcs;
      wire chosen = sa_pick[gi];
      wire jwv = jw_q[Pg] && jwvc_q[Pg*VcW +: VcW] == Vg[VcW-1:0];
      wire wr = in_valid_i[Pg] && in_vc_i[Pg*VcW +: VcW] == Vg[VcW-1:0];
      wire [T-1:0] tsend;                // each target sends a flit now
      if (T == P) begin : gen_tsend_all
        assign tsend = sent[gi*P +: P];
      end else begin : gen_tsend_one
        assign tsend = |sent[gi*P +: P];
      end
      reg [T-1:0]      talloc, tdone;
      reg [T*VcW-1:0]  tvc;
      reg [T*LenW-1:0] tsent;
      reg [T-1:0]      avail;
      reg [LenW-1:0]   freed, elig, pos;
      reg [CntW-1:0]   credit, moved_now;
      reg [PtrW:0]     ptr;
      reg              all_done, pop, finish;
      integer q;
      always @(*) begin
        // targets: routed now (reset), VA's grants, the flits sent
        talloc = r_talloc[gi*T +: T];
        tdone = newh[gi] ? {T{1'b0}} : tdone_q[gi*T +: T];
        tvc = tvc_q[gi*T*VcW +: T*VcW];
        tsent = newh[gi] ? {T*LenW{1'b0}} : tsent_q[gi*T*LenW +: T*LenW];
        for (q = 0; q < P; q = q + 1) begin
          if (va_gnt[q*NVC + gi]) begin
            talloc[T == P ? q : 0] = 1'b1;
            tvc[(T == P ? q : 0)*VcW +: VcW] = va_gvc[(q*NVC + gi)*VcW +: VcW];
          end
          if (sent[gi*P + q]) begin
            tsent[(T == P ? q : 0)*LenW +: LenW] = tsent_q[(gi*T + (T == P ? q : 0))*LenW +: LenW] + 1'b1;
            if (tsent_q[(gi*T + (T == P ? q : 0))*LenW +: LenW] + 1'b1 == len_q[gi*LenW +: LenW])
              tdone[T == P ? q : 0] = 1'b1;
          end
        end
        // chosen by SA: remove the flit every target has copied (its credit back), finish the
        // packet when every target has sent its tail. A target's tsent never falls below freed,
        // so "freed < every target's tsent after this cycle" is "no target is at freed, unless
        // it sends now": equality tests on registers, beside SA, rather than a minimum of the
        // sums after SA (timing; the same outcome)
        // The packet finishes when every target has sent its tail after this cycle and freed
        // reaches the length. A chosen VC has a target short of its tail (freed <= its tsent <
        // len), and when every target is done after this cycle, each one at freed sends now, so
        // a flit leaves: the finish is "every target done after this cycle and freed + 1 == len",
        // flags of registers ORed with the grants, in parallel with the pop (timing)
        // (both read the output's grant, not sent = grant and chosen: they are ANDed with chosen)
        all_done = 1'b1;
        pop = chosen;
        for (q = 0; q < P; q = q + 1)
          if (tv_q[gi*P + q]) begin
            if (!tdone_q[gi*T + (T == P ? q : 0)] &&
                !(sa_gnt[q*P + Pg] && tsent_q[(gi*T + (T == P ? q : 0))*LenW +: LenW] + 1'b1 == len_q[gi*LenW +: LenW]))
              all_done = 1'b0;
            if (tsent_q[(gi*T + (T == P ? q : 0))*LenW +: LenW] == freed_q[gi*LenW +: LenW] &&
                !sa_gnt[q*P + Pg]) pop = 1'b0;
          end
        // (the sums after the grant are selected by the pop from sums of registers: the pop
        // never enters a carry chain)
        freed = newh[gi] ? {LenW{1'b0}} : pop ? freed_q[gi*LenW +: LenW] + 1'b1 : freed_q[gi*LenW +: LenW];
        finish = chosen && all_done && freed_q[gi*LenW +: LenW] + 1'b1 == len_q[gi*LenW +: LenW];
        // each target's buffer test for the next cycle: its next flit is in the buffer and was
        // not written in this cycle (count' > pos' and not (written now and count' = pos' + 1)).
        // With pos = tsent - freed, count' - pos' = count - pos + wr - sent (a pop takes one from
        // both), and both cases of wr reduce to count - pos - sent >= 1; a head routed now has
        // pos' = 0 and count' >= 1 not all written now
        for (q = 0; q < T; q = q + 1) begin
          pos = tsent_q[(gi*T + q)*LenW +: LenW] - freed_q[gi*LenW +: LenW];
          avail[q] = newh[gi] ||
                     (tsend[q] ? {{(LenW+1-CntW){1'b0}}, bcount_q[gi*CntW +: CntW]} > {1'b0, pos} + 1'b1 :
                                 {{(LenW+1-CntW){1'b0}}, bcount_q[gi*CntW +: CntW]} > {1'b0, pos});
        end
        ptr = {1'b0, bhead_q[gi*PtrW +: PtrW]} + 1'b1;
        if (ptr >= Cap[PtrW:0]) ptr = ptr - Cap[PtrW:0];

        // a packet owning its replication buffer: each flit's credit goes back when it becomes
        // eligible for SA (from the cycle after the buffer was acquired)
        elig = freed_q[gi*LenW +: LenW] + {{(LenW-CntW){1'b0}}, bcount_q[gi*CntW +: CntW]} -
               {{(LenW-1){1'b0}}, jwv};
        moved_now = elig[CntW-1:0] - moved_q[gi*LenW +: CntW];    // flits moved in this cycle
        credit = (rb_q[gi*2 +: 2] == RbOwn) ? moved_now : {{(CntW-1){1'b0}}, pop};

        routed_d[gi] = (routed_q[gi] || newh[gi]) && !finish;
        cls_d[gi] = r_cls[gi];
        split_d[gi] = r_split[gi];
        len_d[gi*LenW +: LenW] = newh[gi] ? f_len[gi*LenW +: LenW] : len_q[gi*LenW +: LenW];
        freed_d[gi*LenW +: LenW] = freed;
        moved_d[gi*LenW +: LenW] = newh[gi] ? {LenW{1'b0}} :
                                   (rb_q[gi*2 +: 2] == RbOwn) ? elig : moved_q[gi*LenW +: LenW];
        rb_d[gi*2 +: 2] = finish ? RbNone : va_rb[gi*2 +: 2];
        tv_d[gi*P +: P] = finish ? {P{1'b0}} : r_tv[gi*P +: P];
        talloc_d[gi*T +: T] = talloc;
        tdone_d[gi*T +: T] = tdone;
        // (a finishing packet has every target done: no finish term needed)
        sbase_d[gi*T +: T] = {T{routed_q[gi] || newh[gi]}} & ~tdone & avail;
        tvc_d[gi*T*VcW +: T*VcW] = tvc;
        tsent_d[gi*T*LenW +: T*LenW] = tsent;
        bhead_d[gi*PtrW +: PtrW] = pop ? ptr[PtrW-1:0] : bhead_q[gi*PtrW +: PtrW];
        bcount_d[gi*CntW +: CntW] = pop ? bcount_q[gi*CntW +: CntW] + {{(CntW-1){1'b0}}, wr} - 1'b1 :
                                          bcount_q[gi*CntW +: CntW] + {{(CntW-1){1'b0}}, wr};
        // (the count after this cycle is not 0: chosen by the pop between two tests of registers)
        newh_d[gi] = !routed_d[gi] &&
                     (pop ? {1'b0, bcount_q[gi*CntW +: CntW]} + {{CntW{1'b0}}, wr} > {{CntW{1'b0}}, 1'b1} :
                            bcount_q[gi*CntW +: CntW] != {CntW{1'b0}} || wr);
        credit_d[gi*CntW +: CntW] = credit;
        release_d[gi] = finish && rb_q[gi*2 +: 2] == RbOwn;
      end
      assign rb_free[gi] = finish && rb_q[gi*2 +: 2] == RbOwn;
    end
    // per input port: its replication buffers, the destinations its RC unit reads in ST, the
    // write of the last cycle
    for (gp = 0; gp < P; gp = gp + 1) begin : gen_port
      integer v, c;
      always @(*) begin
        rbbusy_d[gp*2 +: 2] = rbbusy_q[gp*2 +: 2] | rb_take[gp*2 +: 2];
        st_dests_d[gp*N +: N] = st_dests_q[gp*N +: N];
        st_cls_d[gp] = st_cls_q[gp];
        for (v = 0; v < Vcs; v = v + 1) begin
          for (c = 0; c < 2; c = c + 1)
            if (rb_free[gp*Vcs + v] && cls_q[gp*Vcs + v] == c[0]) rbbusy_d[gp*2 + c] = 1'b0;
          if (sa_pick[gp*Vcs + v]) begin
            st_dests_d[gp*N +: N] = f_dests[(gp*Vcs + v)*N +: N];
            st_cls_d[gp] = cls_q[gp*Vcs + v];
          end
        end
        jw_d[gp] = in_valid_i[gp];
        jwvc_d[gp*VcW +: VcW] = in_valid_i[gp] ? in_vc_i[gp*VcW +: VcW] : jwvc_q[gp*VcW +: VcW];
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      bhead_q <= {NVC*PtrW{1'b0}};     bcount_q <= {NVC*CntW{1'b0}};
      jw_q <= {P{1'b0}};               jwvc_q <= {P*VcW{1'b0}};
      routed_q <= {NVC{1'b0}};         cls_q <= {NVC{1'b0}};         split_q <= {NVC{1'b0}};
      newh_q <= {NVC{1'b0}};
      len_q <= {NVC*LenW{1'b0}};       freed_q <= {NVC*LenW{1'b0}};  moved_q <= {NVC*LenW{1'b0}};
      rb_q <= {NVC*2{1'b0}};
      tv_q <= {NVC*P{1'b0}};           talloc_q <= {NVC*T{1'b0}};    tdone_q <= {NVC*T{1'b0}};
      sbase_q <= {NVC*T{1'b0}};
      tvc_q <= {NVC*T*VcW{1'b0}};      tsent_q <= {NVC*T*LenW{1'b0}};
      rrinm_q <= {NVC{1'b1}};          rbbusy_q <= {P*2{1'b0}};      rroutm_q <= {P*P{1'b1}};
      obusy_q <= {NVC{1'b0}};          oheld_q <= {NVC{1'b0}};       ohold_q <= {NVC{1'b0}};
      ocred_q <= {NVC{Depth[CntW-1:0]}}; ocnz_q <= {NVC{1'b1}};
      st_v_q <= {P{1'b0}};             st_split_q <= {P{1'b0}};      st_in_q <= {P*3{1'b0}};
      st_invc_q <= {P*VcW{1'b0}};      st_ptr_q <= {P*PtrW{1'b0}};   st_vc_q <= {P*VcW{1'b0}};
      st_dests_q <= {P*N{1'b0}};       st_cls_q <= {P{1'b0}};
      out_valid_o <= {P{1'b0}};        out_vc_o <= {P*VcW{1'b0}};
      out_head_o <= {P{1'b0}};         out_tail_o <= {P{1'b0}};      out_data_o <= {P*FlitW{1'b0}};
      in_credit_o <= {P*Vcs*CntW{1'b0}};
      in_release_o <= {P*Vcs{1'b0}};
    end else begin
      bhead_q <= bhead_d;   bcount_q <= bcount_d;   jw_q <= jw_d;       jwvc_q <= jwvc_d;
      routed_q <= routed_d; cls_q <= cls_d;         split_q <= split_d;   newh_q <= newh_d;
      len_q <= len_d;       freed_q <= freed_d;     moved_q <= moved_d; rb_q <= rb_d;
      tv_q <= tv_d;         talloc_q <= talloc_d;   tdone_q <= tdone_d;   sbase_q <= sbase_d;
      tvc_q <= tvc_d;       tsent_q <= tsent_d;
      rrinm_q <= rrinm_d;   rbbusy_q <= rbbusy_d;   rroutm_q <= rroutm_d;
      obusy_q <= obusy_d;   oheld_q <= oheld_d;     ohold_q <= ohold_d; ocred_q <= ocred_d; ocnz_q <= ocnz_d;
      st_v_q <= st_v_d;     st_split_q <= st_split_d; st_in_q <= st_in_d;
      st_invc_q <= st_invc_d; st_ptr_q <= st_ptr_d; st_vc_q <= st_vc_d; st_dests_q <= st_dests_d; st_cls_q <= st_cls_d;
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
