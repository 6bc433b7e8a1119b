// bpc_onehot_index: index of the set bit of a one-hot 31-bit value (an OR per index bit).
//
// Function: index_o bit b is the OR of onehot_i[i] over every i whose bit b is 1. Exact when
// onehot_i has exactly one bit set; the callers use it only then.
//
// Latency / throughput: combinational.
//
// What it does not do: no priority: with several bits set the result is their OR.
//
// Worked example: onehot_i = 31'h20 -> index_o = 5.
module bpc_onehot_index (
  input  wire [30:0] onehot_i,
  output wire [4:0]  index_o
);
  // The bits i whose index has bit b set.
  function automatic [30:0] index_bit_mask(input integer b);
    integer i;
    begin
      for (i = 0; i < 31; i = i + 1) begin
        index_bit_mask[i] = ((i >> b) & 1) == 1;
      end
    end
  endfunction

  // A masked OR reduction per index bit: one vector operation in a simulator, not 31 one-bit
  // steps.
  genvar b;
  generate
    for (b = 0; b < 5; b = b + 1) begin : gen_bit
      localparam [30:0] Mask = index_bit_mask(b);
      assign index_o[b] = |(onehot_i & Mask);
    end
  endgenerate
endmodule
