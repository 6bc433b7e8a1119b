// dsm_lane_pack: compresses one lane into its lane stream (docs/dsm.md 2-4.3): remap, CSN
// detection, bit counter, variable-length concatenation and the compression checker.
//
// Function: bits_o is the lane stream, LSB = first bit: compressed {ED, ES, C=1} when at least
// one segment is a CSN, else raw {lane bytes, C=0}; bits at and above the stream length are
// zero. count_o is the number of CSN segments in binary (0 = raw lane): binary because it
// crosses the compressor's pipeline register, where 4 bits are cheaper than 9 one-hot ones;
// dsm_line_concat decodes it for the lane placement and dsm_lane_len.
// The raw lane is ORed into the stream rather than multiplexed: dsm_lane_concat's output is
// zero and ES is zero exactly when the lane is raw.
// en_i: 0 forces bits_o to zero (by gating the concatenator's enable, ES, C and the raw lane's
// enable, not the data), for the compressor's np_stream_register_gated; count_o does not
// depend on it. Tie it to 1 for a plain packer.
//
// Latency / throughput: combinational (the compressor registers its output).
//
// What it does not do: no placement within the line (dsm_line_concat), no handshake.
//
// Worked example (LaneBytes = 64): en_i = 1, an all-zero lane -> ES = 8'hFF, eight 4'h0 codes:
// bits_o = 41'h1FF (C = 1, ES = all ones, ED = 32 zero bits), count_o = 8 (41 bits).
module dsm_lane_pack #(
  parameter integer LaneBytes  = 64,
  parameter integer CountWidth = $clog2(LaneBytes / 8 + 1)   // binary CSN count width
) (
  input  wire                   en_i,
  input  wire [8*LaneBytes-1:0] lane_i,
  output wire [8*LaneBytes:0]   bits_o,
  output wire [CountWidth-1:0]  count_o
);

  localparam integer Segs     = LaneBytes / 8;
  localparam integer LaneBits = 8 * LaneBytes;
  localparam integer EdBits   = 64 * Segs - 60;
  // ED region of the stream (above C and ES) that the longest ED does not reach.
  localparam integer EdSlack  = LaneBits - Segs - EdBits;

  wire [LaneBits-1:0]          seg;
  wire [Segs-1:0]              es;
  wire [Segs*(Segs+1)/2-1:0]   sel;
  wire [Segs:0]                csn_total;    // one-hot
  wire                         compressed;
  wire [EdBits-1:0]            ed;

  dsm_remap #(.LaneBytes(LaneBytes)) u_remap (
    .lane_i (lane_i),
    .seg_o  (seg)
  );

  genvar s;
  generate
    for (s = 0; s < Segs; s = s + 1) begin : gen_csn
      dsm_csn_detect u_csn_detect (
        .seg_i (seg[64*s +: 64]),
        .csn_o (es[s])
      );
    end
  endgenerate

  dsm_comp_check #(.Segs(Segs)) u_comp_check (
    .es_i (es),
    .c_o  (compressed)
  );

  dsm_bit_count #(.Segs(Segs)) u_bit_count (
    .es_i    (es),
    .sel_o   (sel),
    .total_o (csn_total)
  );

  // One-hot total -> binary: OR of the indices whose bit is set (exactly one is).
  reg [CountWidth-1:0] count_bin;
  integer n;
  always @(*) begin
    count_bin = {CountWidth{1'b0}};
    for (n = 1; n <= Segs; n = n + 1) begin
      count_bin = count_bin | (n[CountWidth-1:0] & {CountWidth{csn_total[n]}});
    end
  end
  assign count_o = count_bin;

  dsm_lane_concat #(.Segs(Segs)) u_lane_concat (
    .seg_i (seg),
    .es_i  (es),
    .sel_i (sel),
    .en_i  (compressed & en_i),
    .ed_o  (ed)
  );

  // C, then either {ES, ED} (es is zero for a raw lane) or the raw bytes.
  assign bits_o = {{EdSlack{1'b0}}, ed, es & {Segs{en_i}}, compressed & en_i}
                | {lane_i & {LaneBits{~compressed & en_i}}, 1'b0};

endmodule
