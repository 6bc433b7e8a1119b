// dpc_iface_assume: what dpc_line_pack may assume of its word list and ES (formal proof,
// docs/dpc.md "Formal proof"; proved of dpc_line_analyze by dpc_analyze_miter, assumed by
// dpc_pack_miter).
//
// ok_o = 1 when, with c sub-blocks encoded (count_oh_i one-hot, Wc = 8c words) and the words
// the stream carries being words_i with the sub-blocks keep_i clears set to zero:
//   - every word slot p >= c of words_i is zero (the raw form and the tail rely on it);
//   - es_i[i] = 1 only if plane i of those words (bit i of words 0 .. Wc-1) is all zeros or
//     all ones, so one bit restores it (section 3).
// Written from the spec, independent of the RTL.
module dpc_iface_assume (
  input  wire [1023:0] words_i,
  input  wire [3:0]    keep_i,
  input  wire [31:0]   es_i,
  input  wire [3:0]    count_oh_i,
  output wire          ok_o
);
  // Slot p is encoded when c > p.
  wire [3:0] slot_used = {count_oh_i[3],
                          count_oh_i[3] | count_oh_i[2],
                          count_oh_i[3] | count_oh_i[2] | count_oh_i[1],
                          |count_oh_i};

  wire [1023:0] sent = words_i & {{256{keep_i[3]}}, {256{keep_i[2]}}, {256{keep_i[1]}},
                                  {256{keep_i[0]}}};

  reg [3:0]  slot_zero;
  reg [31:0] plane_ok;
  reg        all_zero, all_ones;
  integer p, i, j;
  always @* begin
    for (p = 0; p < 4; p = p + 1) begin
      slot_zero[p] = slot_used[p] | (words_i[256*p +: 256] == 256'd0);
    end
    for (i = 0; i < 32; i = i + 1) begin
      all_zero = 1'b1;
      all_ones = 1'b1;
      for (j = 0; j < 32; j = j + 1) begin
        if (slot_used[j / 8]) begin
          all_zero = all_zero & ~sent[32*j+i];
          all_ones = all_ones & sent[32*j+i];
        end
      end
      plane_ok[i] = ~es_i[i] | all_zero | all_ones;
    end
  end

  assign ok_o = (&slot_zero) & (&plane_ok) & (count_oh_i != 4'd0);
endmodule
