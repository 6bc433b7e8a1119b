// dpc_checker: compression checker (docs/dpc.md sections 3, 4; the C model's dpc_comp_check).
//
// For Wc = 8c encoded words (c one-hot in count_oh_i) and n compressible planes (one-hot in
// total_oh_i, from dpc_bit_count): comp_ok_o = 1 when the encoded body, 1 + 32 + n +
// Wc*(32 - n) bits, is strictly shorter than the raw body, 1 + 32*Wc bits; that is
// n (Wc - 1) > 32: n >= 5, 3, 2, 2 for c = 1, 2, 3, 4. The compressor emits C = comp_ok_o; the
// decompressor rejects C = 1 without comp_ok_o (non-canonical). count_oh_i = 0 gives 0.
// Example: c = 1, n = 4 -> 0 (289 - 28 = 261 bits is not below 257); n = 5 -> 1 (254 bits).
//
// Combinational: an OR over the one-hot count per width. The compressor's stage 2 uses the
// result to pick between 1025 bits of encoded and raw body, so it is kept shallow.
module dpc_checker (
  input  wire [32:0] total_oh_i,
  input  wire [3:0]  count_oh_i,
  output wire        comp_ok_o
);
  function integer min_planes(input integer c);
    begin
      min_planes = 32 / (8 * c - 1) + 1;
    end
  endfunction

  wire [3:0] ok;

  genvar c;
  generate
    for (c = 1; c <= 4; c = c + 1) begin : gen_width
      localparam integer MinPlanes = min_planes(c);
      assign ok[c-1] = |total_oh_i[32:MinPlanes];
    end
  endgenerate

  assign comp_ok_o = |(ok & count_oh_i);

  // n = 0 or 1 never compresses, whatever the width.
  wire unused_total_oh = ^total_oh_i[1:0];
endmodule
