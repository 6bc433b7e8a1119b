// dpc_bit_count: the bit counter, compressible planes before each plane, one-hot
// (docs/dpc.md section 3: plane i's ED offset is k + Wc*(i - k), k = ones of ES[i-1:0]).
//
// sel_o[32i+k] = 1 when es_i[i-1:0] holds exactly k ones (k = 0..i; bits k > i are zero), so
// plane i's slice of sel_o is directly the select of its offset mux in dpc_concat and
// dpc_unpacker. total_oh_o[n] = 1 when es_i holds n ones (n = 0..32), for the checker.
// Example: es_i = ...0000_1101 -> planes 0..5 select k = 0, 1, 1, 2, 3, 3, i.e.
// sel_o[0], sel_o[33], sel_o[65], sel_o[98], sel_o[131], sel_o[163]; total_oh_o[3] = 1.
//
// Structure (why one-hot and not a binary adder tree): counts are summed with dpc_onehot_add
// (an AND level and an OR tree, no carry chain): one-hot counts inside 8 groups of 4 ES bits,
// a Sklansky prefix over the 8 group totals (3 levels), then one add per plane. A binary count
// would need a 5-bit decoder per plane after its carry chains; this is the critical path of
// both the compressor's stage 2 and the decompressor. About 2,300 AND terms.
// Combinational.
module dpc_bit_count (
  input  wire [31:0]   es_i,
  output wire [1023:0] sel_o,
  output wire [32:0]   total_oh_o
);
  // Inside group g: local_pre for r = 0..3 (ones among the group's first r bits, width r + 1)
  // at local_flat[10g + r(r+1)/2 +: r + 1]; the group total (width 5) at group_total[5g +: 5].
  wire [79:0] local_flat;
  wire [39:0] group_total;

  genvar g, r;
  generate
    for (g = 0; g < 8; g = g + 1) begin : gen_group
      wire [1:0] bit_oh [0:3];
      assign bit_oh[0] = {es_i[4*g],   ~es_i[4*g]};
      assign bit_oh[1] = {es_i[4*g+1], ~es_i[4*g+1]};
      assign bit_oh[2] = {es_i[4*g+2], ~es_i[4*g+2]};
      assign bit_oh[3] = {es_i[4*g+3], ~es_i[4*g+3]};

      assign local_flat[10*g +: 1] = 1'b1;
      assign local_flat[10*g+1 +: 2] = bit_oh[0];

      dpc_onehot_add #(.WidthA(2), .WidthB(2)) u_local2 (
        .a_i (local_flat[10*g+1 +: 2]), .b_i (bit_oh[1]), .sum_o (local_flat[10*g+3 +: 3])
      );
      dpc_onehot_add #(.WidthA(3), .WidthB(2)) u_local3 (
        .a_i (local_flat[10*g+3 +: 3]), .b_i (bit_oh[2]), .sum_o (local_flat[10*g+6 +: 4])
      );
      dpc_onehot_add #(.WidthA(4), .WidthB(2)) u_total (
        .a_i (local_flat[10*g+6 +: 4]), .b_i (bit_oh[3]), .sum_o (group_total[5*g +: 5])
      );
    end
  endgenerate

  // Sklansky prefix over the group totals: ones in groups 0..g-1, width 4g + 1.
  wire [8:0]  sum_01, sum_23, sum_45, sum_67;
  wire [12:0] sum_0to2, sum_4to6;
  wire [16:0] sum_0to3, sum_4to7;
  wire [20:0] sum_0to4;
  wire [24:0] sum_0to5;
  wire [28:0] sum_0to6;

  dpc_onehot_add #(.WidthA(5), .WidthB(5)) u_sum_01 (
    .a_i (group_total[0 +: 5]), .b_i (group_total[5 +: 5]), .sum_o (sum_01)
  );
  dpc_onehot_add #(.WidthA(5), .WidthB(5)) u_sum_23 (
    .a_i (group_total[10 +: 5]), .b_i (group_total[15 +: 5]), .sum_o (sum_23)
  );
  dpc_onehot_add #(.WidthA(5), .WidthB(5)) u_sum_45 (
    .a_i (group_total[20 +: 5]), .b_i (group_total[25 +: 5]), .sum_o (sum_45)
  );
  dpc_onehot_add #(.WidthA(5), .WidthB(5)) u_sum_67 (
    .a_i (group_total[30 +: 5]), .b_i (group_total[35 +: 5]), .sum_o (sum_67)
  );
  dpc_onehot_add #(.WidthA(9), .WidthB(5)) u_sum_0to2 (
    .a_i (sum_01), .b_i (group_total[10 +: 5]), .sum_o (sum_0to2)
  );
  dpc_onehot_add #(.WidthA(9), .WidthB(9)) u_sum_0to3 (
    .a_i (sum_01), .b_i (sum_23), .sum_o (sum_0to3)
  );
  dpc_onehot_add #(.WidthA(9), .WidthB(5)) u_sum_4to6 (
    .a_i (sum_45), .b_i (group_total[30 +: 5]), .sum_o (sum_4to6)
  );
  dpc_onehot_add #(.WidthA(9), .WidthB(9)) u_sum_4to7 (
    .a_i (sum_45), .b_i (sum_67), .sum_o (sum_4to7)
  );
  dpc_onehot_add #(.WidthA(17), .WidthB(5)) u_sum_0to4 (
    .a_i (sum_0to3), .b_i (group_total[20 +: 5]), .sum_o (sum_0to4)
  );
  dpc_onehot_add #(.WidthA(17), .WidthB(9)) u_sum_0to5 (
    .a_i (sum_0to3), .b_i (sum_45), .sum_o (sum_0to5)
  );
  dpc_onehot_add #(.WidthA(17), .WidthB(13)) u_sum_0to6 (
    .a_i (sum_0to3), .b_i (sum_4to6), .sum_o (sum_0to6)
  );
  dpc_onehot_add #(.WidthA(17), .WidthB(17)) u_sum_0to7 (
    .a_i (sum_0to3), .b_i (sum_4to7), .sum_o (total_oh_o)
  );

  // Group prefixes packed at offset 2g^2 - g (widths 1, 5, 9, ..., 29: 120 bits).
  wire [119:0] group_before = {sum_0to6, sum_0to5, sum_0to4, sum_0to3, sum_0to2, sum_01,
                               group_total[0 +: 5], 1'b1};

  // Plane 4g + r: group prefix + local prefix.
  generate
    for (g = 0; g < 8; g = g + 1) begin : gen_plane_group
      for (r = 0; r < 4; r = r + 1) begin : gen_plane
        localparam integer Plane = 4 * g + r;
        dpc_onehot_add #(.WidthA(4*g+1), .WidthB(r+1)) u_plane (
          .a_i   (group_before[2*g*g-g +: 4*g+1]),
          .b_i   (local_flat[10*g + r*(r+1)/2 +: r+1]),
          .sum_o (sel_o[32*Plane +: Plane+1])
        );
        if (Plane < 31) begin : gen_pad
          assign sel_o[32*Plane+Plane+1 +: 31-Plane] = {(31-Plane){1'b0}};
        end
      end
    end
  endgenerate
endmodule
