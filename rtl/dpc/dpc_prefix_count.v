// dpc_prefix_count: the bit counter, number of compressible planes before each plane
// (docs/dpc.md section 3: plane i's ED offset is k + Wc*(i - k), k = ones of ES[i-1:0]).
//
// count_o[5i+4:5i] = popcount(es_i[i-1:0]) (0 for plane 0), total_o = popcount(es_i).
// Example: es_i = ...0000_1101 -> counts 0, 1, 1, 2, 3, 3, ... and total_o = 3.
//
// Structure (why not a 31-adder chain): 8 groups of 4 ES bits, a local prefix inside each
// group (2 bits), a Sklansky prefix over the 8 group sums (3 adder levels) and one final add
// per plane, so the depth is logarithmic. Combinational.
module dpc_prefix_count (
  input  wire [31:0]  es_i,
  output wire [159:0] count_o,
  output wire [5:0]   total_o
);
  // Group sums (0..4) and the prefix of the group sums: group_before[g] = ones in groups 0..g-1.
  wire [2:0] group_sum [0:7];
  wire [5:0] group_before [0:8];

  genvar g, r;
  generate
    for (g = 0; g < 8; g = g + 1) begin : gen_group_sum
      assign group_sum[g] = {2'b00, es_i[4*g]} + {2'b00, es_i[4*g+1]}
                          + {2'b00, es_i[4*g+2]} + {2'b00, es_i[4*g+3]};
    end
  endgenerate

  // Sklansky prefix over the eight group sums.
  wire [5:0] sum_01   = {3'b000, group_sum[0]} + {3'b000, group_sum[1]};
  wire [5:0] sum_23   = {3'b000, group_sum[2]} + {3'b000, group_sum[3]};
  wire [5:0] sum_45   = {3'b000, group_sum[4]} + {3'b000, group_sum[5]};
  wire [5:0] sum_67   = {3'b000, group_sum[6]} + {3'b000, group_sum[7]};
  wire [5:0] sum_0to2 = sum_01 + {3'b000, group_sum[2]};
  wire [5:0] sum_0to3 = sum_01 + sum_23;
  wire [5:0] sum_4to6 = sum_45 + {3'b000, group_sum[6]};
  wire [5:0] sum_4to7 = sum_45 + sum_67;

  assign group_before[0] = 6'd0;
  assign group_before[1] = {3'b000, group_sum[0]};
  assign group_before[2] = sum_01;
  assign group_before[3] = sum_0to2;
  assign group_before[4] = sum_0to3;
  assign group_before[5] = sum_0to3 + {3'b000, group_sum[4]};
  assign group_before[6] = sum_0to3 + sum_45;
  assign group_before[7] = sum_0to3 + sum_4to6;
  assign group_before[8] = sum_0to3 + sum_4to7;

  assign total_o = group_before[8];

  generate
    for (g = 0; g < 8; g = g + 1) begin : gen_group
      // Ones among the ES bits of this group that precede bit r (r = 0..3).
      wire [1:0] local_before [0:3];
      assign local_before[0] = 2'd0;
      assign local_before[1] = {1'b0, es_i[4*g]};
      assign local_before[2] = {1'b0, es_i[4*g]} + {1'b0, es_i[4*g+1]};
      assign local_before[3] = {1'b0, es_i[4*g]} + {1'b0, es_i[4*g+1]} + {1'b0, es_i[4*g+2]};
      for (r = 0; r < 4; r = r + 1) begin : gen_plane
        // At most 28 ones precede group 7 and 31 precede plane 31: 5 bits hold every count.
        wire [4:0] ones_before = group_before[g][4:0] + {3'b000, local_before[r]};
        assign count_o[5*(4*g+r) +: 5] = ones_before;
      end
    end
  endgenerate
endmodule
