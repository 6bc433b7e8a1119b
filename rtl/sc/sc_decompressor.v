// sc_decompressor: SC stream -> 128-byte line (docs/sc.md secs. 4, 5), with the DeLUT loaded
// through a configuration port (sec. 6).
//
// Function: in_bits_i holds a stream of in_len_i bits (s[i] = in_bits_i[i]; bits at and above
// in_len_i are ignored). C = s[0]. A raw stream (C = 0) is the line itself; a compressed one is
// decoded SymbolsPerCycle symbols per cycle by a chain of sc_decode_slot, each looking at the
// stream from where the previous one stopped, its value read from the DeLUT (or the escaped
// word). out_err_o = 1 exactly for the malformed streams of sec. 4.3 (in_len_i = 0; C = 0 with
// a length other than 1025; C = 1 with 1025 or more; no code within the bits left; an escaped
// word past the end; bits left after 32 symbols); out_line_o is not specified then.
//
// Latency / throughput: ceil(32 / SymbolsPerCycle) + 1 + TableMacro cycles (10 at the defaults):
// the input edge loads the stream register, each decode cycle shifts it by the bits its symbols
// used, and the last one writes the output register. With the DeLUT in SRAM (TableMacro = 1,
// the default) a decode cycle's DeLUT reads are issued at its closing edge and their words
// written into the line one cycle later, so one cycle more (TableMacro = 0: the DeLUT in
// flip-flops, read in the same cycle, 9 cycles; docs/synthesis.md "SRAM macros"). One line at a
// time: in_ready_o is low while a line is being decoded or its result waits in the output
// register, so a line every latency cycles when the output is not stalled.
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
  parameter integer SymbolsPerCycle = 4,
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

  localparam integer K      = SymbolsPerCycle;
  localparam integer Cycles = (32 + K - 1) / K;
  localparam integer WinBits = 48 * K;           // every slot's window lies inside
  localparam integer LastCycleI = Cycles - 1;
  localparam [5:0]   LastCycle = LastCycleI[5:0];   // the last decode cycle
  localparam integer Lag     = (TableMacro != 0) ? 1 : 0;   // cycles from a DeLUT read to its word
  localparam integer LastStepI = Cycles - 1 + Lag;
  localparam [5:0]   LastStep = LastStepI[5:0];     // the cycle that writes the output register

  // ---- code table -----------------------------------------------------------------------
  wire [16*17-1:0] limit;
  wire [16*11-1:0] offset;
  wire [10:0]      esc_index;
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
    .rd_idx_i    (rd_idx),
    .rd_en_i     (rd_en),
    .rd_data_o   (rd_data)
  );

  // ---- state ----------------------------------------------------------------------------
  reg           busy_q, busy_d;
  reg  [5:0]    cycle_q, cycle_d;
  reg           raw_q, raw_d;
  reg           err_q, err_d;
  reg  [10:0]   rem_q, rem_d;
  reg  [1023:0] stream_q, stream_d;   // s[1..1024], shifted down by the bits already used
  reg  [1023:0] line_q, line_d;

  wire          last = (cycle_q == LastStep);
  wire          last_decode = (cycle_q == LastCycle);
  wire          out_in_ready;
  wire          advance = busy_q && (!last || out_in_ready);
  wire          load = in_valid_i && in_ready_o;

  // One line at a time, the output register included (as BPC's tops): a new line only when the
  // last one's result has left or leaves at this edge.
  assign in_ready_o = !busy_q && out_in_ready;

  // ---- the slot chain -------------------------------------------------------------------
  wire [WinBits-1:0] window = stream_q[WinBits-1:0];
  // The chain through the slots is acyclic per part; split_var lets Verilator see that.
  wire [(K+1)*9-1:0]  off /*verilator split_var*/;   // bits used before slot j
  wire [(K+1)*11-1:0] rem /*verilator split_var*/;   // bits left before slot j
  wire [K-1:0]       slot_err;
  wire [K-1:0]       slot_esc;
  wire [K*32-1:0]    slot_raw;
  wire [K*32-1:0]    value;      // the words of decode cycle cycle_q - Lag

  assign off[8:0]   = 9'd0;
  assign rem[10:0]  = rem_q;

  genvar j;
  generate
    for (j = 0; j < K; j = j + 1) begin : gen_slot
      // The slot's 48 bits, in a block of two steps: Verilator copies a single-assignment
      // wire's expression into every use, and the slot reads its window bit by bit (114
      // reads, each a 192-bit shift: half of the simulation time).
      reg  [WinBits-1:0] shifted;
      reg  [47:0]        slot_win;
      always @(*) begin
        shifted  = window >> off[j*9 +: 9];
        slot_win = shifted[47:0];
      end
      wire [5:0]  used;
      wire [10:0] index;
      wire        esc, err;
      wire [31:0] raw;
      // Symbol cycle * K + j exists (K need not divide 32) and the line is compressed.
      localparam integer SlotCyclesI = (32 - j + K - 1) / K;
      localparam [5:0]   SlotCycles  = SlotCyclesI[5:0];
      wire        active = !raw_q && (cycle_q < SlotCycles);

      sc_decode_slot u_slot (
        .win_i       (slot_win),
        .rem_i       (rem[j*11 +: 11]),
        .limit_i     (limit),
        .offset_i    (offset),
        .esc_index_i (esc_index),
        .used_o      (used),
        .index_o     (index),
        .esc_o       (esc),
        .raw_o       (raw),
        .err_o       (err)
      );

      assign off[(j+1)*9 +: 9]    = off[j*9 +: 9] + (active ? {3'd0, used} : 9'd0);
      assign rem[(j+1)*11 +: 11]  = rem[j*11 +: 11] - (active ? {5'd0, used} : 11'd0);
      assign slot_err[j]          = active && err;
      assign rd_idx[j*11 +: 11]   = index;
      assign slot_esc[j]          = esc;
      assign slot_raw[j*32 +: 32] = raw;
      if (WinBits > 48) begin : gen_unused
        wire unused_shifted = ^shifted[WinBits-1:48];
      end
    end
  endgenerate

  // A slot's word: the escaped word or its DeLUT entry. TableMacro = 1: the DeLUT reads at the
  // edge that closes a decode cycle (rd_en) and gives the word in the next, so the escape and
  // its word are kept a cycle too.
  generate
    if (Lag != 0) begin : gen_lag
      reg [K-1:0]    esc_lag_q;
      reg [K*32-1:0] raw_lag_q;
      always @(posedge clk_i) begin
        if (rd_en) begin
          esc_lag_q <= slot_esc;
          raw_lag_q <= slot_raw;
        end
      end
      for (j = 0; j < K; j = j + 1) begin : gen_value
        assign value[j*32 +: 32] = esc_lag_q[j] ? raw_lag_q[j*32 +: 32] : rd_data[j*32 +: 32];
      end
    end else begin : gen_now
      for (j = 0; j < K; j = j + 1) begin : gen_value
        assign value[j*32 +: 32] = slot_esc[j] ? slot_raw[j*32 +: 32] : rd_data[j*32 +: 32];
      end
    end
  endgenerate
  assign rd_en = advance && !raw_q && (cycle_q <= LastCycle);

  // Words written this cycle: word w comes from slot w % K of decode cycle w / K, Lag cycles
  // later.
  reg [1023:0] words_now;
  integer w;
  always @(*) begin
    words_now = line_q;
    for (w = 0; w < 32; w = w + 1) begin
      if ({26'd0, cycle_q} == w / K + Lag) begin
        words_now[w*32 +: 32] = value[(w % K)*32 +: 32];
      end
    end
  end

  // Errors: the header's (err_q), any active slot's, and on the last cycle bits left over.
  wire err_now  = err_q || (|slot_err) || (last_decode && !raw_q && rem[K*11 +: 11] != 11'd0);
  wire [1023:0] line_out = raw_q ? stream_q : words_now;

  always @(*) begin
    busy_d   = busy_q;
    cycle_d  = cycle_q;
    raw_d    = raw_q;
    err_d    = err_q;
    rem_d    = rem_q;
    stream_d = stream_q;
    line_d   = line_q;
    if (load) begin
      busy_d   = 1'b1;
      cycle_d  = 6'd0;
      raw_d    = !in_bits_i[0];
      // sec. 4.3: empty, raw of the wrong length, compressed of the raw length or more.
      err_d    = (in_len_i == 11'd0) ||
                 (in_bits_i[0] ? (in_len_i >= 11'd1025) : (in_len_i != 11'd1025));
      rem_d    = in_len_i - 11'd1;
      stream_d = in_bits_i[1024:1];
    end else if (advance) begin
      busy_d   = !last;
      cycle_d  = cycle_q + 6'd1;
      err_d    = err_now;
      rem_d    = rem[K*11 +: 11];
      stream_d = raw_q ? stream_q : (stream_q >> off[K*9 +: 9]);
      line_d   = words_now;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
    end else begin
      busy_q <= busy_d;
    end
    cycle_q  <= cycle_d;
    raw_q    <= raw_d;
    err_q    <= err_d;
    rem_q    <= rem_d;
    stream_q <= stream_d;
    line_q   <= line_d;
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
