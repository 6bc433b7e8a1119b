// dpc_es_count: number of compressible planes, popcount of the 32 ES bits (docs/dpc.md 3, 5).
//
// DF-MAN compares the counts of its two copies before anything else is known about them; the
// full per-plane prefix (dpc_prefix_count) is only needed later, by the concatenator, so
// stage 1 of the compressor uses this cheaper tree. Example: es_i = 32'h0000_00F1 -> 5.
//
// Combinational: eight 4-bit group sums, then a 3-level adder tree.
module dpc_es_count (
  input  wire [31:0] es_i,
  output wire [5:0]  total_o
);
  wire [5:0] group_sum [0:7];

  genvar g;
  generate
    for (g = 0; g < 8; g = g + 1) begin : gen_group
      assign group_sum[g] = {5'd0, es_i[4*g]} + {5'd0, es_i[4*g+1]}
                          + {5'd0, es_i[4*g+2]} + {5'd0, es_i[4*g+3]};
    end
  endgenerate

  wire [5:0] sum_0to1 = group_sum[0] + group_sum[1];
  wire [5:0] sum_2to3 = group_sum[2] + group_sum[3];
  wire [5:0] sum_4to5 = group_sum[4] + group_sum[5];
  wire [5:0] sum_6to7 = group_sum[6] + group_sum[7];

  assign total_o = (sum_0to1 + sum_2to3) + (sum_4to5 + sum_6to7);
endmodule
