// dpc_bit_count_prefix: second half of the bit counter, one-hot compressible-plane counts
// before each plane (docs/dpc.md section 3: plane i's ED offset is k + Wc*(i - k)).
//
// From dpc_bit_count_local's group counts: sel_o[32i+k] = 1 when es[i-1:0] holds exactly k ones
// (k = 0..i; bits k > i are zero), so plane i's slice is directly the select of its offset mux
// in dpc_concat / dpc_unpacker; total_oh_o[n] = 1 when es holds n ones (n = 0..32), for the
// checker and the lengths.
// Example: es = ...0000_1101 -> planes 0..5 select k = 0, 1, 1, 2, 3, 3, i.e. sel_o[0],
// sel_o[33], sel_o[65], sel_o[98], sel_o[131], sel_o[163]; total_oh_o[3] = 1.
//
// Structure (why one-hot and not binary adders): counts are added one-hot (onehot_add: an AND
// level and an OR tree, no carry chain, and no decoder afterwards): a Sklansky prefix over the
// 8 group counts (3 levels), then one add of the group prefix and the local count per plane.
// Combinational, one process (a simulator updates sel_o once per change of its inputs).
module dpc_bit_count_prefix (
  input  wire [79:0]   local_i,
  input  wire [39:0]   group_i,
  output reg  [1023:0] sel_o,
  output reg  [32:0]   total_oh_o
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

  // Group g's count and its plane-r local count, widened to 33 bits.
  function [32:0] group_count(input [39:0] groups, input integer g);
    begin
      group_count = {28'd0, groups[5*g +: 5]};
    end
  endfunction

  function [32:0] local_count(input [79:0] locals, input integer g, input integer r);
    begin
      case (r)
        0:       local_count = {32'd0, locals[10*g]};
        1:       local_count = {31'd0, locals[10*g+1 +: 2]};
        2:       local_count = {30'd0, locals[10*g+3 +: 3]};
        default: local_count = {29'd0, locals[10*g+6 +: 4]};
      endcase
    end
  endfunction

  reg [33*8-1:0] group_before;   // [33g +: 33]: ones in groups 0..g-1
  reg [32:0]     sum_01, sum_23, sum_45, sum_67, sum_0to2, sum_0to3, sum_4to6, sum_4to7;
  // Bit 32 of a plane's count is never set (at most 31 ones precede plane 31).
  /* verilator lint_off UNUSEDSIGNAL */
  reg [32:0]     plane_count;
  /* verilator lint_on UNUSEDSIGNAL */
  integer i;

  always @* begin
    sum_01   = onehot_add(group_count(group_i, 0), group_count(group_i, 1));
    sum_23   = onehot_add(group_count(group_i, 2), group_count(group_i, 3));
    sum_45   = onehot_add(group_count(group_i, 4), group_count(group_i, 5));
    sum_67   = onehot_add(group_count(group_i, 6), group_count(group_i, 7));
    sum_0to2 = onehot_add(sum_01, group_count(group_i, 2));
    sum_0to3 = onehot_add(sum_01, sum_23);
    sum_4to6 = onehot_add(sum_45, group_count(group_i, 6));
    sum_4to7 = onehot_add(sum_45, sum_67);

    group_before[33*0 +: 33] = 33'd1;
    group_before[33*1 +: 33] = group_count(group_i, 0);
    group_before[33*2 +: 33] = sum_01;
    group_before[33*3 +: 33] = sum_0to2;
    group_before[33*4 +: 33] = sum_0to3;
    group_before[33*5 +: 33] = onehot_add(sum_0to3, group_count(group_i, 4));
    group_before[33*6 +: 33] = onehot_add(sum_0to3, sum_45);
    group_before[33*7 +: 33] = onehot_add(sum_0to3, sum_4to6);
    total_oh_o               = onehot_add(sum_0to3, sum_4to7);

    for (i = 0; i < 32; i = i + 1) begin
      plane_count = onehot_add(group_before[33*(i/4) +: 33], local_count(local_i, i / 4, i % 4));
      sel_o[32*i +: 32] = plane_count[31:0];
    end
  end
endmodule
