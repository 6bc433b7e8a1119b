// dpc_bit_count_local: first half of the bit counter, counts inside groups of 4 ES bits
// (docs/dpc.md section 3: plane i's ED offset needs k = ones of ES[i-1:0]).
//
// For plane i = 4g + r: local_o[10g + r(r+1)/2 +: r+1] is one-hot the number of ones among
// es_i[4g .. 4g+r-1] (r = 0: the constant 1, "zero ones"); group_o[5g +: 5] is one-hot the
// number of ones in es_i[4g+3:4g]. dpc_bit_count_prefix adds the groups up.
// Example: es_i[3:0] = 4'b1011 -> local for r = 0..3: 1'b1, 2'b10, 3'b100, 4'b0100;
// group_o[4:0] = 5'b01000 (3 ones).
//
// Why split: the compressor registers these 120 bits between its stages (so its second stage
// starts with the group counts done) and the decompressor chains both halves in one cycle.
// Combinational: 2 gate levels (each output is a symmetric function of at most 4 bits).
module dpc_bit_count_local (
  input  wire [31:0] es_i,
  output reg  [79:0] local_o,
  output reg  [39:0] group_o
);
  // One-hot count of the ones in the low n bits of b (n = 0..4), as a sum of products.
  function [4:0] count_low(input [3:0] b, input integer n);
    integer v, m, ones;
    reg hit;
    begin
      count_low = 5'd0;
      for (v = 0; v < (1 << n); v = v + 1) begin
        hit = 1'b1;
        ones = 0;
        for (m = 0; m < n; m = m + 1) begin
          hit = hit & (((v >> m) % 2 == 1) ? b[m] : ~b[m]);
          ones = ones + ((v >> m) % 2);
        end
        count_low[ones] = count_low[ones] | hit;
      end
    end
  endfunction

  // Counts of 1, 2 and 3 bits never reach bits 2, 3 and 4 of the 5-bit one-hot value.
  /* verilator lint_off UNUSEDSIGNAL */
  reg [4:0] count1, count2, count3;
  /* verilator lint_on UNUSEDSIGNAL */
  integer g;
  always @* begin
    for (g = 0; g < 8; g = g + 1) begin
      count1 = count_low(es_i[4*g +: 4], 1);
      count2 = count_low(es_i[4*g +: 4], 2);
      count3 = count_low(es_i[4*g +: 4], 3);
      local_o[10*g +: 1]   = 1'b1;
      local_o[10*g+1 +: 2] = count1[1:0];
      local_o[10*g+3 +: 3] = count2[2:0];
      local_o[10*g+6 +: 4] = count3[3:0];
      group_o[5*g +: 5]    = count_low(es_i[4*g +: 4], 4);
    end
  end
endmodule
