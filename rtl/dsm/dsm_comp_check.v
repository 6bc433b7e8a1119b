// dsm_comp_check: compression checker (docs/dsm.md 4.3, thesis 5.3.3 "Comp Checker").
//
// Function: c_o = 1 when the lane is emitted compressed. With 8-byte segments the compressed
// lane is shorter than the raw one exactly when at least one segment is a CSN, so the checker
// is the OR of the encoding status bits (no length comparison needed).
//
// Latency / throughput: combinational.
//
// What it does not do: it does not select the output; dsm_lane_pack uses c_o for that.
//
// Worked example (Segs = 8): es_i = 8'b0000_0000 -> c_o = 0 (raw, 513 bits);
// es_i = 8'b1000_0000 -> c_o = 1 (461 bits).
module dsm_comp_check #(
  parameter integer Segs = 8
) (
  input  wire [Segs-1:0] es_i,
  output wire            c_o
);

  assign c_o = |es_i;

endmodule
