// ba_lookup: tag compare over the addressed set of the BA tag unit (docs/ba.md 5).
//
// Function: finds the valid line holding req_tag_i and the lowest-index invalid line: the tag
// compare of every line, then ba_match (a set never holds a tag twice, so the match way is an
// OR of one-hot terms; the free way is the lowest invalid index). Used by latte_tags;
// ba_tag_unit compares itself and uses ba_match directly (forwarding, docs/ba.md 4).
//
// Latency / throughput: combinational.
//
// What it does not do: it does not look at the reuse bits or the ages (ba_victim does).
//
// Worked example (Ways = 4, TagBits = 4): valid_i = 4'b1011, tag_i = {4'h7, 4'h9, 4'h3, 4'h5},
// bypass_i = 4'b0010, req_tag_i = 4'h3 -> match_o = 1, match_way_o = 1, match_bypass_o = 1,
// has_free_o = 1, free_way_o = 2 (way 2 is the only invalid line).
// C model: ba_lookup (cmodel/src/ba.c).
module ba_lookup #(
  parameter integer Ways    = 8,
  parameter integer WayBits = 3,
  parameter integer TagBits = 37
) (
  input  wire [Ways-1:0]         valid_i,
  input  wire [Ways*TagBits-1:0] tag_i,     // way w at [w*TagBits +: TagBits]
  input  wire [Ways-1:0]         bypass_i,
  input  wire [TagBits-1:0]      req_tag_i,
  output wire                    match_o,
  output wire [WayBits-1:0]      match_way_o,
  output wire                    match_bypass_o,
  output wire                    has_free_o,
  output wire [WayBits-1:0]      free_way_o
);

  reg [Ways-1:0] eq;
  integer w;

  always @(*) begin
    for (w = 0; w < Ways; w = w + 1) begin
      eq[w] = tag_i[w*TagBits +: TagBits] == req_tag_i;
    end
  end

  ba_match #(.Ways(Ways), .WayBits(WayBits)) u_match (
    .valid_i        (valid_i),
    .eq_i           (eq),
    .bypass_i       (bypass_i),
    .match_o        (match_o),
    .match_way_o    (match_way_o),
    .match_bypass_o (match_bypass_o),
    .has_free_o     (has_free_o),
    .free_way_o     (free_way_o)
  );

endmodule
