// bdi_block_unpack: one 64-byte block from its block stream (docs/bdi.md 3), in one
// combinational step.
//
// Function: bdi_block_operands (code decode, the addends A and B for every encoding at once,
// the carry separators) followed by bdi_block_add (eight 64-bit segment adders whose carries
// stop at the element boundaries). bdi_decompressor puts a register between the two
// (docs/bdi.md 9); this module is the same function without it, for the formal round trips
// (tests/formal/bdi_shape_miter.v, bdi_line_miter.v). block_o is zero while en_i = 0.
//
// Latency / throughput: combinational.
//
// What it does not do: no length check (bdi_line_unpack): bits of stream_i beyond the block's
// length are ignored because no selected field lies there.
//
// Worked example: stream_i = {..., 16'hABCD, 4'h9} -> block_o = 32 x 16'hABCD (A = the value
// replicated, B = 0).
module bdi_block_unpack (
  input  wire         en_i,
  input  wire [515:0] stream_i,
  output wire [511:0] block_o
);

  wire [511:0] a, b;
  wire         pass16, pass32;

  bdi_block_operands u_operands (.en_i(en_i), .stream_i(stream_i), .a_o(a), .b_o(b),
                                 .pass16_o(pass16), .pass32_o(pass32));
  bdi_block_add u_add (.a_i(a), .b_i(b), .pass16_i(pass16), .pass32_i(pass32),
                       .block_o(block_o));

endmodule
