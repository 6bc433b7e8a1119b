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
//   W  (the accepting edge): the request and a copy of its set, read from the array through
//      a balanced multiplexer tree and made current by forwarding: the decision of the request
//      ahead of it (same set), the pending write (same set) and an INVALIDATE being decided
//      (every set);
//   decide (from W): tag compare, victims, free way, the set's next valid bits and order: the
//      loop from W back to W (forwarding) is this logic and one multiplexer; the order is an
//      "older than" matrix (latte_tags_set), so touching a line is a row and a column write;
//   X  (next edge): the outcome, way, line, victims and the set's next valid bits and sizes;
//      the set's next state also goes to the pending-write register P, written into the array
//      at the following edge (so the array write is not on the decision's path);
//   X -> out: the two sums of the result (the offset, the free sub-blocks) and the output
//      register.
// Latency / throughput: 3 cycles (input transfer to out_valid_o), one request per cycle; the
// stages advance together when the output register is free or taken (in_ready_o =
// !out_valid_o || out_ready_i). Back-to-back requests to one set are exact (forwarding).
//
// Register bits (defaults 32 sets x 16 tags, 41-bit line address: 36-bit tag): 32 x (16 x
// (1 + 36 + 2 + 2) + 120 order bits) = 24832 in the array, plus W, P, X and the output register.
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
  localparam integer OrdBits   = Tags * (Tags - 1) / 2;
  localparam integer SetBits   = Tags + Tags * TagBits + OrdBits + 4 * Tags;  // one set's state
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

  // ---- W: the request and its set ------------------------------------------------------------------
  reg                  w_v;
  reg [1:0]            w_op;
  reg [IndexBits-1:0]  w_set;
  reg [TagBits-1:0]    w_tag;
  reg [1:0]            w_policy;
  reg [1:0]            w_size;
  reg [Tags-1:0]       s_valid;
  reg [Tags*TagBits-1:0] s_tags;
  reg [OrdBits-1:0]    s_older;
  reg [Tags*2-1:0]     s_policy;
  reg [Tags*2-1:0]     s_size;

  // ---- decide (from W) -------------------------------------------------------------------------------
  wire is_read  = w_op == OpRead;
  wire is_write = w_op == OpWrite;
  wire is_fill  = w_op == OpFill;
  wire is_inval = w_op == OpInval;

  // Tag compare: a set never holds a tag twice (a FILL of a present tag only touches it), so
  // the match is one-hot.
  reg [Tags-1:0] match_oh;
  integer mw;
  always @(*) begin
    for (mw = 0; mw < Tags; mw = mw + 1) begin
      match_oh[mw] = s_valid[mw] & (s_tags[mw*TagBits +: TagBits] == w_tag);
    end
  end
  wire match = |match_oh;

  wire [2:0]      req_size = {1'b0, w_size} + 3'd1;
  wire [Tags-1:0] victims_all;
  latte_tags_victims #(.Tags(Tags), .SubBlocks(SubBlocks)) u_victims (
    .valid_i    (s_valid),
    .older_i    (order_expand(s_older)),
    .size_i     (s_size),
    .req_size_i (req_size),
    .victims_o  (victims_all)
  );

  wire            do_fill       = is_fill & ~match;
  wire [Tags-1:0] after_victims = s_valid & ~victims_all;
  // The new line's way: the lowest free one after the victims leave (one-hot).
  reg  [Tags-1:0] fill_oh;
  reg             fill_found;
  integer fw;
  always @(*) begin
    fill_oh = {Tags{1'b0}};
    fill_found = 1'b0;
    for (fw = 0; fw < Tags; fw = fw + 1) begin
      if (!after_victims[fw] && !fill_found) begin
        fill_oh[fw] = 1'b1;
        fill_found = 1'b1;
      end
    end
  end

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
                             : (is_write & match) ? s_valid & ~match_oh
                             : do_fill ? after_victims | fill_oh
                             : s_valid;
  wire [OrdBits-1:0]      next_older  = (is_inval && w_policy == 2'd3) ? {OrdBits{1'b0}}
                                                                        : order_touch(s_older, touch_oh);
  wire [Tags-1:0]         fill_sel    = do_fill ? fill_oh : {Tags{1'b0}};
  wire [Tags*TagBits-1:0] next_tags   = put_tag(s_tags, fill_sel, w_tag);
  wire [Tags*2-1:0]       next_policy = put2(s_policy, fill_sel, w_policy);
  wire [Tags*2-1:0]       next_size   = put2(s_size, fill_sel, w_size);

  // The acted-on line's policy and size (0 without a line).
  reg [1:0] line_policy;
  reg [2:0] line_size;
  integer lw;
  always @(*) begin
    line_policy = 2'd0;
    line_size   = 3'd0;
    if (do_fill) begin
      line_policy = w_policy;
      line_size   = req_size;
    end else if (has_line) begin
      for (lw = 0; lw < Tags; lw = lw + 1) begin
        if (match_oh[lw]) begin
          line_policy = line_policy | s_policy[lw*2 +: 2];
          line_size   = line_size | ({1'b0, s_size[lw*2 +: 2]} + 3'd1);
        end
      end
    end
  end

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

  genvar s;
  generate
    for (s = 0; s < Sets; s = s + 1) begin : gen_set
      wire [Tags-1:0]         valid;
      wire [Tags*TagBits-1:0] tags;
      wire [OrdBits-1:0]      older;
      wire [Tags*2-1:0]       policies;
      wire [Tags*2-1:0]       sizes;

      latte_tags_set #(.Tags(Tags), .TagBits(TagBits), .OrdBits(OrdBits)) u_set (
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

      assign rd_node[Sets-1+s] = (in_set == s[IndexBits-1:0]) ? {valid, tags, older, policies, sizes}
                                                              : {SetBits{1'b0}};
    end
    for (s = 0; s < Sets - 1; s = s + 1) begin : gen_read_tree
      assign rd_node[s] = rd_node[2*s+1] | rd_node[2*s+2];
    end
  endgenerate

  wire [Tags-1:0]         rd_valid;
  wire [Tags*TagBits-1:0] rd_tags;
  wire [OrdBits-1:0]      rd_older;
  wire [Tags*2-1:0]       rd_policy;
  wire [Tags*2-1:0]       rd_size;
  assign {rd_valid, rd_tags, rd_older, rd_policy, rd_size} = rd_node[0];

  // ---- the incoming request's set, made current ------------------------------------------------------
  // The pending write (the request two ahead) if it is for this set; then an INVALIDATE being
  // decided (every set); then the decision of the request just ahead if it is for this set
  // (it saw everything before it).
  wire            same_p  = p_v & (p_set == in_set);
  wire [Tags-1:0] p_sel   = (same_p & p_fill) ? p_way : {Tags{1'b0}};
  wire [Tags-1:0] a_valid = same_p ? p_valid : rd_valid;
  wire [Tags*2-1:0] a_policy = put2(rd_policy, p_sel, p_policy);
  wire            inv_now = w_v & is_inval;
  wire [Tags-1:0] b_valid = inv_now ? a_valid & ~policy_lines(a_policy, w_policy) : a_valid;
  wire [OrdBits-1:0] b_older = (inv_now && w_policy == 2'd3) ? {OrdBits{1'b0}}
                             : same_p ? p_older : rd_older;
  wire            same_w  = w_v & ~is_inval & (w_set == in_set);

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      w_v <= 1'b0;
    end else if (adv) begin
      w_v <= in_valid_i;
    end
    if (fire) begin
      w_op     <= in_op_i;
      w_set    <= in_set;
      w_tag    <= in_addr_i[AddrBits-1:IndexBits];
      w_policy <= in_policy_i;
      w_size   <= in_size_i;
      s_valid  <= same_w ? next_valid : b_valid;
      s_older  <= same_w ? next_older : b_older;
      s_tags   <= same_w ? next_tags : put_tag(rd_tags, p_sel, p_tag);
      s_policy <= same_w ? next_policy : a_policy;
      s_size   <= same_w ? next_size : put2(rd_size, p_sel, p_size);
    end
  end

  // ---- X: the decision, and the result's two sums ---------------------------------------------------
  reg                x_v;
  reg [2:0]          x_outcome;
  reg [WayBits-1:0]  x_way;
  reg [1:0]          x_policy;
  reg [2:0]          x_size;
  reg                x_has_line;
  reg [Tags-1:0]     x_victims;
  reg [Tags-1:0]     x_valid;
  reg [Tags*2-1:0]   x_sizes;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      x_v <= 1'b0;
    end else if (adv) begin
      x_v <= w_v;
    end
    if (commit) begin
      x_outcome  <= outcome;
      x_way      <= way;
      x_policy   <= line_policy;
      x_size     <= line_size;
      x_has_line <= has_line | do_fill;   // the result names a line: its offset
      x_victims  <= do_fill ? victims_all : {Tags{1'b0}};
      x_valid    <= next_valid;
      x_sizes    <= next_size;
    end
  end

  // The set's free sub-blocks after the request, and the acted-on line's first sub-block: the
  // sizes of the valid lines of lower ways.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [SumBits-1:0] used_next;
  wire [SumBits-1:0] offset;
  /* verilator lint_on UNUSEDSIGNAL */
  latte_tree_sum #(.N(Tags), .W(3), .SumBits(SumBits)) u_used_next (
    .terms_i (size_terms(x_valid, x_sizes)),
    .sum_o   (used_next)
  );
  wire [FreeBits-1:0] free_next = SubBlocks[FreeBits-1:0] - used_next[FreeBits-1:0];

  reg [Tags-1:0] below_way;
  integer ow;
  always @(*) begin
    for (ow = 0; ow < Tags; ow = ow + 1) below_way[ow] = ow[WayBits-1:0] < x_way;
  end
  // An offset is below SubBlocks: only its low OffBits bits leave.
  latte_tree_sum #(.N(Tags), .W(3), .SumBits(SumBits)) u_offset (
    .terms_i (size_terms(x_valid & below_way, x_sizes)),
    .sum_o   (offset)
  );

  // ---- output stage ---------------------------------------------------------------------------
  wire [OutBits-1:0] result = {x_outcome, x_way, x_policy, x_size,
                               x_has_line ? offset[OffBits-1:0] : {OffBits{1'b0}},
                               x_victims, free_next};
  wire [OutBits-1:0] out_data;

  np_stream_register #(.Width(OutBits)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (x_v),
    .in_ready_o  (adv),
    .in_data_i   (result),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data)
  );

  assign {out_outcome_o, out_way_o, out_policy_o, out_size_o, out_offset_o, out_victims_o,
          out_free_o} = out_data;

endmodule
