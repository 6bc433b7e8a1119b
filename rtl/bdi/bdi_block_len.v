// bdi_block_len: length in bits of a block stream from its encoding field (docs/bdi.md 3).
//
// Function: enc_i is the 4-bit field; valid_o = 0 for the undefined codes 10..14 (then
// len_o = 0); onehot_o[e] = 1 for the code read (bits 10..14 never set). An AND-OR of
// constants.
//
// Latency / throughput: combinational.
//
// Worked example: enc_i = 4'd7 (b2d1) -> len_o = 308, onehot_o = 16'h0080, valid_o = 1.
module bdi_block_len (
  input  wire [3:0]  enc_i,
  output wire        valid_o,
  output wire [15:0] onehot_o,
  output reg  [9:0]  len_o
);

  // Block lengths by code (0 for the undefined ones).
  localparam [159:0] Lens = {10'd516, 10'd0, 10'd0, 10'd0, 10'd0, 10'd0, 10'd20, 10'd36,
                             10'd308, 10'd308, 10'd180, 10'd332, 10'd204, 10'd140, 10'd68, 10'd4};

  wire [15:0] dec = 16'h0001 << enc_i;
  assign onehot_o = dec & 16'h83FF;
  assign valid_o  = |onehot_o;

  integer e;
  always @(*) begin
    len_o = 10'd0;
    for (e = 0; e < 16; e = e + 1) begin
      len_o = len_o | (Lens[10*e +: 10] & {10{onehot_o[e]}});
    end
  end

endmodule
