// dpc_roundtrip: formal harness, the RTL decompressor inverts the RTL compressor
// (docs/dpc.md sections 3 to 5; run by tests/formal/dpc_prove.sh through `make prove`).
//
// Chains the compressor's two combinational stages (dpc_line_analyze, dpc_line_pack) into the
// decompressor's (dpc_line_unpack), without the np_stream_register stages between them (those
// only delay and hold the data; the Verilator harness checks them under random stalls).
// ok_o is 1 when, for the line, mode and map on the inputs:
//   - the stream length is at most 1029 and every bus bit at and above it is zero;
//   - decoding that stream with that length and mode reports no error;
//   - the decoded map is the stream's map: the hardware map (0000 read as 1111) for DF-TRUC,
//     1111 otherwise;
//   - the decoded line is the line (DPC, and mode 3 which acts as DPC), the line with its
//     non-critical sub-blocks zero (DF-TRUC), or one of those two copies (DF-MAN, whichever the
//     compressor chose).
// The proof asks a SAT solver for any input with ok_o = 0. Mode and map are ports, so one run
// covers every mode and map; dpc_prove.sh can also pin them (Yosys `sat -set`) to prove one
// (mode, map) pair at a time.
module dpc_roundtrip (
  input  wire [1023:0] line_i,
  input  wire [3:0]    map_i,
  input  wire [1:0]    mode_i,
  output wire          ok_o
);
  wire [1023:0] words;
  wire [31:0]   es;
  wire [3:0]    count_oh;
  wire          truc;
  wire [3:0]    map;
  wire [10:0]   len;
  wire [1028:0] bits;

  dpc_line_analyze u_line_analyze (
    .line_i     (line_i),
    .map_i      (map_i),
    .mode_i     (mode_i),
    .words_o    (words),
    .es_o       (es),
    .count_oh_o (count_oh),
    .truc_o     (truc),
    .map_o      (map)
  );

  dpc_line_pack u_line_pack (
    .words_i    (words),
    .es_i       (es),
    .count_oh_i (count_oh),
    .truc_i     (truc),
    .map_i      (map),
    .bits_o     (bits),
    .len_o      (len)
  );

  wire [1023:0] line_out;
  wire [3:0]    map_out;
  wire          err;

  dpc_line_unpack u_line_unpack (
    .bits_i (bits),
    .len_i  (len),
    .mode_i (mode_i),
    .line_o (line_out),
    .map_o  (map_out),
    .err_o  (err)
  );

  // Reference values, written from the spec and independent of the datapath.
  wire       is_truc  = (mode_i == 2'd1);
  wire       is_man   = (mode_i == 2'd2);
  wire [3:0] hw_map   = (map_i == 4'd0) ? 4'hF : map_i;
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
