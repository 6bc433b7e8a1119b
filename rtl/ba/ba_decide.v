// ba_decide: the outcome of one request of the BA tag unit (docs/ba.md 3; seed 002
// section 5.4.1, Figure 17 work flow).
//
// Function: in_op (bit 1: invalidate-all; else bit 0: write) and the lookup give one of
//   0 HIT          read, tag matches a line with bypass bit 0
//   1 MISS_FILL    read miss, a free line exists
//   2 MISS_EVICT   read miss, set full, LRU mode
//   3 BYPASS       read miss, set full, BA mode
//   4 PSEUDO_HIT   read, tag matches a line with bypass bit 1
//   5 WRITE_EVICT  write, tag matches a line (write-evict)
//   6 WRITE_AROUND write, no match (write-no-allocate)
//   7 INVALIDATED  invalidate-all
//
// Besides the outcome, the four things the unit does with it, as flags: allocate (MISS_FILL,
// MISS_EVICT, BYPASS), reused (HIT, PSEUDO_HIT), evict (WRITE_EVICT) and replaced (MISS_EVICT,
// BYPASS). Each is one AND of the op with match and has_free, with match last, so the tag
// compare reaches them through one gate instead of through the outcome's encoding and a decode
// of it (the lookup's critical path, docs/ba.md 9).
//
// Latency / throughput: combinational.
//
// What it does not do: it does not choose the way (ba_tag_unit muxes match, free or victim).
//
// Worked example: op_i = 2'b00, match_i = 0, has_free_i = 0 -> BYPASS (3) when
// BypassAware = 1, MISS_EVICT (2) when 0.
// C model: ba_decide (cmodel/src/ba.c).
module ba_decide #(
  parameter integer BypassAware = 1
) (
  input  wire [1:0] op_i,
  input  wire       match_i,
  input  wire       match_bypass_i,
  input  wire       has_free_i,
  output reg  [2:0] outcome_o,
  output wire       allocate_o,
  output wire       reused_o,
  output wire       evict_o,
  output wire       replaced_o
);

  wire read  = ~op_i[1] & ~op_i[0];
  wire write = ~op_i[1] & op_i[0];
  assign allocate_o = read & ~match_i;
  assign reused_o   = read & match_i;
  assign evict_o    = write & match_i;
  assign replaced_o = read & ~has_free_i & ~match_i;

  localparam [2:0] Hit = 3'd0, MissFill = 3'd1, MissEvict = 3'd2, Bypass = 3'd3,
                   PseudoHit = 3'd4, WriteEvict = 3'd5, WriteAround = 3'd6, Invalidated = 3'd7;

  always @(*) begin
    if (op_i[1]) begin
      outcome_o = Invalidated;
    end else if (op_i[0]) begin
      outcome_o = match_i ? WriteEvict : WriteAround;
    end else if (match_i) begin
      outcome_o = match_bypass_i ? PseudoHit : Hit;
    end else if (has_free_i) begin
      outcome_o = MissFill;
    end else begin
      outcome_o = (BypassAware != 0) ? Bypass : MissEvict;
    end
  end

endmodule
