// Icarus (iverilog -g2005) replay of vectors/latte/latte_tags.hex through latte_tags (docs/latte.md
// 10). Uses only the vector file (no C model). The vectors are one request sequence from reset:
// sent in order, each held until accepted, with pseudo-random valid gaps (inputs carry garbage
// then) and out_ready_i low on random cycles; each output transfer is compared in order with the
// file's exp_outcome, exp_way, exp_policy, exp_size, exp_offset, exp_victims and exp_free, and
// the outputs must hold while stalled (AXI-stream rule).
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=latte_tags sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT /
// ERROR line and $fatal. The machinery is tb_util.vh.
module latte_tags_tb;
  parameter integer MaxVectors = 16384;
  localparam Unit = "latte_tags";

  // {in_op[1:0], in_addr[40:0], in_policy[1:0], in_size[1:0], exp_outcome[2:0], exp_way[3:0],
  //  exp_policy[1:0], exp_size[2:0], exp_offset[3:0], exp_victims[15:0], exp_free[4:0]}
  //  = 84 bits in 21 hex digits
  localparam integer VecBits = 21 * 4;
  localparam integer InBits  = 47;
  localparam integer ExpBits = 37;

`include "tb_util.vh"

  reg rst_n;
  reg in_valid, out_ready;
  reg [1:0] in_op, in_policy, in_size;
  reg [40:0] in_addr;
  wire in_ready, out_valid;
  wire [2:0] out_outcome, out_size;
  wire [3:0] out_way, out_offset;
  wire [1:0] out_policy;
  wire [15:0] out_victims;
  wire [4:0] out_free;
  wire [ExpBits-1:0] out_word = {out_outcome, out_way, out_policy, out_size, out_offset,
                                 out_victims, out_free};

  integer v;
  integer accepted;
  reg stalled_q;
  reg [ExpBits-1:0] held;

  latte_tags u_dut (
    `TB_HANDSHAKE_PORTS
    .in_op_i       (in_op),
    .in_addr_i     (in_addr),
    .in_policy_i   (in_policy),
    .in_size_i     (in_size),
    .out_outcome_o (out_outcome),
    .out_way_o     (out_way),
    .out_policy_o  (out_policy),
    .out_size_o    (out_size),
    .out_offset_o  (out_offset),
    .out_victims_o (out_victims),
    .out_free_o    (out_free)
  );

  task drive_garbage;
    begin
      lfsr = lfsr_next(lfsr);
      {in_op, in_addr, in_policy, in_size} = {lfsr[14:0], lfsr};
    end
  endtask

  task gap_cycle;
    begin
      @(negedge clk);
      in_valid = 1'b0;
      drive_garbage;
      out_ready = lfsr[20] | lfsr[21];
      gaps = gaps + 1;
    end
  endtask

  task send;
    reg taken;
    begin
      taken = 1'b0;
      while (!taken) begin
        @(negedge clk);
        lfsr = lfsr_next(lfsr);
        out_ready = lfsr[7:5] != 3'd0;
        if (!out_ready) stalls = stalls + 1;
        in_valid = 1'b1;
        {in_op, in_addr, in_policy, in_size} = mem[v][ExpBits +: InBits];
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
      while (lfsr[3:0] == 4'd0) gap_cycle;
      send;
    end
    @(negedge clk);
    in_valid = 1'b0;
    drain;
    repeat (4) @(negedge clk);
    tb_finish(checked, checked);
  end

  wire [2:0] exp_outcome, exp_size;
  wire [3:0] exp_way, exp_offset;
  wire [1:0] exp_policy;
  wire [15:0] exp_victims;
  wire [4:0] exp_free;
  assign {exp_outcome, exp_way, exp_policy, exp_size, exp_offset, exp_victims, exp_free} =
         mem[checked][ExpBits-1:0];

  always @(posedge clk) begin
    if (!rst_n) begin
      stalled_q <= 1'b0;
    end else begin
      tb_check_hold(stalled_q, out_valid, out_word === held, "");
      if (out_valid && out_ready) begin
        if (checked == accepted) tb_unexpected_output(checked, "out_valid");
        `TB_EXPECT(checked, "outcome", exp_outcome, out_outcome)
        `TB_EXPECT(checked, "way", exp_way, out_way)
        `TB_EXPECT(checked, "policy", exp_policy, out_policy)
        `TB_EXPECT(checked, "size", exp_size, out_size)
        `TB_EXPECT(checked, "offset", exp_offset, out_offset)
        `TB_EXPECT(checked, "victims", exp_victims, out_victims)
        `TB_EXPECT(checked, "free", exp_free, out_free)
        checked <= checked + 1;
      end
      stalled_q <= out_valid && !out_ready;
      held <= out_word;
    end
  end
endmodule
