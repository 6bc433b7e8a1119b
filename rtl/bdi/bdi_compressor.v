// bdi_compressor: BDI line compressor (docs/bdi.md sec. 9), two pipeline stages.
//
// Function: compresses one 128-byte line per cycle into the line stream of docs/bdi.md 5:
// stage 1 packs each 64-byte block (bdi_block_pack: zero and repeat detection, six base/delta
// units, selection, layout) into its 516-bit block stream; stage 2 places block 1 after block
// 0 (bdi_line_concat) and adds the lengths.
//
// Why two stages (seed 004 IV-C models 2 cycles): the cut is where the data is narrowest, the
// two block streams (1032 bits); a cut before the layout would hold the line plus the six
// bases and masks of each block (1200+ bits). It does not make 800 MHz: stage 1 (immediate
// test, first non-immediate, base multiplexer, high-part compare, AND over the elements,
// selection, layout) is about 2.7 ns by the synthesis estimate (docs/bdi.md 9.2, open).
//
// Latency / throughput: 2 cycles (input transfer to out_valid_o), one line per cycle; both
// registers are np_stream_register_gated, in_ready_o = !valid1 || ready1, and so on.
// Register bits: 1032 + valid (stage 1), 1032 + 11 + valid (stage 2).
//
// What it does not do: no skid buffers, so out_ready_i reaches in_ready_o through two levels.
//
// Worked example: an all-zero line -> out_len_o = 8, out_bits_o = 0, two cycles after it is
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

  wire         load1, load2;
  wire [515:0] s0_d, s1_d, s0_q, s1_q;
  wire [15:0]  sel0, sel1;
  wire         unused_sel = ^{sel0, sel1};

  bdi_block_pack u_pack0 (.en_i(load1), .block_i(in_line_i[511:0]), .stream_o(s0_d), .sel_o(sel0));
  bdi_block_pack u_pack1 (.en_i(load1), .block_i(in_line_i[1023:512]), .stream_o(s1_d), .sel_o(sel1));

  wire       mid_valid, mid_ready;

  np_stream_register_gated #(.Width(1032)) u_stage1 (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .load_o      (load1),
    .in_data_i   ({s1_d, s0_d}),
    .out_valid_o (mid_valid),
    .out_ready_i (mid_ready),
    .out_data_o  ({s1_q, s0_q})
  );

  wire [1031:0] line_bits;
  wire [10:0]   line_len;

  bdi_line_concat u_concat (
    .en_i     (load2),
    .block0_i (s0_q),
    .block1_i (s1_q),
    .bits_o   (line_bits),
    .len_o    (line_len)
  );

  np_stream_register_gated #(.Width(11 + 1032)) u_stage2 (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (mid_valid),
    .in_ready_o  (mid_ready),
    .load_o      (load2),
    .in_data_i   ({line_len, line_bits}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_len_o, out_bits_o})
  );

endmodule
