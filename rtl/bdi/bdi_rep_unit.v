// bdi_rep_unit: repeated-value detector of one 64-byte block (docs/bdi.md 4.1).
//
// Function: rep_o = 1 when every K-byte element of block_i equals element 0 (rep8, rep4, rep2
// for K = 8, 4, 2). The value to store is element 0, block_i[8K-1:0]; the caller takes it
// from there.
//
// Latency / throughput: combinational.
//
// What it does not do: no zero detection (an all-zero block is also a repeated block; the
// selection of bdi_select prefers the zeros encoding).
//
// Worked example (K = 4): sixteen words 32'h3F800000 -> rep_o = 1; change any byte -> 0.
module bdi_rep_unit #(
  parameter integer K = 8
) (
  input  wire [511:0] block_i,
  output wire         rep_o
);

  localparam integer W = 8 * K;
  localparam integer N = 64 / K;

  // Comparing with element 0 replicated is one XOR per bit and one wide NOR.
  assign rep_o = (block_i == {N{block_i[W-1:0]}});

endmodule
