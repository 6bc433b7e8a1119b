// bdi_block_bases: the six base/delta encodings' bases and immediate masks of one 64-byte block
// (docs/bdi.md 4.2); stage 1 of bdi_compressor.
//
// Function: one bdi_bd_base per shape, outputs concatenated, shape b8d1 in the low bits:
//   bases_o = {b2d1 16, b4d2 32, b4d1 32, b8d4 64, b8d2 64, b8d1 64} (272 bits)
//   masks_o = {b2d1 32, b4d2 16, b4d1 16, b8d4 8, b8d2 8, b8d1 8}    (88 bits)
// bdi_block_choose and bdi_block_layout read them in this order.
//
// Latency / throughput: combinational.
//
// Worked example: block_i = 0 -> every element is an immediate: bases_o = 0, masks_o = 0.
module bdi_block_bases (
  input  wire [511:0] block_i,
  output wire [271:0] bases_o,
  output wire [87:0]  masks_o
);

  bdi_bd_base #(.K(8), .D(1)) u_b8d1 (.block_i(block_i), .base_o(bases_o[63:0]),
                                      .mask_o(masks_o[7:0]));
  bdi_bd_base #(.K(8), .D(2)) u_b8d2 (.block_i(block_i), .base_o(bases_o[127:64]),
                                      .mask_o(masks_o[15:8]));
  bdi_bd_base #(.K(8), .D(4)) u_b8d4 (.block_i(block_i), .base_o(bases_o[191:128]),
                                      .mask_o(masks_o[23:16]));
  bdi_bd_base #(.K(4), .D(1)) u_b4d1 (.block_i(block_i), .base_o(bases_o[223:192]),
                                      .mask_o(masks_o[39:24]));
  bdi_bd_base #(.K(4), .D(2)) u_b4d2 (.block_i(block_i), .base_o(bases_o[255:224]),
                                      .mask_o(masks_o[55:40]));
  bdi_bd_base #(.K(2), .D(1)) u_b2d1 (.block_i(block_i), .base_o(bases_o[271:256]),
                                      .mask_o(masks_o[87:56]));

endmodule
