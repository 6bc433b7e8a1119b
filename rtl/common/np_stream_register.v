// np_stream_register: one full-throughput pipeline stage on a valid/ready stream.
//
// Function: holds one beat. A beat is accepted on a rising edge with in_valid_i && in_ready_o
// and presented on out_valid_o/out_data_o from the next cycle until out_ready_i takes it.
// Same contract as PULP common_cells' stream_register: in_ready_o = !valid_q || out_ready_i.
//
// Latency / throughput: 1 cycle; one beat per cycle when the consumer is always ready.
//
// What it does not do: it cuts the valid and data paths, not the ready path (in_ready_o
// depends combinationally on out_ready_i, which the AXI-stream rules allow). It has no skid
// buffer, so a chain of N of these propagates ready through N levels of logic.
// The data register has no reset (it is only read while valid_q is set); only valid_q is reset,
// synchronously, so the flops need no reset pin and the stage costs no reset gating per bit.
//
// Worked example (Width = 8): edge 1 in_valid_i = 1, in_data_i = 8'h5a, out_ready_i = 0
// -> after edge 1 out_valid_o = 1, out_data_o = 8'h5a, in_ready_o = 0. Edge 2 with
// out_ready_i = 1 and in_valid_i = 1, in_data_i = 8'h3c -> 8'h5a leaves, 8'h3c is stored.
//
// Simulation-only checks (not under SYNTHESIS, np_stream_checker): while out_valid_o &&
// !out_ready_i, the next cycle must still present out_valid_o with the same out_data_o. A
// failure prints an "ASSERT" line naming the instance and stops with $fatal.
module np_stream_register #(
  parameter integer Width = 1
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             in_valid_i,
  output wire             in_ready_o,
  input  wire [Width-1:0] in_data_i,
  output wire             out_valid_o,
  input  wire             out_ready_i,
  output wire [Width-1:0] out_data_o
);

  reg             valid_q, valid_d;
  reg [Width-1:0] data_q, data_d;

  // Room for a new beat when empty or when the held beat leaves on this edge.
  assign in_ready_o  = ~valid_q | out_ready_i;
  assign out_valid_o = valid_q;
  assign out_data_o  = data_q;

  always @(*) begin
    valid_d = valid_q;
    if (in_ready_o) begin
      valid_d = in_valid_i;
    end
  end

  // Load only on a real transfer: an idle stage keeps its data still (no toggling).
  always @(*) begin
    data_d = data_q;
    if (in_valid_i && in_ready_o) begin
      data_d = in_data_i;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else begin
      valid_q <= valid_d;
    end
  end

  always @(posedge clk_i) begin
    data_q <= data_d;
  end

`ifndef SYNTHESIS
  // Output-port obligations of the AXI-stream rules (docs/conventions.md, "Handshakes").
  np_stream_checker #(.Width(Width)) u_check (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (out_valid_o),
    .ready_i (out_ready_i),
    .data_i  (out_data_o)
  );
`endif

endmodule
