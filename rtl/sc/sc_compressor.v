// sc_compressor: 128-byte line -> SC stream (docs/sc.md sec. 4), with the code table loaded
// through a configuration port (sec. 6.1).
//
// Function: out_bits_o / out_len_o are sc_compress's stream: C = 1 and each word's code (MSB
// first) or the escape's code followed by the word, when those 32 fields take fewer than 1024
// bits; else C = 0 and the line (1025 bits). Bits at and above out_len_o are zero.
//
// Micro-architecture (docs/sc.md 8.3): the input edge loads the line and the VFT set of each
// of its 32 words. Then WordsPerCycle (K) words per cycle, last group first, look their codes up
// in sc_code_table (one port per word; the line register rotates by K words per cycle so port
// p always reads the same slot, and is back in place when the lookups end). In the cycle after
// its lookup a group is packed (each field shifted to its offset, the sum of the lengths below
// it, and the fields ORed) and appended to the body register, which shifts up by the group's
// length: the groups go in from the last one, so word 0's codes end at the bottom. The last append writes the output
// register directly, with the C bit below the body, or the raw line when the body is 1024 bits
// or longer (the lengths' sum decides).
//
// Latency / throughput: 32 / K + 2 cycles (6 at the default 8): the input edge, 32 / K lookup
// edges and the output register (each group's pack and append overlap the next lookup). One
// line at a time: in_ready_o is low while a line is in flight or its result waits in the output
// register, so a line every 32 / K + 2 cycles when the output is not stalled.
//
// Configuration: cfg_we_i / cfg_addr_i / cfg_data_i write one word of the code-table image
// (sc_code_table). Write only while no line is in flight (in_ready_o high and no input
// offered): a line compressed across a write has an unspecified stream.
//
// What it does not do: it does not check the image (sc_code_load's rules: a bad image gives
// undecodable streams, never a hang) and keeps one table (docs/sc.md 9).
//
// Worked example (docs/sc.md 7's table loaded): in_line_i = 16 x 32'h0, 9 x 32'h3F800000,
// 4 x 32'h40000000, 3 x 32'hDEADBEEF (word 0 first) -> out_len_o = 59, out_bits_o = 1, then
// 16 x 0, 9 x 10, 4 x 110, 3 x 1111 (stream order, bit 0 first).
module sc_compressor #(
  parameter integer WordsPerCycle = 8,
  // 1: the code table in SRAM macros read one edge ahead (np_sram); 0: in flip-flops, for a
  // like-for-like comparison (sc_code_table; docs/synthesis.md "SRAM macros"). Same ports,
  // latency and throughput.
  parameter integer TableMacro    = 1
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          cfg_we_i,
  input  wire [11:0]   cfg_addr_i,
  input  wire [31:0]   cfg_data_i,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1023:0] in_line_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1024:0] out_bits_o,
  output wire [10:0]   out_len_o
);

  localparam integer K       = WordsPerCycle;   // 2, 4, 8 or 16
  localparam integer Groups  = 32 / K;
  localparam integer FBits   = 48;              // a field: a code, or the escape's and a word
  localparam integer CBits   = K * FBits;       // a packed group
  localparam integer CLenW   = $clog2(CBits + 1);
  localparam [5:0]   Last    = Groups[5:0];     // cycles 0 .. Last - 1 look up, 1 .. Last append

  // ---- control ----------------------------------------------------------------------------
  reg        busy_q;
  reg  [5:0] cycle_q;
  wire       out_in_ready;
  wire       last    = busy_q && cycle_q == Last;
  wire       advance = busy_q && (cycle_q != Last || out_in_ready);
  wire       load    = in_valid_i && in_ready_o;
  wire       look    = busy_q && cycle_q < Last;
  wire       append  = busy_q && cycle_q >= 6'd1 && cycle_q < Last;  // not the last: that one
  wire       first   = cycle_q == 6'd1;                                // goes to the output

  // One line at a time, the output register included (as BPC's tops): a new line only when the
  // last one's result has left or leaves at this edge.
  assign in_ready_o = !busy_q && out_in_ready;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
    end else if (load) begin
      busy_q <= 1'b1;
    end else if (advance && cycle_q == Last) begin
      busy_q <= 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (load) begin
      cycle_q <= 6'd0;
    end else if (advance) begin
      cycle_q <= cycle_q + 6'd1;
    end
  end

  // ---- the line and its words' sets ------------------------------------------------------------
  // VFT set of a value: the XOR of its six 6-bit slices (docs/sc.md 2.1).
  function [5:0] vft_set;
    input [31:0] v;
    begin
      vft_set = v[5:0] ^ v[11:6] ^ v[17:12] ^ v[23:18] ^ v[29:24] ^ {4'd0, v[31:30]};
    end
  endfunction

  reg [1023:0] line_q;
  reg [191:0]  set_q, set_d;
  integer i;
  // set_d: set_q after this edge. Its top group is the set the table's SRAM reads at this edge
  // for the next cycle's lookups (sc_code_table's set_next_i).
  always @(*) begin
    set_d = set_q;
    if (load) begin
      for (i = 0; i < 32; i = i + 1) set_d[i*6 +: 6] = vft_set(in_line_i[i*32 +: 32]);
    end else if (look) begin
      set_d = {set_q[191-K*6:0], set_q[191 -: K*6]};
    end
  end

  always @(posedge clk_i) begin
    set_q <= set_d;
    if (load) begin
      line_q <= in_line_i;
    end else if (look) begin
      // Rotate up by one group: the next lower group reaches the top slot the ports read.
      line_q <= {line_q[1023-K*32:0], line_q[1023 -: K*32]};
    end
  end

  // ---- lookup: the top group's K words ---------------------------------------------------------
  wire [K*32-1:0] words = line_q[1023 -: K*32];
  wire [K*6-1:0]  sets  = set_q[191 -: K*6];
  wire [K*26-1:0] tags;
  wire [K-1:0]    found;
  wire [K*16-1:0] code;
  wire [K*5-1:0]  len;
  wire [15:0]     esc_code;
  wire [4:0]      esc_len;

  genvar p;
  generate
    for (p = 0; p < K; p = p + 1) begin : gen_tag
      assign tags[p*26 +: 26] = words[p*32+6 +: 26];
    end
  endgenerate

  sc_code_table #(.Ports(K), .Macro(TableMacro)) u_table (
    .clk_i      (clk_i),
    .cfg_we_i   (cfg_we_i),
    .cfg_addr_i (cfg_addr_i),
    .cfg_data_i (cfg_data_i),
    .set_i      (sets),
    .set_next_i (set_d[191 -: K*6]),
    .tag_i      (tags),
    .found_o    (found),
    .code_o     (code),
    .len_o      (len),
    .esc_code_o (esc_code),
    .esc_len_o  (esc_len)
  );

  // Each word's field: its code, or the escape's code with the word after it. The escape
  // form does not wait for the table's read (only the final pick does).
  // Each pair of fields' summed length is registered too (the lookup cycle has room for one
  // 6-bit addition after the table read), so the pack cycle's prefix sum starts one level up.
  reg [K*FBits-1:0] field_q;
  reg [K*6-1:0]     flen_q;
  reg [K/2*7-1:0]   fpair_q;
  reg [K*6-1:0]     flen;
  integer j;
  always @(*) begin
    for (j = 0; j < K; j = j + 1) begin
      flen[j*6 +: 6] = found[j] ? {1'b0, len[j*5 +: 5]} : {1'b0, esc_len} + 6'd32;
    end
  end
  always @(posedge clk_i) begin
    if (look) begin
      for (j = 0; j < K; j = j + 1) begin
        field_q[j*FBits +: FBits] <= found[j] ? {32'd0, code[j*16 +: 16]}
                                              : ({16'd0, words[j*32 +: 32]} << esc_len) | {32'd0, esc_code};
      end
      flen_q <= flen;
      for (j = 0; j < K / 2; j = j + 1) begin
        fpair_q[j*7 +: 7] <= {1'b0, flen[2*j*6 +: 6]} + {1'b0, flen[(2*j+1)*6 +: 6]};
      end
    end
  end

  // ---- pack: K fields into one chunk, field j after fields 0 .. j-1 ------------------------------
  // The cycle after a group's lookup: packed, then appended (below), in one cycle. Each field is
  // placed at its offset (the sum of the lengths below it) by one shift, and the pieces are
  // ORed: a field goes through one shifter instead of one per merge level of a tree (log2 K
  // levels of "upper piece shifted by the lower one's length", the unit's longest path:
  // docs/synthesis.md "sc_compressor at 800 MHz"). The offsets are a Sklansky prefix sum over
  // the registered pair lengths (log2 K - 1 adder levels; a running sum would chain K adders):
  // field 2m + 1 ends at pairs 0..m, field 2m at pairs 0..m-1 plus its own length.
  reg [K/2*CLenW-1:0] ppre;   // inclusive prefix sums of the pair lengths
  reg [K*CLenW-1:0]   psum;   // field j's end
  reg [CBits-1:0]     chunk;
  integer f, l;
  always @(*) begin
    for (f = 0; f < K / 2; f = f + 1) ppre[f*CLenW +: CLenW] = {{(CLenW-7){1'b0}}, fpair_q[f*7 +: 7]};
    // Level l adds to every element with bit l of its index set the last element of the lower
    // half of its block of 2^(l+1) (which that level does not change).
    for (l = 0; (2 << l) < K; l = l + 1) begin
      for (f = 0; f < K / 2; f = f + 1) begin
        if (((f >> l) & 1) == 1)
          ppre[f*CLenW +: CLenW] = ppre[f*CLenW +: CLenW] + ppre[(((f >> l) << l) - 1)*CLenW +: CLenW];
      end
    end
    for (f = 0; f < K / 2; f = f + 1) begin
      psum[(2*f+1)*CLenW +: CLenW] = ppre[f*CLenW +: CLenW];
      psum[2*f*CLenW +: CLenW]     = (f == 0 ? {CLenW{1'b0}} : ppre[(f-1)*CLenW +: CLenW]) +
                                     {{(CLenW-6){1'b0}}, flen_q[2*f*6 +: 6]};
    end
    chunk = {{(CBits-FBits){1'b0}}, field_q[0 +: FBits]};
    for (f = 1; f < K; f = f + 1) begin
      chunk = chunk | ({{(CBits-FBits){1'b0}}, field_q[f*FBits +: FBits]} << psum[(f-1)*CLenW +: CLenW]);
    end
  end
  wire [CLenW-1:0] clen = psum[(K-1)*CLenW +: CLenW];

  // ---- append: the body shifts up by each group's length, the group below it ----------------------
  // In the same cycle as the pack: the shift needs only the group's length, a short sum that is
  // ready long before the packed fields, so the two run side by side.
  reg  [1023:0] body_q;
  reg  [10:0]   total_q;   // the body's bits so far (up to 32 x 48 = 1536)
  wire [1023:0] body_now  = (first ? 1024'd0 : (body_q << clen)) | {{(1024-CBits){1'b0}}, chunk};
  wire [10:0]   total_now = (first ? 11'd0 : total_q) + {{(11-CLenW){1'b0}}, clen};
  always @(posedge clk_i) begin
    if (append) begin
      body_q  <= body_now;
      total_q <= total_now;
    end
  end

  // ---- output: C = 1 and the body when it is under 1024 bits, else C = 0 and the line -----------
  // The test selects all 1025 output bits, so it does not wait for total_now's addition: the
  // group's length against what the body may still take, a bound formed from registers
  // (total_q <= 32 x 48, so -512 <= room <= 1024: 12 bits, signed).
  wire [11:0] room       = 12'd1024 - {1'b0, first ? 11'd0 : total_q};
  wire        compressed = !room[11] && {{(12-CLenW){1'b0}}, clen} < room;
  wire [10:0] out_len    = compressed ? total_now + 11'd1 : 11'd1025;
  wire [1024:0] out_bits = compressed ? {body_now, 1'b1} : {line_q, 1'b0};

  wire [1035:0] out_data;
  np_stream_register #(.Width(1036)) u_out (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (last),
    .in_ready_o  (out_in_ready),
    .in_data_i   ({out_len, out_bits}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data)
  );

  assign out_len_o  = out_data[1035:1025];
  assign out_bits_o = out_data[1024:0];

endmodule
