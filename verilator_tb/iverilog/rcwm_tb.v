// Icarus (iverilog -g2005) replay of vectors/rcwm/rcwm.hex through rcwm. Uses only the vector
// file (no C model). Each vector is one clock edge (docs/rcwm.md 4): its event and request are
// applied together with both outputs ready, so the same-edge order (event first, then the
// request) is exercised exactly as recorded; rst = 1 resets the unit first. Between vectors,
// pseudo-random stall cycles send nothing and hold one or both outputs (ready low); outputs are
// compared in order on each output transfer with the file's exp_st_over / exp_st_ones (event)
// and exp_dec_map / exp_dec_reason (request). The AXI-stream rule (valid and data hold while
// ready is low) is checked on both outputs.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=rcwm sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT / ERROR
// line and $fatal. The machinery is tb_util.vh and tb_edge_pair.vh.
module rcwm_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "rcwm";
  // {rst, ev_valid, ev_map[3:0], ev_ica, rq_valid, rq_map[3:0], rq_mshr, exp_st_over[3:0],
  //  exp_st_ones[19:0], exp_dec_map[3:0], exp_dec_reason[2:0]}
  localparam integer VecBits = 11 * 4;

  `include "tb_util.vh"

  reg rst_n;
  reg ev_valid, rq_valid, st_ready, dec_ready;
  reg [3:0] ev_map, rq_map;
  reg ev_ica, rq_mshr;
  wire ev_ready, rq_ready, st_valid, dec_valid;
  wire [3:0] st_over, dec_map;
  wire [19:0] st_ones;
  wire [2:0] dec_reason;
  wire [23:0] st_word = {st_over, st_ones};
  wire [6:0] dec_word = {dec_map, dec_reason};

  reg [23:0] exp_st[0:MaxVectors-1];
  reg [6:0] exp_dec[0:MaxVectors-1];
  integer st_head, st_tail, dec_head, dec_tail;
  integer v;

  reg st_stalled_q, dec_stalled_q;
  reg [23:0] st_held;
  reg [6:0] dec_held;

  rcwm u_dut (
    .clk_i        (clk),
    .rst_ni       (rst_n),
    .ev_valid_i   (ev_valid),
    .ev_ready_o   (ev_ready),
    .ev_map_i     (ev_map),
    .ev_ica_i     (ev_ica),
    .st_valid_o   (st_valid),
    .st_ready_i   (st_ready),
    .st_over_o    (st_over),
    .st_ones_o    (st_ones),
    .rq_valid_i   (rq_valid),
    .rq_ready_o   (rq_ready),
    .rq_map_i     (rq_map),
    .rq_mshr_i    (rq_mshr),
    .dec_valid_o  (dec_valid),
    .dec_ready_i  (dec_ready),
    .dec_map_o    (dec_map),
    .dec_reason_o (dec_reason)
  );

  task drive_garbage;
    begin
      lfsr = lfsr_next(lfsr);
      ev_map = lfsr[3:0];
      ev_ica = lfsr[4];
      rq_map = lfsr[8:5];
      rq_mshr = lfsr[9];
    end
  endtask

  task idle_cycle(input ready);
    begin
      @(negedge clk);
      ev_valid = 1'b0;
      rq_valid = 1'b0;
      st_ready = ready;
      dec_ready = ready;
      drive_garbage;
    end
  endtask

  task stall_cycle;
    begin
      idle_cycle(1'b0);
      st_ready = lfsr[24];
      dec_ready = lfsr[25];
      gaps = gaps + 1;
      if (!st_ready || !dec_ready) stalls = stalls + 1;
    end
  endtask

  // vec[43] (rst) is handled by the caller.
  task apply_vector(input [42:0] vec);
    begin
      @(negedge clk);
      st_ready = 1'b1;
      dec_ready = 1'b1;
      drive_garbage;
      ev_valid = vec[42];
      if (vec[42]) begin
        ev_map = vec[41:38];
        ev_ica = vec[37];
        exp_st[st_tail] = vec[30:7];
        st_tail = st_tail + 1;
      end
      rq_valid = vec[36];
      if (vec[36]) begin
        rq_map = vec[35:32];
        rq_mshr = vec[31];
        exp_dec[dec_tail] = vec[6:0];
        dec_tail = dec_tail + 1;
      end
      #1;
      if ((vec[42] && !ev_ready) || (vec[36] && !rq_ready)) begin
        $display("PROTOCOL unit=%0s sim=iverilog cycle=%0d vector=%0d rule=not_ready_with_outputs_ready",
                 Unit, cycle, v);
        $fatal(1);
      end
    end
  endtask

  wire drained = (st_head == st_tail) && (dec_head == dec_tail);
  wire [31:0] outstanding = (st_tail - st_head) + (dec_tail - dec_head);

  task init_ports;
    begin
      ev_valid = 1'b0;
      rq_valid = 1'b0;
      st_ready = 1'b1;
      dec_ready = 1'b1;
      st_head = 0;
      st_tail = 0;
      dec_head = 0;
      dec_tail = 0;
      st_stalled_q = 1'b0;
      dec_stalled_q = 1'b0;
    end
  endtask

  localparam integer RstBit = 43;
  `include "tb_edge_pair.vh"

  wire st_fire = st_valid && st_ready;
  wire dec_fire = dec_valid && dec_ready;
  always @(posedge clk) begin
    if (!rst_n) begin
      st_stalled_q <= 1'b0;
      dec_stalled_q <= 1'b0;
    end else begin
      tb_check_hold(st_stalled_q, st_valid, st_word === st_held, " port=st");
      tb_check_hold(dec_stalled_q, dec_valid, dec_word === dec_held, " port=dec");
      if (st_fire) check_st;
      if (dec_fire) check_dec;
      checked <= checked + (st_fire ? 1 : 0) + (dec_fire ? 1 : 0);
      st_stalled_q <= st_valid && !st_ready;
      dec_stalled_q <= dec_valid && !dec_ready;
      st_held <= st_word;
      dec_held <= dec_word;
    end
  end

  task check_st;
    begin
      if (st_head == st_tail) tb_unexpected_output(st_head, "st_valid");
      `TB_EXPECT(st_head, "st_over", exp_st[st_head][23:20], st_over)
      `TB_EXPECT(st_head, "st_ones", exp_st[st_head][19:0], st_ones)
      st_head <= st_head + 1;
    end
  endtask

  task check_dec;
    begin
      if (dec_head == dec_tail) tb_unexpected_output(dec_head, "dec_valid");
      `TB_EXPECT(dec_head, "dec_map", exp_dec[dec_head][6:3], dec_map)
      `TB_EXPECT(dec_head, "dec_reason", exp_dec[dec_head][2:0], dec_reason)
      dec_head <= dec_head + 1;
    end
  endtask
endmodule
