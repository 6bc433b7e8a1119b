// dsm_csn_detect: consecutive-same-nibble detector for one 8-byte segment (docs/dsm.md 3,
// thesis 5.3.3).
//
// Function: csn_o = 1 when all 16 nibbles of seg_i are equal; the code of a CSN segment is
// then seg_i[3:0], so no separate nibble output is needed.
// Structure: instead of 15 four-bit comparators (60 XORs + a 60-input AND), each of the four
// bit planes (bit b of every nibble) is checked to be all ones or all zeros: 4 x (AND16, NOR16).
// The two are equivalent and the bit-plane form is about half the gates.
//
// Latency / throughput: combinational.
//
// What it does not do: no encoding; the concatenator places the nibble.
//
// Worked example: 64'h8888888888888888 -> csn_o = 1; 64'h8888888888888889 -> csn_o = 0.
module dsm_csn_detect (
  input  wire [63:0] seg_i,
  output wire        csn_o
);

  wire [3:0] plane_uniform;

  genvar b, j;
  generate
    for (b = 0; b < 4; b = b + 1) begin : gen_plane
      wire [15:0] plane;
      for (j = 0; j < 16; j = j + 1) begin : gen_nibble
        assign plane[j] = seg_i[4*j + b];
      end
      assign plane_uniform[b] = (&plane) | ~(|plane);
    end
  endgenerate

  assign csn_o = &plane_uniform;

endmodule
