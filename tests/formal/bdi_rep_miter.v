// bdi_rep_miter: the cascaded repeated-value and zero detector against the definitions
// (tests/formal/bdi_prove.sh, property rep; docs/bdi.md 4.1): for every 64-byte block,
// bdi_rep_unit's repK_o is "every K-byte element equals element 0" (K = 8, 4, 2) and zeros_o
// is "all 64 bytes are zero". Corrupt = 1 leaves byte 0 out of the reference zero test (a
// negative control: the solver must then find a counterexample).
module bdi_rep_miter #(
  parameter integer Corrupt = 0
) (
  input  wire [511:0] block_i,
  output wire         ok_o
);

  wire rep8, rep4, rep2, zeros;
  bdi_rep_unit u_rep (.block_i(block_i), .rep8_o(rep8), .rep4_o(rep4), .rep2_o(rep2),
                      .zeros_o(zeros));

  wire [511:0] zero_part = block_i & {{504{1'b1}}, {8{Corrupt == 0}}};

  assign ok_o = (rep8 == (block_i == {8{block_i[63:0]}})) &&
                (rep4 == (block_i == {16{block_i[31:0]}})) &&
                (rep2 == (block_i == {32{block_i[15:0]}})) &&
                (zeros == ~(|zero_part));

endmodule
