// dsm_line_pack: compresses every lane of a 128-byte line in parallel (docs/dsm.md 1, 4).
//
// Function: lane k = line bytes k*LaneBytes .. k*LaneBytes+LaneBytes-1 goes through its own
// dsm_lane_pack. Outputs side by side: lane k's stream in lanes_o[k*LaneStreamBits +:
// LaneStreamBits] (LaneStreamBits = 8*LaneBytes + 1, the raw lane length), its CSN count in
// counts_o[k*CountWidth +: CountWidth]. This is what the compressor registers between its two
// stages: a lane stream is never longer than its raw form, so this is the smallest cut.
//
// Latency / throughput: combinational.
//
// What it does not do: it does not join the lanes (dsm_line_concat does, in the next stage).
//
// Worked example (LaneBytes = 64): an all-zero line -> both lanes 41'h1FF, counts 8 and 8.
module dsm_line_pack #(
  parameter integer LaneBytes  = 64,
  parameter integer CountWidth = $clog2(LaneBytes / 8 + 1)   // binary CSN count width
) (
  input  wire                                             en_i,   // 0: lanes_o zero
  input  wire [1023:0]                                    line_i,
  output wire [(128/LaneBytes)*(8*LaneBytes+1)-1:0]       lanes_o,
  output wire [(128/LaneBytes)*CountWidth-1:0]            counts_o
);

  localparam integer NumLanes       = 128 / LaneBytes;
  localparam integer LaneBits       = 8 * LaneBytes;
  localparam integer LaneStreamBits = LaneBits + 1;

  genvar k;
  generate
    for (k = 0; k < NumLanes; k = k + 1) begin : gen_lane
      dsm_lane_pack #(.LaneBytes(LaneBytes), .CountWidth(CountWidth)) u_lane_pack (
        .en_i    (en_i),
        .lane_i  (line_i[k*LaneBits +: LaneBits]),
        .bits_o  (lanes_o[k*LaneStreamBits +: LaneStreamBits]),
        .count_o (counts_o[k*CountWidth +: CountWidth])
      );
    end
  endgenerate

endmodule
