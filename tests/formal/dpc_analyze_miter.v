// dpc_analyze_miter: lemma A of the DPC round-trip proof (docs/dpc.md "Formal proof"; run by
// tests/formal/dpc_prove.sh): the compressor's stages 1 and 2 (dpc_line_analyze) hand stage 3
// what lemma B assumes.
//
// For every line, mode and map, dpc_line_analyze's outputs satisfy, ok_o = 1:
//   - the bit-count halves, sub-block count, DF-TRUC flag and map equal dpc_iface_derive's
//     values for its ES, mode and map (so dpc_pack_miter may compute them from a free ES);
//   - dpc_iface_assume holds (unused word slots zero, ES bits only on uniform planes);
//   - the line dpc_iface_line restores from its words is the line the spec asks for: the line
//     (DPC, mode 3), the line with its non-critical sub-blocks zero (DF-TRUC), one of those two
//     (DF-MAN, whichever copy the compressor chose) (sections 3 to 5, 7).
module dpc_analyze_miter (
  input  wire [1023:0] line_i,
  input  wire [3:0]    map_i,
  input  wire [1:0]    mode_i,
  output wire          ok_o
);
  wire [1023:0] words;
  wire [3:0]    keep;
  wire [31:0]   es;
  wire [79:0]   local_count;
  wire [39:0]   group_count;
  wire [3:0]    count_oh;
  wire          truc;
  wire [3:0]    map;

  dpc_line_analyze u_line_analyze (
    .line_i     (line_i),
    .map_i      (map_i),
    .mode_i     (mode_i),
    .words_o    (words),
    .keep_o     (keep),
    .es_o       (es),
    .local_o    (local_count),
    .group_o    (group_count),
    .count_oh_o (count_oh),
    .truc_o     (truc),
    .map_o      (map)
  );

  wire [79:0] exp_local;
  wire [39:0] exp_group;
  wire [3:0]  exp_count_oh;
  wire [15:0] slot_sel;
  wire        exp_truc;
  wire [3:0]  exp_map;

  dpc_iface_derive u_derive (
    .es_i       (es),
    .mode_i     (mode_i),
    .map_i      (map_i),
    .local_o    (exp_local),
    .group_o    (exp_group),
    .count_oh_o (exp_count_oh),
    .slot_sel_o (slot_sel),
    .truc_o     (exp_truc),
    .map_o      (exp_map)
  );

  wire fits;

  dpc_iface_assume u_assume (
    .words_i    (words),
    .keep_i     (keep),
    .es_i       (es),
    .count_oh_i (count_oh),
    .ok_o       (fits)
  );

  wire [1023:0] line_out;

  dpc_iface_line u_line (
    .words_i    (words),
    .keep_i     (keep),
    .slot_sel_i (slot_sel),
    .line_o     (line_out)
  );

  // The spec's expected line (section 7: mode 3 is DPC, map 0000 is 1111).
  wire [3:0]    hw_map        = (map_i == 4'd0) ? 4'hF : map_i;
  wire [1023:0] critical_only = {{256{hw_map[3]}}, {256{hw_map[2]}}, {256{hw_map[1]}},
                                 {256{hw_map[0]}}} & line_i;
  wire line_ok = (mode_i == 2'd1) ? (line_out == critical_only)
               : (mode_i == 2'd2) ? ((line_out == line_i) | (line_out == critical_only))
               :                    (line_out == line_i);

  wire iface_ok = (local_count == exp_local) & (group_count == exp_group)
                & (count_oh == exp_count_oh) & (truc == exp_truc) & (map == exp_map);

  assign ok_o = iface_ok & fits & line_ok;
endmodule
