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
// the decisions update it): one comparison per way against one of four constants, and no adder
// on the path. Since young[w] grows with w's age, the victims are always a prefix of the LRU
// order.
//
// Combinational, no state. What it does not do: it does not pick the free way the new line
// takes (lowest index after the victims leave: latte_tags).
//
// Worked example (8 tags x 8 sub-blocks): valid 0000_0111, way 1 older than way 2 older than
// way 0, sizes 2, 4, 1, so young 2, 7, 3 and 1 free; request size 3 (at most 5 may stay):
// way 1: 7 > 5 -> victim; way 2: 3; way 0: 2 -> victims_o = 0000_0010 (way 1, the oldest,
// frees 4).
module latte_tags_victims #(
  parameter integer Tags      = 16,
  parameter integer SubBlocks = 16,
  parameter integer SumBits   = 7
) (
  input  wire [Tags-1:0]         valid_i,
  input  wire [Tags*Tags-1:0]    older_i,    // bit v*Tags + w: line v is older than line w
  input  wire [Tags*SumBits-1:0] young_i,    // per way: its size and the valid younger lines'
  input  wire [2:0]              req_size_i, // 1..4 (values above 4 are read as 4)
  output reg  [Tags-1:0]         victims_o
);

  wire all_valid = &valid_i;

  // young > SubBlocks - size as one of four comparisons with a constant, chosen by the size:
  // the constant is not formed first (a subtractor in front of a comparator).
  localparam integer Keep1 = SubBlocks - 1, Keep2 = SubBlocks - 2, Keep3 = SubBlocks - 3,
                     Keep4 = SubBlocks - 4;
  reg     older_any, too_big;
  reg [SumBits-1:0] young;
  integer w, v;
  always @(*) begin
    for (w = 0; w < Tags; w = w + 1) begin
      older_any = 1'b0;
      for (v = 0; v < Tags; v = v + 1) begin
        if (valid_i[v] && older_i[v*Tags + w]) older_any = 1'b1;
      end
      young = young_i[w*SumBits +: SumBits];
      case (req_size_i)
        3'd1:    too_big = young > Keep1[SumBits-1:0];
        3'd2:    too_big = young > Keep2[SumBits-1:0];
        3'd3:    too_big = young > Keep3[SumBits-1:0];
        default: too_big = young > Keep4[SumBits-1:0];
      endcase
      victims_o[w] = valid_i[w] & (too_big | (all_valid & ~older_any));
    end
  end

endmodule
