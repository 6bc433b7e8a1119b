// The body of the Icarus replays of vectors/ba/ba_tag_ba.hex and ba_tag_lru.hex: the two tops
// have the same ports and the files the same requests, so one bench serves both; the wrapper
// (ba_tag_ba_tb.v, ba_tag_lru_tb.v) declares MaxVectors and Unit and defines BA_TAG_TB_DUT as
// the module under test.
// Uses only the vector file (no C model). The vectors are one request sequence from reset
// (docs/ba.md 7): they are sent in order, each held until accepted, with pseudo-random valid
// gaps between them (input fields carry garbage then) and out_ready_i low on random cycles (so
// in_ready_o drops and requests wait); each output transfer is compared in order with the
// file's exp_outcome, exp_way, exp_victim_valid and exp_victim_tag, and the outputs must hold
// while stalled (AXI-stream rule).
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=<top> sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT / ERROR
// line and $fatal. The machinery is tb_util.vh.

// {pad, in_op[1:0], in_addr[40:0], exp_outcome[2:0], exp_way[2:0], exp_victim_valid,
//  exp_victim_tag[36:0]} = 87 bits in 22 hex digits
localparam integer VecBits = 22 * 4;
localparam integer ExpBits = 3 + 3 + 1 + 37;

`include "tb_util.vh"

reg rst_n;
reg in_valid, out_ready;
reg [1:0] in_op;
reg [40:0] in_addr;
wire in_ready, out_valid;
wire [2:0] out_outcome;
wire [2:0] out_way;
wire out_victim_valid;
wire [36:0] out_victim_tag;
wire [ExpBits-1:0] out_word = {out_outcome, out_way, out_victim_valid, out_victim_tag};

integer v;         // the vector being sent
integer accepted;  // requests accepted so far: outputs checked..accepted-1 are outstanding
reg stalled_q;
reg [ExpBits-1:0] held;

`BA_TAG_TB_DUT u_dut (
  `TB_HANDSHAKE_PORTS
  .in_op_i            (in_op),
  .in_addr_i          (in_addr),
  .out_outcome_o      (out_outcome),
  .out_way_o          (out_way),
  .out_victim_valid_o (out_victim_valid),
  .out_victim_tag_o   (out_victim_tag)
);
`undef BA_TAG_TB_DUT

task drive_garbage;
  begin
    lfsr = lfsr_next(lfsr);
    in_op = lfsr[1:0];
    in_addr = {lfsr[8:0], lfsr};
  end
endtask

// One cycle with nothing offered; out_ready_i random.
task gap_cycle;
  begin
    @(negedge clk);
    in_valid = 1'b0;
    drive_garbage;
    out_ready = lfsr[20] | lfsr[21];   // ready 3 cycles in 4
    gaps = gaps + 1;
  end
endtask

// Offers vector v until a rising edge accepts it; out_ready_i low on random cycles.
task send;
  reg taken;
  begin
    taken = 1'b0;
    while (!taken) begin
      @(negedge clk);
      lfsr = lfsr_next(lfsr);
      out_ready = lfsr[7:5] != 3'd0;    // stalled about one cycle in eight
      if (!out_ready) stalls = stalls + 1;
      in_valid = 1'b1;
      {in_op, in_addr} = mem[v][ExpBits +: 43];
      #1;
      taken = in_ready;
    end
    accepted = accepted + 1;
  end
endtask

task drain;
  integer waited;
  begin
    waited = 0;
    while (checked != accepted) begin
      @(negedge clk);
      in_valid = 1'b0;
      drive_garbage;
      out_ready = 1'b1;
      waited = waited + 1;
      if (waited > 8) begin
        $display("TIMEOUT unit=%0s sim=iverilog cycle=%0d vector=%0d outstanding=%0d", Unit,
                 cycle, v, accepted - checked);
        $fatal(1);
      end
    end
  end
endtask

initial begin
  rst_n = 1'b0;
  in_valid = 1'b0;
  out_ready = 1'b1;
  accepted = 0;
  stalled_q = 1'b0;
  tb_setup;
  drive_garbage;
  repeat (4) @(negedge clk);
  @(negedge clk) rst_n = 1'b1;
  for (v = 0; v < n_vec; v = v + 1) begin
    while (lfsr[3:0] == 4'd0) gap_cycle;  // about one vector in sixteen waits
    send;
  end
  @(negedge clk);
  in_valid = 1'b0;
  drain;
  repeat (4) @(negedge clk);
  tb_finish(checked, checked);
end

// ---- monitor: compare every output transfer (output i answers vector i), check held outputs
wire [2:0] exp_outcome, exp_way;
wire exp_victim_valid;
wire [36:0] exp_victim_tag;
assign {exp_outcome, exp_way, exp_victim_valid, exp_victim_tag} = mem[checked][ExpBits-1:0];

always @(posedge clk) begin
  if (!rst_n) begin
    stalled_q <= 1'b0;
  end else begin
    tb_check_hold(stalled_q, out_valid, out_word === held, "");
    if (out_valid && out_ready) begin
      if (checked == accepted) tb_unexpected_output(checked, "out_valid");
      `TB_EXPECT(checked, "outcome", exp_outcome, out_outcome)
      `TB_EXPECT(checked, "way", exp_way, out_way)
      `TB_EXPECT(checked, "victim_valid", exp_victim_valid, out_victim_valid)
      `TB_EXPECT(checked, "victim_tag", exp_victim_tag, out_victim_tag)
      checked <= checked + 1;
    end
    stalled_q <= out_valid && !out_ready;
    held <= out_word;
  end
end
