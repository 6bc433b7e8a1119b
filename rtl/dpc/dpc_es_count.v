// dpc_es_count: number of compressible planes among 16 ES bits, a popcount (docs/dpc.md 3, 5).
//
// DF-MAN compares the plane counts of its two copies before anything else is known about them;
// the full per-plane prefix (dpc_bit_count_prefix) is only needed later, by the concatenator.
// The compressor's first stage counts each half of ES with this module and its second stage
// (dpc_line_choose) adds the halves while comparing: a 32-plane count in one stage is a carry
// chain about 17 XOR gates deep, which with the slice detection did not fit an 800 MHz cycle.
// Example: es_i = 16'h00F1 -> 5.
//
// Combinational: four 4-bit group sums, then a 2-level adder tree.
module dpc_es_count (
  input  wire [15:0] es_i,
  output wire [4:0]  total_o
);
  wire [4:0] group_sum [0:3];

  genvar g;
  generate
    for (g = 0; g < 4; g = g + 1) begin : gen_group
      assign group_sum[g] = {4'd0, es_i[4*g]} + {4'd0, es_i[4*g+1]}
                          + {4'd0, es_i[4*g+2]} + {4'd0, es_i[4*g+3]};
    end
  endgenerate

  assign total_o = (group_sum[0] + group_sum[1]) + (group_sum[2] + group_sum[3]);
endmodule
