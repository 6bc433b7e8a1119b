// dpc_line_status: compressor stage 1, the encoding status of both candidate copies
// (docs/dpc.md sections 2 to 5, 7).
//
// Function, for one line, mode and map:
//   - remap to bit-planes and detect all-zero / all-one slices per sub-block (dpc_remap,
//     dpc_plane_detector);
//   - ES of the copy that is always a candidate: the whole line (DPC, DF-MAN's original) or
//     the critical sub-blocks only (DF-TRUC); and ES of DF-MAN's manipulated copy (non-critical
//     sub-blocks zero), from the same slice flags (dpc_encoding_status);
//   - the number of compressible planes of each, per half of ES (planes 0..15 and 16..31,
//     dpc_es_count), which DF-MAN's choice in stage 2 (dpc_line_choose) adds and compares;
//   - the words to encode: the critical sub-blocks compacted to the front for DF-TRUC
//     (dpc_word_select), the line otherwise; c, the number of sub-blocks encoded.
// Inputs the C API rejects follow section 7's Decision: mode 3 is DPC, map 0000 is 1111.
//
// Why the choice is not made here: the two 32-plane counts are the deepest logic of the
// compressor; with the comparison, the choice's fan-out to 156 multiplexers and the slice
// detection in one cycle this stage needed about 33 logic levels (est. 714 MHz). Ending the
// stage at half counts leaves the last add, the comparison and the multiplexers to
// dpc_line_choose, and costs 4 x 5 register bits.
//
// Combinational; dpc_compressor registers the outputs.
module dpc_line_status (
  input  wire [1023:0] line_i,
  input  wire [3:0]    map_i,
  input  wire [1:0]    mode_i,
  output wire [1023:0] words_o,       // word list to encode, slots >= c zero
  output wire [31:0]   es_line_o,     // ES of the copy that is always a candidate
  output wire [31:0]   es_man_o,      // ES of DF-MAN's manipulated copy
  output wire [9:0]    half_line_o,   // compressible planes of each: [4:0] planes 0..15,
  output wire [9:0]    half_man_o,    //   [9:5] planes 16..31
  output wire [3:0]    count_oh_o,    // c = encoded sub-blocks, one-hot (Wc = 8c)
  output wire          truc_o,        // DF-TRUC: prepend the map
  output wire          man_o,         // DF-MAN: choose between the two copies
  output wire [3:0]    map_o          // the hardware map (0000 read as 1111)
);
  localparam [1:0] ModeTruc = 2'd1;
  localparam [1:0] ModeMan  = 2'd2;

  wire       truc    = (mode_i == ModeTruc);
  wire [3:0] map     = (map_i == 4'd0) ? 4'hF : map_i;
  wire [3:0] enc_map = truc ? map : 4'hF;   // sub-blocks whose words are encoded

  // Bit-planes of the whole line and their per-sub-block slice flags.
  wire [1023:0] planes;
  wire [127:0]  slice_zero;
  wire [127:0]  slice_ones;

  dpc_remap u_remap (
    .words_i  (line_i),
    .planes_o (planes)
  );

  dpc_plane_detector u_plane_detector (
    .planes_i (planes),
    .zero_o   (slice_zero),
    .ones_o   (slice_ones)
  );

  dpc_encoding_status u_es_line (
    .zero_i    (slice_zero),
    .ones_i    (slice_ones),
    .map_i     (enc_map),
    .ones_ok_i (1'b1),
    .es_o      (es_line_o)
  );

  dpc_encoding_status u_es_man (
    .zero_i    (slice_zero),
    .ones_i    (slice_ones),
    .map_i     (map),
    .ones_ok_i (&map),
    .es_o      (es_man_o)
  );

  genvar h;
  generate
    for (h = 0; h < 2; h = h + 1) begin : gen_half
      dpc_es_count u_count_line (
        .es_i    (es_line_o[16*h +: 16]),
        .total_o (half_line_o[5*h +: 5])
      );

      dpc_es_count u_count_man (
        .es_i    (es_man_o[16*h +: 16]),
        .total_o (half_man_o[5*h +: 5])
      );
    end
  endgenerate

  // Word list: compacted critical sub-blocks (DF-TRUC) or the line; DF-MAN's non-critical
  // sub-blocks are cleared in the last stage when the manipulated copy wins.
  wire [15:0] slot_sel;

  dpc_map_decode u_map_decode (
    .map_i      (enc_map),
    .count_oh_o (count_oh_o),
    .slot_sel_o (slot_sel)
  );

  dpc_word_select u_word_select (
    .line_i     (line_i),
    .slot_sel_i (slot_sel),
    .compact_o  (words_o)
  );

  assign truc_o = truc;
  assign man_o  = (mode_i == ModeMan);
  assign map_o  = map;
endmodule
