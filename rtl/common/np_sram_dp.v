// np_sram_dp: a synchronous dual-port SRAM of Depth words x Width bits, one read port and one
// write port, the RTL form of the np_sram_dp_* macros priced by synth/np_sram45.lib
// (docs/synthesis.md "SRAM macros"). np_sram (rtl/common/np_sram.v) is the single-port form;
// the conventions (registered read data, per-bit write mask, no reset, the macro body under
// NP_SRAM_MACRO) are its own.
//
// Function: at a rising edge, independently: re_i high reads word raddr_i into rdata_o; we_i
// high writes wdata_i into word waddr_i where wmask_i is set (the other bits keep their value).
// rdata_o holds its value at an edge with re_i low.
//
// Latency: a read's word is on rdata_o from the cycle after its edge (one cycle, registered
// output); a write is visible to a read at a later edge. A read and a write at one edge to the
// same word: the read returns the word as it was before that edge (read first). Users that
// need the written bits forward them (latte_tags does); a macro that returned the new word
// instead would change nothing for them.
//
// Synthesis: with NP_SRAM_MACRO defined (the synthesis flows define it) the body is one instance
// of the liberty cell np_sram_dp_<Depth>x<Width> (pins: ce_in the read enable, we_in the write
// enable, rd_addr_in, wr_addr_in, wd_in, w_mask_in, rd_out), whose area and timing the macro
// model gives: the single-port tiling x 1.3, an assumption (no dual-port macro is published for
// the platform; synth/np_sramgen.c). The shape must be listed as `dp` in
// synth/np_sram_shapes.tsv, else synthesis fails on an unknown module. Without it (simulation,
// lint) the behavioural model below, which np_sram's model is too (one address for both
// ports, one access per edge).
//
// What it does not do: no reset (its users read only words they wrote, or ignore the rest), no
// write-through. Bits the colliding write does not mask keep their value on rdata_o: a macro
// whose whole word is undefined on a collision would need its users to avoid one (a stall).
//
// Worked example (Depth = 4, Width = 8): edge 1 we_i = 1, waddr_i = 2, wdata_i = 8'h5a,
// wmask_i = 8'hff and re_i = 1, raddr_i = 2 -> after edge 1 rdata_o is the old word 2; edge 2
// re_i = 1, raddr_i = 2 -> after edge 2 rdata_o = 8'h5a.
module np_sram_dp #(
  parameter integer Depth    = 64,
  parameter integer Width    = 32,
  parameter integer AddrBits = $clog2(Depth)
) (
  input  wire                clk_i,
  input  wire                re_i,
  input  wire [AddrBits-1:0] raddr_i,
  output wire [Width-1:0]    rdata_o,
  input  wire                we_i,
  input  wire [AddrBits-1:0] waddr_i,
  input  wire [Width-1:0]    wdata_i,
  input  wire [Width-1:0]    wmask_i
);

`ifdef NP_SRAM_MACRO
  // The liberty cell of this shape (np_sram45.lib); one generate branch per dp shape the RTL
  // uses (np_sram_dp_1024x32, listed as the model's example, has no user).
  generate
    if (Depth == 32 && Width == 576) begin : gen_macro
      np_sram_dp_32x576 u_macro (
        .clk (clk_i), .ce_in (re_i), .we_in (we_i), .rd_addr_in (raddr_i), .wr_addr_in (waddr_i),
        .wd_in (wdata_i), .w_mask_in (wmask_i), .rd_out (rdata_o)
      );
    end else begin : gen_no_macro
      np_sram_shape_not_in_np_sram_shapes_tsv u_missing ();
    end
  endgenerate
`else
  reg [Width-1:0] mem_q [0:Depth-1];
  reg [Width-1:0] rdata_q;

  // Both in one block with nonblocking assignments: a read at the edge of a write to its word
  // takes the word before the write.
  always @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= (mem_q[waddr_i] & ~wmask_i) | (wdata_i & wmask_i);
    if (re_i) rdata_q <= mem_q[raddr_i];
  end
  assign rdata_o = rdata_q;
`endif

endmodule
