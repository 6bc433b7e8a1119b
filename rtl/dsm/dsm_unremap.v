// dsm_unremap: inverse of dsm_remap (docs/dsm.md section 2), used by the decompressor.
//
// Function: nibble p of word w of the lane is remapped nibble r = p*Words + w.
//
// Latency / throughput: pure wiring, no logic.
//
// What it does not do: nothing but the permutation; dsm_remap is its inverse.
//
// Worked example (LaneBytes = 64): segment 7 = 64'h3333333333333333, segment 6 = all F,
// segment 5 = 64'h8888888888888888, segments 0..4 = 0 -> every word is 32'h3F800000.
module dsm_unremap #(
  parameter integer LaneBytes = 64
) (
  input  wire [8*LaneBytes-1:0] seg_i,
  output wire [8*LaneBytes-1:0] lane_o
);

  localparam integer Words   = LaneBytes / 4;
  localparam integer Nibbles = 2 * LaneBytes;

  genvar r;
  generate
    for (r = 0; r < Nibbles; r = r + 1) begin : gen_nibble
      assign lane_o[32*(r % Words) + 4*(r / Words) +: 4] = seg_i[4*r +: 4];
    end
  endgenerate

endmodule
