// ba_lookup: tag compare over the addressed set of the BA tag unit (docs/ba.md 5).
//
// Function: finds the valid line holding req_tag_i and the lowest-index invalid line.
// A set never holds a tag twice (a line is allocated only on a miss), so the match way is an
// OR of one-hot terms, not a priority chain; the free way is the lowest invalid index.
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
  output reg                     match_o,
  output reg  [WayBits-1:0]      match_way_o,
  output reg                     match_bypass_o,
  output reg                     has_free_o,
  output reg  [WayBits-1:0]      free_way_o
);

  reg [Ways-1:0] hit;
  integer w;

  always @(*) begin
    for (w = 0; w < Ways; w = w + 1) begin
      hit[w] = valid_i[w] && (tag_i[w*TagBits +: TagBits] == req_tag_i);
    end
  end

  // One-hot hit vector -> way number and bypass bit (OR of the selected terms).
  always @(*) begin
    match_o        = |hit;
    match_way_o    = {WayBits{1'b0}};
    match_bypass_o = 1'b0;
    for (w = 0; w < Ways; w = w + 1) begin
      if (hit[w]) begin
        match_way_o = match_way_o | w[WayBits-1:0];
      end
      match_bypass_o = match_bypass_o | (hit[w] & bypass_i[w]);
    end
  end

  // Lowest invalid way: scan from the top so the lowest index is written last.
  always @(*) begin
    has_free_o = ~&valid_i;
    free_way_o = {WayBits{1'b0}};
    for (w = Ways - 1; w >= 0; w = w - 1) begin
      if (!valid_i[w]) begin
        free_way_o = w[WayBits-1:0];
      end
    end
  end

endmodule
