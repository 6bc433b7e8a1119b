// dpc_plane_detector: the DPC pattern detector, per sub-block slice (docs/dpc.md sections 3, 4).
//
// Plane i restricted to sub-block k is the 8-bit slice planes_i[32i+8k+7 : 32i+8k] (bit i of
// words 8k..8k+7). For every (k, i) it reports whether that slice is all zeros and whether it
// is all ones; index 32k+i of zero_o / ones_o. A plane over any set of critical sub-blocks is
// compressible exactly when all its critical slices are zero or all are one, so these 2 x 128
// flags serve every map and every mode (dpc_encoding_status combines them).
//
// Combinational, 8-input AND / NOR per flag; one process, so a simulator updates the flag
// vectors once per change of planes_i.
module dpc_plane_detector (
  input  wire [1023:0] planes_i,
  output reg  [127:0]  zero_o,
  output reg  [127:0]  ones_o
);
  integer k, i;
  always @* begin
    for (k = 0; k < 4; k = k + 1) begin
      for (i = 0; i < 32; i = i + 1) begin
        zero_o[32*k+i] = ~|planes_i[32*i+8*k +: 8];
        ones_o[32*k+i] = &planes_i[32*i+8*k +: 8];
      end
    end
  end
endmodule
