// bpc_prefix_sum: levels First..Last of a Sklansky prefix sum over 32 words (docs/bpc.md 2,
// inverse of the delta: w[i] = w[0] + d[0] + ... + d[i-1] mod 2^32).
//
// Function: words_i holds 32 32-bit values x[0..31] (x[i] at [32i +: 32]). Level l adds to every
// x[i] with bit l of i set the value x[(i >> (l+1) << (l+1)) + 2^l - 1], the last element of the
// lower half of its block of 2^(l+1). Levels 0..4 in order turn {base, d[0..30]} into the words.
// The decompressor splits the five levels over three cycles with three instances; each
// addition is a Brent-Kung prefix adder (bdi_prefix_add, shared with BDI), not a carry chain.
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
  localparam integer Levels = Last - First + 1;

  // Word i after level First + m at [32(m+1) + i] (m = -1: the input). 32-bit words in an array
  // rather than one 1024-bit vector per level: each adder drives its own net, so a simulator
  // updates the words that changed (Icarus re-resolves a vector with 32 partial drivers whole
  // for each of them).
  wire [31:0] word [0:32*(Levels+1)-1] /* verilator split_var */;

  genvar m, i;
  generate
    for (i = 0; i < 32; i = i + 1) begin : gen_io
      assign word[i] = words_i[32*i +: 32];
      assign words_o[32*i +: 32] = word[32*Levels + i];
    end
    for (m = 0; m < Levels; m = m + 1) begin : gen_level
      localparam integer L = First + m;
      for (i = 0; i < 32; i = i + 1) begin : gen_word
        if (((i >> L) & 1) == 1) begin : gen_add
          localparam integer Src = ((i >> (L + 1)) << (L + 1)) + (1 << L) - 1;
          // A parallel-prefix adder (bdi_prefix_add): the decompressor chains two levels in a
          // cycle, and two chained 32-bit carry chains were its slowest path (1294 ps).
          bdi_prefix_add #(.W(32)) u_add (
            .a_i   (word[32*m + i]),
            .b_i   (word[32*m + Src]),
            .c_i   (1'b0),
            .sum_o (word[32*(m+1) + i])
          );
        end else begin : gen_keep
          assign word[32*(m+1) + i] = word[32*m + i];
        end
      end
    end
  endgenerate
endmodule
