// np_sram: a synchronous single-port SRAM of Depth words x Width bits, the RTL form of the
// macros priced by synth/np_sram45.lib (docs/synthesis.md "SRAM macros").
//
// Function: at a rising edge with ce_i high: we_i high writes wdata_i into word addr_i where
// wmask_i is set (the other bits keep their value); we_i low reads word addr_i into rdata_o.
// rdata_o holds its value at an edge with ce_i low or a write (the fakeram45 macros' port).
//
// Latency: a read's word is on rdata_o from the cycle after its edge (one cycle, registered
// output); a write is visible to a read at a later edge. One access (read or write) per edge.
//
// Synthesis: with NP_SRAM_MACRO defined (the synthesis flows define it) the body is one instance
// of the liberty cell np_sram_sp_<Depth>x<Width>, whose area and timing the macro model gives
// (a black box to Yosys, a timed cell to OpenSTA); the shape must be listed in
// synth/np_sram_shapes.tsv, else synthesis fails on an unknown module. Without it (simulation,
// lint) the behavioural model of np_sram_dp (rtl/common/np_sram_dp.v) with one address.
//
// What it does not do: no reset (its users load every word they read), no read-during-write.
//
// Worked example (Depth = 4, Width = 8): edge 1 ce_i = 1, we_i = 1, addr_i = 2, wdata_i = 8'h5a,
// wmask_i = 8'hff; edge 2 ce_i = 1, we_i = 0, addr_i = 2; after edge 2 rdata_o = 8'h5a.
module np_sram #(
  parameter integer Depth    = 64,
  parameter integer Width    = 32,
  parameter integer AddrBits = $clog2(Depth)
) (
  input  wire                clk_i,
  input  wire                ce_i,
  input  wire                we_i,
  input  wire [AddrBits-1:0] addr_i,
  input  wire [Width-1:0]    wdata_i,
  input  wire [Width-1:0]    wmask_i,
  output wire [Width-1:0]    rdata_o
);

`ifdef NP_SRAM_MACRO
  // The liberty cell of this shape (np_sram45.lib); one generate branch per listed shape.
  generate
    if (Depth == 64 && Width == 752) begin : gen_macro
      np_sram_sp_64x752 u_macro (
        .clk (clk_i), .ce_in (ce_i), .we_in (we_i), .addr_in (addr_i),
        .wd_in (wdata_i), .w_mask_in (wmask_i), .rd_out (rdata_o)
      );
    end else if (Depth == 1024 && Width == 32) begin : gen_macro
      np_sram_sp_1024x32 u_macro (
        .clk (clk_i), .ce_in (ce_i), .we_in (we_i), .addr_in (addr_i),
        .wd_in (wdata_i), .w_mask_in (wmask_i), .rd_out (rdata_o)
      );
    end else begin : gen_no_macro
      np_sram_shape_not_in_np_sram_shapes_tsv u_missing ();
    end
  endgenerate
`else
  // The dual-port model (np_sram_dp.v) with both ports on one address and one access per edge
  // is this port: one behavioural memory for both kinds.
  np_sram_dp #(.Depth(Depth), .Width(Width), .AddrBits(AddrBits)) u_model (
    .clk_i   (clk_i),
    .re_i    (ce_i & ~we_i),
    .raddr_i (addr_i),
    .rdata_o (rdata_o),
    .we_i    (ce_i & we_i),
    .waddr_i (addr_i),
    .wdata_i (wdata_i),
    .wmask_i (wmask_i)
  );
`endif

endmodule
