// dsm_lane_len: length in bits of one lane stream from its CSN-segment count (docs/dsm.md 4.2,
// 4.3).
//
// Function: count_i is one-hot: count_i[0] means the lane is raw, 1 + 64*Segs bits;
// count_i[n], n >= 1, means n CSN segments: 1 + Segs + 4n + 64(Segs - n) = 1 + 65*Segs - 60n
// bits. An AND-OR of Segs + 1 constants, not a multiplier.
//
// Latency / throughput: combinational.
//
// What it does not do: count_i must be one-hot; an all-zero count gives 0.
//
// Worked example (Segs = 8): count_i = 9'h001 -> 513; 9'h002 -> 461; 9'h100 -> 41.
module dsm_lane_len #(
  parameter integer Segs     = 8,
  parameter integer LenWidth = $clog2(64 * Segs + 2)   // holds 1 + 64*Segs
) (
  input  wire [Segs:0]       count_i,
  output reg  [LenWidth-1:0] len_o
);

  localparam integer        RawBits    = 1 + 64 * Segs;
  localparam integer        OneCsnBits = 1 + 65 * Segs - 60;
  localparam [LenWidth-1:0] RawLen     = RawBits[LenWidth-1:0];     // count 0: raw lane
  localparam [LenWidth-1:0] OneCsnLen  = OneCsnBits[LenWidth-1:0];  // count 1
  localparam [LenWidth-1:0] CsnSaving  = 60;                        // each further CSN

  integer            n;
  reg [LenWidth-1:0] candidate;   // length for count n, stepped down as n grows
  always @(*) begin
    len_o     = RawLen & {LenWidth{count_i[0]}};
    candidate = OneCsnLen;
    for (n = 1; n <= Segs; n = n + 1) begin
      len_o     = len_o | (candidate & {LenWidth{count_i[n]}});
      candidate = candidate - CsnSaving;
    end
  end

endmodule
