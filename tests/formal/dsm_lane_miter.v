// dsm_lane_miter: formal round-trip property of one DSM lane (proved by tests/formal/prove.sh).
//
// For every lane value lane_i (8*LaneBytes free bits): the RTL lane unpacker restores exactly
// what the RTL lane packer produced. ok_o = 1 exactly when all of these hold:
//   - dsm_lane_unpack(dsm_lane_pack(lane_i)) == lane_i;
//   - the unpacker flags nothing (noncanon_o = 0);
//   - the length the unpacker reports (its one-hot count through dsm_lane_len) equals the
//     packer's length;
//   - every bit of the packed stream at or above that length is zero (docs/conventions.md).
// `sat -prove ok_o 1` then shows it for all 2^(8*LaneBytes) inputs.
//
// CorruptBit >= 0 flips that bit of the stream between packer and unpacker: a deliberately
// broken channel that tests/formal/dsm_prove.sh uses to check that the property can fail
// (the solver must then find a counterexample). -1 (the default) leaves the stream intact.
module dsm_lane_miter #(
  parameter integer LaneBytes  = 64,
  parameter integer CorruptBit = -1
) (
  input  wire [8*LaneBytes-1:0] lane_i,
  output wire                   ok_o
);

  localparam integer Segs       = LaneBytes / 8;
  localparam integer StreamBits = 8 * LaneBytes + 1;
  localparam integer CountWidth = $clog2(Segs + 1);
  localparam integer LenWidth   = $clog2(StreamBits + 1);

  wire [StreamBits-1:0]    packed_bits;
  wire [StreamBits-1:0]    channel;       // what the unpacker receives
  wire [CountWidth-1:0]    pack_count;
  wire [8*LaneBytes-1:0]   unpacked;
  wire [Segs:0]            unpack_count;
  wire                     noncanon;
  wire [Segs:0]            pack_count_onehot;
  wire [LenWidth-1:0]      pack_len;
  wire [LenWidth-1:0]      unpack_len;
  reg                      tail_zero;

  dsm_lane_pack #(.LaneBytes(LaneBytes), .CountWidth(CountWidth)) u_pack (
    .en_i    (1'b1),
    .lane_i  (lane_i),
    .bits_o  (packed_bits),
    .count_o (pack_count)
  );

  generate
    if (CorruptBit >= 0) begin : gen_corrupt
      assign channel = packed_bits ^ ({{(StreamBits-1){1'b0}}, 1'b1} << CorruptBit);
    end else begin : gen_intact
      assign channel = packed_bits;
    end
  endgenerate

  dsm_lane_unpack #(.LaneBytes(LaneBytes)) u_unpack (
    .en_i       (1'b1),
    .bits_i     (channel),
    .lane_o     (unpacked),
    .count_o    (unpack_count),
    .noncanon_o (noncanon)
  );

  genvar n;
  generate
    for (n = 0; n <= Segs; n = n + 1) begin : gen_decode
      localparam [CountWidth-1:0] N = n;
      assign pack_count_onehot[n] = (pack_count == N);
    end
  endgenerate

  dsm_lane_len #(.Segs(Segs), .LenWidth(LenWidth)) u_pack_len (
    .count_i (pack_count_onehot),
    .len_o   (pack_len)
  );

  dsm_lane_len #(.Segs(Segs), .LenWidth(LenWidth)) u_unpack_len (
    .count_i (unpack_count),
    .len_o   (unpack_len)
  );

  // Bits at and above the packer's length, one constant shift per possible length.
  integer c;
  always @(*) begin
    tail_zero = 1'b1;
    for (c = 0; c <= Segs; c = c + 1) begin
      if (pack_count_onehot[c]) begin
        tail_zero = (packed_bits >> (c == 0 ? StreamBits : StreamBits + Segs - 60 * c)) == 0;
      end
    end
  end

  assign ok_o = (unpacked == lane_i) & ~noncanon & (unpack_len == pack_len) & tail_zero;

endmodule
