// Icarus (iverilog -g2005) replay of vectors/latte/latte_tags.hex through latte_tags (docs/latte.md
// 10). Uses only the vector file (no C model). The vectors are one request sequence from reset:
// sent in order, each held until accepted, with pseudo-random valid gaps (inputs carry garbage
// then) and out_ready_i low on random cycles; each output transfer is compared in order with the
// file's exp_outcome, exp_way, exp_policy, exp_size, exp_offset, exp_victims and exp_free, and
// the outputs must hold while stalled (AXI-stream rule).
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=latte_tags sim=iverilog checked=N`, or one MISMATCH / PROTOCOL / TIMEOUT /
// ERROR line and $fatal. The machinery is tb_util.vh and tb_stream.vh (one answer per request,
// in order; garbage on the inputs while no request is offered).
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
`include "tb_stream.vh"

  localparam integer OutBits = ExpBits;
  wire [1:0] in_op, in_policy, in_size;
  wire [40:0] in_addr;
  assign {in_op, in_addr, in_policy, in_size} = in_word;
  wire [2:0] out_outcome, out_size;
  wire [3:0] out_way, out_offset;
  wire [1:0] out_policy;
  wire [15:0] out_victims;
  wire [4:0] out_free;
  wire [OutBits-1:0] out_word = {out_outcome, out_way, out_policy, out_size, out_offset,
                                 out_victims, out_free};
  wire feed_ready = 1'b1;

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

  wire [2:0] exp_outcome, exp_size;
  wire [3:0] exp_way, exp_offset;
  wire [1:0] exp_policy;
  wire [15:0] exp_victims;
  wire [4:0] exp_free;
  assign {exp_outcome, exp_way, exp_policy, exp_size, exp_offset, exp_victims, exp_free} = exp_word;

  task check_output;
    begin
      `TB_EXPECT(checked, "outcome", exp_outcome, out_outcome)
      `TB_EXPECT(checked, "way", exp_way, out_way)
      `TB_EXPECT(checked, "policy", exp_policy, out_policy)
      `TB_EXPECT(checked, "size", exp_size, out_size)
      `TB_EXPECT(checked, "offset", exp_offset, out_offset)
      `TB_EXPECT(checked, "victims", exp_victims, out_victims)
      `TB_EXPECT(checked, "free", exp_free, out_free)
    end
  endtask
endmodule
