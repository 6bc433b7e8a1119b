// np_stream_register_gated: np_stream_register for a producer that zeroes its own data when
// the stage is not loading, so the register's hold costs one OR term per bit, not a multiplexer.
//
// Function: the handshake is np_stream_register's (in_ready_o = !valid_q || out_ready_i; a
// beat is taken on a rising edge with in_valid_i && in_ready_o). load_o = in_valid_i &&
// in_ready_o tells the producer when it is being taken. The producer must drive in_data_i to
// zero whenever load_o is 0; the register then computes
//     data_d = in_data_i | (data_q & ~load_o)
// which is data_q when not loading and in_data_i when loading.
//
// Why: a datapath that ends in one-hot AND-OR multiplexers (the DSM decompressor's segment
// shifters) can gate its select lines with load_o (a few hundred signals) instead of the
// register multiplexing every data bit (about a thousand), and the hold becomes one more input
// of the last OR. Measured on the DSM decompressor: docs/dsm.md section 8.3.
//
// Latency / throughput: 1 cycle; one beat per cycle when the consumer is always ready.
//
// What it does not do: it does not gate in_data_i itself (that is what it saves); a producer
// that leaves data on the bus while load_o is 0 corrupts the held beat. The simulation check
// below catches that.
//
// Worked example (Width = 8): edge 1 in_valid_i = 1, load_o = 1, in_data_i = 8'h5a,
// out_ready_i = 0 -> out_valid_o = 1, out_data_o = 8'h5a; in_ready_o = 0 and load_o = 0 from
// then on, so the producer drives 8'h00 and 8'h5a is held until out_ready_i takes it.
//
// Simulation-only checks (not under SYNTHESIS): in_data_i is zero in every cycle with
// load_o = 0 out of reset, and the output-port obligations (np_stream_checker, as in
// np_stream_register). A failure prints
// an "ASSERT" line naming the instance and stops with $fatal.
module np_stream_register_gated #(
  parameter integer Width = 1
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             in_valid_i,
  output wire             in_ready_o,
  output wire             load_o,
  input  wire [Width-1:0] in_data_i,
  output wire             out_valid_o,
  input  wire             out_ready_i,
  output wire [Width-1:0] out_data_o
);

  reg             valid_q, valid_d;
  reg [Width-1:0] data_q;

  assign in_ready_o  = ~valid_q | out_ready_i;
  assign load_o      = in_valid_i & in_ready_o;
  assign out_valid_o = valid_q;
  assign out_data_o  = data_q;

  always @(*) begin
    valid_d = valid_q;
    if (in_ready_o) begin
      valid_d = in_valid_i;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else begin
      valid_q <= valid_d;
    end
  end

  // The hold mask (~load_o on every bit), written 32 bits at a time by one process: the same
  // wires. A vector of over 64 words (2048 bits) is not expanded by Verilator but built by its
  // library, and a 1-bit replicate fills it one bit per step (bdi_decompressor's 2053-bit stage:
  // a 2053-step loop on every edge, most of its run); a 32-bit one is one word store. One
  // process, not an assign per word: Icarus re-resolves a vector with partial drivers bit by bit
  // for every driver that changes, here all of them whenever load_o does (bdi_decompressor's
  // Icarus replay; verilator_tb/README.md, "RTL forms that make simulation slow").
  localparam integer HoldWords = (Width + 31) / 32;
  reg [32*HoldWords-1:0] hold_words;
  wire [Width-1:0]       hold = hold_words[Width-1:0];
  integer w;
  always @(*) begin
    for (w = 0; w < HoldWords; w = w + 1) begin
      hold_words[32*w +: 32] = {32{~load_o}};
    end
  end
  generate
    if (32 * HoldWords > Width) begin : gen_hold_pad
      wire unused_hold_pad = ^hold_words[32*HoldWords-1:Width];
    end
  endgenerate

  always @(posedge clk_i) begin
    data_q <= in_data_i | (data_q & hold);
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

  // The producer's side of the contract: no data while not loading.
  always @(posedge clk_i) begin
    if (rst_ni && !load_o && in_data_i !== {Width{1'b0}}) begin
      $display("ASSERT %m: in_data_i is not zero while load_o = 0 (the held beat would change)");
      $fatal;
    end
  end
`endif

endmodule
