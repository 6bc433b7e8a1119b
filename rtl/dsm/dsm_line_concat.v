// dsm_line_concat: joins the lane streams into the line stream (docs/dsm.md 4.4).
//
// Function: lane 0's stream at bit 0, lane 1's immediately after it. Lane 0's length takes only
// Segs + 1 values (513 raw, or 521 - 60n for n = 1..8 CSN segments with LaneBytes = 64), so
// lane 1 is muxed among those Segs + 1 offsets, selected by lane 0's CSN count (binary from the
// pipeline register, decoded here to one-hot selects), and ORed onto lane 0 (whose bits above
// its length are zero). len_o = sum of the lane lengths.
// With LaneBytes = 128 there is one lane and this is wiring plus a length lookup.
//
// Latency / throughput: combinational.
//
// What it does not do: no arbitrary shifter: lane 1 can only start where a lane-0 length puts it.
//
// Worked example (LaneBytes = 64): lane 0 = 41'h1FF with count 8 (41 bits), lane 1 = 41'h1FF
// with count 8 -> bits_o = {41'h1FF, 41'h1FF} = 82'h3FE_0000_0001FF, len_o = 82.
module dsm_line_concat #(
  parameter integer LaneBytes  = 64,
  parameter integer CountWidth = $clog2(LaneBytes / 8 + 1)   // binary CSN count width
) (
  input  wire [(128/LaneBytes)*(8*LaneBytes+1)-1:0] lanes_i,
  input  wire [(128/LaneBytes)*CountWidth-1:0]      counts_i,
  output wire [1025:0]                              bits_o,
  output wire [10:0]                                len_o
);

  localparam integer NumLanes       = 128 / LaneBytes;
  localparam integer Segs           = LaneBytes / 8;
  localparam integer LaneStreamBits = 8 * LaneBytes + 1;
  localparam integer LenWidth       = $clog2(LaneStreamBits + 1);
  localparam integer MaxBits        = 1026;

  // Length of lane 0 with n CSN segments (n = 0: raw); a constant inside the loop below.
  function automatic integer lane0_len(input integer n);
    begin
      lane0_len = (n == 0) ? LaneStreamBits : LaneStreamBits + Segs - 60 * n;
    end
  endfunction

  wire [NumLanes*LenWidth-1:0] lane_len;
  wire [NumLanes*(Segs+1)-1:0] count_onehot;

  genvar k, n;
  generate
    for (k = 0; k < NumLanes; k = k + 1) begin : gen_len
      for (n = 0; n <= Segs; n = n + 1) begin : gen_decode
        localparam [CountWidth-1:0] N = n;
        assign count_onehot[k*(Segs+1) + n] = (counts_i[k*CountWidth +: CountWidth] == N);
      end
      dsm_lane_len #(.Segs(Segs), .LenWidth(LenWidth)) u_lane_len (
        .count_i (count_onehot[k*(Segs+1) +: Segs+1]),
        .len_o   (lane_len[k*LenWidth +: LenWidth])
      );
    end

    if (NumLanes == 1) begin : gen_one_lane
      assign bits_o = {{(MaxBits-LaneStreamBits){1'b0}}, lanes_i};
      assign len_o  = lane_len;   // LenWidth = 11 for one 128-byte lane
    end else begin : gen_two_lanes
      wire [LaneStreamBits-1:0] lane0 = lanes_i[0 +: LaneStreamBits];
      wire [LaneStreamBits-1:0] lane1 = lanes_i[LaneStreamBits +: LaneStreamBits];
      wire [Segs:0]             count0 = count_onehot[0 +: Segs+1];
      reg  [MaxBits-1:0]        lane1_placed;
      integer c;
      // Lane 1 at offset len(lane 0): one candidate per possible lane-0 CSN count c.
      always @(*) begin
        lane1_placed = {MaxBits{1'b0}};
        for (c = 0; c <= Segs; c = c + 1) begin
          lane1_placed = lane1_placed
                       | (({{(MaxBits-LaneStreamBits){1'b0}}, lane1} << lane0_len(c))
                          & {MaxBits{count0[c]}});
        end
      end
      assign bits_o = {{(MaxBits-LaneStreamBits){1'b0}}, lane0} | lane1_placed;
      assign len_o  = {1'b0, lane_len[0 +: LenWidth]} + {1'b0, lane_len[LenWidth +: LenWidth]};
    end
  endgenerate

endmodule
