// dpc_checker: compression checker and stream lengths (docs/dpc.md sections 3, 4).
//
// For Wc = 8c encoded words (c one-hot in count_oh_i) and n compressible planes:
//   comp_len_o = 1 + 32 + n + Wc*(32 - n)   body length when encoded (C = 1)
//   raw_len_o  = 1 + 32*Wc                  body length when raw (C = 0)
//   comp_ok_o  = comp_len_o < raw_len_o     i.e. n >= 5, 3, 2, 2 for c = 1, 2, 3, 4
// "Body" excludes DF-TRUC's 4-bit map header. The compressor emits C = comp_ok_o; the
// decompressor rejects C = 1 without comp_ok_o (non-canonical). count_oh_i = 0 (map 0) gives
// all outputs zero. Example: c = 4, n = 2 -> comp_len_o = 995, raw_len_o = 1025, comp_ok_o = 1.
//
// Combinational: four constant-coefficient lengths selected by the one-hot c.
module dpc_checker (
  input  wire [5:0]  total_i,
  input  wire [3:0]  count_oh_i,
  output wire        comp_ok_o,
  output wire [10:0] comp_len_o,
  output wire [10:0] raw_len_o
);
  wire [10:0] n = {5'd0, total_i};
  wire [3:0]  ok;
  wire [10:0] comp_len [0:3];
  wire [10:0] raw_len  [0:3];

  genvar c;
  generate
    for (c = 1; c <= 4; c = c + 1) begin : gen_width
      // 33 + n + 8c*(32 - n) = 33 + 256c - (8c - 1) n; never negative for n <= 32.
      assign comp_len[c-1] = 11'd33 + 11'd256 * c - (11'd8 * c - 11'd1) * n;
      assign raw_len[c-1]  = 11'd1 + 11'd256 * c;
      assign ok[c-1]       = (comp_len[c-1] < raw_len[c-1]);
    end
  endgenerate

  assign comp_ok_o  = |(ok & count_oh_i);
  assign comp_len_o = (comp_len[0] & {11{count_oh_i[0]}}) | (comp_len[1] & {11{count_oh_i[1]}})
                    | (comp_len[2] & {11{count_oh_i[2]}}) | (comp_len[3] & {11{count_oh_i[3]}});
  assign raw_len_o  = (raw_len[0] & {11{count_oh_i[0]}}) | (raw_len[1] & {11{count_oh_i[1]}})
                    | (raw_len[2] & {11{count_oh_i[2]}}) | (raw_len[3] & {11{count_oh_i[3]}});
endmodule
