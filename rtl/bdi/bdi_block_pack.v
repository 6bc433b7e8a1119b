// bdi_block_pack: one 64-byte block to its block stream (docs/bdi.md 3, 4).
//
// Function: zero detection, the three repeated-value units (bdi_rep_unit), the six base/delta
// units (bdi_bd_unit), the selection (bdi_select) and the fixed layout of each encoding:
//   zeros {4'd0}; repK {element 0, code}; bKdD {deltas (element N-1 first), mask, base, code};
//   raw {block, 4'd15}.
// stream_o[515:0] is the OR of the layouts gated by the one-hot selection, so bits at and above
// the block's length are zero, and the whole output is zero while en_i = 0
// (np_stream_register_gated). sel_o is that selection (one-hot by code, gated).
//
// Latency / throughput: combinational.
//
// What it does not do: no placement in the line stream (bdi_line_concat).
//
// Worked example: block_i = 32 x 16'hABCD -> sel_o = 16'h0200 (rep2),
// stream_o = {496'b0, 16'hABCD, 4'h9} (20 bits).
module bdi_block_pack (
  input  wire         en_i,
  input  wire [511:0] block_i,
  output wire [515:0] stream_o,
  output wire [15:0]  sel_o
);

  wire        zeros = ~(|block_i);
  wire        rep8, rep4, rep2;
  wire        fit_b8d1, fit_b8d2, fit_b8d4, fit_b4d1, fit_b4d2, fit_b2d1;

  bdi_rep_unit #(.K(8)) u_rep8 (.block_i(block_i), .rep_o(rep8));
  bdi_rep_unit #(.K(4)) u_rep4 (.block_i(block_i), .rep_o(rep4));
  bdi_rep_unit #(.K(2)) u_rep2 (.block_i(block_i), .rep_o(rep2));

  wire [63:0]  base_b8d1, base_b8d2, base_b8d4;
  wire [31:0]  base_b4d1, base_b4d2;
  wire [15:0]  base_b2d1;
  wire [7:0]   mask_b8d1, mask_b8d2, mask_b8d4;
  wire [15:0]  mask_b4d1, mask_b4d2;
  wire [31:0]  mask_b2d1;
  wire [63:0]  dl_b8d1;
  wire [127:0] dl_b8d2;
  wire [255:0] dl_b8d4;
  wire [127:0] dl_b4d1;
  wire [255:0] dl_b4d2;
  wire [255:0] dl_b2d1;

  bdi_bd_unit #(.K(8), .D(1)) u_b8d1 (.block_i(block_i), .fit_o(fit_b8d1), .base_o(base_b8d1),
                                      .mask_o(mask_b8d1), .deltas_o(dl_b8d1));
  bdi_bd_unit #(.K(8), .D(2)) u_b8d2 (.block_i(block_i), .fit_o(fit_b8d2), .base_o(base_b8d2),
                                      .mask_o(mask_b8d2), .deltas_o(dl_b8d2));
  bdi_bd_unit #(.K(8), .D(4)) u_b8d4 (.block_i(block_i), .fit_o(fit_b8d4), .base_o(base_b8d4),
                                      .mask_o(mask_b8d4), .deltas_o(dl_b8d4));
  bdi_bd_unit #(.K(4), .D(1)) u_b4d1 (.block_i(block_i), .fit_o(fit_b4d1), .base_o(base_b4d1),
                                      .mask_o(mask_b4d1), .deltas_o(dl_b4d1));
  bdi_bd_unit #(.K(4), .D(2)) u_b4d2 (.block_i(block_i), .fit_o(fit_b4d2), .base_o(base_b4d2),
                                      .mask_o(mask_b4d2), .deltas_o(dl_b4d2));
  bdi_bd_unit #(.K(2), .D(1)) u_b2d1 (.block_i(block_i), .fit_o(fit_b2d1), .base_o(base_b2d1),
                                      .mask_o(mask_b2d1), .deltas_o(dl_b2d1));

  wire [15:0] fits = {1'b1, 5'b0, rep2, rep4, fit_b2d1, fit_b4d2, fit_b4d1, fit_b8d4, fit_b8d2,
                      fit_b8d1, rep8, zeros};
  wire [15:0] sel;

  bdi_select u_select (.en_i(en_i), .fits_i(fits), .sel_o(sel));

  // The layouts, each zero-extended to 516 bits (code in bits 3:0).
  wire [515:0] lay_rep8 = {448'b0, block_i[63:0], 4'd1};
  wire [515:0] lay_b8d1 = {376'b0, dl_b8d1, mask_b8d1, base_b8d1, 4'd2};
  wire [515:0] lay_b8d2 = {312'b0, dl_b8d2, mask_b8d2, base_b8d2, 4'd3};
  wire [515:0] lay_b8d4 = {184'b0, dl_b8d4, mask_b8d4, base_b8d4, 4'd4};
  wire [515:0] lay_b4d1 = {336'b0, dl_b4d1, mask_b4d1, base_b4d1, 4'd5};
  wire [515:0] lay_b4d2 = {208'b0, dl_b4d2, mask_b4d2, base_b4d2, 4'd6};
  wire [515:0] lay_b2d1 = {208'b0, dl_b2d1, mask_b2d1, base_b2d1, 4'd7};
  wire [515:0] lay_rep4 = {480'b0, block_i[31:0], 4'd8};
  wire [515:0] lay_rep2 = {496'b0, block_i[15:0], 4'd9};
  wire [515:0] lay_raw  = {block_i, 4'd15};

  assign stream_o = (lay_rep8 & {516{sel[1]}}) | (lay_b8d1 & {516{sel[2]}}) |
                    (lay_b8d2 & {516{sel[3]}}) | (lay_b8d4 & {516{sel[4]}}) |
                    (lay_b4d1 & {516{sel[5]}}) | (lay_b4d2 & {516{sel[6]}}) |
                    (lay_b2d1 & {516{sel[7]}}) | (lay_rep4 & {516{sel[8]}}) |
                    (lay_rep2 & {516{sel[9]}}) | (lay_raw & {516{sel[15]}});
  assign sel_o = sel;

endmodule
