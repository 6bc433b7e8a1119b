// dpc_pack_miter: lemma B of the DPC round-trip proof (docs/dpc.md "Formal proof"; run by
// tests/formal/dpc_prove.sh): the decompressor datapath inverts the compressor's stage 3 for
// every word list and ES that stages 1 and 2 (dpc_line_analyze) can hand over.
//
// dpc_roundtrip chains dpc_line_analyze -> dpc_line_pack -> dpc_line_unpack. This miter cuts
// that chain at the ports between analyze and pack: the word list and ES (given interleaved,
// ES bit i then the 32 bits of plane i, the variable order that keeps the BDDs of
// dpc_prove.sh small) and keep are free inputs; the other stage-2 outputs come from
// dpc_iface_derive. ok_o is 1 when
// dpc_iface_assume does not hold (the inputs are not a stage-2 output), or else when
//   - the stream length is at most 1029 and every bus bit at and above it is zero;
//   - dpc_line_unpack, given that stream, its length and the mode, reports no error;
//   - it returns the map the stream should carry (DF-TRUC: the input map, 0000 read as 1111;
//     other modes 1111) and the line dpc_iface_line restores from the words.
// These are dpc_roundtrip's checks with the expected line left to lemma A (dpc_analyze_miter).
// comp_o is the stream's C bit, on which the proof splits; bad_comp_o = 1 is a counterexample
// with C = 1 (ABC's miter convention). (The sanity check that the proof can fail cuts the
// netlist instead: dpc_prove.sh feeds the recover a wrong ES.)
module dpc_pack_miter (
  input  wire [1:0]    mode_i,
  input  wire [3:0]    map_i,
  input  wire [3:0]    keep_i,
  input  wire [1055:0] plane_es_i,
  output wire          ok_o,
  output wire          comp_o,
  output wire          bad_comp_o
);
  // plane_es_i[33i] is ES bit i and plane_es_i[33i+1+j] bit i of word j: every word list and
  // ES is reachable (a wiring permutation).
  reg [1023:0] words;
  reg [31:0]   es;
  integer i, j;
  always @* begin
    for (i = 0; i < 32; i = i + 1) begin
      es[i] = plane_es_i[33*i];
      for (j = 0; j < 32; j = j + 1) begin
        words[32*j+i] = plane_es_i[33*i+1+j];
      end
    end
  end

  wire [79:0] local_count;
  wire [39:0] group_count;
  wire [3:0]  count_oh;
  wire [15:0] slot_sel;
  wire        truc;
  wire [3:0]  map;

  dpc_iface_derive u_derive (
    .es_i       (es),
    .mode_i     (mode_i),
    .map_i      (map_i),
    .local_o    (local_count),
    .group_o    (group_count),
    .count_oh_o (count_oh),
    .slot_sel_o (slot_sel),
    .truc_o     (truc),
    .map_o      (map)
  );

  wire [10:0]   len;
  wire [1028:0] bits;

  dpc_line_pack u_line_pack (
    .words_i    (words),
    .keep_i     (keep_i),
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

  dpc_line_unpack u_line_unpack (
    .bits_i (bits),
    .len_i  (len),
    .mode_i (mode_i),
    .line_o (line_out),
    .map_o  (map_out),
    .err_o  (err)
  );

  wire fits;

  dpc_iface_assume u_assume (
    .words_i    (words),
    .keep_i     (keep_i),
    .es_i       (es),
    .count_oh_i (count_oh),
    .ok_o       (fits)
  );

  wire [1023:0] exp_line;

  dpc_iface_line u_exp_line (
    .words_i    (words),
    .keep_i     (keep_i),
    .slot_sel_i (slot_sel),
    .line_o     (exp_line)
  );

  wire [3:0] exp_map = truc ? map : 4'hF;

  // Bus bits at and above the length must be zero (docs/conventions.md, Bitstreams).
  wire [1028:0] above_len = ~((1029'd1 << len) - 1029'd1);
  wire          tail_zero = ((bits & above_len) == 1029'd0) & (len <= 11'd1029);

  wire holds = tail_zero & ~err & (map_out == exp_map) & (line_out == exp_line);

  assign ok_o       = ~fits | holds;
  assign comp_o     = truc ? bits[4] : bits[0];       // the stream's C field
  assign bad_comp_o = fits & comp_o & ~holds;

endmodule
