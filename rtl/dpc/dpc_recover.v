// dpc_recover: plane recover (docs/dpc.md section 3; the C model's dpc_plane_recover).
//
// "If an encoding status bit is one, a segment is recovered as 4 bytes, consecutive zeros, or
// ones depending on its encoded data": plane i with es_i[i] = 1 becomes its relayed bit 0
// repeated over Wc bits; otherwise the relayed Wc-bit plane passes. Bits j >= Wc are zero
// (they belong to no word of the compacted list). Wc = 8c, c one-hot in count_oh_i.
//
// Example (Wc = 16): es bit 1, relayed bit 0 = 1 -> plane = 32'h0000_FFFF.
// Combinational: one mux and one mask gate per bit (one process: planes_o changes at once).
module dpc_recover (
  input  wire [1023:0] relayed_i,
  input  wire [31:0]   es_i,
  input  wire [3:0]    count_oh_i,
  output reg  [1023:0] planes_o
);
  // Word j exists when j < Wc: sub-block slot j / 8 is below c.
  wire [3:0] slot_used = {count_oh_i[3],
                          count_oh_i[3] | count_oh_i[2],
                          count_oh_i[3] | count_oh_i[2] | count_oh_i[1],
                          |count_oh_i};

  // Per plane: the 32-bit row at once (a vector mux and mask), not 32 one-bit steps.
  wire [31:0] word_used = {{8{slot_used[3]}}, {8{slot_used[2]}}, {8{slot_used[1]}}, {8{slot_used[0]}}};
  integer i;
  always @* begin
    for (i = 0; i < 32; i = i + 1) begin
      planes_o[32*i +: 32] = word_used & (es_i[i] ? {32{relayed_i[32*i]}} : relayed_i[32*i +: 32]);
    end
  end
endmodule
