// dsm_lane_unpack: restores one lane from its lane stream (docs/dsm.md 4.2-4.5, thesis 5.3.4):
// unpacker, bit counter, shifter, segment recover, unremap.
//
// Function: the unpacker splits bits_i into C = bits_i[0], ES = bits_i[Segs:1] and ED above.
// The bit counter gives, for each segment i, the one-hot count k of CSN segments before it; the
// "shifter" relays the 64 bits at ED offset 64*i - 60*k by muxing among those i + 1 offsets
// only (not a barrel shifter). For a CSN segment only the low 4 bits are relayed (the select of
// the upper 60 also needs ES[i] = 0), so segment recover is an OR. dsm_unremap restores byte
// order. A raw lane (C = 0) is bits_i[8*LaneBytes:1]; it is ORed in because the compressed
// path is gated to zero then.
// count_o: one-hot CSN count of the lane, count_o[0] for a raw lane; dsm_lane_len gives the
// length, and the decompressor places the next lane with it.
// noncanon_o: C = 1 with ES = 0, which the compressor never emits (docs/dsm.md 4.5).
// en_i: 0 forces lane_o to zero by gating every select line (not the data), so the
// decompressor's np_stream_register_gated holds its beat with one OR term per bit; count_o and
// noncanon_o do not depend on it. Tie it to 1 for a plain decoder.
//
// Latency / throughput: combinational.
//
// What it does not do: it does not know the stream length; bits_i above the lane's own length
// (the next lane, or garbage) are read only where the format says they are don't-care, and the
// caller checks truncation and trailing bits against count_o. With noncanon_o = 1 (count_o[0]
// set) lane_o is not specified.
//
// Worked example (LaneBytes = 64): en_i = 1, bits_i = 41'h1FF (C = 1, ES = 8'hFF, eight 4'h0 codes)
// -> lane_o = 0, count_o = 9'h100 (8 CSN segments: 41 bits), noncanon_o = 0.
module dsm_lane_unpack #(
  parameter integer LaneBytes = 64
) (
  input  wire                   en_i,
  input  wire [8*LaneBytes:0]   bits_i,
  output wire [8*LaneBytes-1:0] lane_o,
  output wire [LaneBytes/8:0]   count_o,
  output wire                   noncanon_o
);

  localparam integer Segs     = LaneBytes / 8;
  localparam integer LaneBits = 8 * LaneBytes;
  // A well-formed ED is at most 64*Segs - 60 bits (one CSN); reading further only happens for
  // ES = 0, which is flagged, so the shifter sees zeros there instead of more multiplexer inputs.
  localparam integer EdBits   = 64 * Segs - 60;

  wire                       compressed = bits_i[0];
  wire                       take_ed    = compressed & en_i;
  wire                       take_raw   = ~compressed & en_i;
  wire [Segs-1:0]            es         = bits_i[Segs:1];
  // ED padded with zeros so that every 64-bit window the shifter can select exists.
  wire [64*Segs-1:0]         ed         = {60'b0, bits_i[Segs+1 +: EdBits]};
  wire [Segs*(Segs+1)/2-1:0] sel;
  wire [Segs:0]              csn_total;
  wire [LaneBits-1:0]        seg;
  wire [LaneBits-1:0]        unremapped;

  dsm_bit_count #(.Segs(Segs)) u_bit_count (
    .es_i    (es),
    .sel_o   (sel),
    .total_o (csn_total)
  );

  genvar i;
  generate
    for (i = 0; i < Segs; i = i + 1) begin : gen_seg
      reg [63:0] relayed;
      reg        take, take_upper;
      integer k;
      // Shifter: the 64 bits at this segment's offset (4 for a CSN segment), gated to zero for
      // a raw lane.
      always @(*) begin
        relayed = 64'b0;
        for (k = 0; k <= i; k = k + 1) begin
          take       = sel[i*(i+1)/2 + k] & take_ed;
          take_upper = take & ~es[i];
          relayed    = relayed
                     | (ed[64*i - 60*k +: 64] & {{60{take_upper}}, {4{take}}});
        end
      end
      dsm_segment_recover u_segment_recover (
        .es_i      (es[i]),
        .relayed_i (relayed),
        .seg_o     (seg[64*i +: 64])
      );
    end
  endgenerate

  dsm_unremap #(.LaneBytes(LaneBytes)) u_unremap (
    .seg_i  (seg),
    .lane_o (unremapped)
  );

  assign lane_o     = unremapped | (bits_i[LaneBits:1] & {LaneBits{take_raw}});
  // A raw lane counts as zero CSN segments whatever its bits 1..Segs hold.
  assign count_o    = {csn_total[Segs:1] & {Segs{compressed}}, csn_total[0] | ~compressed};
  assign noncanon_o = compressed & ~(|es);

endmodule
