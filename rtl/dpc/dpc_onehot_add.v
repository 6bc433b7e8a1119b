// dpc_onehot_add: sum of two counts held one-hot (bit v set = the count is v).
//
// sum_o[m] = OR over x + y = m of a_i[x] & b_i[y]. For one-hot inputs the output is one-hot.
// dpc_bit_count builds its prefix counts from these because the concatenator and the
// unpacker need each count one-hot anyway (as offset-mux selects): a one-hot adder is one
// AND level and one OR tree, with no carry chain and no decoder after it.
// Example: a_i = 3'b010 (1), b_i = 4'b0100 (2) -> sum_o = 6'b00_1000 (3).
//
// Combinational; WidthA * WidthB AND terms.
module dpc_onehot_add #(
  parameter integer WidthA = 2,
  parameter integer WidthB = 2
) (
  input  wire [WidthA-1:0]        a_i,
  input  wire [WidthB-1:0]        b_i,
  output wire [WidthA+WidthB-2:0] sum_o
);
  genvar m, x;
  generate
    for (m = 0; m < WidthA + WidthB - 1; m = m + 1) begin : gen_sum
      wire [WidthA-1:0] terms;
      for (x = 0; x < WidthA; x = x + 1) begin : gen_term
        if (m - x >= 0 && m - x < WidthB) begin : gen_pair
          assign terms[x] = a_i[x] & b_i[m-x];
        end else begin : gen_none
          assign terms[x] = 1'b0;
        end
      end
      assign sum_o[m] = |terms;
    end
  endgenerate
endmodule
