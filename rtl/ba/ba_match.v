// ba_match: the match and free-line part of the BA tag unit's lookup (docs/ba.md 4, 5).
//
// Function: from the per-line tag equalities eq_i (line w holds the request's tag), finds the
// valid line holding the tag and the lowest-index invalid line. ba_tag_unit feeds it compares
// in which the line the pending write is filling compares against that write's tag (docs/ba.md
// 4, forwarding). A set never holds a tag
// twice (a line is allocated only on a miss), so the match way is an OR of one-hot terms, not
// a priority chain; the free way is the lowest invalid index.
//
// Latency / throughput: combinational.
//
// What it does not do: it does not compare tags, nor look at the reuse bits or the ages.
//
// Worked example (Ways = 4): valid_i = 4'b1011, eq_i = 4'b0010, bypass_i = 4'b0010 ->
// match_o = 1, match_way_o = 1, match_bypass_o = 1, has_free_o = 1, free_way_o = 2.
// C model: ba_lookup (cmodel/src/ba.c).
module ba_match #(
  parameter integer Ways    = 8,
  parameter integer WayBits = 3
) (
  input  wire [Ways-1:0]    valid_i,
  input  wire [Ways-1:0]    eq_i,
  input  wire [Ways-1:0]    bypass_i,
  output reg                match_o,
  output reg  [WayBits-1:0] match_way_o,
  output reg                match_bypass_o,
  output reg                has_free_o,
  output reg  [WayBits-1:0] free_way_o
);

  wire [Ways-1:0] hit = valid_i & eq_i;
  integer w;

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
