// dpc_word_select: DF-TRUC critical-word selection (docs/dpc.md section 4).
//
// Compacts the critical sub-blocks to the front in address order: slot p (words 8p..8p+7 of
// compact_o) is the p-th critical sub-block; slots p >= c are zero, so the raw form and the
// bit-planes of the compacted list need no further masking. With slot_sel_i from map 1111 it
// is the identity (the plain DPC path).
//
// Example: map 4'b1010 -> compact_o = {zero, zero, sub-block 3, sub-block 1}.
// Combinational: slot p is an AND-OR of the 4 - p sub-blocks that can land there.
module dpc_word_select (
  input  wire [1023:0] line_i,
  input  wire [15:0]   slot_sel_i,
  output wire [1023:0] compact_o
);
  genvar p;
  generate
    for (p = 0; p < 4; p = p + 1) begin : gen_slot
      // Sub-block s can only fill slot p <= s.
      wire [255:0] from0 = (p == 0) ? (line_i[255:0]    & {256{slot_sel_i[4*p+0]}}) : 256'd0;
      wire [255:0] from1 = (p <= 1) ? (line_i[511:256]  & {256{slot_sel_i[4*p+1]}}) : 256'd0;
      wire [255:0] from2 = (p <= 2) ? (line_i[767:512]  & {256{slot_sel_i[4*p+2]}}) : 256'd0;
      wire [255:0] from3 =             line_i[1023:768] & {256{slot_sel_i[4*p+3]}};
      assign compact_o[256*p +: 256] = from0 | from1 | from2 | from3;
    end
  endgenerate
endmodule
