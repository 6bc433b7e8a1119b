// bdi_decompressor: BDI line decompressor (docs/bdi.md sec. 9), two pipeline stages.
//
// Function: restores the 128-byte line from a line stream of in_len_i bits (docs/bdi.md 5):
// stage 1: bdi_line_unpack finds block 1 (a 10-offset window) and checks the codes and the
// length; two bdi_block_operands decode each block's code and choose the addends A and B of
// its restoration; stage 2: two bdi_block_add add them (eight 64-bit segment adders per block
// whose carries stop at element boundaries).
//
// Why two stages (seed 004 IV-C models 2 cycles, seed 001 Table 6.5 gives 1): in one cycle the
// window, the code decode, the operand choice and the 67-bit segment additions were 62 logic
// levels, about 2.1 ns by the synthesis estimate against 1.25 ns at 800 MHz. The cut is before
// the adders, where the two halves of the path are about even; it holds A and B of both
// blocks, the separators and the error flag (2053 bits). A cut after the window (1032 bits)
// would leave the decode, the operand choice and the adders, still above the budget.
// Figures: docs/bdi.md 9.2.
//
// Latency / throughput: 2 cycles, one line per cycle; in_ready_o = !valid1 || ready1, and
// so on (no skid buffers). Register bits: 2053 + valid (stage 1), 1024 + 1 + valid (stage 2).
//
// What it does not do: when out_err_o = 1 the line is not specified (docs/bdi.md 9).
//
// Worked example: in_bits_i = 0, in_len_i = 8 -> out_line_o = 0, out_err_o = 0, two cycles
// after it is accepted; in_len_i = 9 -> out_err_o = 1 (trailing bit).
module bdi_decompressor (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1031:0] in_bits_i,
  input  wire [10:0]   in_len_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1023:0] out_line_o,
  output wire          out_err_o
);

  // Stage 1: window, checks, operands.
  wire         load1;
  wire [515:0] s0, s1;
  wire         err;
  wire [511:0] a0_d, b0_d, a1_d, b1_d;
  wire         p16_0_d, p32_0_d, p16_1_d, p32_1_d;

  bdi_line_unpack u_line_unpack (
    .en_i     (load1),
    .bits_i   (in_bits_i),
    .len_i    (in_len_i),
    .block0_o (s0),
    .block1_o (s1),
    .err_o    (err)
  );

  bdi_block_operands u_operands0 (.en_i(load1), .stream_i(s0), .a_o(a0_d), .b_o(b0_d),
                                  .pass16_o(p16_0_d), .pass32_o(p32_0_d));
  bdi_block_operands u_operands1 (.en_i(load1), .stream_i(s1), .a_o(a1_d), .b_o(b1_d),
                                  .pass16_o(p16_1_d), .pass32_o(p32_1_d));

  wire         v1, r1;
  wire         err_1;
  wire [511:0] a0, b0, a1, b1;
  wire         p16_0, p32_0, p16_1, p32_1;

  np_stream_register_gated #(.Width(1 + 4 + 4 * 512)) u_stage1 (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .load_o      (load1),
    .in_data_i   ({err & load1, p32_1_d, p16_1_d, p32_0_d, p16_0_d, b1_d, a1_d, b0_d, a0_d}),
    .out_valid_o (v1),
    .out_ready_i (r1),
    .out_data_o  ({err_1, p32_1, p16_1, p32_0, p16_0, b1, a1, b0, a0})
  );

  // Stage 2: the segment adders.
  wire [511:0] blk0, blk1;

  bdi_block_add u_add0 (.a_i(a0), .b_i(b0), .pass16_i(p16_0), .pass32_i(p32_0), .block_o(blk0));
  bdi_block_add u_add1 (.a_i(a1), .b_i(b1), .pass16_i(p16_1), .pass32_i(p32_1), .block_o(blk1));

  np_stream_register #(.Width(1 + 1024)) u_stage2 (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (v1),
    .in_ready_o  (r1),
    .in_data_i   ({err_1, blk1, blk0}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_err_o, out_line_o})
  );

endmodule
