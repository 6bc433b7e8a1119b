// latte_tags_victims: the lines a FILL evicts in the compressed L1 (docs/latte.md 3.3), the
// RTL of latte_tags_victims() in cmodel/src/latte.c.
//
// Function: the least recently used valid lines go, one after another, until a tag is free and
// at least the request's size in sub-blocks is. The C model's rule for valid line w,
//   victim[w] = !((any tag free | any valid line older) & (free + size(older) >= size)),
// is evaluated without the free count: free + size(older than w) = SubBlocks - size(w and the
// valid lines younger than it), so
//   victim[w] = young[w] > SubBlocks - size  |  (no tag free & no valid line older),
// where young[w] (young_i) is that sum, kept per way by latte_tags (latte_tags_young forms it,
// the decisions update it): one comparison per way and size with a constant, and no adder on
// the path. Since young[w] grows with w's age, the victims are always a prefix of the LRU
// order.
//
// Combinational, no state. What it does not do: it does not pick the free way the new line
// takes (lowest index after the victims leave: latte_tags).
//
// Worked example (8 tags x 8 sub-blocks): valid 0000_0111, way 1 older than way 2 older than
// way 0, sizes 2, 4, 1, so young 2, 7, 3 and 1 free; for request size 3 (at most 5 may stay):
// way 1: 7 > 5 -> victim; way 2: 3; way 0: 2 -> victims_o[2*8 +: 8] = 0000_0010 (way 1, the
// oldest, frees 4).
module latte_tags_victims #(
  parameter integer Tags      = 16,
  parameter integer SubBlocks = 16,
  parameter integer SumBits   = 7
) (
  input  wire [Tags-1:0]         valid_i,
  input  wire [Tags*Tags-1:0]    older_i,    // bit v*Tags + w: line v is older than line w
  input  wire [Tags*SumBits-1:0] young_i,    // per way: its size and the valid younger lines'
  output reg  [4*Tags-1:0]       victims_o   // [(size - 1) * Tags +: Tags]: for sizes 1..4
);

  wire all_valid = &valid_i;

  // young > SubBlocks - size against each of the four constants: the four masks are formed in
  // parallel from registers and the request's size picks one after them (latte_tags also
  // forms the free way per size), so the size is not in front of the comparisons.
  reg [Tags-1:0]    younger;   // the lines a valid line is older than (rows of the matrix ORed)
  reg [SumBits-1:0] young;
  integer w, k;
  always @(*) begin
    younger = {Tags{1'b0}};
    for (w = 0; w < Tags; w = w + 1) begin
      if (valid_i[w]) younger = younger | older_i[w*Tags +: Tags];
    end
    for (w = 0; w < Tags; w = w + 1) begin
      young = young_i[w*SumBits +: SumBits];
      for (k = 0; k < 4; k = k + 1) begin
        victims_o[k*Tags + w] = valid_i[w] & ((young > SubBlocks[SumBits-1:0] - k[SumBits-1:0] - 1'b1) |
                                              (all_valid & ~younger[w]));
      end
    end
  end

endmodule
