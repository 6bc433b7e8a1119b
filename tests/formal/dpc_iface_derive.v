// dpc_iface_derive: the stage-2 outputs of the DPC compressor that are functions of ES, mode and
// map alone (formal proof, docs/dpc.md "Formal proof"; used by dpc_pack_miter and
// dpc_analyze_miter).
//
// Between dpc_line_analyze and dpc_line_pack the compressor passes, besides the words and ES,
// the bit-count halves of ES, the one-hot sub-block count, the DF-TRUC flag and the map. This
// module computes those from ES, the mode and the input map as the spec defines them (section 7:
// mode 1 is DF-TRUC, map 0000 is 1111; section 4: DF-TRUC encodes the critical sub-blocks, the
// other modes all four). dpc_analyze_miter proves dpc_line_analyze's outputs equal these;
// dpc_pack_miter then drives dpc_line_pack from this module, so its ES can be a free input.
module dpc_iface_derive (
  input  wire [31:0] es_i,
  input  wire [1:0]  mode_i,
  input  wire [3:0]  map_i,
  output wire [79:0] local_o,
  output wire [39:0] group_o,
  output wire [3:0]  count_oh_o,
  output wire [15:0] slot_sel_o,
  output wire        truc_o,
  output wire [3:0]  map_o
);
  assign truc_o = (mode_i == 2'd1);
  assign map_o  = (map_i == 4'd0) ? 4'hF : map_i;

  dpc_map_decode u_map_decode (
    .map_i      (truc_o ? map_o : 4'hF),
    .count_oh_o (count_oh_o),
    .slot_sel_o (slot_sel_o)
  );

  dpc_bit_count_local u_bit_count_local (
    .es_i    (es_i),
    .local_o (local_o),
    .group_o (group_o)
  );
endmodule
