// sc_decode_slot: decodes one symbol of an SC stream (docs/sc.md sec. 5), combinational.
//
// Function: win_i holds the next stream bits, win_i[0] first. With v_l the first l bits read
// first-bit-most-significant, the code length is the smallest l (1..16, l <= rem_i) with
// v_l < limit[l]: one comparator per length and a priority pick, the per-length form of SC2's
// decoder. The DeLUT index is offset[l] + v_l - first[l], first[l] = 2 * limit[l-1]. The
// escape is recognised by its index (per length, in parallel with the comparators, so the
// escape does not wait for the index adder of the chosen length); then the word is the 32 bits
// after the code and used_o = l + 32. err_o: no code matches within rem_i bits (a code not in
// the table or a truncated one), or the escaped word extends past rem_i.
//
// Latency: combinational; sc_decompressor chains SymbolsPerCycle of these per cycle.
//
// What it does not do: it does not read the DeLUT (the caller does, with index_o) and does not
// check the table (docs/sc.md 6: the loader does).
//
// Worked example (docs/sc.md 7's table: limit = 1, 3, 7, 16, 32, ...; offset = 0, 1, 2, 3, 5,
// ...; escape index 3): win_i = 48'b...0_1_1 (bits 0, 1, 2 = 1, 1, 0), rem_i = 40 -> v_1 = 1
// fails (>= 1), v_2 = 3 fails (>= 3), v_3 = 6 < 7: length 3, index 2 + 6 - 6 = 2, used_o = 3.
module sc_decode_slot (
  input  wire [47:0]      win_i,        // next stream bits, win_i[0] first
  input  wire [10:0]      rem_i,        // bits left in the stream from win_i[0]
  input  wire [16*17-1:0] limit_i,      // limit[l] at [(l-1)*17 +: 17]
  input  wire [16*11-1:0] offset_i,     // offset[l] at [(l-1)*11 +: 11]
  input  wire [10:0]      esc_index_i,
  output reg  [5:0]       used_o,       // bits the symbol takes: length, + 32 after the escape
  output reg  [10:0]      index_o,      // DeLUT index (meaningless after an escape or error)
  output reg              esc_o,
  output reg  [31:0]      raw_o,        // the escaped word (meaningless unless esc_o)
  output reg              err_o
);

  reg [15:0] v;          // v_l of the current length in the loop
  reg [10:0] first;
  reg [16:0] limit;
  reg [10:0] idx;
  reg        found;
  reg [4:0]  len;
  reg [10:0] after;      // rem_i - length
  integer    l, b;

  always @(*) begin
    used_o  = 6'd0;
    index_o = 11'd0;
    esc_o   = 1'b0;
    raw_o   = 32'd0;
    found   = 1'b0;
    len     = 5'd0;
    for (l = 1; l <= 16; l = l + 1) begin
      v = 16'd0;
      for (b = 0; b < l; b = b + 1) begin
        v[l-1-b] = win_i[b];
      end
      limit = limit_i[(l-1)*17 +: 17];
      first = (l == 1) ? 11'd0 : {limit_i[(l-2)*17 +: 10], 1'b0};
      idx   = offset_i[(l-1)*11 +: 11] + v[10:0] - first;
      if (!found && rem_i >= l[10:0] && {1'b0, v} < limit) begin
        found   = 1'b1;
        len     = l[4:0];
        index_o = idx;
        esc_o   = (idx == esc_index_i);
        raw_o   = win_i[l +: 32];
      end
    end
    after  = rem_i - {6'd0, len};
    used_o = {1'b0, len} + (esc_o ? 6'd32 : 6'd0);
    err_o  = !found || (esc_o && after < 11'd32);
  end

endmodule
