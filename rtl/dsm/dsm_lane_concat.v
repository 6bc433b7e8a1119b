// dsm_lane_concat: the variable-length concatenator of one lane (docs/dsm.md 4.2,
// thesis 5.3.3).
//
// Function: builds the ED field: for s = 0 .. Segs-1 in order, the 4-bit code of a CSN segment
// (es_i[s] = 1) or the whole 64-bit segment. Segment i starts at 64*i - 60*k, k = CSN segments
// before it, so it has only i + 1 possible places: each segment is muxed among its i + 1
// offsets with the one-hot selects from dsm_bit_count (sel_i[i*(i+1)/2 + k]), and the placed
// segments are ORed (they never overlap). Each placement is a 64-bit slice at a constant
// offset, so no operation is wider than a segment. No barrel shifter: a shifter would also
// build the impossible offsets. A CSN segment contributes only seg[3:0] (its nibble): its upper 60 bits
// use a select that also requires es_i[i] = 0, so the masking costs one gate per select line
// instead of one per data bit.
//
// en_i gates every select: with en_i = 0 the output is all zero, which lets dsm_lane_pack OR
// the raw lane into the same bits instead of multiplexing it.
//
// Latency / throughput: combinational.
//
// What it does not do: ES = 0 (no CSN) is never emitted compressed, so ed_o is only
// EdBits = 64*Segs - 60 wide (the longest ED, one CSN) and meaningless for es_i = 0 (the packer
// holds en_i low then). It does not write C or ES.
//
// Worked example (Segs = 8): es_i = 8'b0000_0011, segments 0 and 1 = all 5s and all As, the
// rest raw -> ed_o[3:0] = 4'h5, ed_o[7:4] = 4'hA, ed_o[71:8] = segment 2, ... 392 bits used.
module dsm_lane_concat #(
  parameter integer Segs = 8
) (
  input  wire [64*Segs-1:0]         seg_i,
  input  wire [Segs-1:0]            es_i,
  input  wire [Segs*(Segs+1)/2-1:0] sel_i,
  input  wire                       en_i,
  output reg  [64*Segs-61:0]        ed_o
);

  localparam integer EdBits = 64 * Segs - 60;

  // Every placement fits in 64*Segs bits; only the top 60 can be written past EdBits, by a raw
  // last segment with no CSN before it, i.e. es_i = 0, which is never emitted (en_i = 0).
  reg  [64*Segs-1:0] placed;
  reg                place, place_upper;
  integer            i, k;

  always @(*) begin
    placed = {64*Segs{1'b0}};
    place       = 1'b0;
    place_upper = 1'b0;
    for (i = 0; i < Segs; i = i + 1) begin
      for (k = 0; k <= i; k = k + 1) begin
        // Low nibble: CSN and raw segments; upper 60 bits: raw segments only.
        place       = sel_i[i*(i+1)/2 + k] & en_i;
        place_upper = place & ~es_i[i];
        placed[64*i - 60*k +: 64] = placed[64*i - 60*k +: 64]
                                  | {seg_i[64*i+4 +: 60] & {60{place_upper}},
                                     seg_i[64*i +: 4] & {4{place}}};
      end
    end
    ed_o = placed[EdBits-1:0];
  end

  // The bits above EdBits are always zero when en_i = 1 (see above); nothing reads them.
  wire [59:0] unused_overflow = placed[64*Segs-1:EdBits];

endmodule
