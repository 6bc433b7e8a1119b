// mcast_axis_cmp: one mesh axis of the multicast RC (docs/mcast.md section 4): compares the
// router's coordinate on that axis with every column (or row) index of the mesh at once.
//
// Function: gt_o[i] = (i > coord_i), lt_o[i] = (i < coord_i), for i = 0 .. K-1. Equality is
// the remaining case (!gt_o[i] && !lt_o[i]). Both vectors are thermometer codes of coord_i, so
// the whole destination bit vector is classified with K-bit decodes instead of one comparator
// per destination.
//
// Latency / throughput: combinational.
//
// What it does not do: it does not check coord_i < K; a larger value simply compares as an
// integer (every index is below it), which is also what the specification does.
//
// Worked example (K = 8): coord_i = 3 -> gt_o = 8'b1111_0000, lt_o = 8'b0000_0111.
module mcast_axis_cmp #(
  parameter integer K = 8,
  parameter integer CoordW = 3
) (
  input  wire [CoordW-1:0] coord_i,
  output wire [K-1:0]      gt_o,
  output wire [K-1:0]      lt_o
);

  // Shifting ones left by a distance at or above K leaves zeros, so a coordinate >= K gives
  // gt_o = 0 and lt_o = all ones, the integer answer.
  wire [CoordW:0] coord_plus_one = {1'b0, coord_i} + {{CoordW{1'b0}}, 1'b1};

  assign gt_o = {K{1'b1}} << coord_plus_one;   // bit i set iff i >= coord + 1
  assign lt_o = ~({K{1'b1}} << coord_i);       // bit i set iff i < coord

endmodule
