// latte_tags: the compressed L1's tag logic for LATTE-CC (docs/latte.md 3), the RTL of
// latte_tags_access() in cmodel/src/latte.c.
//
// Function: Sets sets of Tags tags (4x the baseline's ways) over SubBlocks 32-byte sub-blocks
// per set. Per line: valid, tag, a true-LRU age over the set's tags, compression_policy (2
// bits) and size - 1 (2 bits: 1..4 sub-blocks). One request per cycle, in_op_i:
//   0 READ        lookup: HIT (touch) or MISS
//   1 WRITE       write-evict: WRITE_EVICT (line invalidated, ages kept) or WRITE_AROUND
//   2 FILL        insert with in_policy_i, in_size_i + 1 sub-blocks: the LRU valid lines are
//                 evicted until a tag and enough sub-blocks are free (latte_tags_victims), the
//                 line takes the lowest free way and becomes the most recent: FILL; a present
//                 tag is only touched: FILL_PRESENT
//   3 INVALIDATE  in_policy_i 0..2: every line of that policy in every set; 3: every line
//                 and the ages of every set as after reset: INVALIDATED
// Outputs: outcome (0 hit, 1 miss, 2 fill, 3 fill_present, 4 write_evict, 5 write_around,
// 6 invalidated), the way acted on, that line's policy and size (hit, fill, fill_present;
// 0 otherwise), its first sub-block in the set's compacted data (sizes of the valid lines of
// lower ways, after the request), the victims mask (FILL) and the set's free sub-blocks after
// the request.
//
// Latency / throughput: 1 cycle, one request per cycle (the set is read, decided and written
// back at the accepting edge, as ba_tag_unit did before its write moved to the next edge;
// back-to-back requests to one set are exact).
// in_ready_o = !out_valid_o || out_ready_i.
//
// Register bits (defaults 32 sets x 16 tags, 41-bit line address: 36-bit tag): 512 x (1 + 36
// + 4 + 2 + 2) = 23040, plus the output register.
//
// What it does not do: no data array (the data side compacts a set on every fill and eviction,
// using the offsets and victims given here), no MSHRs. Sets must be a power of two (the index
// is the low address bits); Tags and SubBlocks need not be.
//
// Worked example (docs/latte.md 3.3, 8 tags x 8 sub-blocks): FILL A size 2 -> way 0 offset 0
// free 6; FILL B size 4 -> way 1 offset 2 free 2; FILL C size 1 -> way 2 offset 6 free 1; READ
// A -> HIT; FILL D size 3 -> victims 0000_0010, way 1, offset 2, free 2.
module latte_tags #(
  parameter integer Sets      = 32,
  parameter integer Tags      = 16,
  parameter integer SubBlocks = 16,
  parameter integer AddrBits  = 41
) (
  input  wire                                clk_i,
  input  wire                                rst_ni,
  input  wire                                in_valid_i,
  output wire                                in_ready_o,
  input  wire [1:0]                          in_op_i,
  input  wire [AddrBits-1:0]                 in_addr_i,
  input  wire [1:0]                          in_policy_i,
  input  wire [1:0]                          in_size_i,     // size - 1
  output wire                                out_valid_o,
  input  wire                                out_ready_i,
  output wire [2:0]                          out_outcome_o,
  output wire [$clog2(Tags)-1:0]             out_way_o,
  output wire [1:0]                          out_policy_o,
  output wire [2:0]                          out_size_o,    // 1..4, 0 without a line
  output wire [$clog2(SubBlocks)-1:0]        out_offset_o,
  output wire [Tags-1:0]                     out_victims_o,
  output wire [$clog2(SubBlocks+1)-1:0]      out_free_o
);

  localparam integer IndexBits = $clog2(Sets);
  localparam integer TagBits   = AddrBits - IndexBits;
  localparam integer WayBits   = $clog2(Tags);
  localparam integer OffBits   = $clog2(SubBlocks);
  localparam integer FreeBits  = $clog2(SubBlocks + 1);
  localparam integer SumBits   = $clog2(4 * Tags + 1);
  localparam integer OutBits   = 3 + WayBits + 2 + 3 + OffBits + Tags + FreeBits;

  localparam [2:0] Hit = 3'd0, Miss = 3'd1, Fill = 3'd2, FillPresent = 3'd3,
                   WriteEvict = 3'd4, WriteAround = 3'd5, Invalidated = 3'd6;
  localparam [1:0] OpRead = 2'd0, OpWrite = 2'd1, OpFill = 2'd2;

  // ---- the request --------------------------------------------------------------------------
  wire                 fire = in_valid_i & in_ready_o;
  wire [IndexBits-1:0] req_set = in_addr_i[IndexBits-1:0];
  wire [TagBits-1:0]   req_tag = in_addr_i[AddrBits-1:IndexBits];
  wire                 inval = in_op_i == 2'd3;
  wire                 inval_all = inval & (in_policy_i == 2'd3);

  // ---- the array (one generate block per set, under "state update") and the addressed set's
  // read mux: a chain over the sets, set r's lines ORed in when req_set = r. The chain runs
  // through the generate blocks (gen_set[r].*_acc): the sets' lines gathered into one vector
  // first (18,432 bits of tags) cost Verilator a chain of 32 ever wider concatenations per
  // cycle, most of latte_tags's simulation time.
  wire [Tags-1:0]         set_valid;
  wire [Tags*TagBits-1:0] set_tag;
  wire [Tags*WayBits-1:0] set_age;
  wire [Tags*2-1:0]       set_policy;
  wire [Tags*2-1:0]       set_size;

  // ---- lookup (ba_lookup: the same tag compare; no bypass bits here) ------------------------
  wire               match;
  wire [WayBits-1:0] match_way;
  /* verilator lint_off UNUSEDSIGNAL */
  wire               unused_bypass, unused_has_free;
  wire [WayBits-1:0] unused_free_way;
  /* verilator lint_on UNUSEDSIGNAL */

  ba_lookup #(.Ways(Tags), .WayBits(WayBits), .TagBits(TagBits)) u_lookup (
    .valid_i        (set_valid),
    .tag_i          (set_tag),
    .bypass_i       ({Tags{1'b0}}),
    .req_tag_i      (req_tag),
    .match_o        (match),
    .match_way_o    (match_way),
    .match_bypass_o (unused_bypass),
    .has_free_o     (unused_has_free),
    .free_way_o     (unused_free_way)
  );

  // Sizes (1..4, stored as size - 1) of the lines a mask selects, as 3-bit adder-tree terms.
  function automatic [Tags*3-1:0] size_terms;
    input [Tags-1:0]   mask;
    input [Tags*2-1:0] size;
    integer k;
    begin
      size_terms = {Tags*3{1'b0}};
      for (k = 0; k < Tags; k = k + 1) begin
        if (mask[k]) size_terms[k*3 +: 3] = {1'b0, size[k*2 +: 2]} + 3'd1;
      end
    end
  endfunction

  // Sub-blocks held by the set's valid lines. A set never holds more than SubBlocks sub-blocks:
  // the high bits of the sums are always 0.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [SumBits-1:0]  used_now;
  /* verilator lint_on UNUSEDSIGNAL */
  latte_tree_sum #(.N(Tags), .W(3), .SumBits(SumBits)) u_used_now (
    .terms_i (size_terms(set_valid, set_size)),
    .sum_o   (used_now)
  );
  wire [FreeBits-1:0] free_now = SubBlocks[FreeBits-1:0] - used_now[FreeBits-1:0];

  // ---- victims and the new line's way --------------------------------------------------------
  wire [2:0]      req_size = {1'b0, in_size_i} + 3'd1;
  wire [Tags-1:0] victims_all;

  latte_tags_victims #(.Tags(Tags), .WayBits(WayBits), .FreeBits(FreeBits)) u_victims (
    .valid_i    (set_valid),
    .age_i      (set_age),
    .size_i     (set_size),
    .free_i     (free_now),
    .req_size_i (req_size),
    .victims_o  (victims_all)
  );

  wire [Tags-1:0] after_victims = set_valid & ~victims_all;
  // One loop variable per always block: a variable shared by several blocks would make them
  // one multiply-driven signal to Verilator's scheduler.
  reg  [WayBits-1:0] fill_way;
  integer fw;
  always @(*) begin
    fill_way = {WayBits{1'b0}};
    for (fw = Tags - 1; fw >= 0; fw = fw - 1) begin
      if (!after_victims[fw]) fill_way = fw[WayBits-1:0];
    end
  end

  // ---- outcome -------------------------------------------------------------------------------
  reg [2:0] outcome;
  always @(*) begin
    case (in_op_i)
      OpRead:  outcome = match ? Hit : Miss;
      OpWrite: outcome = match ? WriteEvict : WriteAround;
      OpFill:  outcome = match ? FillPresent : Fill;
      default: outcome = Invalidated;
    endcase
  end

  wire do_fill  = outcome == Fill;
  wire has_line = (outcome == Hit) | (outcome == FillPresent) | do_fill;
  wire touch    = has_line;
  wire [WayBits-1:0] way = do_fill ? fill_way
                         : (has_line | (outcome == WriteEvict)) ? match_way : {WayBits{1'b0}};
  wire [Tags-1:0] victims = do_fill ? victims_all : {Tags{1'b0}};

  // ---- the addressed set's next valid bits and sizes -----------------------------------------
  reg [Tags-1:0]   next_valid;
  integer nw;
  reg [Tags*2-1:0] next_size;
  always @(*) begin
    next_valid = set_valid;
    next_size  = set_size;
    for (nw = 0; nw < Tags; nw = nw + 1) begin
      if (inval && (inval_all || set_policy[nw*2 +: 2] == in_policy_i)) next_valid[nw] = 1'b0;
      if (outcome == WriteEvict && match_way == nw[WayBits-1:0]) next_valid[nw] = 1'b0;
      if (do_fill) begin
        next_valid[nw] = after_victims[nw] | (fill_way == nw[WayBits-1:0]);
        if (fill_way == nw[WayBits-1:0]) next_size[nw*2 +: 2] = in_size_i;
      end
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  wire [SumBits-1:0]  used_next;
  /* verilator lint_on UNUSEDSIGNAL */
  latte_tree_sum #(.N(Tags), .W(3), .SumBits(SumBits)) u_used_next (
    .terms_i (size_terms(next_valid, next_size)),
    .sum_o   (used_next)
  );
  wire [FreeBits-1:0] free_next = SubBlocks[FreeBits-1:0] - used_next[FreeBits-1:0];

  // The acted-on line's first sub-block: the sizes of the valid lines of lower ways.
  reg [Tags-1:0] below_way;
  integer ow;
  always @(*) begin
    for (ow = 0; ow < Tags; ow = ow + 1) below_way[ow] = ow[WayBits-1:0] < way;
  end
  // An offset is below SubBlocks: only its low OffBits bits leave.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [SumBits-1:0] offset;
  /* verilator lint_on UNUSEDSIGNAL */
  latte_tree_sum #(.N(Tags), .W(3), .SumBits(SumBits)) u_offset (
    .terms_i (size_terms(next_valid & below_way, next_size)),
    .sum_o   (offset)
  );

  // The acted-on line's policy and size (0 without a line).
  reg [1:0] line_policy;
  reg [2:0] line_size;
  integer lw;
  always @(*) begin
    line_policy = 2'd0;
    line_size   = 3'd0;
    if (do_fill) begin
      line_policy = in_policy_i;
      line_size   = req_size;
    end else if (has_line) begin
      for (lw = 0; lw < Tags; lw = lw + 1) begin
        if (match_way == lw[WayBits-1:0]) begin
          line_policy = set_policy[lw*2 +: 2];
          line_size   = {1'b0, set_size[lw*2 +: 2]} + 3'd1;
        end
      end
    end
  end

  wire [Tags*WayBits-1:0] touched_age;
  ba_lru_update #(.Ways(Tags), .WayBits(WayBits)) u_lru (
    .age_i (set_age),
    .way_i (way),
    .age_o (touched_age)
  );

  // ---- state update: every set takes the addressed set's next values when selected ---------
  genvar s;
  generate
    for (s = 0; s < Sets; s = s + 1) begin : gen_set
      wire [Tags-1:0]         valid;
      wire [Tags*TagBits-1:0] tags;
      wire [Tags*WayBits-1:0] ages;
      wire [Tags*2-1:0]       policies;
      wire [Tags*2-1:0]       sizes;

      latte_tags_set #(.Tags(Tags), .WayBits(WayBits), .TagBits(TagBits)) u_set (
        .clk_i            (clk_i),
        .rst_ni           (rst_ni),
        .sel_i            (fire & ~inval & (req_set == s[IndexBits-1:0])),
        .invalidate_i     (fire & inval),
        .invalidate_all_i (fire & inval_all),
        .policy_i         (in_policy_i),
        .next_valid_i     (next_valid),
        .touch_i          (touch),
        .touched_age_i    (touched_age),
        .fill_i           (do_fill),
        .fill_way_i       (fill_way),
        .tag_i            (req_tag),
        .size_i           (in_size_i),
        .valid_o          (valid),
        .tags_o           (tags),
        .ages_o           (ages),
        .policies_o       (policies),
        .sizes_o          (sizes)
      );

      // The read mux up to this set (the addressed set's lines, or zero before it).
      wire                    read = req_set == s[IndexBits-1:0];
      wire [Tags-1:0]         valid_acc;
      wire [Tags*TagBits-1:0] tag_acc;
      wire [Tags*WayBits-1:0] age_acc;
      wire [Tags*2-1:0]       policy_acc;
      wire [Tags*2-1:0]       size_acc;
      if (s == 0) begin : gen_first
        assign valid_acc  = read ? valid : {Tags{1'b0}};
        assign tag_acc    = read ? tags : {Tags*TagBits{1'b0}};
        assign age_acc    = read ? ages : {Tags*WayBits{1'b0}};
        assign policy_acc = read ? policies : {Tags*2{1'b0}};
        assign size_acc   = read ? sizes : {Tags*2{1'b0}};
      end else begin : gen_next
        assign valid_acc  = read ? gen_set[s-1].valid_acc | valid : gen_set[s-1].valid_acc;
        assign tag_acc    = read ? gen_set[s-1].tag_acc | tags : gen_set[s-1].tag_acc;
        assign age_acc    = read ? gen_set[s-1].age_acc | ages : gen_set[s-1].age_acc;
        assign policy_acc = read ? gen_set[s-1].policy_acc | policies : gen_set[s-1].policy_acc;
        assign size_acc   = read ? gen_set[s-1].size_acc | sizes : gen_set[s-1].size_acc;
      end
    end
  endgenerate

  assign set_valid  = gen_set[Sets-1].valid_acc;
  assign set_tag    = gen_set[Sets-1].tag_acc;
  assign set_age    = gen_set[Sets-1].age_acc;
  assign set_policy = gen_set[Sets-1].policy_acc;
  assign set_size   = gen_set[Sets-1].size_acc;

  // ---- output stage ---------------------------------------------------------------------------
  wire [OutBits-1:0] result = {outcome, way, line_policy, line_size,
                               has_line ? offset[OffBits-1:0] : {OffBits{1'b0}},
                               victims, free_next};
  wire [OutBits-1:0] out_data;

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

  assign {out_outcome_o, out_way_o, out_policy_o, out_size_o, out_offset_o, out_victims_o,
          out_free_o} = out_data;

endmodule
