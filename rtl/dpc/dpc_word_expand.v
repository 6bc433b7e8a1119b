// dpc_word_expand: the decompressor's inverse of dpc_word_select (docs/dpc.md section 4).
//
// Sub-block s of line_o is slot rank(s) of compact_i when sub-block s is critical, zero
// otherwise ("non-critical sub-blocks are zero"). With slot_sel_i from map 1111 it is the
// identity (plain DPC and DF-MAN streams).
//
// Example: map 4'b1010, compact_i = {x, x, B, A} -> line_o = {B, 0, A, 0}.
// Combinational: sub-block s is an AND-OR of the s + 1 slots it can come from.
module dpc_word_expand (
  input  wire [1023:0] compact_i,
  input  wire [15:0]   slot_sel_i,
  output wire [1023:0] line_o
);
  genvar s;
  generate
    for (s = 0; s < 4; s = s + 1) begin : gen_sub_block
      // Slot p can only hold sub-block s >= p.
      wire [255:0] from0 =             compact_i[255:0]    & {256{slot_sel_i[s]}};
      wire [255:0] from1 = (s >= 1) ? (compact_i[511:256]  & {256{slot_sel_i[4+s]}})  : 256'd0;
      wire [255:0] from2 = (s >= 2) ? (compact_i[767:512]  & {256{slot_sel_i[8+s]}})  : 256'd0;
      wire [255:0] from3 = (s >= 3) ? (compact_i[1023:768] & {256{slot_sel_i[12+s]}}) : 256'd0;
      assign line_o[256*s +: 256] = from0 | from1 | from2 | from3;
    end
  endgenerate
endmodule
