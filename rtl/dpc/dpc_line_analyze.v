// dpc_line_analyze: compressor stage 1, what to encode (docs/dpc.md sections 2 to 5, 7).
//
// Function, for one line, mode and map:
//   - remap to bit-planes and detect all-zero / all-one slices per sub-block (dpc_remap,
//     dpc_plane_detector);
//   - ES of the encoded copy: the whole line (DPC, DF-MAN's original) or the critical
//     sub-blocks only (DF-TRUC); and ES of DF-MAN's manipulated copy (non-critical sub-blocks
//     zero), from the same slice flags (dpc_encoding_status);
//   - DF-MAN's choice from the two plane counts (dpc_es_count): the manipulated copy is sent
//     only when its stream is strictly shorter (ties keep the original, section 5);
//   - the first half of the bit counter for both copies (dpc_bit_count_local), so that stage 2
//     starts from group counts;
//   - the words to encode: the critical sub-blocks compacted to the front for DF-TRUC
//     (dpc_word_select), the line otherwise, with keep_o saying which sub-blocks stage 2 must
//     clear (the non-critical ones when DF-MAN picked the manipulated copy); c, the number of
//     sub-blocks encoded. The clearing happens in stage 2, off its critical path: here the
//     choice comes last and would have to reach 1024 gates.
// Inputs the C API rejects follow section 7's Decision: mode 3 is DPC, map 0000 is 1111.
//
// Stream length as a function of n compressible planes (section 3): 1057 - 31n for n >= 2,
// else 1025, so "manipulated strictly shorter" is n_man > n_orig && n_man >= 2; comparing
// counts instead of lengths keeps two multipliers off the path.
//
// Combinational; dpc_compressor registers the outputs. Stage 2 (dpc_line_pack) finishes the
// bit counts and derives the checker and the length.
module dpc_line_analyze (
  input  wire [1023:0] line_i,
  input  wire [3:0]    map_i,
  input  wire [1:0]    mode_i,
  output wire [1023:0] words_o,      // word list to encode, slots >= c zero, before keep_o
  output wire [3:0]    keep_o,       // sub-blocks of words_o that stay (the others become zero)
  output wire [31:0]   es_o,
  output wire [79:0]   local_o,      // dpc_bit_count_local of es_o
  output wire [39:0]   group_o,
  output wire [3:0]    count_oh_o,   // c = encoded sub-blocks, one-hot (Wc = 8c)
  output wire          truc_o,       // DF-TRUC: prepend the map
  output wire [3:0]    map_o         // the map the stream carries (DF-TRUC)
);
  localparam [1:0] ModeTruc = 2'd1;
  localparam [1:0] ModeMan  = 2'd2;

  wire       truc    = (mode_i == ModeTruc);
  wire       man     = (mode_i == ModeMan);
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

  // ES of the copy that is always a candidate, and of DF-MAN's manipulated copy.
  wire [31:0] es_line;
  wire [31:0] es_man;

  dpc_encoding_status u_es_line (
    .zero_i    (slice_zero),
    .ones_i    (slice_ones),
    .map_i     (enc_map),
    .ones_ok_i (1'b1),
    .es_o      (es_line)
  );

  dpc_encoding_status u_es_man (
    .zero_i    (slice_zero),
    .ones_i    (slice_ones),
    .map_i     (map),
    .ones_ok_i (&map),
    .es_o      (es_man)
  );

  wire [5:0] total_line;
  wire [5:0] total_man;

  dpc_es_count u_count_line (
    .es_i    (es_line),
    .total_o (total_line)
  );

  dpc_es_count u_count_man (
    .es_i    (es_man),
    .total_o (total_man)
  );

  wire pick_man = man & (total_man > total_line) & (total_man >= 6'd2);

  // Group counts of both copies, computed while the choice is being made.
  wire [79:0] local_line, local_man;
  wire [39:0] group_line, group_man;

  dpc_bit_count_local u_local_line (
    .es_i    (es_line),
    .local_o (local_line),
    .group_o (group_line)
  );

  dpc_bit_count_local u_local_man (
    .es_i    (es_man),
    .local_o (local_man),
    .group_o (group_man)
  );

  assign es_o    = pick_man ? es_man    : es_line;
  assign local_o = pick_man ? local_man : local_line;
  assign group_o = pick_man ? group_man : group_line;

  // Word list: compacted critical sub-blocks (DF-TRUC) or the line; DF-MAN's non-critical
  // sub-blocks are cleared in stage 2 when the manipulated copy wins.
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

  assign keep_o = ~({4{pick_man}} & ~map);

  assign truc_o = truc;
  assign map_o  = map;
endmodule
