// ba_tag_unit: the bypass-aware L1 tag unit (docs/ba.md), generic over geometry and mode.
//
// Function: one request per cycle, in_op_i (00 read, 01 write, 1x invalidate-all) on the line
// address in_addr_i (set = low IndexBits bits, tag = the rest). In the cycle a request is
// accepted the addressed set is read from the flop array, looked up (ba_match), its victim
// selected (each set's is kept in flops, chosen by ba_victim when a write lands there) and the
// outcome decided (ba_decide); the outcome, way and victim go to an output register
// (np_stream_register) and the set's update to the pending-write register. At the next edge
// the pending write is applied to the array (the age update, ba_lru_update, and the set's new
// victim are computed in that cycle from the pending-write register, off the lookup's path). Per line: valid, tag, true-LRU age (WayBits),
// and in BA mode (BypassAware = 1) the reuse and bypass bits; LRU mode (BypassAware = 0) has
// no such bits and never bypasses: it is the conventional baseline of the same geometry.
//
// Forwarding (docs/ba.md 4): the request accepted at the edge after another one reads the
// array before that request's write has landed. When both address the same set, the pending
// write is forwarded into the lookup: the written line's valid, reuse and bypass bits are
// replaced by their new values, its tag compare by a compare with the pending tag, the line
// counts as the most recent in the victim choice (the set's victim is the one computed for
// the pending write's landing: ba_victim young_i, equal to the age update it will get), and a
// pending invalidate-all makes the set empty. So every request sees the
// state left by every request accepted before it, as in a one-cycle design; the FORMAL
// block below checks the forwarded lookup against the lookup of the array's next state.
//
// Latency / throughput: 1 cycle, one request per cycle. in_ready_o = !out_valid_o ||
// out_ready_i (the state advances only when the result can leave); the pending write is
// applied at the next edge whether or not a request is accepted there.
//
// Register bits (Sets = 16, Ways = 8, AddrBits = 41: TagBits = 37, WayBits = 3):
// BA 128 x (1 + 37 + 3 + 2) = 5504, LRU 128 x (1 + 37 + 3) = 5248, plus the output stage
// 3 + 3 + 1 + 37 + valid = 45, the pending write: valid, set, way, 4 (BA) or 3 (LRU)
// command bits, tag = 1 + 4 + 3 + 4 + 37 = 49 (BA), 48 (LRU), with its set's ages and (BA)
// reuse bits 24 + 8, and each set's victim 16 x 8 = 128.
//
// What it does not do: no data array, no MSHRs (a miss's fetch is the outcome; the caller
// fetches), no hit-under-miss ordering. Sets and Ways must be powers of two >= 2 (port widths
// need a bit); Threshold in 0..Ways.
//
// Worked example (BA, 8 ways, fresh after reset): 8 reads of tags 1..8 to set 0 -> MISS_FILL
// ways 0..7; read tag 9 -> BYPASS way 0 (the oldest, all reuse 0), victim tag 1; read tag 9
// again -> PSEUDO_HIT way 0; read tag 9 -> HIT way 0. Back to back, each read finds the
// previous one's line through the pending write (forwarding).
module ba_tag_unit #(
  parameter integer Sets        = 16,
  parameter integer Ways        = 8,
  parameter integer AddrBits    = 41,
  parameter integer BypassAware = 1,
  parameter integer Threshold   = 4
) (
  input  wire                               clk_i,
  input  wire                               rst_ni,
  input  wire                               in_valid_i,
  output wire                               in_ready_o,
  input  wire [1:0]                         in_op_i,
  input  wire [AddrBits-1:0]                in_addr_i,
  output wire                               out_valid_o,
  input  wire                               out_ready_i,
  output wire [2:0]                         out_outcome_o,
  output wire [$clog2(Ways)-1:0]            out_way_o,
  output wire                               out_victim_valid_o,
  output wire [AddrBits-$clog2(Sets)-1:0]   out_victim_tag_o
);

  localparam integer IndexBits = $clog2(Sets);
  localparam integer TagBits   = AddrBits - IndexBits;
  localparam integer WayBits   = $clog2(Ways);
  localparam integer OutBits   = 3 + WayBits + 1 + TagBits;

  // ---- the request ------------------------------------------------------------------------
  wire                 fire = in_valid_i & in_ready_o;
  wire [IndexBits-1:0] req_set = in_addr_i[IndexBits-1:0];
  wire [TagBits-1:0]   req_tag = in_addr_i[AddrBits-1:IndexBits];
  wire                 invalidate = in_op_i[1];

  // ---- the pending write: the previous request's update, applied at the next edge ---------
  reg                 pw_valid_q;     // a request was accepted at the last edge
  reg                 pw_inval_q;     // it was an invalidate-all
  reg [IndexBits-1:0] pw_set_q;
  reg [WayBits-1:0]   pw_way_q;
  reg                 pw_alloc_q;     // MISS_FILL, MISS_EVICT, BYPASS: valid, tag, reuse 0
  reg                 pw_reused_q;    // HIT, PSEUDO_HIT: reuse 1, bypass 0
  reg                 pw_evict_q;     // WRITE_EVICT: valid 0
  reg                 pw_bypass_q;    // BYPASS: the allocated line is a tag-only record
  reg [TagBits-1:0]   pw_tag_q;
  // The set's ages and reuse bits as the array holds them when this write lands (the earlier
  // writes included): its age update and its victim are computed from these flops, not from a
  // second read of the array through a set mux.
  reg [Ways*WayBits-1:0] pw_age_q;
  reg [Ways-1:0]         pw_reuse_q;
  wire                pw_touch = pw_alloc_q | pw_reused_q;

  // ---- the array, one generate block per set; flat views for the read muxes -----------------
  wire [Sets*Ways-1:0]         all_valid;
  wire [Sets*Ways*TagBits-1:0] all_tag;
  wire [Sets*Ways*WayBits-1:0] all_age;
  wire [Sets*Ways-1:0]         all_reuse;
  wire [Sets*Ways-1:0]         all_bypass;
  wire [Sets*Ways-1:0]         all_victim;   // per set: its victim, one-hot (see gen_set)

  // The addressed set: an AND-OR mux over the sets (constant slices, one select per set),
  // much smaller than a variable part-select, whose offset req_set * Ways * TagBits becomes a
  // multiplier and a barrel shifter in synthesis.
  reg [Ways-1:0]         set_valid;
  reg [Ways*TagBits-1:0] set_tag;
  reg [Ways*WayBits-1:0] set_age;
  reg [Ways-1:0]         set_reuse;
  reg [Ways-1:0]         set_bypass;
  reg [Ways-1:0]         set_victim;
  integer r;

  always @(*) begin
    set_valid  = {Ways{1'b0}};
    set_tag    = {Ways*TagBits{1'b0}};
    set_age    = {Ways*WayBits{1'b0}};
    set_reuse  = {Ways{1'b0}};
    set_bypass = {Ways{1'b0}};
    set_victim = {Ways{1'b0}};
    for (r = 0; r < Sets; r = r + 1) begin
      if (req_set == r[IndexBits-1:0]) begin
        set_valid  = set_valid | all_valid[r*Ways +: Ways];
        set_tag    = set_tag | all_tag[r*Ways*TagBits +: Ways*TagBits];
        set_age    = set_age | all_age[r*Ways*WayBits +: Ways*WayBits];
        set_reuse  = set_reuse | all_reuse[r*Ways +: Ways];
        set_bypass = set_bypass | all_bypass[r*Ways +: Ways];
        set_victim = set_victim | all_victim[r*Ways +: Ways];
      end
    end
  end

  // ---- forwarding of the pending write into the lookup ---------------------------------------
  // fwd_line: the line the pending write changes, when it is in the request's set.
`ifdef BA_FORMAL_NO_FORWARD
  wire            fwd_set   = 1'b0;
  wire            fwd_empty = 1'b0;
`else
  wire            fwd_set   = pw_valid_q & ~pw_inval_q & (pw_set_q == req_set);
  wire            fwd_empty = pw_valid_q & pw_inval_q;   // the set is about to be emptied
`endif
  wire            fwd_tag_eq = pw_tag_q == req_tag;
  reg  [Ways-1:0] pw_line, fwd_line, view_valid, view_eq, view_reuse, view_bypass;
  reg  [Ways*WayBits-1:0] view_age, reset_age;
  wire [Ways*WayBits-1:0] next_age;   // the pending write's set's ages after it lands
  integer w;

  always @(*) begin
    for (w = 0; w < Ways; w = w + 1) begin
      pw_line[w]     = pw_way_q == w[WayBits-1:0];
      fwd_line[w]    = fwd_set & pw_line[w];
      view_eq[w]     = fwd_line[w] & pw_alloc_q ? fwd_tag_eq
                                                : set_tag[w*TagBits +: TagBits] == req_tag;
      view_valid[w]  = fwd_empty ? 1'b0 :
                       fwd_line[w] & pw_alloc_q ? 1'b1 :
                       fwd_line[w] & pw_evict_q ? 1'b0 : set_valid[w];
      view_reuse[w]  = fwd_line[w] & pw_alloc_q ? 1'b0 :
                       fwd_line[w] & pw_reused_q ? 1'b1 : set_reuse[w];
      view_bypass[w] = fwd_line[w] & pw_alloc_q ? pw_bypass_q :
                       fwd_line[w] & pw_reused_q ? 1'b0 : set_bypass[w];
      reset_age[w*WayBits +: WayBits] = w[WayBits-1:0];
    end
    // Only for the pending-write register (pw_age_q), off the lookup's path.
    view_age = fwd_empty ? reset_age : fwd_set & pw_touch ? next_age : set_age;
  end

  // ---- the victim of every set, chosen before the request arrives ----------------------------
  // The victim depends only on the set's state, so each set keeps its own in flops (gen_set,
  // victim_q), rewritten whenever a write lands there: the lookup selects it with the set mux
  // instead of computing it after that mux. The one set whose victim is not in flops yet is the
  // pending write's: its victim after the write is computed here from the pending-write
  // register alone (the ages and reuse bits it carries, the written line counted as the most
  // recent: ba_victim young_i), and it is also the value victim_q takes when the write lands.
  reg [Ways-1:0] pw_reuse_after, pw_young;
  always @(*) begin
    for (w = 0; w < Ways; w = w + 1) begin
      pw_reuse_after[w] = pw_line[w] & pw_alloc_q ? 1'b0 :
                          pw_line[w] & pw_reused_q ? 1'b1 : pw_reuse_q[w];
      pw_young[w]       = pw_line[w] & pw_touch;
    end
  end

  wire [Ways-1:0]    pw_victim_line;
  wire [WayBits-1:0] pw_victim_way;
  ba_victim #(.Ways(Ways), .WayBits(WayBits), .BypassAware(BypassAware),
              .Threshold(Threshold)) u_victim (
    .reuse_i      (pw_reuse_after),
    .age_i        (pw_age_q),
    .young_i      (pw_young),
    .victim_o     (pw_victim_line),
    .victim_way_o (pw_victim_way)
  );

  // A victim is used only when every line of the set is valid (the forwarded view), so a
  // victim_q that a reset or invalidate-all left stale is never read: refilling the set lands
  // a write there for every line, each rewriting it.
  reg [WayBits-1:0] set_victim_way;
  always @(*) begin
    set_victim_way = {WayBits{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      if (set_victim[w]) begin
        set_victim_way = set_victim_way | w[WayBits-1:0];
      end
    end
  end
  wire [Ways-1:0]    victim_line = fwd_set ? pw_victim_line : set_victim;
  wire [WayBits-1:0] victim_way  = fwd_set ? pw_victim_way : set_victim_way;

  // ---- decision -----------------------------------------------------------------------------
  wire               match, match_bypass, has_free, allocate, reused, evict, replaced;
  wire [WayBits-1:0] match_way, free_way;
  wire [2:0]         outcome;

  ba_match #(.Ways(Ways), .WayBits(WayBits)) u_match (
    .valid_i        (view_valid),
    .eq_i           (view_eq),
    .bypass_i       (view_bypass),
    .match_o        (match),
    .match_way_o    (match_way),
    .match_bypass_o (match_bypass),
    .has_free_o     (has_free),
    .free_way_o     (free_way)
  );

  ba_decide #(.BypassAware(BypassAware)) u_decide (
    .op_i           (in_op_i),
    .match_i        (match),
    .match_bypass_i (match_bypass),
    .has_free_i     (has_free),
    .outcome_o      (outcome),
    .allocate_o     (allocate),
    .reused_o       (reused),
    .evict_o        (evict),
    .replaced_o     (replaced)
  );

  // The way each outcome acts on: the match way for HIT, PSEUDO_HIT and WRITE_EVICT, the free
  // way for MISS_FILL, the victim for MISS_EVICT and BYPASS, 0 for WRITE_AROUND and
  // INVALIDATED. The choice without a match is made from the op and the valid bits while the
  // tags are still being compared; match selects last.
  wire [WayBits-1:0] miss_way  = |in_op_i ? {WayBits{1'b0}} : has_free ? free_way : victim_way;
  wire [WayBits-1:0] match_acts = invalidate ? {WayBits{1'b0}} : match_way;
  wire [WayBits-1:0] way       = match ? match_acts : miss_way;

  // The victim's old tag: the one-hot victim line selects it (the pending write's tag if
  // that write is filling the same line). It is not zeroed here when there is no victim: the
  // output register holds it as it is and out_victim_valid_o masks it after the register, so
  // the tag compare's result (replaced) does not fan out to every tag bit in this cycle.
  reg [TagBits-1:0] victim_set_tag;
  always @(*) begin
    victim_set_tag = {TagBits{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      victim_set_tag = victim_set_tag | (set_tag[w*TagBits +: TagBits] & {TagBits{victim_line[w]}});
    end
  end
  wire              victim_fwd = |(victim_line & fwd_line) & pw_alloc_q;
  wire [TagBits-1:0] victim_tag = victim_fwd ? pw_tag_q : victim_set_tag;

  // ---- the pending-write register --------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pw_valid_q <= 1'b0;
    end else begin
      pw_valid_q <= fire;
    end
  end

  // Read only while pw_valid_q is set, which a reset clears: no reset needed.
  always @(posedge clk_i) begin
    if (fire) begin
      pw_inval_q  <= invalidate;
      pw_set_q    <= req_set;
      pw_way_q    <= way;
      pw_alloc_q  <= allocate;
      pw_reused_q <= reused;
      pw_evict_q  <= evict;
      pw_bypass_q <= (BypassAware != 0) & replaced;
      pw_tag_q    <= req_tag;
      pw_age_q    <= view_age;
      pw_reuse_q  <= view_reuse;
    end
  end

  // ---- the array: the pending write lands; only its set changes, except on invalidate-all ---
  ba_lru_update #(.Ways(Ways), .WayBits(WayBits)) u_lru (
    .age_i (pw_age_q),
    .way_i (pw_way_q),
    .age_o (next_age)
  );

  genvar s, l;
  generate
    for (s = 0; s < Sets; s = s + 1) begin : gen_set
      wire sel = pw_valid_q & ~pw_inval_q & (pw_set_q == s[IndexBits-1:0]);
      reg [Ways-1:0]         valid_q;
      reg [Ways*WayBits-1:0] age_q;
      reg [Ways-1:0]         victim_q;

      // Ages restart as way index (way 0 most recent) on reset and invalidate-all.
      always @(posedge clk_i) begin
        if (!rst_ni || (pw_valid_q && pw_inval_q)) begin
          valid_q <= {Ways{1'b0}};
          for (w = 0; w < Ways; w = w + 1) begin
            age_q[w*WayBits +: WayBits] <= w[WayBits-1:0];
          end
        end else if (sel) begin
          if (pw_alloc_q) valid_q[pw_way_q] <= 1'b1;
          if (pw_evict_q) valid_q[pw_way_q] <= 1'b0;
          if (pw_touch) age_q <= next_age;
        end
      end

      // No reset: see pw_victim_line.
      always @(posedge clk_i) begin
        if (sel) victim_q <= pw_victim_line;
      end

      assign all_valid[s*Ways +: Ways]               = valid_q;
      assign all_victim[s*Ways +: Ways]              = victim_q;
      assign all_age[s*Ways*WayBits +: Ways*WayBits] = age_q;

      // Per line: a write enable each, so the write needs no shifter.
      for (l = 0; l < Ways; l = l + 1) begin : gen_way
        wire line_sel = sel & (pw_way_q == l[WayBits-1:0]);
        reg [TagBits-1:0] tag_q;

        // No reset: a tag is read only while its line is valid.
        always @(posedge clk_i) begin
          if (line_sel && pw_alloc_q) tag_q <= pw_tag_q;
        end
        assign all_tag[(s*Ways+l)*TagBits +: TagBits] = tag_q;

        if (BypassAware != 0) begin : gen_ba_bits
          reg reuse_q, bypass_q;
          // No reset: both are written on allocation, before a valid line's bits are read.
          always @(posedge clk_i) begin
            if (line_sel && pw_alloc_q) begin
              reuse_q  <= 1'b0;
              bypass_q <= pw_bypass_q;
            end
            if (line_sel && pw_reused_q) begin
              reuse_q  <= 1'b1;
              bypass_q <= 1'b0;
            end
          end
          assign all_reuse[s*Ways+l]  = reuse_q;
          assign all_bypass[s*Ways+l] = bypass_q;
        end else begin : gen_lru_bits
          assign all_reuse[s*Ways+l]  = 1'b0;
          assign all_bypass[s*Ways+l] = 1'b0;
        end
      end
    end
  endgenerate

  // ---- output stage ---------------------------------------------------------------------------
  wire [OutBits-1:0] result = {outcome, way, replaced, victim_tag};
  wire [OutBits-1:0] out_data;
  wire [TagBits-1:0] out_tag;

  np_stream_register #(.Width(OutBits)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_data_i   (result),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data)
  );

  assign {out_outcome_o, out_way_o, out_victim_valid_o, out_tag} = out_data;
  assign out_victim_tag_o = out_tag & {TagBits{out_victim_valid_o}};   // 0 without a victim

`ifdef FORMAL
  // The forwarded lookup equals the lookup of the state the array holds after the pending
  // write lands (what a one-cycle design would read), for every request in every cycle
  // (tests/formal/ba_prove.sh, unit_forwarding). BA_FORMAL_NO_FORWARD removes the forwarding
  // to show the property needs it (unit_no_forward must be refuted).
  reg [Ways-1:0]         nx_valid, nx_eq, nx_reuse, nx_bypass;
  reg [Ways*WayBits-1:0] nx_age;
  reg [Ways*TagBits-1:0] nx_tag;
  // The age update of the array's own ages of the set, not of the pending-write register's copy.
  wire [Ways*WayBits-1:0] nx_touched_age;
  ba_lru_update #(.Ways(Ways), .WayBits(WayBits)) u_nx_lru (
    .age_i (set_age),
    .way_i (pw_way_q),
    .age_o (nx_touched_age)
  );
  integer f;
  always @(*) begin
    nx_valid  = set_valid;
    nx_reuse  = set_reuse;
    nx_bypass = set_bypass;
    nx_age    = set_age;
    nx_tag    = set_tag;
    if (pw_valid_q && pw_inval_q) begin
      nx_valid = {Ways{1'b0}};
      for (f = 0; f < Ways; f = f + 1) nx_age[f*WayBits +: WayBits] = f[WayBits-1:0];
    end else if (pw_valid_q && pw_set_q == req_set) begin
      if (pw_touch) nx_age = nx_touched_age;
      if (pw_alloc_q) begin
        nx_valid[pw_way_q]  = 1'b1;
        nx_reuse[pw_way_q]  = 1'b0;
        nx_bypass[pw_way_q] = pw_bypass_q;
        nx_tag[pw_way_q*TagBits +: TagBits] = pw_tag_q;
      end
      if (pw_reused_q) begin
        nx_reuse[pw_way_q]  = 1'b1;
        nx_bypass[pw_way_q] = 1'b0;
      end
      if (pw_evict_q) nx_valid[pw_way_q] = 1'b0;
    end
    for (f = 0; f < Ways; f = f + 1) nx_eq[f] = nx_tag[f*TagBits +: TagBits] == req_tag;
  end

  wire               nx_match, nx_match_bypass, nx_has_free;
  wire [WayBits-1:0] nx_match_way, nx_free_way, nx_victim_way;
  wire [Ways-1:0]    nx_victim_line;
  ba_match #(.Ways(Ways), .WayBits(WayBits)) u_nx_match (
    .valid_i (nx_valid), .eq_i (nx_eq), .bypass_i (nx_bypass), .match_o (nx_match),
    .match_way_o (nx_match_way), .match_bypass_o (nx_match_bypass), .has_free_o (nx_has_free),
    .free_way_o (nx_free_way)
  );
  ba_victim #(.Ways(Ways), .WayBits(WayBits), .BypassAware(BypassAware),
              .Threshold(Threshold)) u_nx_victim (
    .reuse_i (nx_reuse), .age_i (nx_age), .young_i ({Ways{1'b0}}), .victim_o (nx_victim_line),
    .victim_way_o (nx_victim_way)
  );
  wire [TagBits-1:0] nx_victim_tag = nx_tag[nx_victim_way*TagBits +: TagBits];

  // The pending-write register's copy of its set's ages and reuse bits is what the array holds
  // (LRU mode keeps no reuse bits in the array).
  reg [Ways*WayBits-1:0] fm_pw_age;
  reg [Ways-1:0]         fm_pw_reuse;
  always @(*) begin
    fm_pw_age   = {Ways*WayBits{1'b0}};
    fm_pw_reuse = {Ways{1'b0}};
    for (f = 0; f < Sets; f = f + 1) begin
      if (pw_set_q == f[IndexBits-1:0]) begin
        fm_pw_age   = all_age[f*Ways*WayBits +: Ways*WayBits];
        fm_pw_reuse = all_reuse[f*Ways +: Ways];
      end
    end
  end

  always @(*) begin
    if (rst_ni && pw_valid_q && !pw_inval_q) begin
      assert(pw_age_q == fm_pw_age && (BypassAware == 0 || pw_reuse_q == fm_pw_reuse));
    end
    if (rst_ni && in_valid_i) begin
      assert(match == nx_match && has_free == nx_has_free);
      assert(!match || (match_way == nx_match_way && match_bypass == nx_match_bypass));
      assert(!has_free || free_way == nx_free_way);
      assert(match || has_free || (victim_way == nx_victim_way &&
                                   (!replaced || victim_tag == nx_victim_tag)));
    end
  end
`endif

endmodule
