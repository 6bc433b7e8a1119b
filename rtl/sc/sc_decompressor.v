// sc_decompressor: SC stream -> 128-byte line (docs/sc.md secs. 4, 5), with the DeLUT loaded
// through a configuration port (sec. 6).
//
// Function: in_bits_i holds a stream of in_len_i bits (s[i] = in_bits_i[i]; bits at and above
// in_len_i are ignored). C = s[0]. A raw stream (C = 0) is the line itself; a compressed one is
// decoded SymbolsPerCycle symbols per cycle, each word read from the DeLUT (or escaped).
// out_err_o = 1 exactly for the malformed streams of sec. 4.3 (in_len_i = 0; C = 0 with a length
// other than 1025; C = 1 with 1025 or more; no code at a symbol's position; a symbol or an
// escaped word past the end; bits left after 32 symbols); out_line_o is not specified then.
//
// Structure (docs/sc.md 8.1): the stream register is shifted only by multiples of 16 bits,
// by an amount registered a cycle before (cs_q), so no decode result reaches its 1024-bit
// shifter. One cycle ahead, len_decode gives the length and escape flag of a symbol at every
// position the next decode cycle may reach (hot_q, esc_q). A decode cycle is then only the code
// chain: the current position as a one-hot vector (f_q, relative to the stream register), moved
// SymbolsPerCycle times by the length found at it (an AND-OR per position), and brought back by
// the coarse shift. The chosen symbols' positions and lengths are registered; in the next cycle
// (the extraction cycle) each symbol's code and escaped word are cut from the stream register
// and its DeLUT index formed and read; its word is written into the line when the read returns.
//
// Latency / throughput: ceil(32 / SymbolsPerCycle) + 2 + TableMacro cycles (19 at the defaults):
// the input edge (which also decodes the first positions), the decode cycles, the extraction
// cycle, and with the DeLUT in SRAM (TableMacro = 1, the default) the cycle its read takes; the
// last one writes the output register. One line at a time: in_ready_o is low while a line is
// being decoded or its result waits in the output register, so a line every latency cycles
// when the output is not stalled.
//
// Configuration: cfg_we_i / cfg_addr_i / cfg_data_i write one word of the DeLUT image
// (sc_delut). Write only while no line is in flight (in_ready_o high and no input offered): a
// line decoded across a write has an unspecified result.
//
// What it does not do: it does not check the image (a bad image gives unspecified lines, never
// a hang), and it keeps one code table (SC2's second decoder for the previous period, docs/sc.md
// 9, is not built).
//
// Worked example (docs/sc.md 7's table loaded): in_bits_i = the 59-bit stream of sec. 7,
// in_len_i = 59 -> out_line_o = 16 x 32'h0, 9 x 32'h3F800000, 4 x 32'h40000000, 3 x
// 32'hDEADBEEF (word 0 first), out_err_o = 0; in_len_i = 58 -> out_err_o = 1.
module sc_decompressor #(
  parameter integer SymbolsPerCycle = 2,
  parameter integer TableMacro      = 1
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          cfg_we_i,
  input  wire [10:0]   cfg_addr_i,
  input  wire [31:0]   cfg_data_i,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1024:0] in_bits_i,
  input  wire [10:0]   in_len_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1023:0] out_line_o,
  output wire          out_err_o
);

  localparam integer K       = SymbolsPerCycle;
  localparam integer Cycles  = (32 + K - 1) / K;           // decode cycles
  localparam integer Lag     = (TableMacro != 0) ? 1 : 0;  // cycles from a DeLUT read to its word
  localparam integer LastDecI = Cycles - 1;
  localparam integer ExtractI = Cycles;                    // the last extraction cycle
  localparam integer LastStepI = Cycles + Lag;             // writes the output register
  localparam [5:0]   LastDec  = LastDecI[5:0];
  localparam [5:0]   Extract  = ExtractI[5:0];
  localparam [5:0]   LastStep = LastStepI[5:0];
  localparam integer LastK    = 32 - K * (Cycles - 1);     // symbols of the last decode cycle
  // Positions, relative to the stream register. A decode cycle starts at f < F (f_q), its
  // symbols start below NP, and it ends below PW. The register then moves by 16 * (f / 16),
  // so the next start is below 16 + 48 K = F.
  localparam integer F   = 16 + 48 * K;
  localparam integer NP  = F + 48 * (K - 1);
  localparam integer PW  = F + 48 * K;
  localparam integer XW  = NP + 48;                        // the extraction's window
  // Decoded positions persist: a cycle moves the register by at most 16 * (F / 16) = Q bits, so
  // Q new positions per cycle keep every reachable one decoded: [NP, NP + Q) of the register
  // (the input edge decodes [0, Q) of the new stream, the first decode cycle [Q, 2 Q)).
  localparam integer Q   = 48 * K;

  // Bit i of the binary of every position p: a constant mask, so an encoder is 9 AND-ORs.
  function automatic [PW-1:0] bit_mask(input integer i, input integer shift);
    integer p;
    begin
      bit_mask = {PW{1'b0}};
      for (p = 0; p < PW; p = p + 1) bit_mask[p] = (((p >> shift) >> i) % 2) == 1;
    end
  endfunction


  // len_decode: the code length and escape flag of a symbol at each of Q consecutive positions
  // (docs/sc.md sec. 5). Position p's bits are win[p], win[p+1], ... (first bit first); with
  // v_l the first l of them read first-bit-most-significant, its length is the smallest l
  // (1..16) with v_l < limit[l] (bit (l-1)*Q + p of the result; none set when no l matches).
  // It is the escape (bit 16*Q + p) when its DeLUT index base[l] + v_l (11 bits) is the
  // escape's, i.e. when v_l[10:0] equals esc_v[l]: the decoder of sc.md 5 without an adder per
  // position. Whether the symbol fits in the stream is the end check's (end_err).
  // Written over all positions at once: each length's comparator is a balanced tree of (less,
  // equal) pairs over position vectors, so Verilator evaluates a few hundred vector operations
  // instead of one comparator per position; synthesis sees one comparator bank per position.
  // A function called at the clock edge, so the simulator evaluates it once per cycle, not again
  // whenever an input changes.
  function automatic [17*Q-1:0] len_decode(input [Q+14:0] win, input [16*17-1:0] lim,
                                           input [16*11-1:0] ev);
    reg [16*Q-1:0] sv, lt, eq;
    reg [Q-1:0]    cmp, e, taken, esc;
    reg [16:0]     limit;
    reg [10:0]     escv;
    integer        l, b;
    begin
      for (b = 0; b < 16; b = b + 1) sv[b*Q +: Q] = win[b +: Q];
      taken = {Q{1'b0}};
      esc   = {Q{1'b0}};
      len_decode = {17*Q{1'b0}};
      for (l = 1; l <= 16; l = l + 1) begin
        limit = lim[(l-1)*17 +: 17];
        escv  = ev[(l-1)*11 +: 11];
        for (b = 0; b < 16; b = b + 1) begin
          if (b < l) begin
            lt[b*Q +: Q] = ~sv[b*Q +: Q] & {Q{limit[l-1-b]}};
            eq[b*Q +: Q] = ~(sv[b*Q +: Q] ^ {Q{limit[l-1-b]}});
          end else begin
            lt[b*Q +: Q] = {Q{1'b0}};
            eq[b*Q +: Q] = {Q{1'b1}};
          end
        end
        for (b = 0; b < 16; b = b + 2) begin
          lt[b*Q +: Q] = lt[b*Q +: Q] | (eq[b*Q +: Q] & lt[(b+1)*Q +: Q]);
          eq[b*Q +: Q] = eq[b*Q +: Q] & eq[(b+1)*Q +: Q];
        end
        for (b = 0; b < 16; b = b + 4) begin
          lt[b*Q +: Q] = lt[b*Q +: Q] | (eq[b*Q +: Q] & lt[(b+2)*Q +: Q]);
          eq[b*Q +: Q] = eq[b*Q +: Q] & eq[(b+2)*Q +: Q];
        end
        for (b = 0; b < 16; b = b + 8) begin
          lt[b*Q +: Q] = lt[b*Q +: Q] | (eq[b*Q +: Q] & lt[(b+4)*Q +: Q]);
          eq[b*Q +: Q] = eq[b*Q +: Q] & eq[(b+4)*Q +: Q];
        end
        cmp = lt[0 +: Q] | (eq[0 +: Q] & lt[8*Q +: Q]) | {Q{(limit >> l) != 17'd0}};
        // v_l[10:0] == escv: the code's last min(l, 11) bits, and zero above l when l < 11.
        e = {Q{l >= 11 || (escv >> l) == 11'd0}};
        for (b = 0; b < 16; b = b + 1) begin
          if (b < l && l - 1 - b < 11) e = e & ~(sv[b*Q +: Q] ^ {Q{escv[l-1-b]}});
        end
        // cmp is monotone in l for an image the loader accepts (limit[l] >= 2 limit[l-1]), so
        // the first match is where cmp turns on.
        len_decode[(l-1)*Q +: Q] = cmp & ~taken;
        esc   = esc | (cmp & ~taken & e);
        taken = cmp;
      end
      len_decode[16*Q +: Q] = esc;
    end
  endfunction

  // ---- code table -----------------------------------------------------------------------
  wire [16*17-1:0] limit;
  wire [16*11-1:0] offset;
  wire [10:0]      esc_index;
  wire [16*11-1:0] esc_v;
  wire [K*11-1:0]  rd_idx;
  wire [K*32-1:0]  rd_data;
  wire             rd_en;

  sc_delut #(.Ports(K), .Macro(TableMacro)) u_delut (
    .clk_i       (clk_i),
    .cfg_we_i    (cfg_we_i),
    .cfg_addr_i  (cfg_addr_i),
    .cfg_data_i  (cfg_data_i),
    .limit_o     (limit),
    .offset_o    (offset),
    .esc_index_o (esc_index),
    .esc_v_o     (esc_v),
    .rd_idx_i    (rd_idx),
    .rd_en_i     (rd_en),
    .rd_data_o   (rd_data)
  );

  // Per length l: base[l] = offset[l] - first[l], a code's index being base[l] + v_l (11 bits),
  // first[l] = 2 * limit[l-1]. The escape's v_l (esc_index - base[l]) comes registered from
  // sc_delut.
  wire [16*11-1:0] base;
  genvar j, g;
  generate
    for (j = 1; j <= 16; j = j + 1) begin : gen_base
      wire [10:0] first;
      if (j == 1) begin : gen_first1
        assign first = 11'd0;
      end else begin : gen_first
        assign first = {limit[(j-2)*17 +: 10], 1'b0};
      end
      assign base[(j-1)*11 +: 11] = offset[(j-1)*11 +: 11] - first;
    end
  endgenerate
  wire unused_esc_index = ^esc_index;

  // ---- state ----------------------------------------------------------------------------
  reg            busy_q, busy_d;
  reg  [5:0]     cycle_q, cycle_d;
  reg            first_q;            // the first decode cycle (cycle_q == 0, registered)
  reg            raw_q, raw_d;
  reg            err_q, err_d;
  reg  [10:0]    end_q, end_d;       // the stream's bits after the header (in_len_i - 1)
  reg  [10:0]    abs_q, abs_d;       // stream position of the register's bit 0
  reg  [1023:0]  stream_q, stream_d;
  reg  [F-1:0]   f_q, f_d;           // this decode cycle's start, one-hot
  reg  [3:0]     cs_q, cs_d;         // f_q / 16: the register's next move, in 16 bits
  // len_decode of the register's positions: plane l-1 (NP bits) = the symbols of l bits,
  // plane 16 = the escapes.
  reg  [17*NP-1:0] planes_q;
  wire [16*NP-1:0] hot_q = planes_q[0 +: 16*NP];
  wire [NP-1:0]    esc_q = planes_q[16*NP +: NP];
  reg  [1023:0]  line_q, line_d;

  wire           last = (cycle_q == LastStep);
  wire           decoding = !raw_q && (cycle_q <= LastDec);
  wire           out_in_ready;
  wire           advance = busy_q && (!last || out_in_ready);
  wire           load = in_valid_i && in_ready_o;

  // One line at a time, the output register included (as BPC's tops): a new line only when the
  // last one's result has left or leaves at this edge.
  assign in_ready_o = !busy_q && out_in_ready;

  // ---- the code chain (a decode cycle) --------------------------------------------------
  // pos at k*PW: where symbol k of this cycle starts (at K*PW: where the cycle ends), one-hot.
  // Step k moves each position by the length found there: an AND-OR per position.
  wire [(K+1)*PW-1:0] pos /*verilator split_var*/;   // acyclic per part
  assign pos[0 +: PW] = {{(PW-F){1'b0}}, f_q};
  generate
    for (j = 0; j < K; j = j + 1) begin : gen_step
      wire [PW-1:0]    cur = pos[j*PW +: PW];
      wire [32*PW-1:0] moved;   // at (l-1)*PW: by l bits; at (l+15)*PW: the escape's l + 32
      for (g = 1; g <= 16; g = g + 1) begin : gen_len
        wire [PW-1:0] by_code = cur & {{(PW-NP){1'b0}}, hot_q[(g-1)*NP +: NP] & ~esc_q};
        wire [PW-1:0] by_esc  = cur & {{(PW-NP){1'b0}}, hot_q[(g-1)*NP +: NP] & esc_q};
        assign moved[(g-1)*PW +: PW]  = {by_code[PW-1-g:0], {g{1'b0}}};
        assign moved[(g+15)*PW +: PW] = {by_esc[PW-1-g-32:0], {(g+32){1'b0}}};
        wire unused_top = ^by_code[PW-1 -: g] ^ ^by_esc[PW-1 -: g+32];
      end
      reg [PW-1:0] next;
      integer t;
      always @(*) begin
        next = {PW{1'b0}};
        for (t = 0; t < 32; t = t + 1) next = next | moved[t*PW +: PW];
      end
      assign pos[(j+1)*PW +: PW] = next;
    end
  endgenerate

  wire [PW-1:0] chain_end = pos[K*PW +: PW] >> {cs_q, 4'b0000};
  wire [3:0]    chain_cs;
  genvar m;
  generate
    for (m = 0; m < 4; m = m + 1) begin : gen_cs
      localparam [PW-1:0] Mask = bit_mask(m, 4);
      assign chain_cs[m] = |(chain_end & Mask);
    end
  endgenerate

  // The symbols this cycle picked: position relative to the shifted register, length (one-hot)
  // and escape flag, for the extraction cycle.
  reg  [K*9-1:0]  sym_pos_q;
  reg  [K*16-1:0] sym_len_q;
  reg  [K-1:0]    sym_esc_q;
  wire [K*9-1:0]  sym_pos_d;
  wire [K*16-1:0] sym_len_d;
  wire [K-1:0]    sym_esc_d;
  // Where the line's last symbol ends (relative to the shifted register); none: the chain died.
  reg  [8:0]      fin_q;
  reg             dead_q;
  wire [8:0]      fin_d;

  generate
    for (j = 0; j < K; j = j + 1) begin : gen_sym
      wire [PW-1:0] pj = pos[j*PW +: PW];
      wire [NP-1:0] at = pj[NP-1:0];
      wire [8:0]    enc;
      for (m = 0; m < 9; m = m + 1) begin : gen_enc
        localparam [PW-1:0] Mask = bit_mask(m, 0);
        assign enc[m] = |(pj & Mask);
      end
      assign sym_pos_d[j*9 +: 9] = enc - {1'b0, cs_q, 4'b0000};
      for (m = 1; m <= 16; m = m + 1) begin : gen_len
        assign sym_len_d[j*16 + m - 1] = |(at & hot_q[(m-1)*NP +: NP]);
      end
      assign sym_esc_d[j] = |(at & esc_q);
    end
    for (m = 0; m < 9; m = m + 1) begin : gen_fin
      localparam [PW-1:0] Mask = bit_mask(m, 0);
      assign fin_d[m] = |(pos[LastK*PW +: PW] & Mask);
    end
  endgenerate

  // ---- next positions' lengths ----------------------------------------------------------
  // The positions past those already decoded (see Q); the decoded ones move with the register.
  // Every edge writes the planes, selected by registers only (not by load, whose ports would
  // fan out to every plane bit): while idle they hold the input's decode, so the load edge has
  // it; during the decode cycles the next ones; afterwards nothing reads them.
  // The window of a decode cycle is registered the edge before (win_q: [Q, 2 Q) of the loaded
  // stream after the input edge, [NP, NP + Q) of the shifted register after a decode edge).
  reg  [Q+14:0] win_q;
  wire [Q+14:0] dec_win = !busy_q ? in_bits_i[1 +: Q+15] : win_q;
  always @(posedge clk_i) begin
    win_q <= load ? in_bits_i[1+Q +: Q+15] : stream_d[NP +: Q+15];
  end

  // The planes after this edge: the new positions' above the kept ones, shifted by 16 * cs.
  // first: the input edge decoded [0, Q), so the new ones go at Q.
  function automatic [17*NP-1:0] next_planes(input [Q+14:0] win, input [16*17-1:0] lim,
                                             input [16*11-1:0] ev, input [17*NP-1:0] old,
                                             input from_input, input first, input [3:0] cs);
    reg [17*Q-1:0] dec;
    reg [NP+Q-1:0] src;
    integer        pl;
    begin
      dec = len_decode(win, lim, ev);
      for (pl = 0; pl < 17; pl = pl + 1) begin
        if (from_input)  src = {{NP{1'b0}}, dec[pl*Q +: Q]};
        else if (first)  src = {{(NP-Q){1'b0}}, dec[pl*Q +: Q], old[pl*NP +: Q]};
        else             src = {dec[pl*Q +: Q], old[pl*NP +: NP]};
        if (!from_input) src = src >> {cs, 4'b0000};
        next_planes[pl*NP +: NP] = src[NP-1:0];
      end
    end
  endfunction

  // ---- extraction: the previous decode cycle's symbols ------------------------------------
  wire [K*32-1:0] sym_raw;
  wire [K*32-1:0] value;      // the words of decode cycle cycle_q - 1 - Lag
  generate
    for (j = 0; j < K; j = j + 1) begin : gen_ext
      wire [XW-1:0] shifted = stream_q[XW-1:0] >> sym_pos_q[j*9 +: 9];
      wire [47:0]   win = shifted[47:0];
      wire [15:0]   sel = sym_len_q[j*16 +: 16];
      reg  [15:0]   code;          // the code's 16 bits, first bit most significant
      reg  [15:0]   v;             // v_l: the code's value
      reg  [10:0]   index;
      reg  [31:0]   raw;
      integer b, n;
      always @(*) begin
        for (b = 0; b < 16; b = b + 1) code[15-b] = win[b];
        index = 11'd0;
        raw   = 32'd0;
        v     = 16'd0;
        for (n = 1; n <= 16; n = n + 1) begin
          if (sel[n-1]) begin
            v     = code >> (16 - n);
            index = index | (base[(n-1)*11 +: 11] + v[10:0]);
            raw   = raw | win[n +: 32];
          end
        end
      end
      wire unused_v = ^v[15:11];
      assign rd_idx[j*11 +: 11]  = index;
      assign sym_raw[j*32 +: 32] = raw;
      if (XW > 48) begin : gen_unused
        wire unused_shifted = ^shifted[XW-1:48];
      end
    end
  endgenerate

  // A symbol's word: the escaped word or its DeLUT entry. TableMacro = 1: the DeLUT reads at the
  // edge that closes the extraction cycle (rd_en) and gives the word in the next, so the escape
  // and its word are kept a cycle too.
  generate
    if (Lag != 0) begin : gen_lag
      reg [K-1:0]    esc_lag_q;
      reg [K*32-1:0] raw_lag_q;
      always @(posedge clk_i) begin
        if (rd_en) begin
          esc_lag_q <= sym_esc_q;
          raw_lag_q <= sym_raw;
        end
      end
      for (j = 0; j < K; j = j + 1) begin : gen_value
        assign value[j*32 +: 32] = esc_lag_q[j] ? raw_lag_q[j*32 +: 32] : rd_data[j*32 +: 32];
      end
    end else begin : gen_now
      for (j = 0; j < K; j = j + 1) begin : gen_value
        assign value[j*32 +: 32] = sym_esc_q[j] ? sym_raw[j*32 +: 32] : rd_data[j*32 +: 32];
      end
    end
  endgenerate
  assign rd_en = advance && !raw_q && cycle_q != 6'd0 && cycle_q <= Extract;

  // Words written this cycle: word w comes from symbol w % K of decode cycle w / K, extracted
  // in the cycle after it and written Lag cycles later.
  reg [1023:0] words_now;
  integer w;
  always @(*) begin
    words_now = line_q;
    for (w = 0; w < 32; w = w + 1) begin
      if ({26'd0, cycle_q} == w / K + 1 + Lag) begin
        words_now[w*32 +: 32] = value[(w % K)*32 +: 32];
      end
    end
  end

  // Errors: the header's (err_q); in the last extraction cycle, no code where a symbol started
  // (the chain died) or the last symbol not ending exactly at the stream's end.
  wire end_err = dead_q || (abs_q + {2'b00, fin_q} != end_q);
  wire err_now = err_q || (!raw_q && cycle_q == Extract && end_err);
  wire [1023:0] line_out = raw_q ? stream_q : words_now;

  always @(*) begin
    busy_d   = busy_q;
    cycle_d  = cycle_q;
    raw_d    = raw_q;
    err_d    = err_q;
    end_d    = end_q;
    abs_d    = abs_q;
    stream_d = stream_q;
    f_d      = f_q;
    cs_d     = cs_q;
    line_d   = line_q;
    if (load) begin
      busy_d   = 1'b1;
      cycle_d  = 6'd0;
      raw_d    = !in_bits_i[0];
      // sec. 4.3: empty, raw of the wrong length, compressed of the raw length or more.
      err_d    = (in_len_i == 11'd0) ||
                 (in_bits_i[0] ? (in_len_i >= 11'd1025) : (in_len_i != 11'd1025));
      end_d    = in_len_i - 11'd1;
      abs_d    = 11'd0;
      stream_d = in_bits_i[1024:1];
      f_d      = {{(F-1){1'b0}}, 1'b1};
      cs_d     = 4'd0;
    end else if (advance) begin
      busy_d   = !last;
      cycle_d  = cycle_q + 6'd1;
      err_d    = err_now;
      line_d   = words_now;
      if (decoding) begin
        abs_d    = abs_q + {3'd0, cs_q, 4'b0000};
        stream_d = stream_q >> {cs_q, 4'b0000};
        f_d      = chain_end[F-1:0];
        cs_d     = chain_cs;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
    end else begin
      busy_q <= busy_d;
    end
    cycle_q  <= cycle_d;
    first_q  <= load;
    raw_q    <= raw_d;
    err_q    <= err_d;
    end_q    <= end_d;
    abs_q    <= abs_d;
    stream_q <= stream_d;
    f_q      <= f_d;
    cs_q     <= cs_d;
    planes_q <= next_planes(dec_win, limit, esc_v, planes_q, !busy_q, first_q, cs_q);
    line_q   <= line_d;
    if (advance && decoding) begin
      sym_pos_q <= sym_pos_d;
      sym_len_q <= sym_len_d;
      sym_esc_q <= sym_esc_d;
      if (cycle_q == LastDec) begin
        fin_q  <= fin_d - {1'b0, cs_q, 4'b0000};
        dead_q <= pos[LastK*PW +: PW] == {PW{1'b0}};
      end
    end
  end

  // ---- output register --------------------------------------------------------------------
  wire [1024:0] out_data;

  np_stream_register #(.Width(1025)) u_out (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (busy_q && last),
    .in_ready_o  (out_in_ready),
    .in_data_i   ({err_now, line_out}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data)
  );

  assign out_err_o  = out_data[1024];
  assign out_line_o = out_data[1023:0];

endmodule
