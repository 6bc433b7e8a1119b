// np_registers_tb: Icarus bench for the shared pipeline registers (rtl/common), run by
// `make verify-registers` (part of `make verify-selftest`).
//
// Drives np_stream_register and np_stream_register_gated side by side with the same beats
// (beat k carries data k * 0x9E37 + 1, never zero), random input gaps and output stalls from a
// seeded LFSR, and checks that each register's output sequence is exactly 0, 1, 2, ... with
// no beat dropped or repeated and every beat held unchanged while stalled (the registers' own
// ASSERT checks). The gated register's producer zeroes its data when load_o is 0, as its
// contract requires.
//
// UngatedProducer = 1 breaks that contract on purpose (the producer keeps its data on the bus
// while load_o is 0): the register's simulation check must then stop the run with an ASSERT
// line. A third stream, made by the bench itself, is watched by np_stream_checker directly:
// it keeps a stalled beat, unless BrokenSource = 1, when it changes one stalled beat's data and
// the checker must stop the run. verilator_tb/run_registers.sh runs the three settings and
// requires each outcome.
//
// Result lines: MISMATCH unit=np_registers sim=iverilog ... / PASS unit=np_registers
// sim=iverilog checked=<n>.
module np_registers_tb;
  parameter integer UngatedProducer = 0;
  parameter integer BrokenSource    = 0;
  parameter integer Beats           = 2000;
  localparam integer Width          = 16;

  reg              clk = 1'b0;
  reg              rst_n = 1'b0;
  reg  [31:0]      lfsr = 32'h1;
  integer          cycle = 0;
  integer          sent = 0;            // beats both registers accepted
  integer          got_plain = 0;       // beats each register delivered
  integer          got_gated = 0;
  reg              offer;
  reg              ready_plain, ready_gated;

  wire             in_ready_plain, in_ready_gated, load_gated;
  wire             out_valid_plain, out_valid_gated;
  wire [Width-1:0] out_data_plain, out_data_gated;

  function [Width-1:0] beat_data(input integer k);
    begin
      beat_data = k * 16'h9E37 + 16'd1;
    end
  endfunction

  // Both registers see the same offered beat; each takes it when it is ready, and the next
  // beat is offered only once both have taken the current one.
  reg              taken_plain, taken_gated;
  wire             valid_plain = offer & ~taken_plain;
  wire             valid_gated = offer & ~taken_gated;
  wire [Width-1:0] data        = beat_data(sent);
  wire [Width-1:0] data_gated  = (UngatedProducer != 0) ? data : (data & {Width{load_gated}});

  np_stream_register #(.Width(Width)) u_plain (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .in_valid_i  (valid_plain),
    .in_ready_o  (in_ready_plain),
    .in_data_i   (data),
    .out_valid_o (out_valid_plain),
    .out_ready_i (ready_plain),
    .out_data_o  (out_data_plain)
  );

  np_stream_register_gated #(.Width(Width)) u_gated (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .in_valid_i  (valid_gated),
    .in_ready_o  (in_ready_gated),
    .load_o      (load_gated),
    .in_data_i   (data_gated),
    .out_valid_o (out_valid_gated),
    .out_ready_i (ready_gated),
    .out_data_o  (out_data_gated)
  );

  // The bench's own stream for np_stream_checker (see the header).
  reg              src_valid = 1'b0;
  reg  [Width-1:0] src_data = {Width{1'b0}};
  reg              src_ready;
  reg              src_broken = 1'b0;

  always @(posedge clk) begin
    if (rst_n) begin
      if (!src_valid || src_ready) begin
        src_valid <= lfsr[6];
        src_data  <= src_data + 1'b1;
      end else if (BrokenSource != 0 && !src_broken && cycle > 50) begin
        src_data   <= src_data + 1'b1;   // a stalled beat changes: a protocol violation
        src_broken <= 1'b1;
      end
    end
  end

  np_stream_checker #(.Width(Width)) u_src_check (
    .clk_i   (clk),
    .rst_ni  (rst_n),
    .valid_i (src_valid),
    .ready_i (src_ready),
    .data_i  (src_data)
  );

  always #5 clk = ~clk;

  // Stimulus for the next cycle, decided after each edge: gaps and stalls about a third of
  // the time each.
  always @(negedge clk) begin
    lfsr        = {lfsr[30:0], lfsr[31] ^ lfsr[21] ^ lfsr[1] ^ lfsr[0]};
    offer       = rst_n && sent < Beats && lfsr[1:0] != 2'b00;
    ready_plain = lfsr[3:2] != 2'b00;
    ready_gated = lfsr[5:4] != 2'b00;
    src_ready   = lfsr[15:14] != 2'b00;   // bits the valid draw (bit 6) has not shifted into
  end

  always @(posedge clk) begin
    cycle <= cycle + 1;
    if (cycle == 3) rst_n <= 1'b1;
    if (!rst_n) begin
      taken_plain <= 1'b0;
      taken_gated <= 1'b0;
    end else begin
      if (out_valid_plain && ready_plain) begin
        if (out_data_plain !== beat_data(got_plain)) begin
          $display("MISMATCH unit=np_registers sim=iverilog cycle=%0d txn=%0d field=plain exp=%h got=%h",
                   cycle, got_plain, beat_data(got_plain), out_data_plain);
          $fatal(1);
        end
        got_plain = got_plain + 1;
      end
      if (out_valid_gated && ready_gated) begin
        if (out_data_gated !== beat_data(got_gated)) begin
          $display("MISMATCH unit=np_registers sim=iverilog cycle=%0d txn=%0d field=gated exp=%h got=%h",
                   cycle, got_gated, beat_data(got_gated), out_data_gated);
          $fatal(1);
        end
        got_gated = got_gated + 1;
      end
      // Advance to the next beat once both registers hold this one.
      if ((taken_plain || (valid_plain && in_ready_plain))
          && (taken_gated || (valid_gated && in_ready_gated))) begin
        taken_plain <= 1'b0;
        taken_gated <= 1'b0;
        sent <= sent + 1;
      end else begin
        taken_plain <= taken_plain | (valid_plain & in_ready_plain);
        taken_gated <= taken_gated | (valid_gated & in_ready_gated);
      end
      if (got_plain == Beats && got_gated == Beats) begin
        $display("PASS unit=np_registers sim=iverilog checked=%0d", got_plain + got_gated);
        $finish;
      end
      if (cycle > 20 * Beats) begin
        $display("TIMEOUT unit=np_registers sim=iverilog cycle=%0d sent=%0d plain=%0d gated=%0d",
                 cycle, sent, got_plain, got_gated);
        $fatal(1);
      end
    end
  end
endmodule
