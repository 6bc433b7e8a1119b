// np_shiftx_map.v: a Yosys techmap for $shiftx (the cell behind `a[i*W +: W]`), used by
// synth/np_synth_hier.tcl only.
//
// Why: Yosys 0.23's own template (_90_shift_shiftx in techmap.v) describes a barrel shifter of
// the whole A width in an always block and runs `proc` on it; for the PCU's NumRgr:1
// multiplexers (A = 1024 x 64 bits) that proc step grows faster than quadratically and took
// 295 of the 444 CPU seconds at 256 RGRs. This template builds the same log shifter
// structurally, and only the bits that can still reach Y: after the stages for B bits
// B_WIDTH-1 .. k only Y_WIDTH + 2^k - 1 bits are kept. For A = N x W and B = i*W it is a tree
// of about N x W two-input multiplexers, the same logic the generic template leaves after
// optimisation. Bits shifted in from beyond A are x, as $shiftx defines them.
// B bits at and above clog2(A_WIDTH) are ignored: any of them set shifts every bit of A out,
// where $shiftx (and Yosys's own template) give x, so any value is a correct result there.
// A signed B (the Verilog frontend makes the index of a part-select signed) is handled when its
// sign bit is a constant 0, as the frontend's zero extension leaves it; otherwise this template
// declines and Yosys's own is used.
(* techmap_celltype = "$shiftx" *)
module _np_shiftx (A, B, Y);
  parameter A_SIGNED = 0;
  parameter B_SIGNED = 0;
  parameter A_WIDTH = 1;
  parameter B_WIDTH = 1;
  parameter Y_WIDTH = 1;

  input  [A_WIDTH-1:0] A;
  input  [B_WIDTH-1:0] B;
  output [Y_WIDTH-1:0] Y;

  parameter [B_WIDTH-1:0] _TECHMAP_CONSTMSK_B_ = 0;
  parameter [B_WIDTH-1:0] _TECHMAP_CONSTVAL_B_ = 0;
  localparam SignIsZero = _TECHMAP_CONSTMSK_B_[B_WIDTH-1] && !_TECHMAP_CONSTVAL_B_[B_WIDTH-1];
  wire _TECHMAP_FAIL_ = B_SIGNED && !SignIsZero;
  // The B bits that count as an unsigned shift amount.
  localparam integer UWidth = B_SIGNED ? B_WIDTH - 1 : B_WIDTH;

  // Width kept after the stages for B bits B_WIDTH-1 .. k (k = B_WIDTH: the input).
  function integer need(input integer k);
    need = Y_WIDTH + (1 << k) - 1;
  endfunction
  // Where that level starts in the flat vector `level` (level 0 first).
  function integer offset(input integer k);
    integer j;
    begin
      offset = 0;
      for (j = 0; j < k; j = j + 1) offset = offset + need(j);
    end
  endfunction

  localparam integer Top = (UWidth < $clog2(A_WIDTH)) ? UWidth : $clog2(A_WIDTH);
  localparam integer InWidth = need(Top);
  localparam integer Used = (A_WIDTH < InWidth) ? A_WIDTH : InWidth;

  wire [offset(Top + 1)-1:0] level;

  generate
    if (Used < InWidth) begin : gen_pad
      assign level[offset(Top) + Used +: InWidth - Used] = {(InWidth - Used){1'bx}};
    end
    assign level[offset(Top) +: Used] = A[Used-1:0];

    genvar k;
    for (k = Top - 1; k >= 0; k = k - 1) begin : gen_stage
      assign level[offset(k) +: need(k)] =
          B[k] ? level[offset(k + 1) + (1 << k) +: need(k)] : level[offset(k + 1) +: need(k)];
    end
  endgenerate

  assign Y = level[Y_WIDTH-1:0];
endmodule
