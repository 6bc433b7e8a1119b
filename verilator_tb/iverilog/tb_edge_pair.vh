// The replay of a unit with two input ports whose vectors each give one clock edge (both inputs
// applied together, both outputs ready, so the unit's same-edge order is exercised exactly as
// recorded), with pseudo-random stall cycles between vectors (dpc_filter_table, rcwm).
// `include'd after tb_util.vh. The bench declares
//   localparam integer RstBit     the vector's reset flag (the bits below it go to apply_vector)
//   reg rst_n; integer v           the reset and the vector being applied
//   wire drained                   1 when every expected output has been taken
//   wire [31:0] outstanding        how many are still expected (for the TIMEOUT line)
//   task init_ports                 the ports' and queues' values before reset
//   task drive_garbage, idle_cycle(ready), stall_cycle, apply_vector(vec[RstBit-1:0])
// and its own monitor, which compares every output transfer and checks held outputs.

// Let the expected outputs leave; a unit that holds one back for 8 cycles has hung.
task drain;
  integer waited;
  begin
    waited = 0;
    while (!drained) begin
      idle_cycle(1'b1);
      waited = waited + 1;
      if (waited > 8) begin
        $display("TIMEOUT unit=%0s sim=iverilog cycle=%0d vector=%0d outstanding=%0d", Unit, cycle, v,
                 outstanding);
        $fatal(1);
      end
    end
  end
endtask

initial begin
  rst_n = 1'b0;
  init_ports;
  tb_setup;
  drive_garbage;
  repeat (4) idle_cycle(1'b1);
  @(negedge clk) rst_n = 1'b1;
  for (v = 0; v < n_vec; v = v + 1) begin
    if (mem[v][RstBit]) begin
      drain;                // outputs of earlier vectors leave before the reset
      idle_cycle(1'b1);
      rst_n = 1'b0;
      idle_cycle(1'b1);
      rst_n = 1'b1;
    end
    while (lfsr[2:0] == 3'd0) stall_cycle;  // about one vector in eight waits
    apply_vector(mem[v][RstBit-1:0]);
  end
  drain;
  repeat (4) idle_cycle(1'b1);
  tb_finish(n_vec, checked);
end
