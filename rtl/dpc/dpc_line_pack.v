// dpc_line_pack: compressor stage 2, lays out the stream (docs/dpc.md sections 3, 4).
//
// Function: remaps the word list to bit-planes, concatenates C = 1, ES and ED (dpc_concat) or
// takes the raw form C = 0 + words when the checker said so, and for DF-TRUC puts the 4-bit map
// first. Bits at and above the stream length are zero: the ED layout ends at the length, and
// the word list's unused slots are zero (dpc_word_select).
//
// Example (DPC, all-zero line): every plane compressible, ES = 32'hFFFF_FFFF, ED = 32 zero
// bits -> bits_o[32:0] = {32'hFFFF_FFFF, 1'b1}, bits_o[64:33] = 0; stage 1 gave length 65.
// Combinational; dpc_compressor registers the outputs.
module dpc_line_pack (
  input  wire [1023:0] words_i,
  input  wire [31:0]   es_i,
  input  wire [159:0]  count_i,
  input  wire [3:0]    count_oh_i,
  input  wire          comp_i,
  input  wire          truc_i,
  input  wire [3:0]    map_i,
  output wire [1028:0] bits_o
);
  wire [1023:0] planes;
  wire [961:0]  ed;

  dpc_remap u_remap (
    .words_i  (words_i),
    .planes_o (planes)
  );

  dpc_concat u_concat (
    .planes_i   (planes),
    .es_i       (es_i),
    .count_i    (count_i),
    .count_oh_i (count_oh_i),
    .ed_o       (ed)
  );

  // Body = C, ES, ED (compressed, at most 995 bits) or C, raw words (at most 1025 bits).
  wire [1024:0] body = comp_i ? {30'd0, ed, es_i, 1'b1} : {words_i, 1'b0};

  assign bits_o = truc_i ? {body, map_i} : {4'd0, body};
endmodule
