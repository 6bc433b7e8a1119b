// latte_tags_young: per line of one set of latte_tags, the sub-blocks of that line and of the
// valid lines younger than it (docs/latte.md 10.1), the sums the victim rule compares
// (latte_tags_victims).
//
// Function: for every way w, young_o[w] = sum of size(v) over the valid lines v that the order
// matrix does not mark older than w (v = w included: the diagonal is 0); size(v) = size_i[v] + 1.
// Only the valid lines' sums are meaningful. Each sum is a Tags-input adder tree
// (latte_tree_sum), log2(Tags) adder levels.
//
// Why a module of its own: latte_tags forms these sums from a set copy one cycle before the
// decision (its R -> W edge) and then keeps them current by the small updates a decision makes
// (docs/latte.md 10.1), so the trees are off the decision's loop.
//
// Combinational, no state. What it does not do: no comparison (latte_tags_victims).
//
// Worked example (8 tags): valid 0000_0111, way 1 older than way 2 older than way 0, sizes 2,
// 4, 1 (size_i holds size - 1): young of way 1 = 4 + 1 + 2 = 7, of way 2 = 1 + 2 = 3, of way 0 = 2.
module latte_tags_young #(
  parameter integer Tags    = 16,
  parameter integer SumBits = 7
) (
  input  wire [Tags-1:0]         valid_i,
  input  wire [Tags*Tags-1:0]    older_i,    // bit v*Tags + w: line v is older than line w
  input  wire [Tags*2-1:0]       size_i,     // size - 1 per way
  output wire [Tags*SumBits-1:0] young_o
);

  genvar w;
  generate
    for (w = 0; w < Tags; w = w + 1) begin : gen_way
      reg [Tags*3-1:0] terms;
      integer v;
      always @(*) begin
        terms = {Tags*3{1'b0}};
        for (v = 0; v < Tags; v = v + 1) begin
          if (valid_i[v] && !older_i[v*Tags + w]) terms[v*3 +: 3] = {1'b0, size_i[v*2 +: 2]} + 3'd1;
        end
      end
      latte_tree_sum #(.N(Tags), .W(3), .SumBits(SumBits)) u_sum (
        .terms_i (terms),
        .sum_o   (young_o[w*SumBits +: SumBits])
      );
    end
  endgenerate

endmodule
