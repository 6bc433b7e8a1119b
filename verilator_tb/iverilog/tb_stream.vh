// The replay of a unit with one input stream and one output stream, one output per input, in
// order (dsm_*, dpc_compressor, dpc_decompressor, mcast_*). `include'd after tb_util.vh.
// A vector is {padding, inputs[InBits-1:0], expected[ExpBits-1:0]} (docs/vectors.md: inputs
// first). The bench declares, before the include,
//   localparam integer InBits, ExpBits   the widths of a vector's inputs and expectations
//   localparam integer OutBits           the width of out_word
// and after it the DUT on rst_n, in_valid, in_ready, in_word (the inputs, in the file's
// order), out_valid, out_ready, plus
//   wire [OutBits-1:0] out_word   every output field, for the hold check
//   wire feed_ready               1 when the next vector's inputs may be offered
//   task check_output             compares the outputs with exp_word (`TB_EXPECT per field)
//
// Reset is held for the first four edges and released by a register, so the DUT sees it
// change after an edge like every other input. Then vector in_idx is offered and held until
// accepted, with a valid gap one cycle in four; out_ready is low three cycles in eight. Every
// output transfer is compared with the next vector's expectation; the outputs must hold while
// stalled and out_valid must stay low during reset.

reg [2:0] reset_count;
wire rst_n = reset_count == 3'd4;
reg in_valid;
reg [InBits-1:0] in_word;
wire in_ready, out_valid;
reg out_ready;
integer in_idx;  // the vector offered, or to be offered next
reg stalled_q;
reg [OutBits-1:0] held;

// The expectation of the next output transfer: vector `checked`.
wire [ExpBits-1:0] exp_word = mem[checked][ExpBits-1:0];

initial begin
  reset_count = 3'd0;
  in_valid = 1'b0;
  in_word = {InBits{1'b0}};
  out_ready = 1'b0;
  stalled_q = 1'b0;
  in_idx = 0;
  tb_setup;
end

always @(posedge clk) begin
  if (reset_count != 3'd4) reset_count <= reset_count + 3'd1;
end

// Input side: present vector in_idx, hold it until accepted, then maybe the next.
wire [31:0] next_idx = in_valid ? in_idx + 1 : in_idx;  // the vector after this edge
always @(posedge clk) begin
  lfsr <= lfsr_next(lfsr);
  if (rst_n && (!in_valid || in_ready)) begin
    in_idx <= next_idx;
    if (next_idx < n_vec && feed_ready && lfsr[1:0] != 2'b00) begin  // a gap one cycle in four
      in_valid <= 1'b1;
      in_word <= mem[next_idx][ExpBits +: InBits];
    end else begin
      in_valid <= 1'b0;
    end
  end
  if (rst_n && !in_valid && in_idx < n_vec) gaps <= gaps + 1;
end

// Output side: compare each transfer with the next expected vector, in order.
always @(posedge clk) begin
  if (rst_n) begin
    out_ready <= lfsr[4:2] > 3'd2;  // stalled three cycles in eight
    tb_check_hold(stalled_q, out_valid, out_word === held, "");
    stalled_q <= out_valid && !out_ready;
    if (out_valid && !out_ready) stalls <= stalls + 1;
    held <= out_word;
    if (out_valid && out_ready) begin
      if (checked >= n_vec) tb_unexpected_output(checked, "out_valid");
      check_output;
      checked <= checked + 1;
      if (checked + 1 == n_vec) tb_finish(n_vec, n_vec);
    end
  end else if (out_valid && cycle > 0) begin
    $display("PROTOCOL unit=%0s sim=iverilog cycle=%0d rule=valid_after_reset", Unit, cycle);
    $fatal(1);
  end
end
