// bdi_rep_unit: repeated-value and zero detectors of one 64-byte block (docs/bdi.md 4.1).
//
// Function: repK_o = 1 when every K-byte element of block_i equals element 0 (K = 8, 4, 2);
// zeros_o = 1 when the block is all zero. The value to store is element 0, block_i[8K-1:0];
// the caller takes it from there.
// One comparison of the whole block, then a cascade: the 4-byte elements are all equal exactly
// when the 8-byte ones are and element 0's two halves are (every 4-byte element is then one of
// those halves, and conversely every 8-byte element is element 0's 4 bytes twice); likewise
// rep2 from rep4 and the halves of the first 4 bytes, and zeros is rep2 with element 0 zero.
// So 448 + 32 + 16 + 16 compared bits, not 448 + 480 + 496 and a 512-bit zero test (a unit
// per K until issue 29: 6,170.7 um2 of bdi_compressor with the zero test, docs/bdi.md 9.2).
//
// Latency / throughput: combinational.
//
// What it does not do: no priority (an all-zero block is also a repeated block; the selection
// of bdi_select prefers the zeros encoding).
//
// Worked example: sixteen words 32'h3F800000 -> rep8_o = 1, rep4_o = 1, rep2_o = 0,
// zeros_o = 0; change any byte -> all 0.
module bdi_rep_unit (
  input  wire [511:0] block_i,
  output wire         rep8_o,
  output wire         rep4_o,
  output wire         rep2_o,
  output wire         zeros_o
);

  // Comparing with element 0 replicated is one XOR per bit and one wide NOR.
  assign rep8_o  = (block_i == {8{block_i[63:0]}});
  assign rep4_o  = rep8_o & (block_i[31:0] == block_i[63:32]);
  assign rep2_o  = rep4_o & (block_i[15:0] == block_i[31:16]);
  assign zeros_o = rep2_o & ~(|block_i[15:0]);

endmodule
