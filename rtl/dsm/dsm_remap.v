// dsm_remap: the DSM data remapping unit (docs/dsm.md section 2, thesis 5.3.1).
//
// Function: gathers the same nibble position of every 32-bit word of a lane, so that values
// sharing exponent/high bits turn into runs of one nibble value. Remapped nibble r is nibble
// p = r / Words of word w = r % Words; segment s is remapped nibbles 16s .. 16s+15, i.e.
// seg_o[64s+63:64s], nibble j of the segment in bits 4j+3..4j.
//
// Latency / throughput: pure wiring, no logic.
//
// What it does not do: no detection or compression; the inverse is dsm_unremap.
//
// Worked example (LaneBytes = 64): 16 words of 32'h3F800000 (float 1.0) give segments
// 0..4 = 64'h0, segment 5 = 64'h8888888888888888, segment 6 = 64'hFFFFFFFFFFFFFFFF,
// segment 7 = 64'h3333333333333333.
module dsm_remap #(
  parameter integer LaneBytes = 64
) (
  input  wire [8*LaneBytes-1:0] lane_i,
  output wire [8*LaneBytes-1:0] seg_o
);

  localparam integer Words   = LaneBytes / 4;
  localparam integer Nibbles = 2 * LaneBytes;

  genvar r;
  generate
    for (r = 0; r < Nibbles; r = r + 1) begin : gen_nibble
      assign seg_o[4*r +: 4] = lane_i[32*(r % Words) + 4*(r / Words) +: 4];
    end
  endgenerate

endmodule
