// bdi_block_add: one 64-byte block as A + B with carries stopped at the element boundaries
// (docs/bdi.md 9.1); stage 2 of bdi_decompressor, the second half of bdi_block_unpack.
//
// Function: a_i, b_i, pass16_i, pass32_i are bdi_block_operands's outputs. Eight 64-bit
// segments, each a 67-bit addition with a separator bit between its 16-bit chunks: separator
// bits (1, 0) pass the carry, (0, 0) stop it (pass16_i at bits 16 and 48 of the segment,
// pass32_i at bit 32). The additions are bdi_prefix_add (log depth).
//
// Latency / throughput: combinational.
//
// Worked example: a_i = 32 x 16'hABCD, b_i = 0 -> block_o = 32 x 16'hABCD; a_i = 64'h1 in
// every segment, b_i = 64'hFFFF in every segment, pass16_i = pass32_i = 1 -> 64'h10000 each.
module bdi_block_add (
  input  wire [511:0] a_i,
  input  wire [511:0] b_i,
  input  wire         pass16_i,
  input  wire         pass32_i,
  output wire [511:0] block_o
);

  genvar g;
  generate
    for (g = 0; g < 8; g = g + 1) begin : gen_seg
      wire [63:0] sa = a_i[64*g +: 64];
      wire [63:0] sb = b_i[64*g +: 64];
      wire [66:0] wa = {sa[63:48], pass16_i, sa[47:32], pass32_i, sa[31:16], pass16_i, sa[15:0]};
      wire [66:0] wb = {sb[63:48], 1'b0, sb[47:32], 1'b0, sb[31:16], 1'b0, sb[15:0]};
      wire [66:0] ws;
      bdi_prefix_add #(.W(67)) u_add (.a_i(wa), .b_i(wb), .c_i(1'b0), .sum_o(ws));
      wire        unused_sep = ^{ws[50], ws[33], ws[16]};
      assign block_o[64*g +: 64] = {ws[66:51], ws[49:34], ws[32:17], ws[15:0]};
    end
  endgenerate

endmodule
