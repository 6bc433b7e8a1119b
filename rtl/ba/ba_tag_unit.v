// ba_tag_unit: the bypass-aware L1 tag unit (docs/ba.md), generic over geometry and mode.
//
// Function: one request per cycle, in_op_i (00 read, 01 write, 1x invalidate-all) on the line
// address in_addr_i (set = low IndexBits bits, tag = the rest). In one cycle the addressed set
// is read from the flop array, looked up (ba_lookup), a victim chosen (ba_victim), the outcome
// decided (ba_decide), the ages updated (ba_lru_update) and the set written back at the edge
// that accepts the request; the outcome, way and victim go to an output register
// (np_stream_register). Per line: valid, tag, true-LRU age (WayBits), and in BA mode
// (BypassAware = 1) the reuse and bypass bits; LRU mode (BypassAware = 0) has no such bits and
// never bypasses: it is the conventional baseline of the same geometry.
//
// Latency / throughput: 1 cycle, one request per cycle. Back-to-back requests to the same
// set are exact: the next request reads the state written at the edge that accepted this one.
// in_ready_o = !out_valid_o || out_ready_i (the state advances only when the result can leave).
//
// Register bits (Sets = 16, Ways = 8, AddrBits = 41: TagBits = 37, WayBits = 3):
// BA 128 x (1 + 37 + 3 + 2) = 5504, LRU 128 x (1 + 37 + 3) = 5248, plus the output stage
// 3 + 3 + 1 + 37 + valid = 45.
//
// What it does not do: no data array, no MSHRs (a miss's fetch is the outcome; the caller
// fetches), no hit-under-miss ordering. Sets and Ways must be powers of two >= 2 (port widths
// need a bit); Threshold in 0..Ways.
//
// Worked example (BA, 8 ways, fresh after reset): 8 reads of tags 1..8 to set 0 -> MISS_FILL
// ways 0..7; read tag 9 -> BYPASS way 0 (the oldest, all reuse 0), victim tag 1; read tag 9
// again -> PSEUDO_HIT way 0; read tag 9 -> HIT way 0.
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

  localparam [2:0] Hit = 3'd0, MissFill = 3'd1, MissEvict = 3'd2, Bypass = 3'd3,
                   PseudoHit = 3'd4, WriteEvict = 3'd5;

  // ---- the request ------------------------------------------------------------------------
  wire                 fire = in_valid_i & in_ready_o;
  wire [IndexBits-1:0] req_set = in_addr_i[IndexBits-1:0];
  wire [TagBits-1:0]   req_tag = in_addr_i[AddrBits-1:IndexBits];
  wire                 invalidate = in_op_i[1];

  // ---- the array, one generate block per set; flat views for the read mux ------------------
  wire [Sets*Ways-1:0]         all_valid;
  wire [Sets*Ways*TagBits-1:0] all_tag;
  wire [Sets*Ways*WayBits-1:0] all_age;
  wire [Sets*Ways-1:0]         all_reuse;
  wire [Sets*Ways-1:0]         all_bypass;

  // The addressed set: an AND-OR mux over the sets (constant slices, one select per set),
  // much smaller than a variable part-select, whose offset req_set * Ways * TagBits becomes a
  // multiplier and a barrel shifter in synthesis.
  reg [Ways-1:0]         set_valid;
  reg [Ways*TagBits-1:0] set_tag;
  reg [Ways*WayBits-1:0] set_age;
  reg [Ways-1:0]         set_reuse;
  reg [Ways-1:0]         set_bypass;
  integer r;

  always @(*) begin
    set_valid  = {Ways{1'b0}};
    set_tag    = {Ways*TagBits{1'b0}};
    set_age    = {Ways*WayBits{1'b0}};
    set_reuse  = {Ways{1'b0}};
    set_bypass = {Ways{1'b0}};
    for (r = 0; r < Sets; r = r + 1) begin
      if (req_set == r[IndexBits-1:0]) begin
        set_valid  = set_valid | all_valid[r*Ways +: Ways];
        set_tag    = set_tag | all_tag[r*Ways*TagBits +: Ways*TagBits];
        set_age    = set_age | all_age[r*Ways*WayBits +: Ways*WayBits];
        set_reuse  = set_reuse | all_reuse[r*Ways +: Ways];
        set_bypass = set_bypass | all_bypass[r*Ways +: Ways];
      end
    end
  end

  // ---- decision -----------------------------------------------------------------------------
  wire               match, match_bypass, has_free;
  wire [WayBits-1:0] match_way, free_way, victim_way;
  wire [2:0]         outcome;

  ba_lookup #(.Ways(Ways), .WayBits(WayBits), .TagBits(TagBits)) u_lookup (
    .valid_i        (set_valid),
    .tag_i          (set_tag),
    .bypass_i       (set_bypass),
    .req_tag_i      (req_tag),
    .match_o        (match),
    .match_way_o    (match_way),
    .match_bypass_o (match_bypass),
    .has_free_o     (has_free),
    .free_way_o     (free_way)
  );

  ba_victim #(.Ways(Ways), .WayBits(WayBits), .BypassAware(BypassAware),
              .Threshold(Threshold)) u_victim (
    .reuse_i      (set_reuse),
    .age_i        (set_age),
    .victim_way_o (victim_way)
  );

  ba_decide #(.BypassAware(BypassAware)) u_decide (
    .op_i           (in_op_i),
    .match_i        (match),
    .match_bypass_i (match_bypass),
    .has_free_i     (has_free),
    .outcome_o      (outcome)
  );

  // The way each outcome acts on; 0 for WRITE_AROUND and INVALIDATED.
  reg [WayBits-1:0] way;
  always @(*) begin
    case (outcome)
      Hit, PseudoHit, WriteEvict: way = match_way;
      MissFill:                   way = free_way;
      MissEvict, Bypass:          way = victim_way;
      default:                    way = {WayBits{1'b0}};
    endcase
  end

  wire allocate = (outcome == MissFill) | (outcome == MissEvict) | (outcome == Bypass);
  wire reused   = (outcome == Hit) | (outcome == PseudoHit);
  wire evict    = outcome == WriteEvict;
  wire touch    = allocate | reused;
  wire replaced = (outcome == MissEvict) | (outcome == Bypass);

  wire [Ways*WayBits-1:0] next_age;
  ba_lru_update #(.Ways(Ways), .WayBits(WayBits)) u_lru (
    .age_i (set_age),
    .way_i (way),
    .age_o (next_age)
  );

  reg [TagBits-1:0] victim_tag;
  integer w;
  always @(*) begin
    victim_tag = {TagBits{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      if (replaced && way == w[WayBits-1:0]) begin
        victim_tag = set_tag[w*TagBits +: TagBits];
      end
    end
  end

  // ---- state update: only the addressed set changes, except on invalidate-all -------------
  genvar s, l;
  generate
    for (s = 0; s < Sets; s = s + 1) begin : gen_set
      wire sel = fire & ~invalidate & (req_set == s[IndexBits-1:0]);
      reg [Ways-1:0]         valid_q;
      reg [Ways*WayBits-1:0] age_q;

      // Ages restart as way index (way 0 most recent) on reset and invalidate-all.
      always @(posedge clk_i) begin
        if (!rst_ni || (fire && invalidate)) begin
          valid_q <= {Ways{1'b0}};
          for (w = 0; w < Ways; w = w + 1) begin
            age_q[w*WayBits +: WayBits] <= w[WayBits-1:0];
          end
        end else if (sel) begin
          if (allocate) valid_q[way] <= 1'b1;
          if (evict) valid_q[way] <= 1'b0;
          if (touch) age_q <= next_age;
        end
      end

      assign all_valid[s*Ways +: Ways]               = valid_q;
      assign all_age[s*Ways*WayBits +: Ways*WayBits] = age_q;

      // Per line: a write enable each, so the write needs no shifter.
      for (l = 0; l < Ways; l = l + 1) begin : gen_way
        wire line_sel = sel & (way == l[WayBits-1:0]);
        reg [TagBits-1:0] tag_q;

        // No reset: a tag is read only while its line is valid.
        always @(posedge clk_i) begin
          if (line_sel && allocate) tag_q <= req_tag;
        end
        assign all_tag[(s*Ways+l)*TagBits +: TagBits] = tag_q;

        if (BypassAware != 0) begin : gen_ba_bits
          reg reuse_q, bypass_q;
          // No reset: both are written on allocation, before a valid line's bits are read.
          always @(posedge clk_i) begin
            if (line_sel && allocate) begin
              reuse_q  <= 1'b0;
              bypass_q <= outcome == Bypass;
            end
            if (line_sel && reused) begin
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

  assign {out_outcome_o, out_way_o, out_victim_valid_o, out_victim_tag_o} = out_data;

endmodule
