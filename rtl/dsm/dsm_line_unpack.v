// dsm_line_unpack: the decompressor's datapath: splits the line stream into lanes, restores
// each, and checks the length (docs/dsm.md 4.4, 4.5).
//
// Function: lane 0 starts at bit 0. Lane 1 starts at lane 0's length: 41 + 60*m bits when
// lane 0 has 8 - m CSN segments (m = 0..7), 513 when it is raw. Its window is a log shifter:
// three 2:1 stages shift by 240, 120 and 60 bits (the bits of m, from lane 0's one-hot count),
// after a fixed shift by 41, and a last 2:1 stage takes bits 513.. instead for a raw lane 0
// (the inverse of dsm_line_concat). Each lane goes through dsm_lane_unpack. err_o is set when
//   - the decoded length (sum of lane lengths) differs from len_i: shorter means trailing bits,
//     longer means a truncated lane (header or body past len_i), or
//   - a lane is non-canonical (C = 1, ES = 0).
// Every bit that decides the decoded length lies below that length, so when it equals len_i
// no bit at or above len_i was used and the result matches a decoder that never reads past
// len_i; when it differs, err_o is set whatever those bits held.
// The length check never adds: len_i is compared with the (Segs+1)^2 constant sums in parallel
// with the lane decoding, and the lanes' one-hot counts only pick one comparison, so lane 1's
// count (the latest signal in this stage) is two gate levels from err_o.
// en_i: 0 forces line_o and err_o to zero (dsm_lane_unpack gates its selects), for the
// decompressor's np_stream_register_gated; tie it to 1 for a plain decoder.
//
// Why a log shifter: the window is 513 bits wide; a one-hot multiplexer over its 9 offsets
// has 9 inputs per bit, the shifter 4 two-input stages (measured in docs/dsm.md 8.3).
//
// Latency / throughput: combinational (the decompressor registers its output).
//
// What it does not do: with err_o = 1, line_o is not specified (docs/dsm.md 4.5).
//
// Worked example (LaneBytes = 64): en_i = 1, bits_i = 82'h3FE_0000_0001FF, len_i = 82 ->
// line_o = 0, err_o = 0; the same bits with len_i = 83 -> err_o = 1 (trailing bit).
module dsm_line_unpack #(
  parameter integer LaneBytes = 64
) (
  input  wire          en_i,
  input  wire [1025:0] bits_i,
  input  wire [10:0]   len_i,
  output wire [1023:0] line_o,
  output wire          err_o
);

  localparam integer NumLanes       = 128 / LaneBytes;
  localparam integer Segs           = LaneBytes / 8;
  localparam integer LaneBits       = 8 * LaneBytes;
  localparam integer LaneStreamBits = LaneBits + 1;
  localparam integer MaxBits        = 1026;

  // Length of a lane with n CSN segments (n = 0: raw); a constant wherever it is used.
  function automatic integer lane_len(input integer n);
    begin
      lane_len = (n == 0) ? LaneStreamBits : LaneStreamBits + Segs - 60 * n;
    end
  endfunction

  wire [NumLanes*LaneStreamBits-1:0] window;   // each lane's stream, starting at its bit 0
  wire [NumLanes*(Segs+1)-1:0]       count;    // one-hot CSN count per lane
  wire [NumLanes-1:0]                noncanon;
  reg                                len_ok;
  wire [31:0]                        len_int = {21'd0, len_i};   // compared with integers

  genvar k;
  generate
    for (k = 0; k < NumLanes; k = k + 1) begin : gen_lane
      dsm_lane_unpack #(.LaneBytes(LaneBytes)) u_lane_unpack (
        .en_i       (en_i),
        .bits_i     (window[k*LaneStreamBits +: LaneStreamBits]),
        .lane_o     (line_o[k*LaneBits +: LaneBits]),
        .count_o    (count[k*(Segs+1) +: Segs+1]),
        .noncanon_o (noncanon[k])
      );
    end

    if (NumLanes == 1) begin : gen_one_lane
      assign window = bits_i[LaneStreamBits-1:0];
      // The bus is one bit wider than the longest single-lane stream; that bit is never part
      // of a stream (docs/conventions.md: bits at and above the length are ignored).
      wire unused_top_bit = bits_i[MaxBits-1];
      integer n;
      always @(*) begin
        len_ok = 1'b0;
        for (n = 0; n <= Segs; n = n + 1) begin
          len_ok = len_ok | (count[n] & (len_int == lane_len(n)));
        end
      end
    end else begin : gen_two_lanes
      wire [Segs:0]             count0 = count[0 +: Segs+1];
      wire [Segs:0]             count1 = count[Segs+1 +: Segs+1];
      reg  [Segs:0]             len_fits;   // len_fits[c]: len_i = len(lane 0) + len(c)
      integer a, c;
      // Lane 0 compressed with Segs - m CSN segments is lane_len(Segs - m) = 41 + 60*m bits.
      // m in binary from the one-hot count: bit j is set for the counts Segs - m with m's bit
      // j set (the raw count 0 is the last stage's select instead).
      // (Two lanes means LaneBytes = 64: Segs = 8, m fits 3 bits.)
      reg  [2:0]                m;
      integer                   j;
      always @(*) begin
        m = 3'd0;
        for (j = 0; j < 3; j = j + 1) begin
          for (a = 1; a <= Segs; a = a + 1) begin
            if ((((Segs - a) >> j) & 1) == 1) begin
              m[j] = m[j] | count0[a];
            end
          end
        end
      end
      // Each stage keeps only the bits later stages can still shift into the window.
      localparam integer Base   = LaneStreamBits + Segs - 60 * Segs;   // 41: shortest lane 0
      localparam integer Reach1 = LaneStreamBits + 60;                 // into the 60 stage
      localparam integer Reach2 = Reach1 + 120;                        // into the 120 stage
      wire [Reach2+239:0]       stage0 = bits_i[Base +: Reach2 + 240];  // ends at bit 973
      wire [Reach2-1:0]         stage1 = m[2] ? stage0[240 +: Reach2] : stage0[0 +: Reach2];
      wire [Reach1-1:0]         stage2 = m[1] ? stage1[120 +: Reach1] : stage1[0 +: Reach1];
      wire [LaneStreamBits-1:0] stage3 = m[0] ? stage2[60 +: LaneStreamBits]
                                              : stage2[0 +: LaneStreamBits];
      // The longest lane 0 (raw, 513 bits) leaves exactly 513 bits for lane 1: no window
      // reaches past bit 1025.
      wire [LaneStreamBits-1:0] lane1_window = count0[0] ? bits_i[MaxBits-1:LaneStreamBits]
                                                         : stage3;
      always @(*) begin
        for (c = 0; c <= Segs; c = c + 1) begin
          len_fits[c] = 1'b0;
          for (a = 0; a <= Segs; a = a + 1) begin
            len_fits[c] = len_fits[c] | (count0[a] & (len_int == lane_len(a) + lane_len(c)));
          end
        end
        len_ok = |(len_fits & count1);
      end
      assign window = {lane1_window, bits_i[LaneStreamBits-1:0]};
    end
  endgenerate

  assign err_o = en_i & (~len_ok | (|noncanon));

endmodule
