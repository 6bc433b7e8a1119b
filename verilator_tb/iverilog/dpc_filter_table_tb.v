// Icarus (iverilog -g2005) replay of vectors/dpc/dpc_filter_table.hex through dpc_filter_table.
// Uses only the vector file (no C model). Each vector is one clock edge (docs/dpc.md section 7):
// its request and reply are applied together with both outputs ready, so the same-edge order
// (reply first, then the request) is exercised exactly as recorded; rst = 1 resets the table
// first. Between vectors, pseudo-random stall cycles send nothing and hold one or both outputs
// (ready low); outputs are compared in order on each output transfer with the file's
// exp_action / exp_idx / exp_act_map (request) and exp_map (reply). The AXI-stream rule
// (valid and data hold while ready is low) is checked on both outputs.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=dpc_filter_table sim=iverilog checked=N` (N vectors whose outputs all
// matched), or one MISMATCH / PROTOCOL / TIMEOUT / ERROR line and $fatal. The machinery is
// tb_util.vh and tb_edge_pair.vh.
module dpc_filter_table_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "dpc_filter_table";
  // {pad[1:0], rst, rpl_valid, rpl_idx[4:0], req_valid, req_sm[5:0], req_addr[40:0], req_map[3:0],
  //  exp_action[1:0], exp_idx[4:0], exp_act_map[3:0], exp_map[3:0]}
  localparam integer VecBits = 19 * 4;

  `include "tb_util.vh"

  reg rst_n;
  reg req_valid, rpl_valid, act_ready, map_ready;
  reg [5:0] req_sm;
  reg [40:0] req_addr;
  reg [3:0] req_map;
  reg [4:0] rpl_idx;
  wire req_ready, rpl_ready, act_valid, map_valid;
  wire [1:0] act_action;
  wire [4:0] act_idx;
  wire [3:0] act_map, map_out;
  wire [10:0] act_word = {act_action, act_idx, act_map};

  // Expected outputs in order: {action, idx, act_map} per request, map per reply.
  reg [10:0] exp_act[0:MaxVectors-1];
  reg [3:0] exp_rpl[0:MaxVectors-1];
  integer act_head, act_tail, rpl_head, rpl_tail;
  integer v;  // the vector being applied

  // Outputs held while stalled, for the AXI-stream check.
  reg act_stalled_q, map_stalled_q;
  reg [10:0] act_held;
  reg [3:0] map_held;

  dpc_filter_table u_dut (
    .clk_i        (clk),
    .rst_ni       (rst_n),
    .req_valid_i  (req_valid),
    .req_ready_o  (req_ready),
    .req_sm_i     (req_sm),
    .req_addr_i   (req_addr),
    .req_map_i    (req_map),
    .act_valid_o  (act_valid),
    .act_ready_i  (act_ready),
    .act_action_o (act_action),
    .act_idx_o    (act_idx),
    .act_map_o    (act_map),
    .rpl_valid_i  (rpl_valid),
    .rpl_ready_o  (rpl_ready),
    .rpl_idx_i    (rpl_idx),
    .map_valid_o  (map_valid),
    .map_ready_i  (map_ready),
    .map_o        (map_out)
  );

  // ---- driver: one vector per edge, stall cycles in between -----------------------------
  task drive_garbage;
    begin
      lfsr = lfsr_next(lfsr);
      req_sm = lfsr[5:0];
      req_addr = {lfsr[8:0], lfsr};
      req_map = lfsr[15:12];
      rpl_idx = lfsr[20:16];
    end
  endtask

  task idle_cycle(input ready);
    begin
      @(negedge clk);
      req_valid = 1'b0;
      rpl_valid = 1'b0;
      act_ready = ready;
      map_ready = ready;
      drive_garbage;
    end
  endtask

  // Nothing sent; each output ready or not at random (the held outputs must not change).
  task stall_cycle;
    begin
      idle_cycle(1'b0);
      act_ready = lfsr[24];
      map_ready = lfsr[25];
      gaps = gaps + 1;
      if (!act_ready || !map_ready) stalls = stalls + 1;
    end
  endtask

  // vec[73] (rst) is handled by the caller; bits 75:74 are the file's zero padding.
  task apply_vector(input [72:0] vec);
    begin
      @(negedge clk);
      act_ready = 1'b1;  // both inputs are then accepted at the next edge
      map_ready = 1'b1;
      drive_garbage;
      rpl_valid = vec[72];
      if (vec[72]) rpl_idx = vec[71:67];
      req_valid = vec[66];
      if (vec[66]) begin
        req_sm = vec[65:60];
        req_addr = vec[59:19];
        req_map = vec[18:15];
      end
      if (vec[66]) begin
        exp_act[act_tail] = vec[14:4];
        act_tail = act_tail + 1;
      end
      if (vec[72]) begin
        exp_rpl[rpl_tail] = vec[3:0];
        rpl_tail = rpl_tail + 1;
      end
      #1;
      if ((vec[66] && !req_ready) || (vec[72] && !rpl_ready)) begin
        $display("PROTOCOL unit=%0s sim=iverilog cycle=%0d vector=%0d rule=not_ready_with_outputs_ready",
                 Unit, cycle, v);
        $fatal(1);
      end
    end
  endtask

  wire drained = (act_head == act_tail) && (rpl_head == rpl_tail);
  wire [31:0] outstanding = (act_tail - act_head) + (rpl_tail - rpl_head);

  task init_ports;
    begin
      req_valid = 1'b0;
      rpl_valid = 1'b0;
      act_ready = 1'b1;
      map_ready = 1'b1;
      act_head = 0;
      act_tail = 0;
      rpl_head = 0;
      rpl_tail = 0;
      act_stalled_q = 1'b0;
      map_stalled_q = 1'b0;
    end
  endtask

  localparam integer RstBit = 73;
  `include "tb_edge_pair.vh"

  // ---- monitor: compare every output transfer, check held outputs -----------------------
  wire act_fire = act_valid && act_ready;
  wire map_fire = map_valid && map_ready;
  always @(posedge clk) begin
    if (!rst_n) begin
      act_stalled_q <= 1'b0;
      map_stalled_q <= 1'b0;
    end else begin
      tb_check_hold(act_stalled_q, act_valid, act_word === act_held, " port=act");
      tb_check_hold(map_stalled_q, map_valid, map_out === map_held, " port=map");
      if (act_fire) check_act;
      if (map_fire) check_map;
      checked <= checked + (act_fire ? 1 : 0) + (map_fire ? 1 : 0);
      act_stalled_q <= act_valid && !act_ready;
      map_stalled_q <= map_valid && !map_ready;
      act_held <= act_word;
      map_held <= map_out;
    end
  end

  task check_act;
    begin
      if (act_head == act_tail) tb_unexpected_output(act_head, "act_valid");
      `TB_EXPECT(act_head, "act_action", exp_act[act_head][10:9], act_action)
      `TB_EXPECT(act_head, "act_idx", exp_act[act_head][8:4], act_idx)
      `TB_EXPECT(act_head, "act_map", exp_act[act_head][3:0], act_map)
      act_head <= act_head + 1;
    end
  endtask

  task check_map;
    begin
      if (rpl_head == rpl_tail) tb_unexpected_output(rpl_head, "map_valid");
      `TB_EXPECT(rpl_head, "map", exp_rpl[rpl_head], map_out)
      rpl_head <= rpl_head + 1;
    end
  endtask
endmodule
