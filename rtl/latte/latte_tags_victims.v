// latte_tags_victims: the lines a FILL evicts in the compressed L1 (docs/latte.md 3.3), the
// RTL of latte_tags_victims() in cmodel/src/latte.c.
//
// Function: the least recently used valid lines go, one after another, until a tag is free and
// at least req_size_i sub-blocks are: valid line w is a victim iff the valid lines older than
// it (age greater than w's) do not free enough together with what is already free:
//   victim[w] = valid[w] & !((any tag free | any older line) & (free_i + size(older) >= req))
// Every way's condition is evaluated in parallel (Tags x Tags age compares and a Tags-input
// adder tree per way, latte_tree_sum); the victims are then always a prefix of the LRU order.
//
// Combinational, no state. What it does not do: it does not pick the free way the new line
// takes (lowest index after the victims leave: latte_tags).
//
// Worked example (8 tags): valid 0000_0111, ages way0 = 0, way1 = 2, way2 = 1, sizes 2, 4, 1
// (size_i holds size - 1), free_i = 1, req_size_i = 3 -> victims_o = 0000_0010 (way 1, the
// oldest, frees 4).
module latte_tags_victims #(
  parameter integer Tags      = 16,
  parameter integer WayBits   = 4,
  parameter integer FreeBits  = 5
) (
  input  wire [Tags-1:0]         valid_i,
  input  wire [Tags*WayBits-1:0] age_i,      // way w at [w*WayBits +: WayBits]
  input  wire [Tags*2-1:0]       size_i,     // size - 1 per way
  input  wire [FreeBits-1:0]     free_i,     // free sub-blocks of the set now
  input  wire [2:0]              req_size_i, // 1..4
  output reg  [Tags-1:0]         victims_o
);

  // Sum of up to Tags sizes of 1..4, plus the free count.
  localparam integer SumBits = $clog2(4 * Tags + (1 << FreeBits) + 1);
  localparam integer TermSum = $clog2(4 * Tags + 1);

  wire tag_free = ~&valid_i;

  // Per way: the sizes of the valid lines older than it, summed by an adder tree.
  genvar w;
  generate
    for (w = 0; w < Tags; w = w + 1) begin : gen_way
      reg  [Tags*3-1:0]   terms;
      reg                 older_any;
      wire [TermSum-1:0]  older_size;
      integer v;
      always @(*) begin
        terms = {Tags*3{1'b0}};
        older_any = 1'b0;
        for (v = 0; v < Tags; v = v + 1) begin
          if (valid_i[v] && age_i[v*WayBits +: WayBits] > age_i[w*WayBits +: WayBits]) begin
            terms[v*3 +: 3] = {1'b0, size_i[v*2 +: 2]} + 3'd1;
            older_any = 1'b1;
          end
        end
      end
      latte_tree_sum #(.N(Tags), .W(3), .SumBits(TermSum)) u_sum (
        .terms_i (terms),
        .sum_o   (older_size)
      );
      wire [SumBits-1:0] room = {{(SumBits-TermSum){1'b0}}, older_size} +
                                {{(SumBits-FreeBits){1'b0}}, free_i};
      always @(*) begin
        victims_o[w] = valid_i[w] & ~((tag_free | older_any) &
                                      (room >= {{(SumBits-3){1'b0}}, req_size_i}));
      end
    end
  endgenerate

endmodule
