// bdi_line_concat: the line stream from the two block streams (docs/bdi.md 5).
//
// Function: block 1's stream is placed right after block 0's: block0_i at bit 0, block1_i at
// bit len0, where len0 (one of 10 values) comes from block 0's encoding field. The placement
// is a one-hot AND-OR over those 10 offsets (no shifter), gated by en_i so that the output is
// zero while the consumer does not load (np_stream_register_gated); len_o = len0 + len1.
// Bits at and above len_o are zero because each block stream is zero above its own length.
//
// Latency / throughput: combinational.
//
// What it does not do: block0_i and block1_i must be streams bdi_block_pack made (a defined
// code, zero above the block's length); an undefined code places nothing.
//
// Worked example: block 0 zeros (4'h0), block 1 rep2 of 16'hABCD -> bits_o = 24'hABCD90,
// len_o = 24.
module bdi_line_concat (
  input  wire          en_i,
  input  wire [515:0]  block0_i,
  input  wire [515:0]  block1_i,
  output wire [1031:0] bits_o,
  output wire [10:0]   len_o
);

  wire [15:0] oh0, oh1;
  wire [9:0]  len0, len1;
  wire        valid0, valid1;

  bdi_block_len u_len0 (.enc_i(block0_i[3:0]), .valid_o(valid0), .onehot_o(oh0), .len_o(len0));
  bdi_block_len u_len1 (.enc_i(block1_i[3:0]), .valid_o(valid1), .onehot_o(oh1), .len_o(len1));

  wire unused_oh = ^{valid0, valid1, oh1, oh0[14:10]};

  // Offsets of block 1 and their selects (b4d2 and b2d1 share 308).
  wire [9:0] sel_off;
  assign sel_off = {oh0[15], oh0[4], oh0[6] | oh0[7], oh0[3], oh0[5], oh0[2], oh0[1], oh0[8],
                    oh0[9], oh0[0]} & {10{en_i}};
  localparam [109:0] Offs = {11'd516, 11'd332, 11'd308, 11'd204, 11'd180, 11'd140, 11'd68,
                             11'd36, 11'd20, 11'd4};

  wire [1031:0] b1_wide = {516'b0, block1_i};
  reg  [1031:0] placed;
  integer p;
  always @(*) begin
    placed = {1032{1'b0}};
    for (p = 0; p < 10; p = p + 1) begin
      placed = placed | ((b1_wide << Offs[11*p +: 11]) & {1032{sel_off[p]}});
    end
  end

  assign bits_o = placed | {516'b0, block0_i & {516{en_i}}};
  assign len_o  = ({1'b0, len0} + {1'b0, len1}) & {11{en_i}};

endmodule
