// latte_tags: the compressed L1's tag logic for LATTE-CC (docs/latte.md 3), the RTL of
// latte_tags_access() in cmodel/src/latte.c.
//
// Function: Sets sets of Tags tags (4x the baseline's ways) over SubBlocks 32-byte sub-blocks
// per set. Per line: valid, tag, compression_policy (2 bits) and size - 1 (2 bits: 1..4
// sub-blocks); per set the true-LRU order of its lines. One request per cycle, in_op_i:
//   0 READ        lookup: HIT (touch) or MISS
//   1 WRITE       write-evict: WRITE_EVICT (line invalidated, order kept) or WRITE_AROUND
//   2 FILL        insert with in_policy_i, in_size_i + 1 sub-blocks: the LRU valid lines are
//                 evicted until a tag and enough sub-blocks are free (latte_tags_victims), the
//                 line takes the lowest free way and becomes the most recent: FILL; a present
//                 tag is only touched: FILL_PRESENT
//   3 INVALIDATE  in_policy_i 0..2: every line of that policy in every set; 3: every line
//                 and the order of every set as after reset: INVALIDATED
// Outputs: outcome (0 hit, 1 miss, 2 fill, 3 fill_present, 4 write_evict, 5 write_around,
// 6 invalidated), the way acted on, that line's policy and size (hit, fill, fill_present;
// 0 otherwise), its first sub-block in the set's compacted data (sizes of the valid lines of
// lower ways, after the request), the victims mask (FILL) and the set's free sub-blocks after
// the request.
//
// Structure (docs/latte.md 10.1), three registers from input to output:
//   R  (the accepting edge): the request and a copy of its set, read from the array through
//      a balanced multiplexer tree and made current by forwarding: the pending write P (same
//      set), an INVALIDATE being decided (every set) and the decision being made (same set);
//      the set's tags (TableMacro = 1) are read from an SRAM macro at that edge instead and
//      made current in R's cycle: see "The tags" below;
//   W  (next edge): the request, its set copy and per way the "young" sum (the sizes of the
//      line and of the valid lines younger than it, latte_tags_young), formed from R's copy
//      after an INVALIDATE being decided, or, when the decision being made is for the same set,
//      that decision's next state with its sums updated by one small addition per way;
//   decide (from W): tag compare, victims (a comparison of each young sum, no adder), the free
//      way, the set's next state and sums: the loop from W back to W is this logic and one
//      multiplexer; the order is an "older than" matrix (latte_tags_set), so touching a line is
//      a row and a column write. The result's offset (a prefix sum of the sizes) and free
//      count are formed here too and go into the output register; the set's next state goes
//      to the pending-write register P, written into the array at the following edge.
// Latency / throughput: 3 cycles (input transfer to out_valid_o), one request per cycle; the
// stages advance together when the output register is free or taken (in_ready_o =
// !out_valid_o || out_ready_i). Back-to-back requests to one set are exact (forwarding).
//
// The tags (parameter TableMacro): 1 (default) in a dual-port SRAM macro (np_sram_dp, Sets
// words of a set's Tags x TagBits tags; valid, order, policy and size stay in flip-flops: an
// INVALIDATE clears every set's lines of a policy at one edge, which an SRAM cannot). The
// accepting edge reads the request's set (its address is the input port's) while P writes a
// FILL's tag (per-tag write mask) on the other port; the read misses that write and the one
// of the decision being made (both same set only), so R keeps, instead of a copy of the tags,
// which ways those two writes fill and whether their tag equals the request's: in R's cycle
// each way's compare is the macro word's, or that of the newer write to the way. Same latency,
// one request per cycle. 0: the tags in flip-flops in the sets and copied into R, for a
// like-for-like comparison (docs/synthesis.md "SRAM macros").
//
// Register bits (defaults 32 sets x 16 tags, 41-bit line address: 36-bit tag): 32 x (16 x
// (1 + 2 + 2) + 120 order bits) = 6400 in the array, plus R, W, P and the output register;
// TableMacro = 0: 32 x 16 x 36 = 18432 more in the array and 576 in R.
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
  parameter integer AddrBits  = 41,
  // 1: the tags in an SRAM macro (np_sram_dp), read at the accepting edge; 0: in flip-flops,
  // for a like-for-like comparison. Same ports, latency and throughput.
  parameter integer TableMacro = 1
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
  localparam integer OrdBits   = Tags * (Tags - 1) / 2;
  localparam integer SetBits   = Tags + OrdBits + 4 * Tags;  // one set's state beside its tags
  localparam integer OutBits   = 3 + WayBits + 2 + 3 + OffBits + Tags + FreeBits;

  localparam [2:0] Hit = 3'd0, Miss = 3'd1, Fill = 3'd2, FillPresent = 3'd3,
                   WriteEvict = 3'd4, WriteAround = 3'd5, Invalidated = 3'd6;
  localparam [1:0] OpRead = 2'd0, OpWrite = 2'd1, OpFill = 2'd2, OpInval = 2'd3;

  // ---- the order matrix ------------------------------------------------------------------------
  // Stored: bit n of the triangle for the n-th pair v < w (v outer, ascending): v older than w.
  // Expanded: bit v*Tags + w for every pair (0 on the diagonal).
  function automatic [Tags*Tags-1:0] order_expand;
    input [OrdBits-1:0] ord;
    integer v, w, n;
    begin
      order_expand = {Tags*Tags{1'b0}};
      n = 0;
      for (v = 0; v < Tags; v = v + 1) begin
        for (w = v + 1; w < Tags; w = w + 1) begin
          order_expand[v*Tags + w] = ord[n];
          order_expand[w*Tags + v] = ~ord[n];
          n = n + 1;
        end
      end
    end
  endfunction

  // Touching the one-hot line t (or none): every other line becomes older than t.
  function automatic [OrdBits-1:0] order_touch;
    input [OrdBits-1:0] ord;
    input [Tags-1:0]    t;
    integer v, w, n;
    begin
      n = 0;
      order_touch = ord;
      for (v = 0; v < Tags; v = v + 1) begin
        for (w = v + 1; w < Tags; w = w + 1) begin
          if (t[w]) order_touch[n] = 1'b1;
          else if (t[v]) order_touch[n] = 1'b0;
          n = n + 1;
        end
      end
    end
  endfunction

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

  // The lines (one-hot mask) a line-wise write puts value val into, over a packed field.
  function automatic [Tags*TagBits-1:0] put_tag;
    input [Tags*TagBits-1:0] cur;
    input [Tags-1:0]         sel;
    input [TagBits-1:0]      val;
    integer k;
    begin
      put_tag = cur;
      for (k = 0; k < Tags; k = k + 1) if (sel[k]) put_tag[k*TagBits +: TagBits] = val;
    end
  endfunction

  function automatic [Tags*2-1:0] put2;
    input [Tags*2-1:0] cur;
    input [Tags-1:0]   sel;
    input [1:0]        val;
    integer k;
    begin
      put2 = cur;
      for (k = 0; k < Tags; k = k + 1) if (sel[k]) put2[k*2 +: 2] = val;
    end
  endfunction

  // A write mask of the tags of the lines a one-hot mask selects.
  function automatic [Tags*TagBits-1:0] way_mask;
    input [Tags-1:0] sel;
    integer k;
    begin
      for (k = 0; k < Tags; k = k + 1) way_mask[k*TagBits +: TagBits] = {TagBits{sel[k]}};
    end
  endfunction

  // The lines of a policy (INVALIDATE; policy 3: every line).
  function automatic [Tags-1:0] policy_lines;
    input [Tags*2-1:0] pol;
    input [1:0]        p;
    integer k;
    begin
      for (k = 0; k < Tags; k = k + 1) policy_lines[k] = (p == 2'd3) || (pol[k*2 +: 2] == p);
    end
  endfunction


  // ---- pipeline control ------------------------------------------------------------------------
  wire adv;                      // every stage moves on this edge (the output register is free)
  wire fire = in_valid_i & adv;
  assign in_ready_o = adv;

  wire [IndexBits-1:0] in_set = in_addr_i[IndexBits-1:0];
  wire [TagBits-1:0]   in_tag = in_addr_i[AddrBits-1:IndexBits];

  // ---- R: the request and a copy of its set ----------------------------------------------------
  reg                    r_v;
  reg [1:0]              r_op;
  reg [IndexBits-1:0]    r_set;
  reg [TagBits-1:0]      r_tag;
  reg [1:0]              r_policy;
  reg [1:0]              r_size;
  reg [Tags-1:0]         rs_valid;
  reg [OrdBits-1:0]      rs_older;
  reg [Tags*2-1:0]       rs_policy;
  reg [Tags*2-1:0]       rs_size;

  // ---- W: the request, its set and the young sums -----------------------------------------------
  reg                    w_v;
  reg [1:0]              w_op;
  reg [IndexBits-1:0]    w_set;
  reg [TagBits-1:0]      w_tag;
  reg [1:0]              w_policy;
  reg [1:0]              w_size;
  reg [Tags-1:0]         s_valid;
  reg [Tags-1:0]         s_match;   // the valid line holding w_tag (one-hot or none)
  reg [OrdBits-1:0]      s_older;
  reg [Tags*2-1:0]       s_policy;
  reg [Tags*2-1:0]       s_size;
  reg [Tags*SumBits-1:0] s_young;   // per way: its size and the valid younger lines' sizes
  // W holds no tags: the compare is made from R's copy at the R -> W edge.

  // ---- decide (from W) -------------------------------------------------------------------------------
  wire is_read  = w_op == OpRead;
  wire is_write = w_op == OpWrite;
  wire is_fill  = w_op == OpFill;
  wire is_inval = w_op == OpInval;

  wire [Tags*Tags-1:0] older_x = order_expand(s_older);

  // The tag compare was made a cycle before (R -> W): a set never holds a tag twice (a FILL of
  // a present tag only touches it), so the match is one-hot.
  wire [Tags-1:0] match_oh = s_match;
  wire            match    = |match_oh;

  wire [2:0]      req_size = {1'b0, w_size} + 3'd1;
  wire [4*Tags-1:0] victims_by_size;
  latte_tags_victims #(.Tags(Tags), .SubBlocks(SubBlocks), .SumBits(SumBits)) u_victims (
    .valid_i   (s_valid),
    .older_i   (older_x),
    .young_i   (s_young),
    .victims_o (victims_by_size)
  );

  wire            do_fill       = is_fill & ~match;
  wire            do_evict      = is_write & match;
  // The new line's way: the lowest free one after the victims leave (one-hot), for each of the
  // four sizes from registers; the request's size picks the victims and the way after both.
  reg  [4*Tags-1:0] fill_by_size;
  reg               fill_found;
  integer fw, fk;
  always @(*) begin
    for (fk = 0; fk < 4; fk = fk + 1) begin
      fill_found = 1'b0;
      for (fw = 0; fw < Tags; fw = fw + 1) begin
        fill_by_size[fk*Tags + fw] = 1'b0;
        if ((!s_valid[fw] || victims_by_size[fk*Tags + fw]) && !fill_found) begin
          fill_by_size[fk*Tags + fw] = 1'b1;
          fill_found = 1'b1;
        end
      end
    end
  end
  wire [Tags-1:0] victims_all   = victims_by_size[w_size*Tags +: Tags];
  wire [Tags-1:0] fill_oh       = fill_by_size[w_size*Tags +: Tags];
  wire [Tags-1:0] after_victims = s_valid & ~victims_all;

  reg [2:0] outcome;
  always @(*) begin
    case (w_op)
      OpRead:  outcome = match ? Hit : Miss;
      OpWrite: outcome = match ? WriteEvict : WriteAround;
      OpFill:  outcome = match ? FillPresent : Fill;
      default: outcome = Invalidated;
    endcase
  end

  wire            has_line = match & (is_read | is_fill);
  wire [Tags-1:0] touch_oh = do_fill ? fill_oh : has_line ? match_oh : {Tags{1'b0}};
  wire [Tags-1:0] way_oh   = do_fill ? fill_oh : (match & ~is_inval) ? match_oh : {Tags{1'b0}};
  reg  [WayBits-1:0] way;
  integer ew;
  always @(*) begin
    way = {WayBits{1'b0}};
    for (ew = 0; ew < Tags; ew = ew + 1) begin
      if (way_oh[ew]) way = way | ew[WayBits-1:0];
    end
  end

  // The set's next state (an INVALIDATE's: its own set after the clearing).
  wire [Tags-1:0] inval_lines = policy_lines(s_policy, w_policy);
  wire [Tags-1:0] next_valid = is_inval ? s_valid & ~inval_lines
                             : do_evict ? s_valid & ~match_oh
                             : do_fill ? after_victims | fill_oh
                             : s_valid;
  wire [OrdBits-1:0]      next_older  = (is_inval && w_policy == 2'd3) ? {OrdBits{1'b0}}
                                                                        : order_touch(s_older, touch_oh);
  wire [Tags-1:0]         fill_sel    = do_fill ? fill_oh : {Tags{1'b0}};
  wire [Tags*2-1:0]       next_policy = put2(s_policy, fill_sel, w_policy);
  wire [Tags*2-1:0]       next_size   = put2(s_size, fill_sel, w_size);

  // The matched line: its policy, its size, and which lines it is older than.
  reg [1:0]      m_policy;
  reg [2:0]      m_size;
  reg [Tags-1:0] m_older;
  integer lw;
  always @(*) begin
    m_policy = 2'd0;
    m_size   = 3'd0;
    m_older  = {Tags{1'b0}};
    for (lw = 0; lw < Tags; lw = lw + 1) begin
      if (match_oh[lw]) begin
        m_policy = m_policy | s_policy[lw*2 +: 2];
        m_size   = m_size | ({1'b0, s_size[lw*2 +: 2]} + 3'd1);
        m_older  = m_older | older_x[lw*Tags +: Tags];   // row lw: the lines lw is older than
      end
    end
  end
  // The acted-on line's policy and size (0 without a line).
  wire [1:0] line_policy = do_fill ? w_policy : has_line ? m_policy : 2'd0;
  wire [2:0] line_size   = do_fill ? req_size : has_line ? m_size : 3'd0;

  // The young sums after the decision (meaningful for the next state's valid lines): a touched
  // line (hit, fill) is the youngest, its sum its own size; a touch adds the line's size to the
  // lines it was older than; a fill adds its size to every line that stays (the victims are
  // older than all of them); a write-evict takes the line's size from the lines it was not
  // older than. One small addition per way after the tag compare, none after the victims.
  wire [SumBits-1:0] m_size_x   = {{(SumBits-3){1'b0}}, m_size};
  wire [SumBits-1:0] m_size_neg = {SumBits{1'b0}} - m_size_x;
  reg  [Tags*SumBits-1:0] next_young;
  reg  [SumBits-1:0]      y_delta;
  integer yw;
  always @(*) begin
    for (yw = 0; yw < Tags; yw = yw + 1) begin
      y_delta = do_fill ? {{(SumBits-3){1'b0}}, req_size}
              : (has_line && m_older[yw]) ? m_size_x
              : (do_evict && !m_older[yw]) ? m_size_neg
              : {SumBits{1'b0}};
      next_young[yw*SumBits +: SumBits] = touch_oh[yw] ? {{(SumBits-3){1'b0}}, line_size}
                                                       : s_young[yw*SumBits +: SumBits] + y_delta;
    end
  end

  // The result's offset: the sizes of the valid lines of lower ways. For a hit that is the set
  // as it is; for a fill every way below the new line is valid and stays (it is the lowest free
  // way), so the same sums serve: per way w the sum over the ways below it (an adder tree each,
  // log2(w) levels), one picked by the touched way. (One Sklansky prefix sum over the ways,
  // fewer adders, mapped as one chain of carries through its four levels: 1357 ps.)
  // (The last way's term is below no way.)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [Tags*3-1:0]       s_terms = size_terms(s_valid, s_size);
  /* verilator lint_on UNUSEDSIGNAL */
  wire [Tags*SumBits-1:0] below;
  assign below[0 +: SumBits] = {SumBits{1'b0}};
  genvar bw;
  generate
    for (bw = 1; bw < Tags; bw = bw + 1) begin : gen_below
      latte_tree_sum #(.N(bw), .W(3), .SumBits(SumBits)) u_below (
        .terms_i (s_terms[0 +: bw*3]),
        .sum_o   (below[bw*SumBits +: SumBits])
      );
    end
  endgenerate
  reg [SumBits-1:0] offset;
  integer pk;
  always @(*) begin
    offset = {SumBits{1'b0}};
    for (pk = 0; pk < Tags; pk = pk + 1) begin
      if (touch_oh[pk]) offset = offset | below[pk*SumBits +: SumBits];
    end
  end

  // The set's free sub-blocks after the request. SubBlocks less the young sum of the set's
  // oldest valid line (that line and every younger one) is the free count; for a fill, of the
  // oldest line that stays, less the new line; for a write-evict plus the line's size. Each
  // way's candidate is formed from registers beside the victims, then the oldest line picks
  // one (an empty set: SubBlocks, less a fill's size); after an INVALIDATE a sum of its own.
  wire [FreeBits-1:0] free_adj = do_fill ? {FreeBits{1'b0}} - {{(FreeBits-3){1'b0}}, req_size}
                               : do_evict ? {{(FreeBits-3){1'b0}}, m_size} : {FreeBits{1'b0}};
  wire [Tags-1:0]     o_set    = do_fill ? after_victims : s_valid;
  reg  [FreeBits-1:0] o_free;
  reg  [Tags-1:0]     o_younger;   // the lines of o_set that a line of o_set is older than
  integer ow;
  always @(*) begin
    o_younger = {Tags{1'b0}};
    // Rows of the matrix ORed (one vector operation per line; a bit loop over Tags x Tags
    // pairs made Icarus's replay slower by half).
    for (ow = 0; ow < Tags; ow = ow + 1) begin
      if (o_set[ow]) o_younger = o_younger | older_x[ow*Tags +: Tags];
    end
    o_free = {FreeBits{1'b0}};
    for (ow = 0; ow < Tags; ow = ow + 1) begin
      if (o_set[ow] && !o_younger[ow]) begin
        o_free = o_free | (SubBlocks[FreeBits-1:0] - s_young[ow*SumBits +: FreeBits] + free_adj);
      end
    end
  end
  /* verilator lint_off UNUSEDSIGNAL */
  wire [SumBits-1:0] inv_used;
  /* verilator lint_on UNUSEDSIGNAL */
  latte_tree_sum #(.N(Tags), .W(3), .SumBits(SumBits)) u_inv_used (
    .terms_i (size_terms(s_valid & ~inval_lines, s_size)),
    .sum_o   (inv_used)
  );
  wire [FreeBits-1:0] free_next = is_inval ? SubBlocks[FreeBits-1:0] - inv_used[FreeBits-1:0]
                                : (|o_set) ? o_free
                                : SubBlocks[FreeBits-1:0] + free_adj;

  wire commit     = adv & w_v;                 // the decided request leaves W on this edge
  wire commit_inv = commit & is_inval;

  // ---- P: the pending write (the set's next state, written into the array at the next edge) --
  reg                    p_v;
  reg [IndexBits-1:0]    p_set;
  reg [Tags-1:0]         p_valid;
  reg [OrdBits-1:0]      p_older;
  reg                    p_fill;
  reg [Tags-1:0]         p_way;
  reg [TagBits-1:0]      p_tag;
  reg [1:0]              p_policy;
  reg [1:0]              p_size;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      p_v <= 1'b0;
    end else begin
      // An INVALIDATE writes every set itself (latte_tags_set's invalidate inputs).
      p_v <= commit & ~is_inval;
    end
    if (commit & ~is_inval) begin
      p_set    <= w_set;
      p_valid  <= next_valid;
      p_older  <= next_older;
      p_fill   <= do_fill;
      p_way    <= fill_oh;
      p_tag    <= w_tag;
      p_policy <= w_policy;
      p_size   <= w_size;
    end
  end

  // ---- the array and its read multiplexer --------------------------------------------------------
  // A balanced OR tree over the sets' gated states (heap order: node i has children 2i+1 and
  // 2i+2, set s is leaf Sets-1+s), log2(Sets) levels instead of a chain over the sets.
  wire [SetBits-1:0] rd_node [0:2*Sets-2] /* verilator split_var */;
  // The sets' tags (TableMacro = 0; zero otherwise, the tags being in the macro).
  wire [Sets*Tags*TagBits-1:0] set_tags;

  genvar s;
  generate
    for (s = 0; s < Sets; s = s + 1) begin : gen_set
      wire [Tags-1:0]         valid;
      wire [Tags*TagBits-1:0] tags;
      wire [OrdBits-1:0]      older;
      wire [Tags*2-1:0]       policies;
      wire [Tags*2-1:0]       sizes;

      latte_tags_set #(.Tags(Tags), .TagBits(TagBits), .OrdBits(OrdBits),
                       .Tagged((TableMacro == 0) ? 1 : 0)) u_set (
        .clk_i            (clk_i),
        .rst_ni           (rst_ni),
        .wr_sel_i         (p_v & (p_set == s[IndexBits-1:0])),
        .wr_valid_i       (p_valid),
        .wr_older_i       (p_older),
        .wr_fill_i        (p_fill),
        .wr_way_i         (p_way),
        .wr_tag_i         (p_tag),
        .wr_policy_i      (p_policy),
        .wr_size_i        (p_size),
        .invalidate_i     (commit_inv & (w_policy != 2'd3)),
        .invalidate_all_i (commit_inv & (w_policy == 2'd3)),
        .policy_i         (w_policy),
        .valid_o          (valid),
        .tags_o           (tags),
        .older_o          (older),
        .policies_o       (policies),
        .sizes_o          (sizes)
      );

      assign rd_node[Sets-1+s] = (in_set == s[IndexBits-1:0]) ? {valid, older, policies, sizes}
                                                              : {SetBits{1'b0}};
      assign set_tags[s*Tags*TagBits +: Tags*TagBits] = tags;
    end
    for (s = 0; s < Sets - 1; s = s + 1) begin : gen_read_tree
      assign rd_node[s] = rd_node[2*s+1] | rd_node[2*s+2];
    end
  endgenerate

  wire [Tags-1:0]         rd_valid;
  wire [OrdBits-1:0]      rd_older;
  wire [Tags*2-1:0]       rd_policy;
  wire [Tags*2-1:0]       rd_size;
  assign {rd_valid, rd_older, rd_policy, rd_size} = rd_node[0];

  // ---- into R: the incoming request's set, made current ---------------------------------------------
  // The pending write (the request three ahead) if it is for this set; then an INVALIDATE being
  // decided (every set); then the decision being made (two ahead) if it is for this set (it saw
  // everything before it). The request in R (just ahead) is applied at the R -> W edge.
  wire            same_p  = p_v & (p_set == in_set);
  wire [Tags-1:0] p_sel   = (same_p & p_fill) ? p_way : {Tags{1'b0}};
  wire [Tags-1:0] a_valid = same_p ? p_valid : rd_valid;
  wire [Tags*2-1:0] a_policy = put2(rd_policy, p_sel, p_policy);
  wire            inv_now = w_v & is_inval;
  wire            inv_all = inv_now & (w_policy == 2'd3);
  wire [Tags-1:0] b_valid = inv_now ? a_valid & ~policy_lines(a_policy, w_policy) : a_valid;
  wire [OrdBits-1:0] b_older = inv_all ? {OrdBits{1'b0}} : same_p ? p_older : rd_older;
  wire            same_in = w_v & ~is_inval & (w_set == in_set);

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      r_v <= 1'b0;
    end else if (adv) begin
      r_v <= in_valid_i;
    end
    if (fire) begin
      r_op      <= in_op_i;
      r_set     <= in_set;
      r_tag     <= in_tag;
      r_policy  <= in_policy_i;
      r_size    <= in_size_i;
      rs_valid  <= same_in ? next_valid : b_valid;
      rs_older  <= same_in ? next_older : b_older;
      rs_policy <= same_in ? next_policy : a_policy;
      rs_size   <= same_in ? next_size : put2(rd_size, p_sel, p_size);
    end
  end

  // ---- R -> W: the young sums, or the decision ahead forwarded ---------------------------------------
  // R's copy after an INVALIDATE being decided; its sums by latte_tags_young. When the decision
  // being made is for R's set, W takes that decision's next state and updated sums instead.
  wire [Tags-1:0]    c_valid = inv_now ? rs_valid & ~policy_lines(rs_policy, w_policy) : rs_valid;
  wire [OrdBits-1:0] c_older = inv_all ? {OrdBits{1'b0}} : rs_older;
  wire [Tags*SumBits-1:0] c_young;
  latte_tags_young #(.Tags(Tags), .SumBits(SumBits)) u_young (
    .valid_i (c_valid),
    .older_i (order_expand(c_older)),
    .size_i  (rs_size),
    .young_o (c_young)
  );
  wire same_r = w_v & ~is_inval & (w_set == r_set);
  // ---- the tags: R's compare of each way's tag with the request's ---------------------------------
  // At the accepting edge two writes to the request's set can be outside what is read: P's
  // (written at that edge) and the decision's being made (its fill's tag, in P at the next
  // edge); later ones are the decision's in R's cycle (fwd_eq below). Both are taken here.
  wire [Tags-1:0] in_w_sel = same_in ? fill_sel : {Tags{1'b0}};
  reg  [Tags-1:0] r_eq;   // per way: its tag, as of the request, equals r_tag
  generate
    if (TableMacro != 0) begin : gen_tag_macro
      // The set's tags read at the accepting edge; P writes its fill's tag on the write port.
      wire [Tags*TagBits-1:0] m_tags;
      np_sram_dp #(.Depth(Sets), .Width(Tags*TagBits)) u_tags (
        .clk_i   (clk_i),
        .re_i    (fire),
        .raddr_i (in_set),
        .rdata_o (m_tags),
        .we_i    (p_v & p_fill),
        .waddr_i (p_set),
        .wdata_i ({Tags{p_tag}}),
        .wmask_i (way_mask(p_way))
      );
      // Which ways the two writes the read misses fill (the newer wins a way both fill), and
      // whether their tag is the request's: 2 x (Tags + 1) flops instead of a copy of the tags.
      reg [Tags-1:0] rf_p_sel, rf_w_sel;
      reg            rf_p_eq, rf_w_eq;
      always @(posedge clk_i) begin
        if (fire) begin
          rf_p_sel <= p_sel;
          rf_p_eq  <= p_tag == in_tag;
          rf_w_sel <= in_w_sel;
          rf_w_eq  <= w_tag == in_tag;
        end
      end
      integer rw;
      always @(*) begin
        for (rw = 0; rw < Tags; rw = rw + 1) begin
          r_eq[rw] = rf_w_sel[rw] ? rf_w_eq
                   : rf_p_sel[rw] ? rf_p_eq
                   : m_tags[rw*TagBits +: TagBits] == r_tag;
        end
      end
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_set_tags = ^set_tags;   // zero: the sets hold no tags
      /* verilator lint_on UNUSEDSIGNAL */
    end else begin : gen_tag_ff
      // The sets' tags through a balanced OR tree as the rest of the set (above), and a copy
      // made current at the accepting edge: the decision being made changes only its fill's
      // tag, the array's and P's tags with it are its set's tags (the valid lines').
      wire [Tags*TagBits-1:0] tag_node [0:2*Sets-2] /* verilator split_var */;
      genvar ts;
      for (ts = 0; ts < Sets; ts = ts + 1) begin : gen_leaf
        assign tag_node[Sets-1+ts] = (in_set == ts[IndexBits-1:0])
                                   ? set_tags[ts*Tags*TagBits +: Tags*TagBits] : {Tags*TagBits{1'b0}};
      end
      for (ts = 0; ts < Sets - 1; ts = ts + 1) begin : gen_node
        assign tag_node[ts] = tag_node[2*ts+1] | tag_node[2*ts+2];
      end
      reg [Tags*TagBits-1:0] rs_tags;
      always @(posedge clk_i) begin
        if (fire) rs_tags <= put_tag(put_tag(tag_node[0], p_sel, p_tag), in_w_sel, w_tag);
      end
      integer rw;
      always @(*) begin
        for (rw = 0; rw < Tags; rw = rw + 1) r_eq[rw] = rs_tags[rw*TagBits +: TagBits] == r_tag;
      end
    end
  endgenerate
  // With the decision being made forwarded, R's copy holds that set's valid lines as the
  // decision saw them, so only the fill's way compares its new tag.
  wire [Tags-1:0] fwd_eq = (fill_sel & {Tags{w_tag == r_tag}}) | (~fill_sel & r_eq);

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      w_v <= 1'b0;
    end else if (adv) begin
      w_v <= r_v;
    end
    if (adv & r_v) begin
      w_op     <= r_op;
      w_set    <= r_set;
      w_tag    <= r_tag;
      w_policy <= r_policy;
      w_size   <= r_size;
      s_valid  <= same_r ? next_valid : c_valid;
      s_older  <= same_r ? next_older : c_older;
      s_match  <= same_r ? next_valid & fwd_eq : c_valid & r_eq;
      s_policy <= same_r ? next_policy : rs_policy;
      s_size   <= same_r ? next_size : rs_size;
      s_young  <= same_r ? next_young : c_young;
    end
  end

  // ---- output stage ---------------------------------------------------------------------------
  wire [OutBits-1:0] result = {outcome, way, line_policy, line_size, offset[OffBits-1:0],
                               do_fill ? victims_all : {Tags{1'b0}}, free_next};
  wire [OutBits-1:0] out_data;

  np_stream_register #(.Width(OutBits)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (w_v),
    .in_ready_o  (adv),
    .in_data_i   (result),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data)
  );

  assign {out_outcome_o, out_way_o, out_policy_o, out_size_o, out_offset_o, out_victims_o,
          out_free_o} = out_data;

endmodule
