// latte_csa: N unsigned rows of W bits reduced to two by levels of 3:2 carry-save adders
// (docs/latte.md 10.1), the multiplier arrays of latte_ctrl's decision sequencer.
//
// Function: sum_o + carry_o = rows_i[0] + ... + rows_i[N-1] mod 2^W (row i at [i*W +: W]).
// Each level takes the rows three at a time into a full adder per bit (sum, and the majority
// one place up); rows left over pass to the next level, until two are left. A product of an
// A-bit and a B-bit operand is B rows (the A-bit operand ANDed with each bit of the other,
// shifted into place) in about log1.5(B) levels of one full adder each; the carry-propagate
// addition of the two results is a step of its own (bdi_prefix_add in the next sequencer step).
//
// Why explicit, with kept levels: Yosys 0.23 maps `*` to a chain of ripple adders, which ABC
// keeps as a chain (the 23 x 10-bit cross product: the controller's 730 MHz path, docs/latte.md
// 10.3); each level carries the keep attribute so that ABC's rewriting cannot fold the tree
// into chains either (as bdi_prefix_add's levels, docs/bdi.md 9.1).
//
// Latency / throughput: combinational.
//
// Worked example (N = 3, W = 4): rows 3, 5, 6 -> sum_o = 3 ^ 5 ^ 6 = 0, carry_o = maj << 1 =
// 4'b1110 (7 << 1 mod 16 = 14): 0 + 14 = 14 = 3 + 5 + 6.
module latte_csa #(
  parameter integer N = 3,
  parameter integer W = 8
) (
  input  wire [N*W-1:0] rows_i,
  output wire [W-1:0]   sum_o,
  output wire [W-1:0]   carry_o
);

  // The levels are not in the Verilated models' waveforms (the ports are, in the instantiating
  // module), as bdi_prefix_add's: their trace code was a third of latte_ctrl's model.
  /* verilator tracing_off */

  // Rows after a level that starts with n rows.
  function automatic integer rows_after(input integer n);
    rows_after = (n <= 2) ? n : 2 * (n / 3) + n % 3;
  endfunction

  // Rows at the input of level l (level 0: N).
  function automatic integer rows_at(input integer l);
    integer k, n;
    begin
      n = N;
      for (k = 0; k < l; k = k + 1) n = rows_after(n);
      rows_at = n;
    end
  endfunction

  // Levels until two rows are left.
  function automatic integer level_count(input integer rows);
    integer k, n;
    begin
      level_count = 0;
      n = rows;
      for (k = 0; k < 64; k = k + 1) begin
        if (n > 2) begin
          n = rows_after(n);
          level_count = level_count + 1;
        end
      end
    end
  endfunction

  localparam integer L = level_count(N);

  genvar l, g;
  generate
    if (L == 0) begin : gen_none
      assign sum_o   = rows_i[W-1:0];
      if (N == 2) begin : gen_two
        assign carry_o = rows_i[2*W-1:W];
      end else begin : gen_one
        assign carry_o = {W{1'b0}};
      end
    end else begin : gen_tree
      for (l = 0; l < L; l = l + 1) begin : gen_level
        localparam integer Rin  = rows_at(l);
        localparam integer G    = Rin / 3;
        localparam integer Rout = rows_after(Rin);
        wire [Rin*W-1:0] in;
        // keep: each level reaches ABC as its own cut (see above).
        (* keep *) wire [Rout*W-1:0] out;
        if (l == 0) begin : gen_from_rows
          assign in = rows_i;
        end else begin : gen_from_level
          assign in = gen_level[l-1].out;
        end
        for (g = 0; g < G; g = g + 1) begin : gen_fa
          wire [W-1:0] a = in[(3*g)*W +: W];
          wire [W-1:0] b = in[(3*g+1)*W +: W];
          wire [W-1:0] c = in[(3*g+2)*W +: W];
          wire [W-1:0] maj = (a & b) | (a & c) | (b & c);
          assign out[(2*g)*W +: W]   = a ^ b ^ c;
          assign out[(2*g+1)*W +: W] = {maj[W-2:0], 1'b0};
          wire unused_top = maj[W-1];   // the carry out of the W-bit sum
        end
        if (Rin > 3 * G) begin : gen_pass
          assign out[2*G*W +: (Rin-3*G)*W] = in[3*G*W +: (Rin-3*G)*W];
        end
      end
      assign sum_o   = gen_level[L-1].out[W-1:0];
      assign carry_o = gen_level[L-1].out[2*W-1:W];
    end
  endgenerate

  /* verilator tracing_on */

endmodule
