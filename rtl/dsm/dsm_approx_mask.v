// dsm_approx_mask: clears mantissa LSBs of every binary32 word of the line (docs/dsm.md 5.2).
//
// Function: n = min(bits >> 2, 5) nibbles are cleared at the bottom of each of the 32 words,
// bits being the 5-bit approximation number; the caller passes groups_i = bits >> 2 (bits[1:0]
// never matter). Nibble p (0..4) is cleared exactly when groups_i > p (p < 5, so the min needs
// no logic); nibbles 5..7 always pass. So bits 1..3 act as 0, 5..7 as 4, 21..31 as 20, as the
// spec defines.
//
// Latency / throughput: combinational (inside dsm_approx's one stage).
//
// What it does not do: no element types other than binary32 (docs/dsm.md 5.2 Decisions).
//
// Worked example: groups_i = 3 (bits = 12), word 32'h3F8A_BCDE -> 32'h3F8A_B000;
// groups_i = 7 (bits = 31, acts as 20) -> 32'h3F80_0000.
module dsm_approx_mask (
  input  wire [1023:0] line_i,
  input  wire [2:0]    groups_i,
  output wire [1023:0] line_o
);

  // Bit b of each word survives unless its nibble b/4 is below the cleared count.
  wire [4:0]  clear_nibble;
  wire [31:0] keep_word;

  genvar p, w;
  generate
    for (p = 0; p < 5; p = p + 1) begin : gen_clear
      localparam [2:0] P = p;
      assign clear_nibble[p] = groups_i > P;
      assign keep_word[4*p +: 4] = {4{~clear_nibble[p]}};
    end
  endgenerate
  assign keep_word[31:20] = 12'hFFF;

  generate
    for (w = 0; w < 32; w = w + 1) begin : gen_word
      assign line_o[32*w +: 32] = line_i[32*w +: 32] & keep_word;
    end
  endgenerate

endmodule
