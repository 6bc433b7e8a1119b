// dpc_bit_count_prefix: second half of the bit counter, one-hot compressible-plane counts
// before each plane (docs/dpc.md section 3: plane i's ED offset is k + Wc*(i - k)).
//
// From dpc_bit_count_local's group counts: sel_o[32i+k] = 1 when es[i-1:0] holds exactly k ones
// (k = 0..i; bits k > i are zero), so plane i's slice is directly the select of its offset mux
// in dpc_concat / dpc_unpacker; total_oh_o[n] = 1 when es holds n ones (n = 0..32), for the
// checker and the lengths.
// Example: es = ...0000_1101 -> planes 0..5 select k = 0, 1, 1, 2, 3, 3, i.e. sel_o[0],
// sel_o[33], sel_o[65], sel_o[98], sel_o[131], sel_o[163]; total_oh_o[3] = 1.
//
// Structure (why one-hot and not binary adders): counts are added one-hot (an AND level and an
// OR tree, no carry chain, and no decoder afterwards): a Sklansky prefix over the 8 group
// counts (dpc_bit_count_group, 3 levels), then one add of the group prefix and the local count
// per plane (dpc_bit_count_plane). The compressor chains the two here; the decompressor
// registers the group prefix between them. Combinational.
module dpc_bit_count_prefix (
  input  wire [79:0]   local_i,
  input  wire [39:0]   group_i,
  output wire [1023:0] sel_o,
  output wire [32:0]   total_oh_o
);
  wire [118:0] group_prefix;

  dpc_bit_count_group u_bit_count_group (
    .group_i    (group_i),
    .prefix_o   (group_prefix),
    .total_oh_o (total_oh_o)
  );

  dpc_bit_count_plane u_bit_count_plane (
    .prefix_i (group_prefix),
    .local_i  (local_i),
    .sel_o    (sel_o)
  );
endmodule
