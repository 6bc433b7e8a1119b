// dpc_iface_line: the line a DPC stream of the word list words_i restores (formal proof,
// docs/dpc.md "Formal proof"; used by dpc_pack_miter and dpc_analyze_miter).
//
// The words the stream carries are words_i with the sub-blocks keep_i clears set to zero; the
// decompressor puts slot p back into the p-th critical sub-block (slot_sel_i, from
// dpc_map_decode) and zeroes the others (section 4). dpc_pack_miter proves the decompressor
// returns this line; dpc_analyze_miter proves this line is the one the spec asks for.
module dpc_iface_line (
  input  wire [1023:0] words_i,
  input  wire [3:0]    keep_i,
  input  wire [15:0]   slot_sel_i,
  output wire [1023:0] line_o
);
  wire [1023:0] sent = words_i & {{256{keep_i[3]}}, {256{keep_i[2]}}, {256{keep_i[1]}},
                                  {256{keep_i[0]}}};

  dpc_word_expand u_word_expand (
    .compact_i  (sent),
    .slot_sel_i (slot_sel_i),
    .line_o     (line_o)
  );
endmodule
