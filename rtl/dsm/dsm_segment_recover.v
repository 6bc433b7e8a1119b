// dsm_segment_recover: restores one segment from the 8 bytes the shifter relays (docs/dsm.md
// 4.2, thesis 5.3.4 "Segment Recover").
//
// Function: es_i = 1 -> the 4-bit code relayed_i[3:0] repeated 16 times; es_i = 0 -> the
// relayed 64 bits unchanged. The shifter (dsm_lane_unpack) already drives relayed_i[63:4] to
// zero for a CSN segment, so recovery is an OR of the repeated code, not a 64-bit mux.
//
// Latency / throughput: combinational.
//
// What it does not do: it does not read the stream; with es_i = 1 it relies on
// relayed_i[63:4] = 0 (the bits there would belong to the next segments).
//
// Worked example: es_i = 1, relayed_i = 64'h7 -> seg_o = 64'h7777777777777777;
// es_i = 0, relayed_i = 64'h0123456789ABCDEF -> seg_o = 64'h0123456789ABCDEF.
module dsm_segment_recover (
  input  wire        es_i,
  input  wire [63:0] relayed_i,
  output wire [63:0] seg_o
);

  assign seg_o = relayed_i | {{15{relayed_i[3:0] & {4{es_i}}}}, 4'b0};

endmodule
