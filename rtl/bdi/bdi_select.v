// bdi_select: the encoding of a block: the applicable one with the fewest block bits, ties to
// the lower code (docs/bdi.md 4.3).
//
// Function: fits_i[e] = 1 when encoding e applies (bit 15, raw, always does; bits 10..14 are
// ignored). sel_o is one-hot over the codes, ANDed with en_i (zero while the consumer does not
// load, for np_stream_register_gated). The priority is the block-length order of docs/bdi.md
// sec. 3: zeros (4), rep2 (20), rep4 (36), rep8 (68), b8d1 (140), b4d1 (180), b8d2 (204),
// b4d2 (308), b2d1 (308), b8d4 (332), raw (516).
//
// Latency / throughput: combinational.
//
// Worked example: fits_i = 16'h80C4 (b8d1, b4d2, b2d1, raw) -> sel_o = 16'h0004 (b8d1).
module bdi_select (
  input  wire        en_i,
  input  wire [15:0] fits_i,
  output wire [15:0] sel_o
);

  // Codes in priority order (shortest stream first).
  localparam [43:0] Order = {4'd15, 4'd4, 4'd7, 4'd6, 4'd3, 4'd5, 4'd2, 4'd1, 4'd8, 4'd9, 4'd0};

  reg [15:0] sel;
  reg        taken;
  integer    p;
  always @(*) begin
    sel   = 16'h0000;
    taken = 1'b0;
    for (p = 0; p < 11; p = p + 1) begin
      if (!taken && (fits_i[Order[4*p +: 4]] || p == 10)) begin
        sel[Order[4*p +: 4]] = 1'b1;
        taken = 1'b1;
      end
    end
  end

  assign sel_o = sel & {16{en_i}};

endmodule
