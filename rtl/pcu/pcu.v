// pcu: the MC packet coalescing unit (docs/pcu.md; seed 003 section 3.2).
//
// Function: reads of one block from several SMs become one L2 read and one reply packet.
//   req_*   requests from the SMs (read or write). Stage 1 (after an input register) compares
//           a read's block with every RGR at once: it joins the open RGR of its block (sets
//           its SM bit; no L2 access), or allocates the lowest free RGR and pushes its index
//           on the pointer ring. A write enters the write buffer and closes the open RGR of
//           its block. Reads wait (backpressure, never dropped) while no RGR is free or a
//           write to their block is buffered; writes wait while the buffer is full or an RGR
//           of their block has not sent its read yet (docs/pcu.md 4).
//   mcq_*   the MC request queue. Stage 2, when rpq_room_i says the MC reply queue has room,
//           round-robin between the read of the RGR at the ring's tail (tag = RGR index) and
//           the write at the write buffer's head.
//   l2_*    blocks returned by the L2 with the tag of their read.
//   rpl_*   the merge unit: the RGR's destination bits with the block, one packet, and the
//           RGR is freed (grouping for the block ends at that edge).
//   idle_o  no valid RGR, nothing in the write buffer, stage 1 or the output registers.
//
// Latency (docs/pcu.md 5): request -> mcq_valid_o 3 cycles (input register, stage 1,
// selector register); l2 -> rpl_valid_o 1 cycle. One request and one L2 return per cycle.
// req_ready_o depends on registered state only; l2_ready_o = !rpl_valid_o || rpl_ready_i.
// State: NumRgr x (5 + AddrWidth + NumSm) RGR flops + NumRgr x IdxWidth ring flops + the
// write buffer (WbDepth x (SmWidth + AddrWidth + DataWidth)) + the stage registers + the
// valid-RGR count and its "some RGR is free" flag (IdxWidth + 2; docs/pcu.md 8.3).
//
// Worked example (empty PCU, every output ready, room): edge 1 read (SM 3, block 0x40);
// edge 2 stage 1 allocates RGR 0, ring = {0}; edge 3 the selector loads mcq = read 0x40 tag 0;
// edge 3 also read (SM 5, 0x40) enters stage 1 and edge 4 joins RGR 0 (dest = bits 3 and 5);
// an L2 return {tag 0, 0x40, data} at edge e gives rpl = {dest bits 3 and 5, 0x40, data} from
// cycle e+1 and frees RGR 0.
module pcu #(
  parameter integer NumRgr    = 128,
  parameter integer NumSm     = 64,
  parameter integer AddrWidth = 41,
  parameter integer DataWidth = 32,
  parameter integer WbDepth   = 4,
  parameter integer IdxWidth  = (NumRgr > 1) ? $clog2(NumRgr) : 1,
  parameter integer SmWidth   = (NumSm > 1) ? $clog2(NumSm) : 1
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // Requests from the SMs.
  input  wire                 req_valid_i,
  output wire                 req_ready_o,
  input  wire                 req_write_i,
  input  wire [SmWidth-1:0]   req_sm_i,
  input  wire [AddrWidth-1:0] req_addr_i,
  input  wire [DataWidth-1:0] req_data_i,
  // MC request queue.
  output wire                 mcq_valid_o,
  input  wire                 mcq_ready_i,
  output wire                 mcq_write_o,
  output wire [SmWidth-1:0]   mcq_sm_o,
  output wire [AddrWidth-1:0] mcq_addr_o,
  output wire [IdxWidth-1:0]  mcq_tag_o,
  output wire [DataWidth-1:0] mcq_data_o,
  // The MC reply queue has room for a reply (gates stage 2).
  input  wire                 rpq_room_i,
  // Blocks returned by the L2.
  input  wire                 l2_valid_i,
  output wire                 l2_ready_o,
  input  wire [IdxWidth-1:0]  l2_tag_i,
  input  wire [AddrWidth-1:0] l2_addr_i,
  input  wire [DataWidth-1:0] l2_data_i,
  // Reply packets to the MC reply queue.
  output wire                 rpl_valid_o,
  input  wire                 rpl_ready_i,
  output wire [NumSm-1:0]     rpl_dest_o,
  output wire [AddrWidth-1:0] rpl_addr_o,
  output wire [DataWidth-1:0] rpl_data_o,
  output wire                 idle_o
);
  // ---- stage-1 input register -------------------------------------------------------------
  reg                 s1_valid_q;
  reg                 s1_write_q;
  reg [SmWidth-1:0]   s1_sm_q;
  reg [AddrWidth-1:0] s1_addr_q;
  reg [DataWidth-1:0] s1_data_q;
  wire                s1_go;

  assign req_ready_o = ~s1_valid_q | s1_go;
  wire req_fire = req_valid_i & req_ready_o;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      s1_valid_q <= 1'b0;
    end else if (req_ready_o) begin
      s1_valid_q <= req_valid_i;
    end
  end

  always @(posedge clk_i) begin
    if (req_fire) begin
      s1_write_q <= req_write_i;
      s1_sm_q    <= req_sm_i;
      s1_addr_q  <= req_addr_i;
      s1_data_q  <= req_data_i;
    end
  end

  // SM decodes of the stage-1 request and of the incoming one (for the registered match).
  wire [NumSm-1:0] sm_onehot, req_sm_onehot;
  genvar e;
  generate
    for (e = 0; e < NumSm; e = e + 1) begin : gen_sm_decode
      localparam [SmWidth-1:0] Sm = e;
      assign sm_onehot[e]     = (s1_sm_q == Sm);
      assign req_sm_onehot[e] = (req_sm_i == Sm);
    end
  endgenerate

  // The incoming request against the stage-1 one: what an RGR allocated or joined by the
  // stage-1 request at this edge holds for it (docs/pcu.md 8.3).
  wire key_same    = (req_addr_i == s1_addr_q);
  wire key_sm_same = |(req_sm_onehot & sm_onehot);

  // ---- the RGRs ----------------------------------------------------------------------------
  wire [NumRgr-1:0]       rgr_valid, rgr_open, rgr_issued, open_hit, unissued_hit, rgr_rep,
                          rgr_match;
  // Every free RGR loads the stage-1 request each cycle, so most of the RGRs' address and
  // destination outputs change together. Each RGR writes its slice from a process of its own:
  // the same wires after synthesis, but in Icarus a slice written by a process is a word
  // store, where a slice driven by a port or an assign makes the whole 5,248- / 8,192-bit vector
  // be resolved bit by bit again for every RGR that changed (verilator_tb/README.md, "RTL
  // forms that make simulation slow").
  reg  [NumRgr*AddrWidth-1:0] rgr_addr;
  reg  [NumRgr*NumSm-1:0]     rgr_dest;
  wire [NumRgr-1:0]       alloc_sel, join_sel, close_sel, issue_sel, free_sel;

  generate
    for (e = 0; e < NumRgr; e = e + 1) begin : gen_rgr
      wire [AddrWidth-1:0] addr;
      wire [NumSm-1:0]     dest;
      always @(*) begin
        rgr_addr[AddrWidth*e +: AddrWidth] = addr;
        rgr_dest[NumSm*e +: NumSm]         = dest;
      end
      pcu_rgr #(
        .NumSm     (NumSm),
        .AddrWidth (AddrWidth)
      ) u_rgr (
        .clk_i          (clk_i),
        .rst_ni         (rst_ni),
        .key_load_i     (req_fire),
        .key_addr_i     (req_addr_i),
        .key_sm_onehot_i(req_sm_onehot),
        .key_same_i     (key_same),
        .key_sm_same_i  (key_sm_same),
        .s1_addr_i      (s1_addr_q),
        .sm_onehot_i    (sm_onehot),
        .alloc_i        (alloc_sel[e]),
        .join_i         (join_sel[e]),
        .close_i        (close_sel[e]),
        .issue_i        (issue_sel[e]),
        .free_i         (free_sel[e]),
        .valid_o        (rgr_valid[e]),
        .open_o         (rgr_open[e]),
        .issued_o       (rgr_issued[e]),
        .addr_o         (addr),
        .dest_o         (dest),
        .open_hit_o     (open_hit[e]),
        .unissued_hit_o (unissued_hit[e]),
        .rep_o          (rgr_rep[e]),
        .match_o        (rgr_match[e])
      );
    end
  endgenerate

  // ---- stage 1: match, allocate, push -----------------------------------------------------
  // The match is registered in the RGRs (open_hit, rep): stage 1 starts from flops, not from
  // a 41-bit compare (docs/pcu.md 8.3).

  wire [NumRgr-1:0]   free_onehot;
  wire [IdxWidth-1:0] alloc_idx;
  wire                any_free_tree;   // for the checks that any_free_q is exact

  pcu_alloc #(
    .NumRgr   (NumRgr),
    .IdxWidth (IdxWidth)
  ) u_alloc (
    .free_i (~rgr_valid),
    .sel_o  (free_onehot),
    .idx_o  (alloc_idx),
    .any_o  (any_free_tree)
  );

  // "Some RGR is free" from a register, not from an OR over every valid bit (docs/pcu.md 8.3):
  // a count of valid RGRs, +1 per allocation and -1 per merge-unit free, and any_free_q = the
  // count after the edge is below NumRgr. The allocation (alloc_go, late) only selects between
  // values formed from the count and the free (one RGR at most each).
  localparam integer CountWidth = IdxWidth + 1;
  localparam integer FullInt    = NumRgr;
  localparam integer LastInt    = NumRgr - 1;
  localparam [CountWidth-1:0] FullCount = FullInt[CountWidth-1:0];
  localparam [CountWidth-1:0] LastCount = LastInt[CountWidth-1:0];
  reg  [CountWidth-1:0] valid_count_q;
  reg                   any_free_q;
  wire                  rgr_freed;   // the merge unit frees an RGR at this edge
  wire                  alloc_go;
  wire                  any_free = any_free_q;
  wire [CountWidth-1:0] count_freed = rgr_freed ? valid_count_q - 1'b1 : valid_count_q;
  wire                  free_if_idle  = rgr_freed | (valid_count_q != FullCount);
  wire                  free_if_alloc = rgr_freed ? (valid_count_q != FullCount)
                                                  : (valid_count_q != LastCount);

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_count_q <= {CountWidth{1'b0}};
      any_free_q    <= 1'b1;
    end else begin
      valid_count_q <= alloc_go ? count_freed + 1'b1 : count_freed;
      any_free_q    <= alloc_go ? free_if_alloc : free_if_idle;
    end
  end

  // The open group is at most one RGR (docs/pcu.md 4), so an RGR's own open_hit and rep bits
  // say what the request does to it: join_cand (it joins, if the read may proceed) or rep with
  // open_hit (the read closes it and allocates). Each RGR's join and close command is formed
  // from its own bits and the few stage-1 conditions, not from OR trees over all RGRs.
  wire wb_conflict, wb_full, wb_empty;
  wire [NumRgr-1:0] join_cand = open_hit & ~rgr_rep;   // joining adds a new SM to the group
  wire any_join = |join_cand;
  wire s1_read  = s1_valid_q & ~s1_write_q;
  wire s1_wr    = s1_valid_q & s1_write_q;
  wire read_ok  = s1_read & ~wb_conflict;

  wire join_go  = read_ok & any_join;
  assign alloc_go = read_ok & ~any_join & any_free;
  wire write_go = s1_wr & ~wb_full & ~(|unissued_hit);
  assign s1_go  = join_go | alloc_go | write_go;

  assign alloc_sel = free_onehot & {NumRgr{alloc_go}};
  assign join_sel  = join_cand & {NumRgr{read_ok}};
  assign close_sel = open_hit & ((rgr_rep & {NumRgr{read_ok & any_free}}) | {NumRgr{write_go}});

  // ---- pointer ring and write buffer --------------------------------------------------------
  wire                ring_empty;
  wire [IdxWidth-1:0] ring_tail;
  wire                pop_read, pop_write;

  pcu_ring #(
    .NumRgr   (NumRgr),
    .IdxWidth (IdxWidth)
  ) u_ring (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .push_i     (alloc_go),
    .push_idx_i (alloc_idx),
    .pop_i      (pop_read),
    .tail_idx_o (ring_tail),
    .empty_o    (ring_empty)
  );

  wire [SmWidth-1:0]   wb_sm;
  wire [AddrWidth-1:0] wb_addr;
  wire [DataWidth-1:0] wb_data;

  pcu_wb #(
    .WbDepth   (WbDepth),
    .SmWidth   (SmWidth),
    .AddrWidth (AddrWidth),
    .DataWidth (DataWidth)
  ) u_wb (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .push_i      (write_go),
    .push_sm_i   (s1_sm_q),
    .push_addr_i (s1_addr_q),
    .push_data_i (s1_data_q),
    .pop_i       (pop_write),
    .head_sm_o   (wb_sm),
    .head_addr_o (wb_addr),
    .head_data_o (wb_data),
    .empty_o     (wb_empty),
    .full_o      (wb_full),
    .key_addr_i  (s1_addr_q),
    .conflict_o  (wb_conflict)
  );

  // ---- stage 2: request selector into the MC request queue register -----------------------
  wire sel_valid, sel_write, mcq_take;

  pcu_select u_select (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .room_i       (rpq_room_i),
    .rd_avail_i   (~ring_empty),
    .wr_avail_i   (~wb_empty),
    .take_i       (mcq_take),
    .valid_o      (sel_valid),
    .pick_write_o (sel_write),
    .pop_read_o   (pop_read),
    .pop_write_o  (pop_write)
  );

  generate
    for (e = 0; e < NumRgr; e = e + 1) begin : gen_issue
      localparam [IdxWidth-1:0] Idx = e;
      assign issue_sel[e] = pop_read & (ring_tail == Idx);
    end
  endgenerate

  wire [AddrWidth-1:0] tail_addr = rgr_addr[ring_tail * AddrWidth +: AddrWidth];
  wire [SmWidth-1:0]   sel_sm    = sel_write ? wb_sm : {SmWidth{1'b0}};
  wire [AddrWidth-1:0] sel_addr  = sel_write ? wb_addr : tail_addr;
  wire [IdxWidth-1:0]  sel_tag   = sel_write ? {IdxWidth{1'b0}} : ring_tail;
  wire [DataWidth-1:0] sel_data  = sel_write ? wb_data : {DataWidth{1'b0}};

  np_stream_register #(
    .Width (1 + SmWidth + AddrWidth + IdxWidth + DataWidth)
  ) u_mcq_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (sel_valid),
    .in_ready_o  (mcq_take),
    .in_data_i   ({sel_write, sel_sm, sel_addr, sel_tag, sel_data}),
    .out_valid_o (mcq_valid_o),
    .out_ready_i (mcq_ready_i),
    .out_data_o  ({mcq_write_o, mcq_sm_o, mcq_addr_o, mcq_tag_o, mcq_data_o})
  );

  // ---- merge unit ----------------------------------------------------------------------------
  wire [NumSm-1:0] merge_dest;
  wire             l2_fire = l2_valid_i & l2_ready_o;

  pcu_merge #(
    .NumRgr   (NumRgr),
    .NumSm    (NumSm),
    .IdxWidth (IdxWidth)
  ) u_merge (
    .tag_i       (l2_tag_i),
    .fire_i      (l2_fire),
    .valid_i     (rgr_valid),
    .issued_i    (rgr_issued),
    .dest_i      (rgr_dest),
    .join_hit_i  (join_cand),
    .join_go_i   (read_ok),
    .join_dest_i (sm_onehot),
    .dest_o      (merge_dest),
    .free_o      (free_sel),
    .freed_o     (rgr_freed)
  );

  np_stream_register #(
    .Width (NumSm + AddrWidth + DataWidth)
  ) u_rpl_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (l2_valid_i),
    .in_ready_o  (l2_ready_o),
    .in_data_i   ({merge_dest, l2_addr_i, l2_data_i}),
    .out_valid_o (rpl_valid_o),
    .out_ready_i (rpl_ready_i),
    .out_data_o  ({rpl_dest_o, rpl_addr_o, rpl_data_o})
  );

  assign idle_o = ~(|rgr_valid) & wb_empty & ~s1_valid_q & ~mcq_valid_o & ~rpl_valid_o;

`ifndef SYNTHESIS
  initial begin
    if (NumRgr < 2 || (1 << IdxWidth) < NumRgr || NumSm < 1 || NumSm > 64 ||
        (1 << SmWidth) < NumSm || WbDepth < 1) begin
      $display("ASSERT %m: unsupported parameters NumRgr=%0d IdxWidth=%0d NumSm=%0d SmWidth=%0d WbDepth=%0d",
               NumRgr, IdxWidth, NumSm, SmWidth, WbDepth);
      $fatal;
    end
  end

  // The registered match is exact (docs/pcu.md 8.3): for the request in stage 1, every valid
  // RGR's match bit equals a fresh compare of the blocks, and the open group's rep bit the
  // group's destination bit of the request's SM.
  integer k;
  always @(posedge clk_i) begin
    if (rst_ni && s1_valid_q) begin
      for (k = 0; k < NumRgr; k = k + 1) begin
        if (rgr_valid[k] && (rgr_match[k] != (rgr_addr[AddrWidth*k +: AddrWidth] == s1_addr_q) ||
                             (open_hit[k] && rgr_rep[k] != |(rgr_dest[NumSm*k +: NumSm] & sm_onehot)))) begin
          $display("ASSERT %m: the registered match of RGR %0d is stale", k);
          $fatal;
        end
      end
    end
  end

  // At most one open RGR per block (docs/pcu.md 4): the property the join relies on, checked
  // here for the block in stage 1 (tests/formal/pcu_prove.sh proves it for every pair).
  always @(posedge clk_i) begin
    if (rst_ni && ((open_hit & (open_hit - 1'b1)) != {NumRgr{1'b0}} ||
                   (open_hit & ~rgr_open) != {NumRgr{1'b0}})) begin
      $display("ASSERT %m: two open RGRs hold the stage-1 block");
      $fatal;
    end
  end

  // The registered free flag and its count are exact (docs/pcu.md 8.3).
  integer v, valid_total;
  always @* begin
    valid_total = 0;
    for (v = 0; v < NumRgr; v = v + 1) valid_total = valid_total + {31'd0, rgr_valid[v]};
  end
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (any_free_q != any_free_tree || {{(32 - CountWidth){1'b0}}, valid_count_q} != valid_total) begin
        $display("ASSERT %m: any_free_q %0d / valid count %0d, but %0d RGRs are valid",
                 any_free_q, valid_count_q, valid_total);
        $fatal;
      end
    end
  end
`endif

`ifdef FORMAL
  // Invariants proved by tests/formal/pcu_prove.sh (docs/pcu.md 9), checked every cycle:
  //   unique_open  no two open RGRs hold the same block (a read joins exactly one group)
  //   has_dest     every valid RGR has a destination (no reply goes to nobody)
  // PCU_FORMAL_CONTROL swaps in a property that is false (no two valid RGRs share a block: a
  // write or a repeated SM makes a second group), which the solver must refute.
  //   exact_match  the registered match and rep bits equal a fresh compare (docs/pcu.md 8.3)
  //   exact_free   the registered "some RGR is free" equals the OR of the invalid RGRs (8.3)
  always @* begin
    if (rst_ni) assert(any_free_q == any_free_tree);
  end
  genvar fa, fb;
  generate
    for (fa = 0; fa < NumRgr; fa = fa + 1) begin : gen_formal_a
      always @* begin
        if (rst_ni) assert(!rgr_valid[fa] || rgr_dest[NumSm*fa +: NumSm] != {NumSm{1'b0}});
        if (rst_ni && s1_valid_q && rgr_valid[fa]) begin
          assert(rgr_match[fa] == (rgr_addr[AddrWidth*fa +: AddrWidth] == s1_addr_q));
          assert(!open_hit[fa] || rgr_rep[fa] == |(rgr_dest[NumSm*fa +: NumSm] & sm_onehot));
        end
      end
      for (fb = fa + 1; fb < NumRgr; fb = fb + 1) begin : gen_formal_b
        wire same = rgr_addr[AddrWidth*fa +: AddrWidth] == rgr_addr[AddrWidth*fb +: AddrWidth];
        always @* begin
`ifdef PCU_FORMAL_CONTROL
          if (rst_ni) assert(!(rgr_valid[fa] && rgr_valid[fb] && same));
`else
          if (rst_ni) assert(!(rgr_open[fa] && rgr_open[fb] && same));
`endif
        end
      end
    end
  endgenerate
`endif
endmodule
