// dsm_line_miter: formal round-trip property of a whole line through the RTL compressor and
// decompressor datapaths (proved by tests/formal/prove.sh).
//
// The compressor's two stages are dsm_line_pack and dsm_line_concat; the decompressor's single
// stage is dsm_line_unpack; the tops only add np_stream_register between them. For every
// 1024-bit line_i, ok_o = 1 exactly when:
//   - dsm_line_unpack(stream, len) returns line_i with err_o = 0, where stream and len are what
//     dsm_line_concat(dsm_line_pack(line_i)) produced;
//   - every stream bit at or above len is zero (docs/conventions.md, "Bitstreams").
// `sat -prove ok_o 1` then shows it for all 2^1024 lines.
module dsm_line_miter #(
  parameter integer LaneBytes = 64
) (
  input  wire [1023:0] line_i,
  output wire          ok_o
);

  localparam integer NumLanes       = 128 / LaneBytes;
  localparam integer LaneStreamBits = 8 * LaneBytes + 1;
  localparam integer CountWidth     = $clog2(LaneBytes / 8 + 1);

  wire [NumLanes*LaneStreamBits-1:0] lanes;
  wire [NumLanes*CountWidth-1:0]     counts;
  wire [1025:0]                      stream;
  wire [10:0]                        len;
  wire [1023:0]                      restored;
  wire                               err;

  dsm_line_pack #(.LaneBytes(LaneBytes), .CountWidth(CountWidth)) u_line_pack (
    .en_i     (1'b1),
    .line_i   (line_i),
    .lanes_o  (lanes),
    .counts_o (counts)
  );

  dsm_line_concat #(.LaneBytes(LaneBytes), .CountWidth(CountWidth)) u_line_concat (
    .lanes_i  (lanes),
    .counts_i (counts),
    .bits_o   (stream),
    .len_o    (len)
  );

  dsm_line_unpack #(.LaneBytes(LaneBytes)) u_line_unpack (
    .en_i   (1'b1),
    .bits_i (stream),
    .len_i  (len),
    .line_o (restored),
    .err_o  (err)
  );

  // Bits at and above len: the stream shifted right by len must be zero.
  wire tail_zero = (stream >> len) == 1026'd0;

  assign ok_o = (restored == line_i) & ~err & tail_zero;

endmodule
