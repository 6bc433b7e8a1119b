// router_ring: the flit buffer of one input VC of router_vc (rtl/router/router_vc.v; docs/router.md
// is the specification): a ring of Cap slots, written at head + count (before this cycle's pop:
// upstream's credits guarantee a free slot), read at its head (the front flit VC allocation
// reads, kept in a register) and by Reads switch traversal read ports.
//
// One module for the router's 20 identical buffers, so the hierarchical synthesis flow maps it
// once (docs/router.md 7): router_vc's logic, cut along the buffer's own signals. Every input
// is router_vc's: the write (wr_i, one flit), the ring's head and count, "the packet's next flit
// to leave is its tail" (at_tail_i, from router_vc's per-VC registers) and each read port's slot.
//
// Latency: the flit written at the end of cycle c is readable from c+1 (rd_o, front_*: the
// front register and its tests are loaded at the same edge when the write makes it the front).
// What it does not do: no full or empty test of its own (router_vc keeps the count); a write
// into a full ring overwrites the head.
module router_ring #(
  parameter integer Cap    = 9,
  parameter integer FlitW  = 128,
  parameter integer Reads  = 5,      // switch traversal read ports
  parameter integer Depth  = 8,      // a packet longer than this needs a replication buffer
  parameter integer Mcast  = 1,      // 0: no head is split
  parameter integer N      = 64,     // destination set width (head field FDest)
  // head flit fields (router_vc's, docs/router.md "Flit"): class, mc, length, route, dests
  parameter integer FMc    = 1,
  parameter integer FLen   = 2,
  parameter integer LenW   = 8,
  parameter integer FRoute = FLen + LenW,
  parameter integer FDest  = FRoute + 5,
  parameter integer FrontW = FRoute + 5,   // the head fields VA reads
  parameter integer PtrW   = (Cap > 1) ? $clog2(Cap) : 1,
  parameter integer CntW   = $clog2(Cap + 1),
  parameter integer FW     = FlitW + 2   // stored flit: {tail, head, data}
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  wr_i,         // write wr_flit_i at the end of this cycle
  input  wire [FW-1:0]         wr_flit_i,
  input  wire [PtrW-1:0]       head_i,       // the ring's head slot
  input  wire [CntW-1:0]       count_i,      // flits in the ring (before this cycle's write and pop)
  input  wire                  at_tail_i,    // the packet's next flit to leave is its tail
  input  wire [Reads*PtrW-1:0] rd_ptr_i,     // each read port's slot
  output wire [Reads*FW-1:0]   rd_o,
  output wire [FrontW-1:0]     front_o,      // the front flit's head fields (valid when count > 0)
  output wire [1:0]            front_t_o,    // ... and VA's tests of them: {longer than Depth, split}
  output wire [N-1:0]          front_dests_o // the front slot's destination set (Mcast = 1; else 0)
);

  // VA's two tests of a head's fields: {longer than Depth, split (multicast to two ports or
  // more: the route has a second set bit)}
  function automatic [1:0] head_tests;
    input [FrontW-1:0] h;
    begin
      head_tests[1] = h[FLen +: LenW] > Depth[LenW-1:0];
      head_tests[0] = Mcast != 0 && h[FMc] && (h[FRoute +: 5] & (h[FRoute +: 5] - 5'd1)) != 5'd0;
    end
  endfunction

  // The slots (np_ff_ram, rtl/common): read ports 0 .. Reads-1 are switch traversal's, Reads
  // the slot after the head (the front register's load), Reads + 1 the head slot (its
  // destinations; Mcast = 1 only). Every pointer is below Cap (the ring wraps at Cap).
  localparam integer Ports = Reads + ((Mcast != 0) ? 2 : 1);
  wire [PtrW:0]     sum = {1'b0, head_i} + count_i;
  wire [PtrW-1:0]   wr_ptr = (sum >= Cap[PtrW:0]) ? sum[PtrW-1:0] - Cap[PtrW-1:0] : sum[PtrW-1:0];
  wire [PtrW:0]     nsum = {1'b0, head_i} + 1'b1;
  wire [PtrW-1:0]   nxt = (nsum >= Cap[PtrW:0]) ? {PtrW{1'b0}} : nsum[PtrW-1:0];
  wire [Ports*FW-1:0]   rdata;
  wire [Ports*PtrW-1:0] raddr;
  generate
    if (Mcast != 0) begin : gen_raddr_dests
      assign raddr = {head_i, nxt, rd_ptr_i};
    end else begin : gen_raddr
      assign raddr = {nxt, rd_ptr_i};
    end
  endgenerate
  np_ff_ram #(.Depth(Cap), .Width(FW), .Ports(Ports), .AddrBits(PtrW)) u_slots (
    .clk_i   (clk_i),
    .we_i    (wr_i),
    .waddr_i (wr_ptr),
    .wdata_i (wr_flit_i),
    .raddr_i (raddr),
    .rdata_o (rdata)
  );
  assign rd_o = rdata[0 +: Reads*FW];
  wire [FrontW-1:0] after = rdata[Reads*FW +: FrontW];
  // The front slot's destinations: read by multicast routing only (the baseline's ST never
  // reads them, so it has no such read port: a separate mapping would keep the unread outputs)
  // (the rest of those two read ports is not read: the multiplexers of its bits are removed)
  wire unused_after = ^rdata[Reads*FW + FrontW +: FW - FrontW];
  generate
    if (Mcast != 0) begin : gen_dests
      assign front_dests_o = rdata[(Reads + 1)*FW + FDest +: N];
      wire unused_dests = ^{rdata[(Reads + 1)*FW +: FDest], rdata[(Reads + 1)*FW + FDest + N +: FW - FDest - N]};
    end else begin : gen_no_dests
      assign front_dests_o = {N{1'b0}};
    end
  endgenerate

  // The fields VC allocation reads of the front flit, kept in a register equal to them whenever
  // the ring holds a flit: VA starts from flops, not from a Cap-way read of the ring at the head
  // (timing). VA reads it only for a head waiting to be routed (newh): while the VC's packet is
  // routed nothing reads it, so it need not follow the pops of that packet. While the packet's
  // next flit to leave is its tail (at_tail_i), it is loaded every cycle with the front after
  // that flit leaves: the flit written now when the ring then is empty, else the slot after the
  // head; on the cycle the tail leaves it is the next packet's head. Else a flit written into
  // an empty ring is the front. So the register's load does not wait for SA's grants and the
  // pop (timing). (front_dests_o, read only after SA picks the VC, stays a ring read.) Two
  // tests VA makes of a head are kept with them, so they are not made after the read either.
  reg  [FrontW-1:0] front_q;
  reg  [1:0]        front_t_q;
  wire [FrontW-1:0] wr_front = wr_flit_i[FrontW-1:0];
  wire holds_one = count_i == {{(CntW-1){1'b0}}, 1'b1};
  wire holds_none = count_i == {CntW{1'b0}};
  always @(posedge clk_i)
    if (!rst_ni) begin
      front_q <= {FrontW{1'b0}};
      front_t_q <= 2'b00;
    end else if (at_tail_i) begin
      front_q <= (wr_i && holds_one) ? wr_front : after;
      front_t_q <= (wr_i && holds_one) ? head_tests(wr_front) : head_tests(after);
    end else if (wr_i && holds_none) begin
      front_q <= wr_front;
      front_t_q <= head_tests(wr_front);
    end
  assign front_o = front_q;
  assign front_t_o = front_t_q;

endmodule
