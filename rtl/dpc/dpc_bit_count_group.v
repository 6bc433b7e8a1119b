// dpc_bit_count_group: the group prefix of the bit counter (docs/dpc.md section 3), the first
// part of dpc_bit_count_prefix.
//
// From dpc_bit_count_local's group counts (group_i[5g +: 5], one-hot ones in es[4g+3:4g]):
// prefix_o holds, for groups g = 1..7, the one-hot number of ones in es[4g-1:0] (values 0..4g,
// 4g + 1 bits, at prefix_o[2g*g - g - 1 +: 4g + 1]; group 0 has none before it, always 0, and
// is not stored); total_oh_o[n] = 1 when es holds n ones (n = 0..32).
// Example: es = ...0000_1101 -> group 0 holds 3 ones: prefix_o[3:0] (group 1) = 4'b1000 with
// prefix_o[4] = 0, total_oh_o[3] = 1.
//
// Why a module of its own: dpc_decompressor registers prefix_o (119 bits) between its two
// stages, the compressor chains it with dpc_bit_count_plane in one stage (dpc_bit_count_prefix).
// Structure: counts are added one-hot (onehot_add: an AND level and an OR tree, no carry
// chain, no decoder afterwards) in a Sklansky prefix over the 8 group counts (3 levels).
// Combinational, one process.
module dpc_bit_count_group (
  input  wire [39:0]  group_i,
  output reg  [118:0] prefix_o,
  output reg  [32:0]  total_oh_o
);
  // Sum of two counts held one-hot (bit v set = the count is v); counts here never exceed 32.
  // Example: a = 33'b010 (1), b = 33'b100 (2) -> 33'b1000 (3).
  function [32:0] onehot_add(input [32:0] a, input [32:0] b);
    integer y;
    begin
      onehot_add = 33'd0;
      for (y = 0; y < 33; y = y + 1) begin
        onehot_add = onehot_add | ({33{b[y]}} & (a << y));
      end
    end
  endfunction

  // Group g's count, widened to 33 bits.
  function [32:0] group_count(input [39:0] groups, input integer g);
    begin
      group_count = {28'd0, groups[5*g +: 5]};
    end
  endfunction

  // [33g +: 33]: ones in groups 0..g-1. Group 0's count and the bits above 4g of group g's
  // are never set and not stored.
  /* verilator lint_off UNUSEDSIGNAL */
  reg [33*8-1:0] group_prefix;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [32:0]     sum_01, sum_23, sum_45, sum_67, sum_0to2, sum_0to3, sum_4to6, sum_4to7;
  integer g, v;

  always @* begin
    sum_01   = onehot_add(group_count(group_i, 0), group_count(group_i, 1));
    sum_23   = onehot_add(group_count(group_i, 2), group_count(group_i, 3));
    sum_45   = onehot_add(group_count(group_i, 4), group_count(group_i, 5));
    sum_67   = onehot_add(group_count(group_i, 6), group_count(group_i, 7));
    sum_0to2 = onehot_add(sum_01, group_count(group_i, 2));
    sum_0to3 = onehot_add(sum_01, sum_23);
    sum_4to6 = onehot_add(sum_45, group_count(group_i, 6));
    sum_4to7 = onehot_add(sum_45, sum_67);

    group_prefix[33*0 +: 33] = 33'd1;
    group_prefix[33*1 +: 33] = group_count(group_i, 0);
    group_prefix[33*2 +: 33] = sum_01;
    group_prefix[33*3 +: 33] = sum_0to2;
    group_prefix[33*4 +: 33] = sum_0to3;
    group_prefix[33*5 +: 33] = onehot_add(sum_0to3, group_count(group_i, 4));
    group_prefix[33*6 +: 33] = onehot_add(sum_0to3, sum_45);
    group_prefix[33*7 +: 33] = onehot_add(sum_0to3, sum_4to6);
    total_oh_o         = onehot_add(sum_0to3, sum_4to7);

    for (g = 1; g < 8; g = g + 1) begin
      for (v = 0; v <= 4 * g; v = v + 1) begin
        prefix_o[2*g*g - g - 1 + v] = group_prefix[33*g + v];
      end
    end
  end
endmodule
