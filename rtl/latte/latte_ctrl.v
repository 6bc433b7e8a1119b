// latte_ctrl: the LATTE-CC controller (docs/latte.md 4 to 7), the RTL of latte_ctrl_event() in
// cmodel/src/latte.c.
//
// Function: one event per transfer, one answer per event, in order. in_kind_i:
//   0 ACCESS     an L1 access (set, acc: 0 read miss / 1 read hit / 2,3 write, the hit line's
//                compression_policy, the decompression-queue position): answers the mode the
//                access's fill uses (the set's own mode for a dedicated set in the learning EP,
//                else the follower mode), counts N_miss (EP 0) and N_hit (EPs 0, 1) in the
//                dedicated sets, averages the queue position over read hits; the 256th access
//                of an EP ends it
//   1 LT_SAMPLE  one schedule: ready warps, execution cycles (eq. 4 averages)
//   2 CONFIG     loads the policy and latency registers
//   3 RESTART    state as after reset, configuration kept
// Answer: policy, the follower mode before any decision this event triggers, the event's EP
// index, ep_end, vft_sample (EP 0 of the first period or the last EP of a period) and rebuild
// (ep_end of such an EP).
//
// Averages are EMAs s <- s - (s >> 5) + x (11/13/11 bits). At the end of every EP the mode
// with the smallest AMAT_GPU (eq. 1-2, max() form) is chosen by a sequencer of 9 steps, each
// ending in registers. Every product is a carry-save step (latte_csa: partial products reduced
// to two rows by 3:2 adders) followed by a carry-propagate step (bdi_prefix_add), so no step
// holds a multiplier and an adder in series (docs/latte.md 10.1):
//   1 LT = s_warps * s_cycles, eff_m = dlat_m * (s_q + 32), in carry-save form
//   2 LT >> 10, eff_m >> 5 added out
//   3 pen_m = max(hit_lat + eff_m - LT, 0)       (LT = 0 for Adaptive-CMP, pen = 0 for
//                                                  Adaptive-Hit-Count)
//   4 total_m = N_hit_m * pen_m + N_miss_m * miss_lat in carry-save form, acc_m = N_hit_m + N_miss_m
//   5 total_m added out
//   6 the cross products none vs LL as one difference, tot1 * acc0 - tot0 * acc1, carry-save
//   7 its sign (tot1 * acc0 < tot0 * acc1), the winner (acc 0 skipped, ties to the lower mode)
//   8 the same for the winner vs HC              9 mode (Static: static_mode), counters
//                                                  cleared if the period ended
// Latency / throughput: 1 cycle per answer, one event per cycle, except that after an
// EP-ending access in_ready_o stays low for the 9 sequencer cycles (9 of every >= 256 cycles).
// The event-level behaviour is exactly the C model's: nothing is accepted while a decision is
// pending. in_ready_o = !busy && (!out_valid_o || out_ready_i).
//
// Register bits: 141 of state (docs/latte.md 8), 543 in the decision sequencer, 12 in the
// output register (663 flops in synthesis: constant and unread sequencer bits go).
//
// What it does not do: it does not compress, hold tags or count accesses itself (the L1 sends
// them), and it checks no ranges (hit_policy 3, static_mode 3, miss_lat 0 are never driven;
// the C model rejects them).
//
// Worked example (docs/latte.md, tests/test_latte.c test_hand_sequence, with EpAccesses = 4):
// misses in sets 0, 1, a hit (policy 2) and a miss in set 2 -> the 4th answer has ep_end = 1
// and, 9 cycles later, the follower mode is 2 (AMAT none 100, LL 100, HC 57.5).
module latte_ctrl #(
  parameter integer Sets       = 32,
  parameter integer EpAccesses = 256,
  parameter integer PeriodEps  = 10
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire                     in_valid_i,
  output wire                     in_ready_o,
  input  wire [1:0]               in_kind_i,
  input  wire [$clog2(Sets)-1:0]  in_set_i,
  input  wire [1:0]               in_acc_i,
  input  wire [1:0]               in_hit_policy_i,
  input  wire [5:0]               in_qpos_i,
  input  wire [5:0]               in_warps_i,
  input  wire [7:0]               in_cycles_i,
  input  wire [1:0]               in_cfg_policy_i,
  input  wire [1:0]               in_cfg_static_mode_i,
  input  wire [7:0]               in_cfg_hit_lat_i,
  input  wire [5:0]               in_cfg_dlat_ll_i,
  input  wire [5:0]               in_cfg_dlat_hc_i,
  input  wire [9:0]               in_cfg_miss_lat_i,
  output wire                     out_valid_o,
  input  wire                     out_ready_i,
  output wire [1:0]               out_policy_o,
  output wire [1:0]               out_mode_o,
  output wire [3:0]               out_ep_o,
  output wire                     out_ep_end_o,
  output wire                     out_vft_sample_o,
  output wire                     out_rebuild_o
);

  localparam integer SetBits    = $clog2(Sets);
  localparam integer StrideBits = SetBits - 2;                   // stride = Sets / 4
  localparam integer CountBits  = $clog2(EpAccesses);
  localparam integer MissBits   = $clog2(EpAccesses + 1);        // N_miss <= one EP
  localparam integer HitBits    = $clog2(2 * EpAccesses + 1);    // N_hit <= two EPs
  localparam integer AccBits    = $clog2(3 * EpAccesses + 1);
  localparam integer PenBits    = 13;                            // 255 + 63 * 64
  localparam integer TotBits    = HitBits + PenBits;             // >= every total
  localparam integer ProdBits   = TotBits + AccBits;
  localparam integer DiffBits   = ProdBits + 1;                  // a difference of two products
  localparam integer TotRows    = HitBits + MissBits;            // step 4's partial products
  localparam integer DiffRows   = 2 * AccBits + 1;               // step 6/8's, and a constant
  localparam [3:0]   LastStep   = 4'd9;
  localparam integer OutBits    = 2 + 2 + 4 + 3;

  localparam [1:0] KindAccess = 2'd0, KindLt = 2'd1, KindConfig = 2'd2;
  localparam [1:0] PolLatte = 2'd0, PolHitCount = 2'd1, PolStatic = 2'd3;

  // ---- state ---------------------------------------------------------------------------------
  reg [1:0]           cfg_policy_q, cfg_static_q;
  reg [7:0]           cfg_hit_q;
  reg [5:0]           cfg_dll_q, cfg_dhc_q;
  reg [9:0]           cfg_miss_q;
  reg [CountBits-1:0] count_q;
  reg [3:0]           ep_q;
  reg                 first_q;
  reg [1:0]           mode_q;
  reg [3*HitBits-1:0] nhit_q;      // mode m at [m*HitBits +: HitBits]
  reg [3*MissBits-1:0] nmiss_q;
  reg [10:0]          sw_q, sq_q;
  reg [12:0]          sc_q;
  // the decision sequencer (carry-save pairs: _s + _c is the value)
  reg [3:0]           step_q;      // 0 idle, 1..LastStep busy
  reg                 period_end_q;
  reg [23:0]          lt_s_q, lt_c_q;
  reg [17:0]          ell_s_q, ell_c_q, ehc_s_q, ehc_c_q;
  reg [13:0]          lt_q;
  reg [11:0]          eff_ll_q, eff_hc_q;
  reg [3*PenBits-1:0] pen_q;
  reg [3*TotBits-1:0] tot_s_q, tot_c_q;
  reg [3*TotBits-1:0] tot_q;
  reg [3*AccBits-1:0] acc_q;
  reg [DiffBits-1:0]  d_s_q, d_c_q;
  reg                 best_valid_q;
  reg [1:0]           best_q;
  reg [TotBits-1:0]   best_tot_q;
  reg [AccBits-1:0]   best_acc_q;

  wire busy = step_q != 4'd0;
  wire reg_ready;
  assign in_ready_o = ~busy & reg_ready;
  wire fire = in_valid_i & in_ready_o;

  // ---- the event ------------------------------------------------------------------------------
  wire                  is_access = in_kind_i == KindAccess;
  // Only the set's position within its stride decides its role (docs/latte.md 4.2).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [SetBits-1:0]    set_all = in_set_i;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [StrideBits-1:0] role_bits = set_all[StrideBits-1:0];
  wire                  dedicated = role_bits < 3;
  wire [1:0]            role = role_bits[1:0];
  wire                  is_static = cfg_policy_q == PolStatic;
  wire                  acc_hit = ~in_acc_i[1] & in_acc_i[0];
  wire                  acc_miss = ~in_acc_i[1] & ~in_acc_i[0];
  wire                  last_ep = ep_q == PeriodEps[3:0] - 4'd1;
  wire                  vft = last_ep | ((ep_q == 4'd0) & first_q);
  wire                  ep_end = is_access & (count_q == EpAccesses[CountBits-1:0] - 1'b1);

  reg [1:0] policy;
  always @(*) begin
    if (!is_access) policy = mode_q;
    else if (is_static) policy = cfg_static_q;
    else if (ep_q == 4'd0 && dedicated) policy = role;
    else policy = mode_q;
  end

  wire count_miss = is_access & ~is_static & dedicated & (ep_q == 4'd0) & acc_miss;
  wire count_hit  = is_access & ~is_static & dedicated & (ep_q <= 4'd1) & acc_hit &
                    (in_hit_policy_i == role);

  // EMA step: s - (s >> 5) + x never leaves the register's width (docs/latte.md 5.2).
  wire [10:0] sw_next = sw_q - {5'd0, sw_q[10:5]} + {5'd0, in_warps_i};
  wire [12:0] sc_next = sc_q - {5'd0, sc_q[12:5]} + {5'd0, in_cycles_i};
  wire [10:0] sq_next = sq_q - {5'd0, sq_q[10:5]} + {5'd0, in_qpos_i};

  // ---- the decision steps ----------------------------------------------------------------------
  // Step 1's partial products: LT = s_warps * s_cycles (a row per s_warps bit), eff_m =
  // dlat_m * (s_q + 32) (a row per dlat bit).
  wire [11:0]     sq32 = {1'b0, sq_q} + 12'd32;
  reg [11*24-1:0] lt_rows;
  reg [6*18-1:0]  ell_rows, ehc_rows;
  integer r;
  always @(*) begin
    for (r = 0; r < 11; r = r + 1) lt_rows[r*24 +: 24] = sw_q[r] ? {11'd0, sc_q} << r : 24'd0;
    for (r = 0; r < 6; r = r + 1) begin
      ell_rows[r*18 +: 18] = cfg_dll_q[r] ? {6'd0, sq32} << r : 18'd0;
      ehc_rows[r*18 +: 18] = cfg_dhc_q[r] ? {6'd0, sq32} << r : 18'd0;
    end
  end

  wire [23:0] lt_s, lt_c;
  wire [17:0] ell_s, ell_c, ehc_s, ehc_c;
  latte_csa #(.N(11), .W(24)) u_lt_csa  (.rows_i(lt_rows),  .sum_o(lt_s),  .carry_o(lt_c));
  latte_csa #(.N(6),  .W(18)) u_ell_csa (.rows_i(ell_rows), .sum_o(ell_s), .carry_o(ell_c));
  latte_csa #(.N(6),  .W(18)) u_ehc_csa (.rows_i(ehc_rows), .sum_o(ehc_s), .carry_o(ehc_c));

  // Step 2: the carry-propagate additions. The products' low bits are the fixed-point fraction
  // the shifts drop; ell/ehc's top bit is always 0 (63 * 2048 < 2^17).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [23:0] lt_prod;
  wire [17:0] ell_prod, ehc_prod;
  /* verilator lint_on UNUSEDSIGNAL */
  bdi_prefix_add #(.W(24)) u_lt_add  (.a_i(lt_s_q),  .b_i(lt_c_q),  .c_i(1'b0), .sum_o(lt_prod));
  bdi_prefix_add #(.W(18)) u_ell_add (.a_i(ell_s_q), .b_i(ell_c_q), .c_i(1'b0), .sum_o(ell_prod));
  bdi_prefix_add #(.W(18)) u_ehc_add (.a_i(ehc_s_q), .b_i(ehc_c_q), .c_i(1'b0), .sum_o(ehc_prod));

  function automatic [PenBits-1:0] penalty;
    input [7:0]  hit;
    input [11:0] eff;
    input [13:0] lt;
    input        no_penalty;
    reg [14:0] hl;
    begin
      hl = {7'd0, hit} + {3'd0, eff};
      if (no_penalty || hl <= {1'b0, lt}) penalty = {PenBits{1'b0}};
      else penalty = hl[PenBits-1:0] - lt[PenBits-1:0];
    end
  endfunction

  function automatic [HitBits-1:0] nhit_of;
    input [3*HitBits-1:0] v;
    input integer m;
    begin
      nhit_of = v[m*HitBits +: HitBits];
    end
  endfunction

  wire [TotBits-1:0] tot0 = tot_q[0 +: TotBits];
  wire [TotBits-1:0] tot1 = tot_q[TotBits +: TotBits];
  wire [TotBits-1:0] tot2 = tot_q[2*TotBits +: TotBits];
  wire [AccBits-1:0] acc0 = acc_q[0 +: AccBits];
  wire [AccBits-1:0] acc1 = acc_q[AccBits +: AccBits];
  wire [AccBits-1:0] acc2 = acc_q[2*AccBits +: AccBits];

  // Step 4's partial products per mode: N_hit * pen (a row per N_hit bit) and N_miss * miss_lat
  // (a row per N_miss bit), one carry-save tree for the sum; step 5 adds it out.
  wire [3*TotBits-1:0] tot_s, tot_c, tot_sum;
  genvar gm;
  generate
    for (gm = 0; gm < 3; gm = gm + 1) begin : gen_tot
      wire [HitBits-1:0]  nh = nhit_q[gm*HitBits +: HitBits];
      wire [MissBits-1:0] nm = nmiss_q[gm*MissBits +: MissBits];
      wire [PenBits-1:0]  pen = pen_q[gm*PenBits +: PenBits];
      reg [TotRows*TotBits-1:0] rows;
      integer k;
      always @(*) begin
        for (k = 0; k < HitBits; k = k + 1)
          rows[k*TotBits +: TotBits] = nh[k] ? {{HitBits{1'b0}}, pen} << k : {TotBits{1'b0}};
        for (k = 0; k < MissBits; k = k + 1)
          rows[(HitBits+k)*TotBits +: TotBits] =
              nm[k] ? {{(TotBits-10){1'b0}}, cfg_miss_q} << k : {TotBits{1'b0}};
      end
      latte_csa #(.N(TotRows), .W(TotBits)) u_csa (
        .rows_i  (rows),
        .sum_o   (tot_s[gm*TotBits +: TotBits]),
        .carry_o (tot_c[gm*TotBits +: TotBits])
      );
      bdi_prefix_add #(.W(TotBits)) u_add (
        .a_i   (tot_s_q[gm*TotBits +: TotBits]),
        .b_i   (tot_c_q[gm*TotBits +: TotBits]),
        .c_i   (1'b0),
        .sum_o (tot_sum[gm*TotBits +: TotBits])
      );
    end
  endgenerate

  // Steps 6 and 8: xa * xb - ya * yb as one carry-save tree over DiffBits bits: xa's rows, the
  // complements of ya's rows and the constant AccBits (each complement is -row - 1), so the
  // sum's top bit is 1 exactly when xa * xb < ya * yb (both products are below 2^ProdBits).
  // Step 6: tot1 * acc0 against tot0 * acc1; step 8: tot2 * best_acc against best_tot * acc2.
  wire               step6 = step_q == 4'd6;
  wire [TotBits-1:0] xa = step6 ? tot1 : tot2;
  wire [AccBits-1:0] xb = step6 ? acc0 : best_acc_q;
  wire [TotBits-1:0] ya = step6 ? tot0 : best_tot_q;
  wire [AccBits-1:0] yb = step6 ? acc1 : acc2;
  reg [DiffRows*DiffBits-1:0] d_rows;
  integer dr;
  always @(*) begin
    for (dr = 0; dr < AccBits; dr = dr + 1) begin
      d_rows[dr*DiffBits +: DiffBits] = xb[dr] ? {{(AccBits+1){1'b0}}, xa} << dr : {DiffBits{1'b0}};
      d_rows[(AccBits+dr)*DiffBits +: DiffBits] = ~(yb[dr] ? {{(AccBits+1){1'b0}}, ya} << dr
                                                            : {DiffBits{1'b0}});
    end
    d_rows[2*AccBits*DiffBits +: DiffBits] = {{(DiffBits-8){1'b0}}, AccBits[7:0]};
  end
  wire [DiffBits-1:0] d_s, d_c, d_sum;
  latte_csa #(.N(DiffRows), .W(DiffBits)) u_d_csa (.rows_i(d_rows), .sum_o(d_s), .carry_o(d_c));
  // Steps 7 and 9: the difference added out; its sign is the comparison.
  bdi_prefix_add #(.W(DiffBits)) u_d_add (.a_i(d_s_q), .b_i(d_c_q), .c_i(1'b0), .sum_o(d_sum));
  wire x_lt_y = d_sum[DiffBits-1];
  /* verilator lint_off UNUSEDSIGNAL */
  wire [DiffBits-2:0] unused_d = d_sum[DiffBits-2:0];
  /* verilator lint_on UNUSEDSIGNAL */

  integer m;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_policy_q <= PolLatte;
      cfg_static_q <= 2'd0;
      cfg_hit_q    <= 8'd1;
      cfg_dll_q    <= 6'd2;
      cfg_dhc_q    <= 6'd14;
      cfg_miss_q   <= 10'd120;
      count_q      <= {CountBits{1'b0}};
      ep_q         <= 4'd0;
      first_q      <= 1'b1;
      mode_q       <= 2'd0;
      nhit_q       <= {3*HitBits{1'b0}};
      nmiss_q      <= {3*MissBits{1'b0}};
      sw_q         <= 11'd0;
      sc_q         <= 13'd0;
      sq_q         <= 11'd0;
      step_q       <= 4'd0;
      period_end_q <= 1'b0;
    end else if (fire) begin
      case (in_kind_i)
        KindAccess: begin
          if (count_miss) nmiss_q[role*MissBits +: MissBits] <= nmiss_q[role*MissBits +: MissBits] + 1'b1;
          if (count_hit) nhit_q[role*HitBits +: HitBits] <= nhit_q[role*HitBits +: HitBits] + 1'b1;
          if (acc_hit) sq_q <= sq_next;
          if (ep_end) begin
            count_q      <= {CountBits{1'b0}};
            step_q       <= 4'd1;
            period_end_q <= last_ep;
            if (last_ep) begin
              ep_q    <= 4'd0;
              first_q <= 1'b0;
            end else begin
              ep_q <= ep_q + 4'd1;
            end
          end else begin
            count_q <= count_q + 1'b1;
          end
        end
        KindLt: begin
          sw_q <= sw_next;
          sc_q <= sc_next;
        end
        KindConfig: begin
          cfg_policy_q <= in_cfg_policy_i;
          cfg_static_q <= in_cfg_static_mode_i;
          cfg_hit_q    <= in_cfg_hit_lat_i;
          cfg_dll_q    <= in_cfg_dlat_ll_i;
          cfg_dhc_q    <= in_cfg_dlat_hc_i;
          cfg_miss_q   <= in_cfg_miss_lat_i;
        end
        default: begin   // RESTART
          count_q <= {CountBits{1'b0}};
          ep_q    <= 4'd0;
          first_q <= 1'b1;
          mode_q  <= 2'd0;
          nhit_q  <= {3*HitBits{1'b0}};
          nmiss_q <= {3*MissBits{1'b0}};
          sw_q    <= 11'd0;
          sc_q    <= 13'd0;
          sq_q    <= 11'd0;
        end
      endcase
    end else if (busy) begin
      step_q <= step_q == LastStep ? 4'd0 : step_q + 4'd1;
      if (step_q == LastStep) begin
        if (is_static) begin
          mode_q <= cfg_static_q;
        end else if (acc2 != {AccBits{1'b0}} && (!best_valid_q || x_lt_y)) begin
          mode_q <= 2'd2;
        end else if (best_valid_q) begin
          mode_q <= best_q;
        end
        if (period_end_q) begin
          nhit_q  <= {3*HitBits{1'b0}};
          nmiss_q <= {3*MissBits{1'b0}};
        end
      end
    end
  end

  // The sequencer's datapath registers (no reset: each is written before it is read).
  always @(posedge clk_i) begin
    case (step_q)
      4'd1: begin
        lt_s_q  <= lt_s;
        lt_c_q  <= lt_c;
        ell_s_q <= ell_s;
        ell_c_q <= ell_c;
        ehc_s_q <= ehc_s;
        ehc_c_q <= ehc_c;
      end
      4'd2: begin
        lt_q     <= cfg_policy_q == PolLatte ? lt_prod[23:10] : 14'd0;
        eff_ll_q <= ell_prod[16:5];
        eff_hc_q <= ehc_prod[16:5];
      end
      4'd3: begin
        pen_q[0 +: PenBits]         <= penalty(cfg_hit_q, 12'd0, lt_q, cfg_policy_q == PolHitCount);
        pen_q[PenBits +: PenBits]   <= penalty(cfg_hit_q, eff_ll_q, lt_q, cfg_policy_q == PolHitCount);
        pen_q[2*PenBits +: PenBits] <= penalty(cfg_hit_q, eff_hc_q, lt_q, cfg_policy_q == PolHitCount);
      end
      4'd4: begin
        tot_s_q <= tot_s;
        tot_c_q <= tot_c;
        for (m = 0; m < 3; m = m + 1) begin
          acc_q[m*AccBits +: AccBits] <= {{(AccBits-HitBits){1'b0}}, nhit_of(nhit_q, m)} +
                                         {{(AccBits-MissBits){1'b0}}, nmiss_q[m*MissBits +: MissBits]};
        end
      end
      4'd5: tot_q <= tot_sum;
      4'd6, 4'd8: begin
        d_s_q <= d_s;
        d_c_q <= d_c;
      end
      4'd7: begin
        // mode 0 first (if seen), then mode 1 if seen and strictly better
        if (acc1 != {AccBits{1'b0}} && (acc0 == {AccBits{1'b0}} || x_lt_y)) begin
          best_valid_q <= 1'b1;
          best_q       <= 2'd1;
          best_tot_q   <= tot1;
          best_acc_q   <= acc1;
        end else begin
          best_valid_q <= acc0 != {AccBits{1'b0}};
          best_q       <= 2'd0;
          best_tot_q   <= tot0;
          best_acc_q   <= acc0;
        end
      end
      default: ;
    endcase
  end

  // ---- output stage ----------------------------------------------------------------------------
  wire [OutBits-1:0] result = {policy, mode_q, ep_q, ep_end, is_access & vft, ep_end & vft};
  wire [OutBits-1:0] out_data;

  np_stream_register #(.Width(OutBits)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i & ~busy),
    .in_ready_o  (reg_ready),
    .in_data_i   (result),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  (out_data)
  );

  assign {out_policy_o, out_mode_o, out_ep_o, out_ep_end_o, out_vft_sample_o, out_rebuild_o} = out_data;

endmodule
