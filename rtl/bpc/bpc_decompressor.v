// bpc_decompressor: BPC line decompressor (docs/bpc.md sections 2 to 6, ports in section 9).
//
// Function: restores the 128-byte line from a stream of in_len_i bits (bits at and above
// in_len_i ignored) and flags malformed streams (docs/bpc.md 6) on out_err_o; out_line_o is
// then not specified.
//
// Structure (docs/bpc.md 9.2): the input edge decodes the header from the bus (C, base code),
// checks the length rules and loads the stream register with the header removed. Then Steps = 7
// steps of Slots = 5 symbols go through three cycles each, one step per cycle in each:
//   find    where the step's symbols start: the symbol length at every bit position of the
//           front window is decoded from its first five bits (3, 5, 7, 10 or 32), and each
//           slot's start, a one-hot vector, is the previous one advanced by the length at it
//           (an AND-OR of five terms per position: the loop from one step to the next is this
//           chain, no multiplexer over the window and no adder). The stream register moves by
//           the start's multiple of 32 bits (registered the step before: off the chain), so a
//           start is always within the first 32 bits plus one step;
//   cut     each slot's 32-bit window at its start (a shifter over the front 32 (Slots + 1)
//           bits), decoded without the plane above (bpc_symbol_decode: length, planes filled,
//           the DBX it XORs in, whether it keeps the DBP above, a bad position);
//   place   the planes left before each slot as prefix sums of the planes filled (a slot
//           is active while planes are left; errors: a bad position, a run past plane 0), the
//           DBP chain over the slots (each slot keeps or clears the DBP above and XORs its
//           DBX), the plane register written by range (a run fills several planes), and the
//           consumed length summed over the active slots.
// After the last step three cycles add the deltas up (bpc_prefix_sum, levels 0..1, 2..3, 4:
// three chained 32-bit carry chains do not fit a cycle; the first two results are kept in the
// stream register, no longer needed), and the length check
// (consumed == in_len_i) is done. The find cycles run on past the stream's last symbol (their
// starts are then ignored); a raw stream (C = 0) fills no planes and keeps its bits in place.
//
// Latency / throughput: Steps + 6 = 13 cycles (input transfer to out_valid_o); one line at a
// time, one line per 13 cycles when the output is taken at once. Not full throughput
// (docs/bpc.md 9.2).
//
// What it does not do: no early finish for short streams (fixed latency).
//
// Worked example: in_len_i = 11, in_bits_i = 11'b111_1110_0001 (stream 1 000 01 11111) ->
// 13 cycles later out_line_o = 0, out_err_o = 0; the same bits with in_len_i = 12 ->
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
  localparam integer Slots = 5;                        // symbols per step
  localparam integer Steps = (33 + Slots - 1) / Slots; // 7: 35 slots cover 33 symbols
  localparam integer F1    = Steps + 3;
  localparam [3:0]   CntF1 = F1[3:0];                  // after the last place: levels 0..1
  localparam [3:0]   CntF2 = CntF1 + 4'd1;             // levels 2..3
  localparam [3:0]   CntF3 = CntF1 + 4'd2;             // level 4 into the output
  localparam integer FW    = 32 * (Slots + 1);         // a step's first start: below 32 + 32 Slots
  localparam integer FindW = FW + 32 * Slots;          // every start of a step (and the next)
  localparam integer CutW  = 32 * (Slots + 1);         // a slot's window after the move
  localparam integer PosBits = $clog2(FindW);

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
  reg [1024:0] s_q;          // stream: the front moves by multiples of 32; after: prefix level 3
  reg [FW-1:0] f_q;          // one-hot: the next step's first symbol starts at this bit of s_q
  reg [10:0]   len_q;        // in_len_i
  reg [10:0]   pos_q;        // bits consumed so far (header included)
  reg [5:0]    left_q;       // planes still to fill (33 .. 0); plane left_q - 1 is next
  reg [30:0]   prev_q;       // DBP of the plane filled last (DBP[33] = 0 at the start)
  reg [991:0]  planes_q;     // DBP of planes 0..31 (plane 32 only feeds prev_q)
  reg [31:0]   base_q;
  reg          raw_q;
  reg          err_q;
  reg [3:0]    cnt_q;        // 0 idle, 1..Steps find steps, then cut / place, CntF1..CntF3
  reg [1023:0] line_q;
  reg          out_err_q;
  reg          out_valid_q;

  wire accept = in_valid_i & in_ready_o;
  wire busy   = cnt_q != 4'd0;
  wire find   = busy && cnt_q <= Steps[3:0];

  assign in_ready_o  = ~busy & (~out_valid_q | out_ready_i);
  assign out_valid_o = out_valid_q;
  assign out_line_o  = line_q;
  assign out_err_o   = out_err_q;

  // ---- find: the slots' starts ------------------------------------------------------------------
  // Symbol length at bit j of the window, one vector per length (bit j: the symbol starting at
  // j has that length): 1 RAW 32; 01 RUN 7; 001 RUN1 3; 00000 / 00001 ONES, DBPZ 5; 00010 /
  // 00011 TWO, ONE 10 (docs/bpc.md 4.2).
  wire [FindW-1:0] b0 = s_q[FindW-1:0];
  wire [FindW-1:0] b1 = s_q[FindW:1];
  wire [FindW-1:0] b2 = s_q[FindW+1:2];
  wire [FindW-1:0] b3 = s_q[FindW+2:3];
  wire [FindW-1:0] is32 = b0;
  wire [FindW-1:0] is7  = ~b0 & b1;
  wire [FindW-1:0] is3  = ~b0 & ~b1 & b2;
  wire [FindW-1:0] is10 = ~b0 & ~b1 & ~b2 & b3;
  wire [FindW-1:0] is5  = ~b0 & ~b1 & ~b2 & ~b3;

  // start[k]: slot k's start (one-hot over FindW bits); start[Slots]: the next step's.
  // split_var: the chain is per slot (Verilator would otherwise see one looped variable).
  wire [FindW-1:0] start [0:Slots] /* verilator split_var */;
  assign start[0] = {{(FindW-FW){1'b0}}, f_q};
  genvar k;
  generate
    for (k = 0; k < Slots; k = k + 1) begin : gen_find
      assign start[k+1] = ((start[k] & is3) << 3) | ((start[k] & is5) << 5) | ((start[k] & is7) << 7) |
                          ((start[k] & is10) << 10) | ((start[k] & is32) << 32);
    end
  endgenerate

  // The position of a one-hot vector's one (W bits), bit b as the OR of the positions with bit
  // b set: a vector AND per bit with a constant mask rather than a loop over the positions.
  localparam integer SpBits = $clog2(32 * Slots);     // a start after the move: below 32 Slots
  function [FW*SpBits-1:0] index_masks;
    input integer unused;
    integer b, j;
    begin
      index_masks = {FW*SpBits{1'b0}};
      for (b = 0; b < SpBits; b = b + 1) begin
        for (j = 0; j < FW; j = j + 1) index_masks[b*FW + j] = ((j >> b) & 1) == 1;
      end
    end
  endfunction
  localparam [FW*SpBits-1:0] IndexMasks = index_masks(0);

  // The front moves by the step start's multiple of 32 (from f_q: known from the cycle's start).
  reg [2:0] f_coarse;
  integer fc;
  always @(*) begin
    for (fc = 0; fc < 3; fc = fc + 1) f_coarse[fc] = |(f_q & IndexMasks[(fc+5)*FW +: FW]);
  end
  wire [PosBits-1:0] coarse = {{(PosBits-8){1'b0}}, f_coarse, 5'd0};
  // The next step's start after the move: at most 31 + 32 Slots.
  wire [FindW-1:0]   f_next = start[Slots] >> coarse;

  // ---- cut: each slot's window, decoded without the plane above ------------------------------------
  // Per slot k: [k*W +: W] (vectors: Yosys keeps reg arrays as memories).
  reg [Slots*SpBits-1:0]  sp_q;             // slot starts in s_q after the move (below 32 Slots)
  reg [Slots*6-1:0]       d_len_q;
  reg [Slots*6-1:0]       d_planes_q;
  reg [Slots*31-1:0]      d_dbx_q;
  reg [Slots-1:0]   d_keep_q;               // the DBP above is kept (every symbol but DBPZ)
  reg [Slots-1:0]   d_bad_q;

  // The slots' starts after the move (below 32 Slots), for the cut stage: each one-hot start
  // moved with the front, then its position.
  wire [SpBits-1:0] sp_d [0:Slots-1];
  generate
    for (k = 0; k < Slots; k = k + 1) begin : gen_sp
      wire [FindW-1:0] moved = start[k] >> coarse;
      /* verilator lint_off UNUSEDSIGNAL */
      wire [FindW-1:0] unused_moved = moved;
      /* verilator lint_on UNUSEDSIGNAL */
      reg  [SpBits-1:0] pos;
      integer b;
      always @(*) begin
        for (b = 0; b < SpBits; b = b + 1) pos[b] = |(moved[FW-1:0] & IndexMasks[b*FW +: FW]);
      end
      assign sp_d[k] = pos;
    end
  endgenerate

  wire [5:0]  cut_len    [0:Slots-1];
  wire [5:0]  cut_planes [0:Slots-1];
  wire [30:0] cut_dbx    [0:Slots-1];
  wire [Slots-1:0] cut_keep, cut_bad;
  generate
    for (k = 0; k < Slots; k = k + 1) begin : gen_cut
      wire [CutW-1:0] front = s_q[CutW-1:0] >> sp_q[k*SpBits +: SpBits];
      wire [31:0]     win   = front[31:0];
      /* verilator lint_off UNUSEDSIGNAL */
      wire [CutW-1:0] unused_front = front;
      /* verilator lint_on UNUSEDSIGNAL */
      bpc_symbol_decode u_symbol (
        .win_i    (win),
        .prev_i   (31'd0),
        .len_o    (cut_len[k]),
        .planes_o (cut_planes[k]),
        .dbp_o    (cut_dbx[k]),
        .bad_o    (cut_bad[k])
      );
      assign cut_keep[k] = win[4:0] != 5'b10000;   // 00001: DBPZ
    end
  endgenerate

  // ---- place: the step's planes ----------------------------------------------------------------
  // Planes filled by the slots before slot k (at most 5 x 33).
  wire [7:0] pre [0:Slots] /* verilator split_var */;
  assign pre[0] = 8'd0;
  generate
    for (k = 0; k < Slots; k = k + 1) begin : gen_pre
      assign pre[k+1] = pre[k] + {2'b00, d_planes_q[k*6 +: 6]};
    end
  endgenerate

  // Slot k is active while planes are left before it; it fails on a bad position or a run past
  // plane 0 (a failing slot leaves no planes: the later slots are inactive).
  wire [7:0]       left0 = {2'b00, left_q};
  wire [Slots-1:0] active, slot_err;
  wire [31:0]      slot_hits [0:Slots-1];
  wire [30:0]      dbp [0:Slots] /* verilator split_var */;   // DBP after slot k - 1 (no gating)
  wire [8:0]       len_sum [0:Slots] /* verilator split_var */;
  assign dbp[0] = prev_q;
  assign len_sum[0] = 9'd0;
  generate
    for (k = 0; k < Slots; k = k + 1) begin : gen_place
      wire over = pre[k+1] > left0;
      assign active[k]   = pre[k] < left0;
      assign slot_err[k] = active[k] & (d_bad_q[k] | over);
      // The planes [left0 - pre[k+1], left0 - pre[k] - 1] as thermometer codes (bit q: q < x).
      // (only read when the slot is active and not past plane 0: both are then 0 .. 33).
      wire [5:0]  l_end = left_q - pre[k][5:0];
      wire [5:0]  l_beg = left_q - pre[k+1][5:0];
      wire [31:0] below_end = ~(32'hffff_ffff << l_end);
      wire [31:0] below_beg = ~(32'hffff_ffff << l_beg);
      assign slot_hits[k] = (active[k] && !slot_err[k]) ? below_end & ~below_beg : 32'd0;
      assign dbp[k+1]     = (d_keep_q[k] ? dbp[k] : 31'd0) ^ d_dbx_q[k*31 +: 31];
      assign len_sum[k+1] = len_sum[k] + (active[k] ? {3'b000, d_len_q[k*6 +: 6]} : 9'd0);
    end
  endgenerate

  // The DBP above the next step: the last active slot's (the active slots are a prefix).
  wire [30:0] prev_after [0:Slots] /* verilator split_var */;
  assign prev_after[0] = prev_q;
  generate
    for (k = 0; k < Slots; k = k + 1) begin : gen_prev
      assign prev_after[k+1] = active[k] ? dbp[k+1] : prev_after[k];
    end
  endgenerate
  wire [30:0] prev_next = prev_after[Slots];
  wire [5:0] left_next = (active[Slots-1] && !(pre[Slots] > left0)) ? left_q - pre[Slots][5:0] : 6'd0;

  // Plane p takes the DBP of the slot whose hit mask has bit p (at most one has: the slots'
  // ranges follow one another downwards), ORed over the slots; a plane per net.
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
        assign fill[u+1] = fill[u] | (slot_hits[u][p] ? dbp[u+1] : 31'd0);
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

  // Two adder levels a cycle at most: three chained 32-bit carry chains are 1.5 ns.
  wire [1023:0] sum_a, sum_b, sum_c;
  bpc_prefix_sum #(.First(0), .Last(1)) u_sum_a (.words_i (x),           .words_o (sum_a));
  bpc_prefix_sum #(.First(2), .Last(3)) u_sum_b (.words_i (s_q[1023:0]), .words_o (sum_b));
  bpc_prefix_sum #(.First(4), .Last(4)) u_sum_c (.words_i (s_q[1023:0]), .words_o (sum_c));

  integer p_w, k_w;

  // ---- registers -------------------------------------------------------------------------------
  // Step s is found at cnt_q = s, cut at s + 1 and placed at s + 2 (s = 1 .. Steps).
  wire cut   = cnt_q >= 4'd2 && cnt_q <= Steps[3:0] + 4'd1;
  wire place = cnt_q >= 4'd3 && cnt_q <= Steps[3:0] + 4'd2;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [FindW-1:0] unused_f_next = f_next;
  /* verilator lint_on UNUSEDSIGNAL */

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q       <= 4'd0;
      out_valid_q <= 1'b0;
    end else begin
      if (accept) begin
        cnt_q       <= 4'd1;
        out_valid_q <= 1'b0;
      end else if (busy) begin
        cnt_q       <= cnt_q == CntF3 ? 4'd0 : cnt_q + 4'd1;
        out_valid_q <= cnt_q == CntF3;
      end else if (out_ready_i) begin
        out_valid_q <= 1'b0;
      end
    end
  end

  always @(posedge clk_i) begin
    if (accept) begin
      // Raw streams keep the bus as it is (the line is bits 1024..1) and fill no planes.
      s_q <= c_bit ? in_body : in_bits_i;
      f_q <= {{(FW-1){1'b0}}, 1'b1};
    end else if (find) begin
      if (!raw_q) s_q <= s_q >> coarse;
      f_q <= f_next[FW-1:0];
    end else if (cnt_q == CntF1 && !raw_q) begin
      s_q <= {1'b0, sum_a};
    end else if (cnt_q == CntF2 && !raw_q) begin
      s_q <= {1'b0, sum_b};
    end
    if (find) begin
      for (k_w = 0; k_w < Slots; k_w = k_w + 1) sp_q[k_w*SpBits +: SpBits] <= sp_d[k_w];
    end
    if (cut) begin
      for (k_w = 0; k_w < Slots; k_w = k_w + 1) begin
        d_len_q[k_w*6 +: 6]     <= cut_len[k_w];
        d_planes_q[k_w*6 +: 6]  <= cut_planes[k_w];
        d_dbx_q[k_w*31 +: 31]   <= cut_dbx[k_w];
      end
      d_keep_q <= cut_keep;
      d_bad_q  <= cut_bad;
    end
  end

  always @(posedge clk_i) begin
    if (accept) begin
      len_q    <= in_len_i;
      pos_q    <= {5'd0, hdr_len};
      left_q   <= c_bit ? 6'd33 : 6'd0;
      prev_q   <= 31'd0;
      planes_q <= 992'd0;
      base_q   <= base;
      raw_q    <= ~c_bit;
      err_q    <= len_err;
    end else if (place) begin
      pos_q    <= pos_q + {2'b00, len_sum[Slots]};
      left_q   <= left_next;
      prev_q   <= prev_next;
      for (p_w = 0; p_w < 32; p_w = p_w + 1) begin
        planes_q[31*p_w +: 31] <= plane_d[p_w];
      end
      err_q    <= err_q | (|slot_err);
    end else if (cnt_q == CntF1) begin
      // docs/bpc.md 6: truncated (consumed past in_len_i) or trailing bits.
      err_q <= err_q | (!raw_q && pos_q != len_q);
    end else if (cnt_q == CntF3) begin
      line_q    <= raw_q ? s_q[1024:1] : sum_c;
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
