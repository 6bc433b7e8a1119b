// bdi_block_choose: the encoding of one 64-byte block and the deltas of every base/delta shape
// (docs/bdi.md 4); stage 2 of bdi_compressor.
//
// Function: zero and repeated-value detection (bdi_rep_unit), the six range checks
// against the bases of stage 1 (bdi_bd_fit, which also gives each shape's deltas) and the
// selection (bdi_select: one-hot by code, the shortest stream that applies).
//   bases_i, masks_i: bdi_block_bases's outputs for block_i (same order);
//   deltas_o = {b2d1 256, b4d2 256, b4d1 128, b8d4 256, b8d2 128, b8d1 64} (1088 bits).
//
// Latency / throughput: combinational.
//
// What it does not do: no layout (bdi_block_layout, in the same stage). sel_o is not gated:
// bdi_block_layout gates it for the stage-2 register (np_stream_register_gated).
//
// Worked example: block_i = 32 x 16'hABCD -> sel_o = 16'h0200 (rep2).
module bdi_block_choose (
  input  wire [511:0]  block_i,
  input  wire [271:0]  bases_i,
  input  wire [87:0]   masks_i,
  output wire [15:0]   sel_o,
  output wire [1087:0] deltas_o
);

  wire zeros, rep8, rep4, rep2;
  wire fit_b8d1, fit_b8d2, fit_b8d4, fit_b4d1, fit_b4d2, fit_b2d1;

  bdi_rep_unit u_rep (.block_i(block_i), .rep8_o(rep8), .rep4_o(rep4), .rep2_o(rep2),
                      .zeros_o(zeros));

  bdi_bd_fit #(.K(8), .D(1)) u_b8d1 (.block_i(block_i), .base_i(bases_i[63:0]),
                                     .mask_i(masks_i[7:0]), .fit_o(fit_b8d1),
                                     .deltas_o(deltas_o[63:0]));
  bdi_bd_fit #(.K(8), .D(2)) u_b8d2 (.block_i(block_i), .base_i(bases_i[127:64]),
                                     .mask_i(masks_i[15:8]), .fit_o(fit_b8d2),
                                     .deltas_o(deltas_o[191:64]));
  bdi_bd_fit #(.K(8), .D(4)) u_b8d4 (.block_i(block_i), .base_i(bases_i[191:128]),
                                     .mask_i(masks_i[23:16]), .fit_o(fit_b8d4),
                                     .deltas_o(deltas_o[447:192]));
  bdi_bd_fit #(.K(4), .D(1)) u_b4d1 (.block_i(block_i), .base_i(bases_i[223:192]),
                                     .mask_i(masks_i[39:24]), .fit_o(fit_b4d1),
                                     .deltas_o(deltas_o[575:448]));
  bdi_bd_fit #(.K(4), .D(2)) u_b4d2 (.block_i(block_i), .base_i(bases_i[255:224]),
                                     .mask_i(masks_i[55:40]), .fit_o(fit_b4d2),
                                     .deltas_o(deltas_o[831:576]));
  bdi_bd_fit #(.K(2), .D(1)) u_b2d1 (.block_i(block_i), .base_i(bases_i[271:256]),
                                     .mask_i(masks_i[87:56]), .fit_o(fit_b2d1),
                                     .deltas_o(deltas_o[1087:832]));

  wire [15:0] fits = {1'b1, 5'b0, rep2, rep4, fit_b2d1, fit_b4d2, fit_b4d1, fit_b8d4, fit_b8d2,
                      fit_b8d1, rep8, zeros};

  bdi_select u_select (.en_i(1'b1), .fits_i(fits), .sel_o(sel_o));

endmodule
