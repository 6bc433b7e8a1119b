// dpc_filter_table: the MC data-filtering table (docs/dpc.md sections 6 and 7).
//
// Function: tracks the critical map of every partial-data request whose L2 reply has not left,
// keyed by (SM id, line address).
//   request port (req_*): map 1111 (or 0000, read as 1111) -> FULL, table unchanged; a live
//     entry with the same key -> MERGED, its map becomes map | M; else the lowest free entry
//     -> ALLOC with M; no free entry -> FULL (served as a full-block request: nothing is lost,
//     no live entry is evicted). The decision leaves on act_* (action, entry, entry's map).
//   reply port (rpl_*): the reply for entry rpl_idx_i leaves; map_o gets the entry's map and
//     the entry is freed. A free entry or an index >= Entries gives 1111 and changes nothing.
// Same edge: the reply is applied first, then the request is decided against the table
// without that entry, so a request for the key whose reply is leaving allocates (section 7).
//
// Latency / throughput: 2 cycles on both paths (issue 29; 1 before), one request and one
// reply per cycle. The accepting edge registers the request (and each entry's key compare,
// dpc_filter_entry) and the reply's index (stage H); the next cycle decides both, as one step
// in the order above, into the output registers (np_stream_register). Both ports advance
// together, so a request and a reply act in the order of their accepting edges whatever the
// outputs' back-pressure: req_ready_o = rpl_ready_o = every occupied H slot can leave (its
// output register is free or taken). docs/dpc.md 6.2 says why and what it cost.
// State: Entries x (2 + SmIdWidth + AddrWidth + 4) flops (32 x 53 = 1696 by default), one
// dpc_filter_entry per entry (registers, key compare and its registered result), and H (the
// request, and the reply's index decoded: Entries flops, so the decision starts from registers).
//
// Worked example (empty table; accepting edges): edge 1 request (sm 3, addr 0x40, map 0001) ->
// ALLOC, idx 0, map 0001; edge 2 request (sm 3, addr 0x40, map 0010) -> MERGED, idx 0, map
// 0011; edge 3 reply idx 0 and request (sm 3, addr 0x40, map 0100) on the same edge -> map_o =
// 0011, and the request -> ALLOC, idx 0, map 0100 (entry 0 was freed first, and it is the lowest
// free one). Each result leaves two edges after its request.
module dpc_filter_table #(
  parameter integer Entries   = 32,
  parameter integer SmIdWidth = 6,
  parameter integer AddrWidth = 41,
  parameter integer IdxWidth  = (Entries > 1) ? $clog2(Entries) : 1
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // Requests from the SMs.
  input  wire                 req_valid_i,
  output wire                 req_ready_o,
  input  wire [SmIdWidth-1:0] req_sm_i,
  input  wire [AddrWidth-1:0] req_addr_i,
  input  wire [3:0]           req_map_i,
  // The table's decision for each request, in request order.
  output wire                 act_valid_o,
  input  wire                 act_ready_i,
  output wire [1:0]           act_action_o,
  output wire [IdxWidth-1:0]  act_idx_o,
  output wire [3:0]           act_map_o,
  // L2 replies leaving towards the compressor.
  input  wire                 rpl_valid_i,
  output wire                 rpl_ready_o,
  input  wire [IdxWidth-1:0]  rpl_idx_i,
  // The map of each reply, in reply order.
  output wire                 map_valid_o,
  input  wire                 map_ready_i,
  output wire [3:0]           map_o
);
  localparam [1:0] ActFull   = 2'd0;
  localparam [1:0] ActMerged = 2'd1;
  localparam [1:0] ActAlloc  = 2'd2;

  // ---- H: the accepted request and reply, decided in the next cycle ----------------------
  wire act_ready;                // the output registers can take this cycle's decisions
  wire map_ready;
  wire adv;                      // H's contents leave (and new ones enter) at this edge
  reg                 hq_v, hp_v;
  reg [SmIdWidth-1:0] hq_sm;
  reg [AddrWidth-1:0] hq_addr;
  reg [3:0]           hq_map;    // 0000 read as 1111
  reg [Entries-1:0]   hp_sel;    // the reply's index, decoded at the accepting edge

  assign adv         = (~hq_v | act_ready) & (~hp_v | map_ready);
  assign req_ready_o = adv;
  assign rpl_ready_o = adv;
  wire req_fire = req_valid_i & adv;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      hq_v <= 1'b0;
      hp_v <= 1'b0;
    end else if (adv) begin
      hq_v <= req_valid_i;
      hp_v <= rpl_valid_i;
    end
    if (req_fire) begin
      hq_sm   <= req_sm_i;
      hq_addr <= req_addr_i;
      hq_map  <= (req_map_i == 4'd0) ? 4'hF : req_map_i;
    end
    if (adv & rpl_valid_i) hp_sel <= rpl_dec;
  end

  wire req_fdr = (hq_map == 4'hF);
  // The incoming key against the decided one: an entry the decision allocates at the accepting
  // edge holds the decided key after it (dpc_filter_entry).
  wire same_key = (req_sm_i == hq_sm) & (req_addr_i == hq_addr);

  // ---- the entries: registers and key compare (dpc_filter_entry) --------------------------
  wire [Entries-1:0]   valid;      // entry state before this edge
  wire [Entries-1:0]   live;       // the table the request sees (the reply's entry freed)
  wire [Entries-1:0]   hit;        // live entries whose key is the request's: zero or one-hot
  wire [Entries*4-1:0] entry_map;
  wire [Entries-1:0]   rpl_dec;    // the incoming reply's index, decoded (none >= Entries)
  wire [Entries-1:0]   rpl_sel = hp_v ? hp_sel : {Entries{1'b0}};   // the decided reply's
  wire [Entries-1:0]   alloc_sel;  // the lowest free entry
  wire                 any_free;
  wire                 do_merge = hq_v & ~req_fdr & (|hit);
  wire                 do_alloc = hq_v & ~req_fdr & ~(|hit) & any_free;

  genvar e;
  generate
    for (e = 0; e < Entries; e = e + 1) begin : gen_entry
      localparam [IdxWidth-1:0] Idx = e;
      assign rpl_dec[e] = (rpl_idx_i == Idx);
      dpc_filter_entry #(
        .SmIdWidth (SmIdWidth),
        .AddrWidth (AddrWidth)
      ) u_entry (
        .clk_i       (clk_i),
        .rst_ni      (rst_ni),
        .cmp_sm_i    (req_sm_i),
        .cmp_addr_i  (req_addr_i),
        .load_i      (req_fire),
        .same_key_i  (same_key),
        .dec_sm_i    (hq_sm),
        .dec_addr_i  (hq_addr),
        .dec_map_i   (hq_map),
        .commit_i    (adv),
        .free_i      (rpl_sel[e]),
        .merge_i     (do_merge),
        .alloc_sel_i (alloc_sel[e]),
        .alloc_i     (do_alloc & alloc_sel[e]),
        .valid_o     (valid[e]),
        .live_o      (live[e]),
        .hit_o       (hit[e]),
        .map_o       (entry_map[4*e +: 4])
      );
    end
  endgenerate

  // ---- reply: look up (the entry frees itself) ------------------------------------------
  wire [Entries-1:0] rpl_onehot = rpl_sel & valid;

  reg [3:0] rpl_map;
  integer i;
  always @* begin
    rpl_map = 4'd0;
    for (i = 0; i < Entries; i = i + 1) begin
      rpl_map = rpl_map | (entry_map[4*i +: 4] & {4{rpl_onehot[i]}});
    end
    // No valid entry at that index (also every index >= Entries): the whole line.
    if (rpl_onehot == {Entries{1'b0}}) begin
      rpl_map = 4'hF;
    end
  end

  // ---- request: merge into the hit, else allocate the lowest free entry -------------------
  wire [IdxWidth-1:0] alloc_idx;

  dpc_filter_alloc #(
    .Entries  (Entries),
    .IdxWidth (IdxWidth)
  ) u_alloc (
    .free_i (~live),
    .sel_o  (alloc_sel),
    .idx_o  (alloc_idx),
    .any_o  (any_free)
  );

  // The hit's map and index: OR of the (at most one) hit entry's map and index.
  reg [3:0]          hit_map;
  reg [IdxWidth-1:0] hit_idx;
  always @* begin
    hit_map = 4'd0;
    hit_idx = {IdxWidth{1'b0}};
    for (i = 0; i < Entries; i = i + 1) begin
      hit_map = hit_map | (entry_map[4*i +: 4] & {4{hit[i]}});
      hit_idx = hit_idx | (i[IdxWidth-1:0] & {IdxWidth{hit[i]}});
    end
  end

  wire [1:0]          act_action = do_merge ? ActMerged : (do_alloc ? ActAlloc : ActFull);
  wire [IdxWidth-1:0] act_idx    = do_merge ? hit_idx : (do_alloc ? alloc_idx : {IdxWidth{1'b0}});
  wire [3:0]          act_map    = do_merge ? (hit_map | hq_map) : (do_alloc ? hq_map : 4'hF);

  // ---- registered outputs -----------------------------------------------------------------
  // Loaded when H leaves (adv): a slot whose output register is full waits for the other's.
  np_stream_register #(.Width(2 + IdxWidth + 4)) u_act_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (hq_v & adv),
    .in_ready_o  (act_ready),
    .in_data_i   ({act_action, act_idx, act_map}),
    .out_valid_o (act_valid_o),
    .out_ready_i (act_ready_i),
    .out_data_o  ({act_action_o, act_idx_o, act_map_o})
  );

  np_stream_register #(.Width(4)) u_map_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (hp_v & adv),
    .in_ready_o  (map_ready),
    .in_data_i   (rpl_map),
    .out_valid_o (map_valid_o),
    .out_ready_i (map_ready_i),
    .out_data_o  (map_o)
  );

`ifndef SYNTHESIS
  initial begin
    if (Entries < 2 || (1 << IdxWidth) < Entries) begin
      $display("ASSERT %m: Entries = %0d does not fit IdxWidth = %0d", Entries, IdxWidth);
      $fatal;
    end
  end
`endif
endmodule
