// dpc_line_pack: compressor stage 2, lays out the stream (docs/dpc.md sections 3, 4).
//
// Function: clears the sub-blocks stage 1 did not keep (DF-MAN's manipulated copy), finishes
// counting the compressible planes before each plane
// (dpc_bit_count_prefix, from stage 1's group counts), runs the checker and computes the length
// (dpc_checker, dpc_stream_len; + 4 map bits for DF-TRUC), remaps the word list
// to bit-planes and concatenates C = 1, ES and ED (dpc_concat), or takes the raw form C = 0 +
// words when the checker says so; for DF-TRUC the 4-bit map goes first. Bits at and above the
// length are zero: the ED layout ends at the length, and the word list's unused slots are zero
// (dpc_word_select).
//
// Example (DPC, all-zero line): every plane compressible, ES = 32'hFFFF_FFFF, ED = 32 zero
// bits -> len_o = 65, bits_o[32:0] = {32'hFFFF_FFFF, 1'b1}, bits_o[64:33] = 0.
// Combinational; dpc_compressor registers the outputs.
module dpc_line_pack (
  input  wire [1023:0] words_i,
  input  wire [3:0]    keep_i,
  input  wire [31:0]   es_i,
  input  wire [79:0]   local_i,
  input  wire [39:0]   group_i,
  input  wire [3:0]    count_oh_i,
  input  wire          truc_i,
  input  wire [3:0]    map_i,
  output wire [1028:0] bits_o,
  output wire [10:0]   len_o
);
  // Bit counter and checker.
  wire [1023:0] sel;
  wire [32:0]   total_oh;
  wire          comp;

  dpc_bit_count_prefix u_bit_count_prefix (
    .local_i    (local_i),
    .group_i    (group_i),
    .sel_o      (sel),
    .total_oh_o (total_oh)
  );

  dpc_checker u_checker (
    .total_oh_i (total_oh),
    .count_oh_i (count_oh_i),
    .comp_ok_o  (comp)
  );

  dpc_stream_len u_stream_len (
    .total_oh_i (total_oh),
    .count_oh_i (count_oh_i),
    .comp_i     (comp),
    .truc_i     (truc_i),
    .len_o      (len_o)
  );

  // Layout.
  wire [1023:0] words = words_i & {{256{keep_i[3]}}, {256{keep_i[2]}}, {256{keep_i[1]}},
                                   {256{keep_i[0]}}};
  wire [1023:0] planes;
  wire [961:0]  ed;

  dpc_remap u_remap (
    .words_i  (words),
    .planes_o (planes)
  );

  dpc_concat u_concat (
    .planes_i   (planes),
    .es_i       (es_i),
    .sel_i      (sel),
    .count_oh_i (count_oh_i),
    .ed_o       (ed)
  );

  // Body = C, ES, ED (compressed, at most 995 bits) or C, raw words (at most 1025 bits).
  wire [1024:0] body = comp ? {30'd0, ed, es_i, 1'b1} : {words, 1'b0};

  assign bits_o = truc_i ? {body, map_i} : {4'd0, body};
endmodule
