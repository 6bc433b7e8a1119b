// bdi_prefix_add_miter: the log-depth adder against Verilog's own addition (tests/formal/
// bdi_prove.sh, properties add8 .. add67): for every a_i, b_i, c_i, bdi_prefix_add #(W) gives
// a_i + b_i + c_i mod 2^W. The widths proved are the ones the tops instantiate (bdi_bd_fit's
// low subtraction, 8D = 8, 16, 32; bdi_block_add's segment, 67). Corrupt = 1 flips bit 0 of
// the reference sum (a negative control: the solver must then find a counterexample).
module bdi_prefix_add_miter #(
  parameter integer W = 8,
  parameter integer Corrupt = 0
) (
  input  wire [W-1:0] a_i,
  input  wire [W-1:0] b_i,
  input  wire         c_i,
  output wire         ok_o
);

  wire [W-1:0] sum;
  bdi_prefix_add #(.W(W)) u_add (.a_i(a_i), .b_i(b_i), .c_i(c_i), .sum_o(sum));

  wire [W-1:0] expected = a_i + b_i + {{(W - 1){1'b0}}, c_i};
  wire [W-1:0] flip = {{(W - 1){1'b0}}, Corrupt != 0};

  assign ok_o = sum == (expected ^ flip);

endmodule
