// bpc_decompressor: BPC line decompressor (docs/bpc.md sections 2 to 6, ports in section 9).
//
// Function: restores the 128-byte line from a stream of in_len_i bits (bits at and above
// in_len_i ignored) and flags malformed streams (docs/bpc.md 6) on out_err_o; out_line_o is
// then not specified.
//
// Structure (docs/bpc.md 9.2): the input edge decodes the header from the bus (C, base code),
// checks the length rules and loads the stream register with the header removed. Then Steps = 7
// decoder steps each read up to Slots = 5 symbols from the front of the stream register: slot
// k+1's window is slot k's shifted by slot k's length (a 5-way choice: 3, 5, 7, 10 or 32 bits),
// so the serial dependence costs one small multiplexer per symbol. Each slot rebuilds the DBP
// of the planes it fills from the DBP above (bpc_symbol_decode) and writes them into the plane
// register by range (a run fills several planes with the same DBP); the stream register shifts
// by the step's total. 35 slots cover the worst case of 33 symbols. After the steps, two
// cycles add the deltas up (bpc_prefix_sum, levels 0..2 then 3..4; the first result is kept in
// the stream register, no longer needed), and the length check (consumed == in_len_i) is done.
//
// Latency / throughput: 10 cycles (input transfer to out_valid_o); one line at a time, one line
// per 10 cycles when the output is taken at once. Not full throughput (docs/bpc.md 9.2).
//
// What it does not do: no early finish for short streams (fixed latency).
//
// Worked example: in_len_i = 11, in_bits_i = 11'b111_1110_0001 (stream 1 000 01 11111) ->
// 10 cycles later out_line_o = 0, out_err_o = 0; the same bits with in_len_i = 12 ->
// out_err_o = 1 (trailing bit).
module bpc_decompressor (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1024:0] in_bits_i,
  input  wire [10:0]   in_len_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1023:0] out_line_o,
  output wire          out_err_o
);
  localparam integer Slots = 5;                        // symbols per decoder step
  localparam integer Steps = (33 + Slots - 1) / Slots; // 7
  localparam [3:0]   CntF1 = 4'd8;                     // Steps + 1: prefix-sum levels 0..2
  localparam [3:0]   CntF2 = 4'd9;                     // Steps + 2: levels 3..4 into the output

  // ---- header, decoded from the bus at the input edge (docs/bpc.md 4.1) --------------------
  wire        c_bit = in_bits_i[0];
  reg  [5:0]  hdr_len;
  reg  [31:0] base;
  // The stream after the header: one of five constant shifts (no general shifter), chosen in
  // the same branches as the header (a case on hdr_len made Verilator compute every shift).
  reg [1024:0] in_body;
  always @(*) begin
    if (in_bits_i[1]) begin                              // 1: 32-bit base
      hdr_len = 6'd34;
      base    = in_bits_i[33:2];
      in_body = in_bits_i >> 34;
    end else begin
      case ({in_bits_i[3], in_bits_i[2]})
        2'b00: begin                                                                 // 000
          hdr_len = 6'd4;
          base    = 32'd0;
          in_body = in_bits_i >> 4;
        end
        2'b10: begin                                                                 // 001
          hdr_len = 6'd8;
          base    = {{28{in_bits_i[7]}}, in_bits_i[7:4]};
          in_body = in_bits_i >> 8;
        end
        2'b01: begin                                                                 // 010
          hdr_len = 6'd12;
          base    = {{24{in_bits_i[11]}}, in_bits_i[11:4]};
          in_body = in_bits_i >> 12;
        end
        default: begin                                                               // 011
          hdr_len = 6'd20;
          base    = {{16{in_bits_i[19]}}, in_bits_i[19:4]};
          in_body = in_bits_i >> 20;
        end
      endcase
    end
  end
  // docs/bpc.md 6: no C bit; raw of the wrong length; compressed but not shorter than raw.
  wire len_err = (in_len_i == 11'd0) ||
                 (!c_bit && in_len_i != 11'd1025) ||
                 (c_bit && in_len_i >= 11'd1025);

  // ---- state ---------------------------------------------------------------------------------
  reg [1024:0] s_q;          // stream, next symbol at bit 0; after the steps: prefix level 3
  reg [10:0]   len_q;        // in_len_i
  reg [10:0]   pos_q;        // bits consumed so far (header included)
  reg [5:0]    left_q;       // planes still to fill (33 .. 0); plane left_q - 1 is next
  reg [30:0]   prev_q;       // DBP of the plane filled last (DBP[33] = 0 at the start)
  reg [991:0]  planes_q;     // DBP of planes 0..31 (plane 32 only feeds prev_q)
  reg [31:0]   base_q;
  reg          raw_q;
  reg          err_q;
  reg [3:0]    cnt_q;        // 0 idle, 1..Steps decoder steps, CntF1, CntF2
  reg [1023:0] line_q;
  reg          out_err_q;
  reg          out_valid_q;

  wire accept = in_valid_i & in_ready_o;
  wire busy   = cnt_q != 4'd0;
  wire step   = busy && cnt_q <= Steps[3:0];

  assign in_ready_o  = ~busy & (~out_valid_q | out_ready_i);
  assign out_valid_o = out_valid_q;
  assign out_line_o  = line_q;
  assign out_err_o   = out_err_q;

  // ---- one decoder step -------------------------------------------------------------------------
  // Per-slot values are array words (a net each), not slices of one vector: Icarus resolves a
  // vector with several partial drivers bit by bit for each driver that changes, and the slot
  // chain settles in several steps. split_var: the chains are per slot (Verilator would
  // otherwise see one looped variable).
  wire [32*Slots-1:0] win  [0:Slots] /* verilator split_var */;  // slot k reads from its first bit
  wire [5:0]          left [0:Slots] /* verilator split_var */;  // planes left before slot k
  wire [30:0]         prev [0:Slots] /* verilator split_var */;  // DBP above slot k's planes
  wire [5:0]          slot_len  [0:Slots-1];   // bits consumed by slot k
  wire [30:0]         slot_dbp  [0:Slots-1];
  wire [31:0]         slot_hits [0:Slots-1];   // planes filled by slot k (bit p: plane p)
  wire [Slots-1:0]    slot_err;

  assign win[0]  = s_q[32*Slots-1:0];
  assign left[0] = left_q;
  assign prev[0] = prev_q;

  genvar k;
  generate
    for (k = 0; k < Slots; k = k + 1) begin : gen_slot
      wire [5:0]  dec_len, dec_planes;
      wire [30:0] dec_dbp;
      wire        dec_bad;
      wire [5:0]  l_in   = left[k];
      wire        active = l_in != 6'd0;

      bpc_symbol_decode u_symbol (
        .win_i    (win[k][31:0]),
        .prev_i   (prev[k]),
        .len_o    (dec_len),
        .planes_o (dec_planes),
        .dbp_o    (dec_dbp),
        .bad_o    (dec_bad)
      );

      assign slot_len[k] = active ? dec_len : 6'd0;
      assign slot_dbp[k] = dec_dbp;
      // docs/bpc.md 6: a one outside the plane, or a run past plane 0.
      assign slot_err[k] = active && (dec_bad || dec_planes > l_in);
      assign left[k+1]   = (active && dec_planes <= l_in) ? l_in - dec_planes : 6'd0;
      assign prev[k+1]   = active ? dec_dbp : prev[k];
      // The planes [l_in - n, l_in - 1] of a slot that fills n planes without error: the planes
      // below l_in and not below l_in - n, as thermometer codes (bit q: q < x), whole vectors
      // in a simulator rather than 32 one-bit comparisons per operand.
      wire [31:0] below_end = ~(32'hffff_ffff << l_in);
      wire [31:0] below_beg = ~(32'hffff_ffff << (l_in - dec_planes));
      assign slot_hits[k] = (active && dec_planes != 6'd0 && !slot_err[k]) ? below_end & ~below_beg
                                                                          : 32'd0;
      // The next slot's window: this one's, shifted by the symbol length (3, 5, 7, 10 or 32).
      wire [32*Slots-1:0] cur_win = win[k];
      reg  [32*Slots-1:0] next_win;
      always @(*) begin
        case (dec_len)
          6'd3:    next_win = cur_win >> 3;
          6'd5:    next_win = cur_win >> 5;
          6'd7:    next_win = cur_win >> 7;
          6'd10:   next_win = cur_win >> 10;
          default: next_win = cur_win >> 32;
        endcase
      end
      assign win[k+1] = next_win;
    end
  endgenerate

  // The step's total: bits consumed by slots < u at [u].
  wire [8:0] len_sum [0:Slots] /* verilator split_var */;
  assign len_sum[0] = 9'd0;
  generate
    for (k = 0; k < Slots; k = k + 1) begin : gen_len_sum
      assign len_sum[k+1] = len_sum[k] + {3'b000, slot_len[k]};
    end
  endgenerate
  wire [8:0] step_len = len_sum[Slots];

  // Plane p takes the DBP of the slot whose hit mask has bit p (at most one has: the slots'
  // ranges follow one another downwards), ORed over the slots; a plane per net (see above).
  wire [31:0] hit_any [0:Slots] /* verilator split_var */;   // planes hit by slots < u
  wire [30:0] plane_d [0:31];
  assign hit_any[0] = 32'd0;
  genvar p, u;
  generate
    for (u = 0; u < Slots; u = u + 1) begin : gen_hit_any
      assign hit_any[u+1] = hit_any[u] | slot_hits[u];
    end
    for (p = 0; p < 32; p = p + 1) begin : gen_plane
      wire [30:0] fill [0:Slots] /* verilator split_var */;   // OR over the slots < u hitting p
      assign fill[0] = 31'd0;
      for (u = 0; u < Slots; u = u + 1) begin : gen_fill
        assign fill[u+1] = fill[u] | (slot_hits[u][p] ? slot_dbp[u] : 31'd0);
      end
      assign plane_d[p] = hit_any[Slots][p] ? fill[Slots] : planes_q[31*p +: 31];
    end
  endgenerate

  // ---- deltas to words -------------------------------------------------------------------------
  // x[0] = base, x[i] = d[i-1]: bit j of d[i] is bit i of DBP[j], a wiring transpose done by
  // np_transpose32 on the planes as 32 rows of 32 bits (column 31 zero): row i of the result
  // is d[i], row 31 is zero. Wide vector operations rather than 992 one-bit moves, which the
  // simulators evaluate one by one on every step.
  reg  [1023:0] plane_rows;
  // Row 31 (bits 1023:992) is the zero column 31 of the planes.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [1023:0] delta_rows;
  /* verilator lint_on UNUSEDSIGNAL */
  integer j;
  always @(*) begin
    for (j = 0; j < 32; j = j + 1) begin
      plane_rows[32*j +: 32] = {1'b0, planes_q[31*j +: 31]};
    end
  end

  np_transpose32 u_transpose (.m_i (plane_rows), .t_o (delta_rows));

  wire [1023:0] x = {delta_rows[991:0], base_q};

  wire [1023:0] sum_lo, sum_hi;
  bpc_prefix_sum #(.First(0), .Last(2)) u_sum_lo (.words_i (x),           .words_o (sum_lo));
  bpc_prefix_sum #(.First(3), .Last(4)) u_sum_hi (.words_i (s_q[1023:0]), .words_o (sum_hi));

  integer p_w;

  // ---- registers -------------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q       <= 4'd0;
      out_valid_q <= 1'b0;
    end else begin
      if (accept) begin
        cnt_q       <= 4'd1;
        out_valid_q <= 1'b0;
      end else if (busy) begin
        cnt_q       <= cnt_q == CntF2 ? 4'd0 : cnt_q + 4'd1;
        out_valid_q <= cnt_q == CntF2;
      end else if (out_ready_i) begin
        out_valid_q <= 1'b0;
      end
    end
  end

  always @(posedge clk_i) begin
    if (accept) begin
      // Raw streams keep the bus as it is (the line is bits 1024..1) and fill no planes.
      s_q      <= c_bit ? in_body : in_bits_i;
      len_q    <= in_len_i;
      pos_q    <= {5'd0, hdr_len};
      left_q   <= c_bit ? 6'd33 : 6'd0;
      prev_q   <= 31'd0;
      planes_q <= 992'd0;
      base_q   <= base;
      raw_q    <= ~c_bit;
      err_q    <= len_err;
    end else if (step) begin
      s_q      <= s_q >> step_len;
      pos_q    <= pos_q + {2'b00, step_len};
      left_q   <= left[Slots];
      prev_q   <= prev[Slots];
      for (p_w = 0; p_w < 32; p_w = p_w + 1) begin
        planes_q[31*p_w +: 31] <= plane_d[p_w];
      end
      err_q    <= err_q | (|slot_err);
    end else if (cnt_q == CntF1) begin
      if (!raw_q) begin
        s_q <= {1'b0, sum_lo};
      end
      // docs/bpc.md 6: truncated (consumed past in_len_i) or trailing bits.
      err_q <= err_q | (!raw_q && pos_q != len_q);
    end else if (cnt_q == CntF2) begin
      line_q    <= raw_q ? s_q[1024:1] : sum_hi;
      out_err_q <= err_q;
    end
  end

`ifndef SYNTHESIS
  np_stream_checker #(.Width(1024 + 1)) u_check (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (out_valid_o),
    .ready_i (out_ready_i),
    .data_i  ({out_err_o, out_line_o})
  );
`endif
endmodule
