// dpc_line_unpack: the whole decompressor datapath (docs/dpc.md sections 3, 4, 8).
//
// Function: reads the DF-TRUC map (mode 1; DPC and DF-MAN streams have none and mean 1111),
// C and ES; bit-counts ES (dpc_bit_count_local, dpc_bit_count_prefix); relays every plane from its ED offset
// (dpc_unpacker) and recovers it (dpc_recover); transposes the planes back to words
// (dpc_remap) or takes the raw words when C = 0; puts the Wc = 8c words back into the critical
// sub-blocks, the others zero (dpc_word_expand).
// err_o (section 8) is set when the map is 0000, when C = 1 with fewer compressible planes than
// the checker requires (non-canonical), or when len_i differs from the length the header
// implies. The last check covers truncation and trailing bits: every header field sits below
// the shortest length a header can imply (4 + 65 bits), so a len_i too short to hold a field
// is always unequal to the implied length, whatever the bus carries above len_i.
// Mode 3 decodes as DPC (section 7, Decision).
//
// Combinational; dpc_decompressor registers the outputs.
module dpc_line_unpack (
  input  wire [1028:0] bits_i,
  input  wire [10:0]   len_i,
  input  wire [1:0]    mode_i,
  output wire [1023:0] line_o,
  output wire [3:0]    map_o,
  output wire          err_o
);
  localparam [1:0] ModeTruc = 2'd1;

  wire          truc = (mode_i == ModeTruc);
  wire [3:0]    map  = truc ? bits_i[3:0] : 4'hF;
  wire [1024:0] body = truc ? bits_i[1028:4] : bits_i[1024:0];
  wire          comp = body[0];
  wire [31:0]   es   = body[32:1];

  wire [3:0]   count_oh;
  wire [15:0]  slot_sel;
  wire [1023:0] sel;
  wire [32:0]   total_oh;

  dpc_map_decode u_map_decode (
    .map_i      (map),
    .count_oh_o (count_oh),
    .slot_sel_o (slot_sel)
  );

  wire [79:0] local_count;
  wire [39:0] group_count;

  dpc_bit_count_local u_bit_count_local (
    .es_i    (es),
    .local_o (local_count),
    .group_o (group_count)
  );

  dpc_bit_count_prefix u_bit_count_prefix (
    .local_i    (local_count),
    .group_i    (group_count),
    .sel_o      (sel),
    .total_oh_o (total_oh)
  );

  // Malformed-input checks.
  wire comp_ok;
  wire len_ok;

  dpc_checker u_checker (
    .total_oh_i (total_oh),
    .count_oh_i (count_oh),
    .comp_ok_o  (comp_ok)
  );

  dpc_length_check u_length_check (
    .len_i      (len_i),
    .truc_i     (truc),
    .count_oh_i (count_oh),
    .comp_i     (comp),
    .total_oh_i (total_oh),
    .ok_o       (len_ok)
  );

  assign err_o = (count_oh == 4'd0) | (comp & ~comp_ok) | ~len_ok;

  // Planes from ED, then words.
  wire [1023:0] relayed;
  wire [1023:0] planes;
  wire [1023:0] words_comp;

  dpc_unpacker u_unpacker (
    .ed_i       (body[994:33]),
    .sel_i      (sel),
    .count_oh_i (count_oh),
    .relayed_o  (relayed)
  );

  dpc_recover u_recover (
    .relayed_i  (relayed),
    .es_i       (es),
    .count_oh_i (count_oh),
    .planes_o   (planes)
  );

  dpc_remap u_unremap (
    .words_i  (planes),
    .planes_o (words_comp)
  );

  wire [1023:0] words = comp ? words_comp : body[1024:1];

  dpc_word_expand u_word_expand (
    .compact_i  (words),
    .slot_sel_i (slot_sel),
    .line_o     (line_o)
  );

  assign map_o = map;
endmodule
