// np_ff_ram: a memory of Depth words held in flip-flops, one write port and Ports
// combinational read ports.
//
// Function: a write (we_i) stores wdata_i at waddr_i on the rising edge; read port p returns
// the word at raddr_i[p] in the same cycle (the value before a write at that edge).
//
// Latency: a write is visible from the cycle after its edge; reads are combinational.
//
// Why a module of its own: the SC tables (sc_code_table's ways, sc_delut's banks) and the
// router's VC buffers (router_ring) are built from many copies of one memory. As one module per
// shape, the hierarchical synthesis flow (synth/np_synth_hier.tcl) maps it once and sums it over
// its instances, where a flat run maps every copy again (docs/synthesis.md "The main job").
//
// What it does not do: no reset (the users' loaders write every word before it is read), no
// read-during-write bypass. With Depth a power of two every raddr_i value is a word; otherwise
// the user never reads an address >= Depth (router_ring: a ring of 9 slots wraps at 9).
// A silicon design would use a RAM macro with Ports read ports (or Ports copies), which the
// project's 45 nm cell model cannot price.
//
// Worked example (Depth = 4, Width = 8, Ports = 2): edge 1 we_i = 1, waddr_i = 2,
// wdata_i = 8'h5a; after it raddr_i = {2'd2, 2'd0} reads rdata_o = {8'h5a, <word 0>}.
module np_ff_ram #(
  parameter integer Depth    = 64,
  parameter integer Width    = 32,
  parameter integer Ports    = 1,
  parameter integer AddrBits = $clog2(Depth)
) (
  input  wire                      clk_i,
  input  wire                      we_i,
  input  wire [AddrBits-1:0]       waddr_i,
  input  wire [Width-1:0]          wdata_i,
  input  wire [Ports*AddrBits-1:0] raddr_i,
  output wire [Ports*Width-1:0]    rdata_o
);

  reg [Width-1:0] mem_q [0:Depth-1];

  always @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
  end

  genvar p;
  generate
    for (p = 0; p < Ports; p = p + 1) begin : gen_read
      assign rdata_o[p*Width +: Width] = mem_q[raddr_i[p*AddrBits +: AddrBits]];
    end
  endgenerate

endmodule
