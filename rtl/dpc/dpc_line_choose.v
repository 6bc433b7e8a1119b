// dpc_line_choose: compressor stage 2, DF-MAN's choice and the first half of the bit counter
// (docs/dpc.md sections 3, 5).
//
// Function: from dpc_line_status's two ES and their plane counts per half of ES,
//   - DF-MAN's choice: the manipulated copy is sent only when its stream is strictly shorter
//     (ties keep the original, section 5). Stream length as a function of n compressible
//     planes (section 3): 1057 - 31n for n >= 2, else 1025, so "manipulated strictly shorter"
//     is n_man > n_orig && n_man >= 2; comparing counts instead of lengths keeps two
//     multipliers off the path. Outside DF-MAN (man_i = 0) the first copy is always taken;
//   - the in-group half of the bit counter for both copies (dpc_bit_count_local), computed
//     while the choice is made, so that the last stage starts from group counts;
//   - keep_o: the sub-blocks the last stage keeps (the non-critical ones are cleared when the
//     manipulated copy won). The clearing happens in the last stage, off its critical path:
//     here the choice comes last and would have to reach 1024 gates.
// Example: man_i = 1, half counts of the manipulated copy 4 and 1 (5 planes), of the line 3
// and 0, map_i = 4'b0001 -> the manipulated copy: es_o = es_man_i, keep_o = 4'b0001.
//
// Combinational; dpc_compressor registers the outputs.
module dpc_line_choose (
  input  wire [31:0] es_line_i,
  input  wire [31:0] es_man_i,
  input  wire [9:0]  half_line_i,   // [4:0] planes 0..15, [9:5] planes 16..31
  input  wire [9:0]  half_man_i,
  input  wire        man_i,
  input  wire [3:0]  map_i,
  output wire [31:0] es_o,
  output wire [79:0] local_o,     // dpc_bit_count_local of es_o
  output wire [39:0] group_o,
  output wire [3:0]  keep_o       // sub-blocks of the word list that stay
);
  wire [5:0] total_line = {1'b0, half_line_i[4:0]} + {1'b0, half_line_i[9:5]};
  wire [5:0] total_man  = {1'b0, half_man_i[4:0]} + {1'b0, half_man_i[9:5]};
  wire       pick_man   = man_i & (total_man > total_line) & (total_man >= 6'd2);

  // Group counts of both copies, computed while the choice is being made.
  wire [79:0] local_line, local_man;
  wire [39:0] group_line, group_man;

  dpc_bit_count_local u_local_line (
    .es_i    (es_line_i),
    .local_o (local_line),
    .group_o (group_line)
  );

  dpc_bit_count_local u_local_man (
    .es_i    (es_man_i),
    .local_o (local_man),
    .group_o (group_man)
  );

  assign es_o    = pick_man ? es_man_i   : es_line_i;
  assign local_o = pick_man ? local_man  : local_line;
  assign group_o = pick_man ? group_man  : group_line;
  assign keep_o  = ~({4{pick_man}} & ~map_i);
endmodule
