// dpc_stream_len: length of a stream in bits (docs/dpc.md sections 3, 4; the C model's
// dpc_body_bits plus the DF-TRUC map).
//
// len_o = H + (comp_i ? 1 + 32 + n + Wc*(32 - n) : 1 + 32*Wc), H = 4 for DF-TRUC (truc_i)
// else 0, Wc = 8c (c one-hot in count_oh_i), n one-hot in total_oh_i. count_oh_i = 0 gives H.
// Example: truc_i = 0, comp_i = 1, c = 4, n = 2 -> 995; truc_i = 1, comp_i = 0, c = 1 -> 261.
//
// Structure: every length the formula can give is a constant; c and the mode arrive a stage
// before the count, so the 33 candidate encoded lengths are picked first and the late one-hot
// count then selects one of them through a single AND-OR (no multiplier or adder after it).
// Combinational.
module dpc_stream_len (
  input  wire [32:0] total_oh_i,
  input  wire [3:0]  count_oh_i,
  input  wire        comp_i,
  input  wire        truc_i,
  output reg  [10:0] len_o
);
  // Body lengths (section 3): encoded with n compressible planes, and raw, for Wc = 8c.
  function [10:0] comp_body(input [10:0] c, input [10:0] n);
    begin
      comp_body = 11'd33 + 11'd256 * c - (11'd8 * c - 11'd1) * n;
    end
  endfunction

  function [10:0] raw_body(input [10:0] c);
    begin
      raw_body = 11'd1 + 11'd256 * c;
    end
  endfunction

  reg [10:0] hdr;
  reg [10:0] raw_len;
  reg [10:0] comp_len;
  reg [10:0] candidate;
  integer c, n;

  always @* begin
    hdr = truc_i ? 11'd4 : 11'd0;
    raw_len = 11'd0;
    comp_len = 11'd0;
    for (n = 0; n <= 32; n = n + 1) begin
      // Encoded length with n compressible planes for the width in count_oh_i.
      candidate = 11'd0;
      for (c = 1; c <= 4; c = c + 1) begin
        candidate = candidate | ({11{count_oh_i[c-1]}} & comp_body(c[10:0], n[10:0]));
      end
      comp_len = comp_len | ({11{total_oh_i[n]}} & (candidate + hdr));
    end
    for (c = 1; c <= 4; c = c + 1) begin
      raw_len = raw_len | ({11{count_oh_i[c-1]}} & raw_body(c[10:0]));
    end
    len_o = comp_i ? comp_len : raw_len + hdr;
  end
endmodule
