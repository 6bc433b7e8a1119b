// dpc_line_analyze: what to encode, the compressor's first two stages without the register
// between them (docs/dpc.md sections 2 to 5, 7, 11).
//
// Function: dpc_line_status (remap, slice flags, ES and plane counts of both candidate copies,
// DF-TRUC's word list) followed by dpc_line_choose (DF-MAN's choice, first half of the bit
// counter, the sub-blocks to keep). dpc_compressor instantiates the two halves with an
// np_stream_register between them; this module is their composition, the function of line,
// mode and map that the formal proof reasons about (tests/formal/dpc_analyze_miter.v,
// dpc_roundtrip.v: a register only delays and holds the data, and the Verilator harness
// checks that under random stalls).
//
// Outputs, for every line, mode and map: the word list (slots >= c zero, before keep_o), the
// sub-blocks that stay (DF-MAN's manipulated copy clears the non-critical ones), ES of the copy
// sent, its bit-count halves, c one-hot, the DF-TRUC flag and the hardware map.
// Combinational.
module dpc_line_analyze (
  input  wire [1023:0] line_i,
  input  wire [3:0]    map_i,
  input  wire [1:0]    mode_i,
  output wire [1023:0] words_o,      // word list to encode, slots >= c zero, before keep_o
  output wire [3:0]    keep_o,       // sub-blocks of words_o that stay (the others become zero)
  output wire [31:0]   es_o,
  output wire [79:0]   local_o,      // dpc_bit_count_local of es_o
  output wire [39:0]   group_o,
  output wire [3:0]    count_oh_o,   // c = encoded sub-blocks, one-hot (Wc = 8c)
  output wire          truc_o,       // DF-TRUC: prepend the map
  output wire [3:0]    map_o         // the map the stream carries (DF-TRUC)
);
  wire [31:0] es_line, es_man;
  wire [9:0]  half_line, half_man;
  wire        man;

  dpc_line_status u_line_status (
    .line_i       (line_i),
    .map_i        (map_i),
    .mode_i       (mode_i),
    .words_o      (words_o),
    .es_line_o    (es_line),
    .es_man_o     (es_man),
    .half_line_o  (half_line),
    .half_man_o   (half_man),
    .count_oh_o   (count_oh_o),
    .truc_o       (truc_o),
    .man_o        (man),
    .map_o        (map_o)
  );

  dpc_line_choose u_line_choose (
    .es_line_i    (es_line),
    .es_man_i     (es_man),
    .half_line_i  (half_line),
    .half_man_i   (half_man),
    .man_i        (man),
    .map_i        (map_o),
    .es_o         (es_o),
    .local_o      (local_o),
    .group_o      (group_o),
    .keep_o       (keep_o)
  );
endmodule
