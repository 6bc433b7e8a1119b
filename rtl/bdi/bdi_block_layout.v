// bdi_block_layout: one 64-byte block's stream from its chosen encoding (docs/bdi.md 3);
// stage 2 of bdi_compressor, after bdi_block_choose.
//
// Function: the fixed layout of each encoding:
//   zeros {4'd0}; repK {element 0, code}; bKdD {deltas (element N-1 first), mask, base, code};
//   raw {block, 4'd15}.
// stream_o[515:0] is the OR of the layouts gated by the one-hot sel_i (bdi_block_choose) and
// en_i, so bits at and above the block's length are zero, and the whole output is zero while
// en_i = 0 (np_stream_register_gated). bases_i, masks_i, deltas_i are in the order of
// bdi_block_bases and bdi_block_choose.
//
// Latency / throughput: combinational.
//
// What it does not do: no placement in the line stream (bdi_line_concat).
//
// Worked example: block_i = 32 x 16'hABCD, sel_i = 16'h0200 (rep2), en_i = 1 ->
// stream_o = {496'b0, 16'hABCD, 4'h9} (20 bits).
module bdi_block_layout (
  input  wire          en_i,
  input  wire [511:0]  block_i,
  input  wire [15:0]   sel_i,
  input  wire [271:0]  bases_i,
  input  wire [87:0]   masks_i,
  input  wire [1087:0] deltas_i,
  output wire [515:0]  stream_o
);

  wire [15:0] sel = sel_i & {16{en_i}};
  wire        unused_sel = ^{sel[0], sel[14:10]};

  // The layouts, each zero-extended to 516 bits (code in bits 3:0).
  wire [515:0] lay_rep8 = {448'b0, block_i[63:0], 4'd1};
  wire [515:0] lay_b8d1 = {376'b0, deltas_i[63:0], masks_i[7:0], bases_i[63:0], 4'd2};
  wire [515:0] lay_b8d2 = {312'b0, deltas_i[191:64], masks_i[15:8], bases_i[127:64], 4'd3};
  wire [515:0] lay_b8d4 = {184'b0, deltas_i[447:192], masks_i[23:16], bases_i[191:128], 4'd4};
  wire [515:0] lay_b4d1 = {336'b0, deltas_i[575:448], masks_i[39:24], bases_i[223:192], 4'd5};
  wire [515:0] lay_b4d2 = {208'b0, deltas_i[831:576], masks_i[55:40], bases_i[255:224], 4'd6};
  wire [515:0] lay_b2d1 = {208'b0, deltas_i[1087:832], masks_i[87:56], bases_i[271:256], 4'd7};
  wire [515:0] lay_rep4 = {480'b0, block_i[31:0], 4'd8};
  wire [515:0] lay_rep2 = {496'b0, block_i[15:0], 4'd9};
  wire [515:0] lay_raw  = {block_i, 4'd15};

  assign stream_o = (lay_rep8 & {516{sel[1]}}) | (lay_b8d1 & {516{sel[2]}}) |
                    (lay_b8d2 & {516{sel[3]}}) | (lay_b8d4 & {516{sel[4]}}) |
                    (lay_b4d1 & {516{sel[5]}}) | (lay_b4d2 & {516{sel[6]}}) |
                    (lay_b2d1 & {516{sel[7]}}) | (lay_rep4 & {516{sel[8]}}) |
                    (lay_rep2 & {516{sel[9]}}) | (lay_raw & {516{sel[15]}});

endmodule
