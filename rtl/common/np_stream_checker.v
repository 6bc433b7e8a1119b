// np_stream_checker: simulation-only checks of an output stream port's obligations under the
// AXI-stream rules (docs/conventions.md, "Handshakes"), shared by the pipeline registers.
//
// Function: while valid_i && !ready_i on a rising edge out of reset, the next cycle must still
// present valid_i with the same data_i. A failure prints one "ASSERT" line naming the instance
// (e.g. TOP.dut.u_out_stage.u_check) and stops with $fatal.
//
// Latency / throughput: observes only; no outputs.
//
// What it does not do: it is not synthesised. The whole module is inside `ifndef SYNTHESIS, so
// a synthesis or proof run (read with -DSYNTHESIS) reads an empty file and its netlists do not
// change; the registers instantiate it under the same guard.
//
// Worked example: valid_i = 1, ready_i = 0, data_i = 8'h5a at an edge, then valid_i = 1,
// data_i = 8'h3c in the next cycle -> "ASSERT ...: out_data_o changed while out_valid_o &&
// !out_ready_i".
`ifndef SYNTHESIS
module np_stream_checker #(
  parameter integer Width = 1
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             valid_i,
  input wire             ready_i,
  input wire [Width-1:0] data_i
);

  reg             stalled_q;     // previous edge saw valid_i && !ready_i out of reset
  reg [Width-1:0] stalled_data_q;

  always @(posedge clk_i) begin
    stalled_q      <= rst_ni & valid_i & ~ready_i;
    stalled_data_q <= data_i;
  end

  always @(posedge clk_i) begin
    if (rst_ni && stalled_q) begin
      if (!valid_i) begin
        $display("ASSERT %m: out_valid_o dropped before out_ready_i accepted the beat");
        $fatal;
      end
      if (data_i !== stalled_data_q) begin
        $display("ASSERT %m: out_data_o changed while out_valid_o && !out_ready_i");
        $fatal;
      end
    end
  end

endmodule
`endif
