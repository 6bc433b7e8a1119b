// dpc_unpack_count: decompressor stage 1, the stream's header and the bit counter up to its
// group prefix (docs/dpc.md sections 3, 4).
//
// Function: reads the DF-TRUC map (mode 1; DPC and DF-MAN streams have none and mean 1111)
// and aligns the body (C, ES, ED or raw words) to bit 0; bit-counts ES up to the group prefix
// (dpc_bit_count_local, dpc_bit_count_group), which is what dpc_unpack_planes needs to finish
// each plane's offset and the total that the error checks use. Mode 3 decodes as DPC
// (section 7, Decision).
//
// Why the cut is here: the bit counter is the long path of the decompressor (mode -> aligned
// ES -> group prefix -> per-plane count -> offset muxes -> recover -> sub-block placement,
// about 35 logic levels in one cycle, est. 628 MHz). Ending stage 1 after the group prefix
// splits it roughly in half and costs 1024 + 1 body bits, 80 + 119 + 5 count bits, the map,
// the length and the DF-TRUC flag. The error checks need the total count, one add after the
// group prefix, and so sit in stage 2 too.
// Example: mode 0, bits_i = {32'hFFFF_FFFF, 1'b1} -> body_o = bits_i, map_o = 1111,
// last_group_o = 5'b10000 (planes 28..31 all compressible).
//
// Combinational; dpc_decompressor registers the outputs.
module dpc_unpack_count (
  input  wire [1028:0] bits_i,
  input  wire [1:0]    mode_i,
  output wire [1024:0] body_o,       // C, then ES and ED or the raw words, from bit 0
  output wire [79:0]   local_o,      // dpc_bit_count_local of ES
  output wire [118:0]  prefix_o,     // dpc_bit_count_group of ES
  output wire [4:0]    last_group_o, // ones in ES[31:28], one-hot (the total is prefix + this)
  output wire [3:0]    map_o,        // the stream's map (1111 outside DF-TRUC)
  output wire          truc_o        // DF-TRUC stream (a 4-bit map in front of the body)
);
  localparam [1:0] ModeTruc = 2'd1;

  wire        truc = (mode_i == ModeTruc);
  wire [3:0]  map  = truc ? bits_i[3:0] : 4'hF;
  wire [1024:0] body = truc ? bits_i[1028:4] : bits_i[1024:0];
  wire [31:0] es   = body[32:1];

  wire [39:0] group_count;
  // The total count is finished in stage 2 (dpc_unpack_planes) from the group prefix.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [32:0] total_oh;
  /* verilator lint_on UNUSEDSIGNAL */

  dpc_bit_count_local u_bit_count_local (
    .es_i    (es),
    .local_o (local_o),
    .group_o (group_count)
  );

  dpc_bit_count_group u_bit_count_group (
    .group_i    (group_count),
    .prefix_o   (prefix_o),
    .total_oh_o (total_oh)
  );

  assign body_o       = body;
  assign last_group_o = group_count[39:35];
  assign map_o        = map;
  assign truc_o       = truc;
endmodule
