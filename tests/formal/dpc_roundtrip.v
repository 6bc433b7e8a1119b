// dpc_roundtrip: formal harness, the RTL decompressor inverts the RTL compressor
// (docs/dpc.md sections 3 to 5). This is the statement tests/formal/dpc_prove.sh proves through
// lemmas A, E, B0 and B1 at cut points (docs/dpc.md section 11): SAT on this whole miter does
// not finish in 15 minutes.
//
// Chains the compressor's combinational stages (dpc_line_analyze = stages 1 and 2,
// dpc_line_pack) into the decompressor's (dpc_line_unpack = its two stages), without the
// np_stream_register stages between them (those only delay and hold the data; the Verilator
// harness checks them under random stalls).
// ok_o is 1 when, for the line, mode and map on the inputs:
//   - the stream length is at most 1029 and every bus bit at and above it is zero;
//   - decoding that stream with that length and mode reports no error;
//   - the decoded map is the stream's map: the hardware map (0000 read as 1111) for DF-TRUC,
//     1111 otherwise;
//   - the decoded line is the line (DPC, and mode 3 which acts as DPC), the line with its
//     non-critical sub-blocks zero (DF-TRUC), or one of those two copies (DF-MAN, whichever the
//     compressor chose).
// The proof asks a SAT solver for any input with ok_o = 0. With FixMode / FixMap at -1 the
// mode and map are free inputs, so one proof covers every mode and map; 0..3 / 0..15 pin them
// to a constant, which makes a smaller problem (one proof per mode and map).
// CorruptBit >= 0 flips that stream bit between compressor and decompressor: the property must
// then fail (the negative control of dpc_prove.sh).
module dpc_roundtrip #(
  parameter integer FixMode    = -1,
  parameter integer FixMap     = -1,
  parameter integer CorruptBit = -1
) (
  input  wire [1023:0] line_i,
  input  wire [3:0]    map_i,
  input  wire [1:0]    mode_i,
  output wire          ok_o
);
  localparam [1:0] ModeConst = FixMode[1:0];
  localparam [3:0] MapConst  = FixMap[3:0];
  wire [1:0] mode = (FixMode >= 0) ? ModeConst : mode_i;
  wire [3:0] map_in = (FixMap >= 0) ? MapConst : map_i;

  wire [1023:0] words;
  wire [3:0]    keep;
  wire [31:0]   es;
  wire [79:0]   local_count;
  wire [39:0]   group_count;
  wire [3:0]    count_oh;
  wire          truc;
  wire [3:0]    map;
  wire [10:0]   len;
  wire [1028:0] bits;

  dpc_line_analyze u_line_analyze (
    .line_i     (line_i),
    .map_i      (map_in),
    .mode_i     (mode),
    .words_o    (words),
    .keep_o     (keep),
    .es_o       (es),
    .local_o    (local_count),
    .group_o    (group_count),
    .count_oh_o (count_oh),
    .truc_o     (truc),
    .map_o      (map)
  );

  dpc_line_pack u_line_pack (
    .words_i    (words),
    .keep_i     (keep),
    .es_i       (es),
    .local_i    (local_count),
    .group_i    (group_count),
    .count_oh_i (count_oh),
    .truc_i     (truc),
    .map_i      (map),
    .bits_o     (bits),
    .len_o      (len)
  );

  wire [1023:0] line_out;
  wire [3:0]    map_out;
  wire          err;

  localparam [1028:0] Flip = (CorruptBit >= 0) ? (1029'd1 << CorruptBit) : 1029'd0;
  wire [1028:0] sent = bits ^ Flip;

  dpc_line_unpack u_line_unpack (
    .bits_i (sent),
    .len_i  (len),
    .mode_i (mode),
    .line_o (line_out),
    .map_o  (map_out),
    .err_o  (err)
  );

  // Reference values, written from the spec and independent of the datapath.
  wire       is_truc  = (mode == 2'd1);
  wire       is_man   = (mode == 2'd2);
  wire [3:0] hw_map   = (map_in == 4'd0) ? 4'hF : map_in;
  wire [3:0] exp_map  = is_truc ? hw_map : 4'hF;

  wire [1023:0] critical_only = {{256{hw_map[3]}}, {256{hw_map[2]}}, {256{hw_map[1]}},
                                 {256{hw_map[0]}}} & line_i;

  wire line_ok = is_truc ? (line_out == critical_only)
               : is_man  ? ((line_out == line_i) | (line_out == critical_only))
               :           (line_out == line_i);

  // Bus bits at and above the length must be zero (docs/conventions.md, Bitstreams).
  wire [1028:0] above_len = ~((1029'd1 << len) - 1029'd1);
  wire          tail_zero = ((bits & above_len) == 1029'd0) & (len <= 11'd1029);

  assign ok_o = tail_zero & ~err & (map_out == exp_map) & line_ok;
endmodule
