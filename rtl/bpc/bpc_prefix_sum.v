// bpc_prefix_sum: levels First..Last of a Sklansky prefix sum over 32 words (docs/bpc.md 2,
// inverse of the delta: w[i] = w[0] + d[0] + ... + d[i-1] mod 2^32).
//
// Function: words_i holds 32 32-bit values x[0..31] (x[i] at [32i +: 32]). Level l adds to every
// x[i] with bit l of i set the value x[(i >> (l+1) << (l+1)) + 2^l - 1], the last element of the
// lower half of its block of 2^(l+1). Levels 0..4 in order turn {base, d[0..30]} into the words.
// The decompressor splits the five levels over two cycles with two instances.
//
// Latency / throughput: combinational (Last - First + 1 adder levels).
//
// What it does not do: no carry out (sums are mod 2^32, as the words).
//
// Worked example: First = 0, Last = 4, x = {5, 1, 1, ..., 1} -> words_o[i] = 5 + i.
module bpc_prefix_sum #(
  parameter integer First = 0,
  parameter integer Last  = 4
) (
  input  wire [1023:0] words_i,
  output wire [1023:0] words_o
);
  wire [1023:0] level [First:Last+1] /* verilator split_var */;
  assign level[First] = words_i;

  genvar l, i;
  generate
    for (l = First; l <= Last; l = l + 1) begin : gen_level
      for (i = 0; i < 32; i = i + 1) begin : gen_word
        if (((i >> l) & 1) == 1) begin : gen_add
          localparam integer Src = ((i >> (l + 1)) << (l + 1)) + (1 << l) - 1;
          assign level[l+1][32*i +: 32] = level[l][32*i +: 32] + level[l][32*Src +: 32];
        end else begin : gen_keep
          assign level[l+1][32*i +: 32] = level[l][32*i +: 32];
        end
      end
    end
  endgenerate

  assign words_o = level[Last+1];
endmodule
