// dpc_line_unpack: the whole decompressor datapath without its pipeline register (docs/dpc.md
// sections 3, 4, 8, 11).
//
// Function: dpc_unpack_count (DF-TRUC map, C and ES, the bit counter up to its group prefix)
// followed by dpc_unpack_planes (per-plane counts, relay from the ED offsets, recover,
// transpose or raw words, sub-block placement, the error checks). dpc_decompressor
// instantiates the two halves with an np_stream_register between them; this module is their
// composition, the function of stream, length and mode that the formal proof reasons about
// (tests/formal/dpc_pack_miter.v, dpc_roundtrip.v; a register only delays and holds the data,
// which the Verilator harness checks under random stalls). body and es are named here because
// tests/formal/dpc_prove.sh refers to them (lemma E).
// err_o (section 8) is set when the map is 0000, when C = 1 with fewer compressible planes than
// the checker requires (non-canonical), or when len_i differs from the length the header
// implies. Mode 3 decodes as DPC (section 7, Decision).
//
// Combinational.
module dpc_line_unpack (
  input  wire [1028:0] bits_i,
  input  wire [10:0]   len_i,
  input  wire [1:0]    mode_i,
  output wire [1023:0] line_o,
  output wire [3:0]    map_o,
  output wire          err_o
);
  wire [1024:0] body;
  wire [79:0]   local_count;
  wire [118:0]  group_prefix;
  wire [4:0]    last_group;
  wire          truc;

  dpc_unpack_count u_unpack_count (
    .bits_i       (bits_i),
    .mode_i       (mode_i),
    .body_o       (body),
    .local_o      (local_count),
    .prefix_o     (group_prefix),
    .last_group_o (last_group),
    .map_o        (map_o),
    .truc_o       (truc)
  );

  // ES as the decompressor reads it (the proof compares it with the compressor's).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] es = body[32:1];
  /* verilator lint_on UNUSEDSIGNAL */

  dpc_unpack_planes u_unpack_planes (
    .body_i       (body),
    .local_i      (local_count),
    .prefix_i     (group_prefix),
    .last_group_i (last_group),
    .map_i        (map_o),
    .len_i        (len_i),
    .truc_i       (truc),
    .line_o       (line_o),
    .err_o        (err_o)
  );
endmodule
