// bdi_compressor: BDI line compressor (docs/bdi.md sec. 9), three pipeline stages.
//
// Function: compresses one 128-byte line per cycle into the line stream of docs/bdi.md 5:
// stage 1 finds, per 64-byte block and base/delta shape, the base (the first element that is
// not an immediate) and the immediate mask (bdi_block_bases); stage 2 checks every encoding
// against those bases, computes the deltas, chooses the encoding (bdi_block_choose) and lays
// out each block's stream (bdi_block_layout); stage 3 places block 1 after block 0
// (bdi_line_concat) and adds the lengths.
//
// Why three stages (seed 004 IV-C models 2 cycles): the range check needs the base, which
// needs the immediate test of every element and the first non-immediate; base, check,
// selection and layout in one cycle were 62 logic levels (2626 ps by the synthesis
// estimate), more than twice the 1250 ps of 800 MHz. The cuts are after the base (the line,
// bases and masks: 1744 bits) and after the layout (the two block streams: 1032 bits; a cut
// after the selection held the line, bases, masks, deltas and codes, 3952 bits, most of the
// area, docs/bdi.md 9.2); the placement has the last stage.
// Figures: docs/bdi.md 9.2.
//
// Latency / throughput: 3 cycles (input transfer to out_valid_o), one line per cycle;
// in_ready_o = !valid1 || ready1, and so on (no skid buffers).
// Register bits: 1744 + valid (stage 1), 1032 + valid (stage 2), 1032 + 11 + valid (stage 3).
//
// What it does not do: no skid buffers, so out_ready_i reaches in_ready_o through three
// levels.
//
// Worked example: an all-zero line -> out_len_o = 8, out_bits_o = 0, three cycles after it is
// accepted; a line of random bytes -> out_len_o = 1032, {block 1, 4'hF, block 0, 4'hF}.
module bdi_compressor (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1023:0] in_line_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1031:0] out_bits_o,
  output wire [10:0]   out_len_o
);

  // Stage 1: bases and masks.
  wire [271:0] bases0_d, bases1_d;
  wire [87:0]  masks0_d, masks1_d;

  bdi_block_bases u_bases0 (.block_i(in_line_i[511:0]), .bases_o(bases0_d), .masks_o(masks0_d));
  bdi_block_bases u_bases1 (.block_i(in_line_i[1023:512]), .bases_o(bases1_d),
                            .masks_o(masks1_d));

  wire          v1, r1;
  wire [1023:0] line1;
  wire [271:0]  bases0_1, bases1_1;
  wire [87:0]   masks0_1, masks1_1;

  np_stream_register #(.Width(1024 + 2 * 272 + 2 * 88)) u_stage1 (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_data_i   ({masks1_d, masks0_d, bases1_d, bases0_d, in_line_i}),
    .out_valid_o (v1),
    .out_ready_i (r1),
    .out_data_o  ({masks1_1, masks0_1, bases1_1, bases0_1, line1})
  );

  // Stage 2: range checks, deltas, selection.
  wire [15:0]   sel0_d, sel1_d;
  wire [1087:0] deltas0_d, deltas1_d;

  bdi_block_choose u_choose0 (.block_i(line1[511:0]), .bases_i(bases0_1), .masks_i(masks0_1),
                              .sel_o(sel0_d), .deltas_o(deltas0_d));
  bdi_block_choose u_choose1 (.block_i(line1[1023:512]), .bases_i(bases1_1),
                              .masks_i(masks1_1), .sel_o(sel1_d), .deltas_o(deltas1_d));

  // The layouts, in the same stage as the selection: stage 2's register then holds the two
  // block streams (2 x 516 bits) instead of everything a layout could read (the line, bases,
  // masks, six shapes' deltas and the codes: 3952 bits), and it is the gated register, the
  // layout's AND-OR taking load2 (docs/bdi.md 9.2).
  wire         v2, r2, load2;
  wire [515:0] s0_d, s1_d;

  bdi_block_layout u_layout0 (.en_i(load2), .block_i(line1[511:0]), .sel_i(sel0_d),
                              .bases_i(bases0_1), .masks_i(masks0_1), .deltas_i(deltas0_d),
                              .stream_o(s0_d));
  bdi_block_layout u_layout1 (.en_i(load2), .block_i(line1[1023:512]), .sel_i(sel1_d),
                              .bases_i(bases1_1), .masks_i(masks1_1), .deltas_i(deltas1_d),
                              .stream_o(s1_d));

  wire [515:0] s0, s1;

  np_stream_register_gated #(.Width(2 * 516)) u_stage2 (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (v1),
    .in_ready_o  (r1),
    .load_o      (load2),
    .in_data_i   ({s1_d, s0_d}),
    .out_valid_o (v2),
    .out_ready_i (r2),
    .out_data_o  ({s1, s0})
  );

  // Stage 3: placement and length.
  wire          load3;
  wire [1031:0] line_bits;
  wire [10:0]   line_len;

  bdi_line_concat u_concat (
    .en_i     (load3),
    .block0_i (s0),
    .block1_i (s1),
    .bits_o   (line_bits),
    .len_o    (line_len)
  );

  np_stream_register_gated #(.Width(11 + 1032)) u_stage3 (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (v2),
    .in_ready_o  (r2),
    .load_o      (load3),
    .in_data_i   ({line_len, line_bits}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_len_o, out_bits_o})
  );

endmodule
