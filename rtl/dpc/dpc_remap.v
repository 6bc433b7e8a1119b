// dpc_remap: bit-plane transpose of 32 words (docs/dpc.md section 2).
//
// Plane i (planes_o[32i+31:32i]) holds bit i of every word: planes_o[32i+j] = words_i[32j+i],
// the seed's "group i that takes a sequence of a bit value at the bit position i of all the
// elements". A 32 x 32 transpose is its own inverse, so the decompressor turns planes back into
// words with this same module.
//
// Pure wiring: no logic, no latency. Written as one process so an event-driven simulator
// updates planes_o once per change of words_i, not once per bit. Example: words 0..31 all 0x00000001 -> plane 0 is
// 0xFFFFFFFF and planes 1..31 are zero.
module dpc_remap (
  input  wire [1023:0] words_i,
  output reg  [1023:0] planes_o
);
  integer i, j;
  always @* begin
    for (i = 0; i < 32; i = i + 1) begin
      for (j = 0; j < 32; j = j + 1) begin
        planes_o[32*i+j] = words_i[32*j+i];
      end
    end
  end
endmodule
