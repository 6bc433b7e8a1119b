// latte_tags_victims: the lines a FILL evicts in the compressed L1 (docs/latte.md 3.3), the
// RTL of latte_tags_victims() in cmodel/src/latte.c.
//
// Function: the least recently used valid lines go, one after another, until a tag is free and
// at least the request's size in sub-blocks is. The C model's rule for valid line w,
//   victim[w] = !((any tag free | any valid line older) & (free + size(older) >= size)),
// is evaluated without the free count: free + size(older than w) = SubBlocks - size(w and the
// valid lines younger than it), so
//   victim[w] = size(w and younger) > SubBlocks - size  |  (no tag free & no valid line older),
// a sum and a comparison against one of four constants per way, with the set's free count off
// the path (it would be an adder tree in front of the comparison). Every way's sum is evaluated
// in parallel (a Tags-input adder tree per way, latte_tree_sum, over the lines the order matrix
// does not mark older); the victims are then always a prefix of the LRU order.
//
// Combinational, no state. What it does not do: it does not pick the free way the new line
// takes (lowest index after the victims leave: latte_tags).
//
// Worked example (8 tags x 8 sub-blocks): valid 0000_0111, way 1 older than way 2 older than
// way 0, sizes 2, 4, 1 (size_i holds size - 1), so 1 free, request size 3 (at most 5 may stay):
// way 1 with the younger ways 7 > 5 -> victim; way 2: 3; way 0: 2 -> victims_o = 0000_0010
// (way 1, the oldest, frees 4).
module latte_tags_victims #(
  parameter integer Tags      = 16,
  parameter integer SubBlocks = 16
) (
  input  wire [Tags-1:0]      valid_i,
  input  wire [Tags*Tags-1:0] older_i,    // bit v*Tags + w: line v is older than line w
  input  wire [Tags*2-1:0]    size_i,     // size - 1 per way
  input  wire [2:0]           req_size_i, // 1..4
  output reg  [Tags-1:0]      victims_o
);

  localparam integer TermSum = $clog2(4 * Tags + 1);

  wire                all_valid = &valid_i;
  // At most this many sub-blocks may stay in the set with the new line.
  wire [TermSum-1:0]  keep = SubBlocks[TermSum-1:0] - {{(TermSum-3){1'b0}}, req_size_i};

  // Per way: the sizes of w and the valid lines younger than it, summed by an adder tree.
  genvar w;
  generate
    for (w = 0; w < Tags; w = w + 1) begin : gen_way
      reg  [Tags*3-1:0]  terms;
      reg                older_any;
      wire [TermSum-1:0] young_size;
      integer v;
      always @(*) begin
        terms = {Tags*3{1'b0}};
        older_any = 1'b0;
        for (v = 0; v < Tags; v = v + 1) begin
          if (valid_i[v] && !older_i[v*Tags + w]) terms[v*3 +: 3] = {1'b0, size_i[v*2 +: 2]} + 3'd1;
          if (valid_i[v] && older_i[v*Tags + w]) older_any = 1'b1;
        end
      end
      latte_tree_sum #(.N(Tags), .W(3), .SumBits(TermSum)) u_sum (
        .terms_i (terms),
        .sum_o   (young_size)
      );
      always @(*) begin
        victims_o[w] = valid_i[w] & ((young_size > keep) | (all_valid & ~older_any));
      end
    end
  endgenerate

endmodule
