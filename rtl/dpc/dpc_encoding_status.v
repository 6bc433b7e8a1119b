// dpc_encoding_status: ES bits of the 32 planes over the sub-blocks selected by a map
// (docs/dpc.md sections 3-5).
//
// ES[i] = 1 when plane i, restricted to the sub-blocks k with map_i[k] = 1, is all zeros or
// (when ones_ok_i) all ones. The same module gives
//   - the DPC line:        map_i = 1111, ones_ok_i = 1;
//   - DF-TRUC:             map_i = M,    ones_ok_i = 1 (only critical slices are encoded);
//   - the DF-MAN copy:     map_i = M,    ones_ok_i = (M == 1111): the non-critical slices are
//                          forced to zero, so the plane can only be all ones if none exists.
// map_i = 0 is never applied (the compressor maps it to 1111 first).
//
// Combinational: two 4-input ANDs and an OR per plane.
module dpc_encoding_status (
  input  wire [127:0] zero_i,
  input  wire [127:0] ones_i,
  input  wire [3:0]   map_i,
  input  wire         ones_ok_i,
  output reg  [31:0]  es_o
);
  reg [3:0] zero;
  reg [3:0] ones;
  integer i;
  always @* begin
    for (i = 0; i < 32; i = i + 1) begin
      zero    = {zero_i[96+i], zero_i[64+i], zero_i[32+i], zero_i[i]};
      ones    = {ones_i[96+i], ones_i[64+i], ones_i[32+i], ones_i[i]};
      es_o[i] = (&(zero | ~map_i)) | (ones_ok_i & (&(ones | ~map_i)));
    end
  end
endmodule
