// dpc_length_check: does the stream length equal the length its header implies?
// (docs/dpc.md section 8: truncated and trailing streams).
//
// ok_o = len_i == H + (C ? 33 + 256c - (8c - 1) n : 1 + 256c), H = 4 for DF-TRUC (truc_i)
// else 0, c one-hot in count_oh_i, n one-hot in total_oh_i, C = comp_i. ok_o is 0 when
// count_oh_i is 0 (map 0000).
// Structure: the header-free length len_i - H is compared with every constant the formula
// can produce (4 x 33 encoded, 4 raw) while the bit counter is still working; the count then
// only picks one comparison, so the late one-hot count passes an AND-OR and no arithmetic.
// Example: truc_i = 0, c = 4, n = 2, comp_i = 1 -> ok_o = (len_i == 995).
// Combinational.
module dpc_length_check (
  input  wire [10:0] len_i,
  input  wire        truc_i,
  input  wire [3:0]  count_oh_i,
  input  wire        comp_i,
  input  wire [32:0] total_oh_i,
  output wire        ok_o
);
  // Wraps to >= 2044 when len_i < 4 in DF-TRUC mode: no body length is that long.
  wire [10:0] body_len = len_i - (truc_i ? 11'd4 : 11'd0);

  wire [32:0] comp_match_width [0:3];
  wire [3:0]  raw_match;

  genvar c, n;
  generate
    for (c = 1; c <= 4; c = c + 1) begin : gen_width
      for (n = 0; n <= 32; n = n + 1) begin : gen_count
        localparam [10:0] CompLen = 33 + 256 * c - (8 * c - 1) * n;
        assign comp_match_width[c-1][n] = count_oh_i[c-1] & (body_len == CompLen);
      end
      localparam [10:0] RawLen = 1 + 256 * c;
      assign raw_match[c-1] = count_oh_i[c-1] & (body_len == RawLen);
    end
  endgenerate

  wire [32:0] comp_match = comp_match_width[0] | comp_match_width[1] | comp_match_width[2]
                         | comp_match_width[3];

  assign ok_o = comp_i ? |(comp_match & total_oh_i) : |raw_match;
endmodule
