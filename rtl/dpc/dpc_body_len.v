// dpc_body_len: length of a body in bits (docs/dpc.md sections 3, 4; the C model's
// dpc_body_bits).
//
// len_o = comp_i ? 1 + 32 + n + Wc*(32 - n) : 1 + 32*Wc, Wc = 8c (c one-hot in count_oh_i),
// n one-hot in total_oh_i. The body excludes DF-TRUC's 4-bit map. count_oh_i = 0 gives 0.
// Example: comp_i = 1, c = 4, n = 2 -> 995; comp_i = 0, c = 1 -> 257.
//
// Combinational: the one-hot count is turned into binary and the four constant-coefficient
// formulas 33 + 256c - (8c - 1) n are selected by c. Off the compressor's critical path (the
// concatenator is longer), so plain arithmetic is enough here.
module dpc_body_len (
  input  wire [32:0] total_oh_i,
  input  wire [3:0]  count_oh_i,
  input  wire        comp_i,
  output wire [10:0] len_o
);
  reg [5:0] total;
  integer n;
  always @* begin
    total = 6'd0;
    for (n = 0; n <= 32; n = n + 1) begin
      total = total | (n[5:0] & {6{total_oh_i[n]}});
    end
  end

  wire [10:0] total_ext = {5'd0, total};
  wire [10:0] width_len [0:3];

  genvar c;
  generate
    for (c = 1; c <= 4; c = c + 1) begin : gen_width
      // Never negative: n <= 32.
      assign width_len[c-1] = comp_i ? 11'd33 + 11'd256 * c - (11'd8 * c - 11'd1) * total_ext
                                     : 11'd1 + 11'd256 * c;
    end
  endgenerate

  assign len_o = (width_len[0] & {11{count_oh_i[0]}}) | (width_len[1] & {11{count_oh_i[1]}})
               | (width_len[2] & {11{count_oh_i[2]}}) | (width_len[3] & {11{count_oh_i[3]}});
endmodule
