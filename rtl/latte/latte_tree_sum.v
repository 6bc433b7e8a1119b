// latte_tree_sum: the sum of N unsigned terms of W bits as a balanced tree of adders.
//
// Function: sum_o = terms_i[0] + ... + terms_i[N-1] (term i at [i*W +: W]), SumBits wide (the
// instantiator makes it wide enough). Pairs are added level by level, log2(N) adder levels
// deep; a loop `s = s + term` would synthesise as a chain of N adders (docs/latte.md 10.3).
// Combinational, no state.
//
// Worked example (N = 4, W = 3): terms 1, 4, 2, 3 -> (1 + 4) + (2 + 3) = 10.
module latte_tree_sum #(
  parameter integer N       = 16,
  parameter integer W       = 3,
  parameter integer SumBits = 7
) (
  input  wire [N*W-1:0]     terms_i,
  output wire [SumBits-1:0] sum_o
);

  localparam integer P = 1 << $clog2(N);   // leaves, padded with zeros to a power of two

  reg [P*SumBits-1:0] acc;
  integer i, n;

  // Level by level in place: slot i takes slots 2i and 2i+1 of the level below; ascending i
  // only overwrites slots already read.
  always @(*) begin
    acc = {P*SumBits{1'b0}};
    for (i = 0; i < N; i = i + 1) acc[i*SumBits +: SumBits] = {{(SumBits-W){1'b0}}, terms_i[i*W +: W]};
    for (n = P; n > 1; n = n / 2) begin
      for (i = 0; i < n / 2; i = i + 1) begin
        acc[i*SumBits +: SumBits] = acc[2*i*SumBits +: SumBits] + acc[(2*i+1)*SumBits +: SumBits];
      end
    end
  end

  assign sum_o = acc[SumBits-1:0];

endmodule
