// dpc_unpack_planes: decompressor stage 2, the line and the error flag from the aligned body
// (docs/dpc.md sections 3, 4, 8).
//
// Function: finishes the bit count of each plane from dpc_unpack_count's group prefix and
// local counts (dpc_bit_count_plane); relays every plane from its ED offset (dpc_unpacker)
// and recovers it (dpc_recover); transposes the planes back to words (dpc_remap) or takes the
// raw words when C = 0; puts the Wc = 8c words back into the critical sub-blocks, the others
// zero (dpc_word_expand). The map (1111 outside DF-TRUC) gives c and the slots.
// err_o (section 8) is set when the map is 0000, when C = 1 with fewer compressible planes than
// the checker requires (non-canonical), or when len_i differs from the length the header
// implies. The last check covers truncation and trailing bits: every header field sits below
// the shortest length a header can imply (4 + 65 bits), so a len_i too short to hold a field
// is always unequal to the implied length, whatever the bus carries above len_i. The total
// count the checks need is the group prefix of group 7 plus last_group_i (one one-hot add).
// Example: body_i = {32'hFFFF_FFFF, 1'b1} (C = 1, every plane compressible with value 0),
// map 1111, len_i = 65, truc_i = 0 -> all-zero line, err_o = 0; len_i = 66 -> err_o = 1
// (trailing bit).
//
// Combinational; dpc_decompressor registers the outputs.
module dpc_unpack_planes (
  input  wire [1024:0] body_i,
  input  wire [79:0]   local_i,
  input  wire [118:0]  prefix_i,
  input  wire [4:0]    last_group_i,  // ones in ES[31:28], one-hot
  input  wire [3:0]    map_i,
  input  wire [10:0]   len_i,
  input  wire          truc_i,
  output wire [1023:0] line_o,
  output wire          err_o
);
  wire        comp = body_i[0];
  wire [31:0] es   = body_i[32:1];

  wire [3:0]  count_oh;
  wire [15:0] slot_sel;

  dpc_map_decode u_map_decode (
    .map_i      (map_i),
    .count_oh_o (count_oh),
    .slot_sel_o (slot_sel)
  );

  // Malformed-input checks.
  reg  [32:0] total_oh;   // ones in ES: ones in groups 0..6 plus ones in group 7
  integer v, y;
  always @* begin
    total_oh = 33'd0;
    for (v = 0; v <= 28; v = v + 1) begin
      for (y = 0; y <= 4; y = y + 1) begin
        total_oh[v + y] = total_oh[v + y] | (prefix_i[90 + v] & last_group_i[y]);
      end
    end
  end

  wire comp_ok;
  wire len_ok;

  dpc_checker u_checker (
    .total_oh_i (total_oh),
    .count_oh_i (count_oh),
    .comp_ok_o  (comp_ok)
  );

  dpc_length_check u_length_check (
    .len_i      (len_i),
    .truc_i     (truc_i),
    .count_oh_i (count_oh),
    .comp_i     (comp),
    .total_oh_i (total_oh),
    .ok_o       (len_ok)
  );

  assign err_o = (count_oh == 4'd0) | (comp & ~comp_ok) | ~len_ok;

  wire [1023:0] sel;

  dpc_bit_count_plane u_bit_count_plane (
    .prefix_i (prefix_i),
    .local_i  (local_i),
    .sel_o    (sel)
  );

  // Planes from ED, then words.
  wire [1023:0] relayed;
  wire [1023:0] planes;
  wire [1023:0] words_comp;

  dpc_unpacker u_unpacker (
    .ed_i       (body_i[994:33]),
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

  wire [1023:0] words = comp ? words_comp : body_i[1024:1];

  dpc_word_expand u_word_expand (
    .compact_i  (words),
    .slot_sel_i (slot_sel),
    .line_o     (line_o)
  );
endmodule
