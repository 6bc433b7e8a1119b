// ba_lru_update: true-LRU age update of one set of the BA tag unit (docs/ba.md 3.3).
//
// Function: ages are a permutation of 0..Ways-1 (0 = most recently used). Touching way t
// makes its age 0 and adds one to every age below its old age; the others keep theirs, so the
// ages stay a permutation.
//
// Latency / throughput: combinational.
//
// What it does not do: it does not decide whether to touch (ba_tag_unit writes the result
// only for HIT, PSEUDO_HIT, MISS_FILL, MISS_EVICT and BYPASS).
//
// Worked example (Ways = 4): ages {w3..w0} = {3, 2, 1, 0}, way_i = 2 -> {3, 0, 2, 1}.
// C model: ba_touch (cmodel/src/ba.c).
module ba_lru_update #(
  parameter integer Ways    = 8,
  parameter integer WayBits = 3
) (
  input  wire [Ways*WayBits-1:0] age_i,
  input  wire [WayBits-1:0]      way_i,
  output reg  [Ways*WayBits-1:0] age_o
);

  reg [WayBits-1:0] touched_age;
  integer w;

  always @(*) begin
    touched_age = {WayBits{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      if (way_i == w[WayBits-1:0]) begin
        touched_age = age_i[w*WayBits +: WayBits];
      end
    end
    for (w = 0; w < Ways; w = w + 1) begin
      if (way_i == w[WayBits-1:0]) begin
        age_o[w*WayBits +: WayBits] = {WayBits{1'b0}};
      end else if (age_i[w*WayBits +: WayBits] < touched_age) begin
        age_o[w*WayBits +: WayBits] = age_i[w*WayBits +: WayBits] + 1'b1;
      end else begin
        age_o[w*WayBits +: WayBits] = age_i[w*WayBits +: WayBits];
      end
    end
  end

endmodule
