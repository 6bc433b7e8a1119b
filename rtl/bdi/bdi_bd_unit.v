// bdi_bd_unit: one base/delta encoding (K-byte elements, D-byte deltas) of a 64-byte block
// with the implicit zero base (docs/bdi.md 4.2), in one combinational step.
//
// Function: bdi_bd_base (immediates, the first non-immediate element as base, mask_o) followed
// by bdi_bd_fit (range check, deltas). bdi_compressor puts a register between the two
// (docs/bdi.md 9); this module is the same function without it, for the formal round trip
// (tests/formal/bdi_shape_miter.v) and for any user that wants it in one cycle.
//
// Latency / throughput: combinational.
//
// What it does not do: no selection among encodings (bdi_select) and no packing
// (bdi_block_layout). The outputs are meaningless for packing when fit_o = 0.
//
// Worked example (K = 8, D = 1): elements 64'h00007F0012345600 + 8i, element 3 = 5,
// element 6 = -1 -> base_o = 64'h00007F0012345600, mask_o = 8'hB7, deltas
// {56, -1, 40, 32, 5, 16, 8, 0} (element 7 first), fit_o = 1.
module bdi_bd_unit #(
  parameter integer K = 8,         // element (and base) bytes: 8, 4, 2
  parameter integer D = 1          // delta bytes, D < K
) (
  input  wire [511:0]          block_i,
  output wire                  fit_o,
  output wire [8*K-1:0]        base_o,
  output wire [64/K-1:0]       mask_o,
  output wire [(64/K)*8*D-1:0] deltas_o
);

  // The ports spell the sizes out from K and D (8K-bit base, 64/K elements, 8D-bit deltas), as
  // bdi_bd_base and bdi_bd_fit do, so no instance can set them apart.

  bdi_bd_base #(.K(K), .D(D)) u_base (.block_i(block_i), .base_o(base_o), .mask_o(mask_o));
  bdi_bd_fit  #(.K(K), .D(D)) u_fit  (.block_i(block_i), .base_i(base_o), .mask_i(mask_o),
                                      .fit_o(fit_o), .deltas_o(deltas_o));

endmodule
