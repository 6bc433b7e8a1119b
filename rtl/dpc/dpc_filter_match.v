// dpc_filter_match: parallel key match of the data-filtering table (docs/dpc.md section 6).
//
// hit_o[e] = valid_i[e] && entry e's (SM id, line address) equals the key. The table keeps at
// most one valid entry per key (a request for a live key merges instead of allocating), so
// hit_o is zero or one-hot and idx_o is its index (0 when there is no hit).
// Example (4 entries): valid 0110, key equal to entries 2 and 3 -> hit_o = 0100, idx_o = 2.
//
// Combinational: one (SmIdWidth + AddrWidth)-bit comparator per entry, then an OR encoder.
module dpc_filter_match #(
  parameter integer Entries   = 32,
  parameter integer SmIdWidth = 6,
  parameter integer AddrWidth = 41,
  parameter integer IdxWidth  = 5
) (
  input  wire [Entries-1:0]           valid_i,
  input  wire [Entries*SmIdWidth-1:0] sm_i,
  input  wire [Entries*AddrWidth-1:0] addr_i,
  input  wire [SmIdWidth-1:0]         key_sm_i,
  input  wire [AddrWidth-1:0]         key_addr_i,
  output wire [Entries-1:0]           hit_o,
  output reg  [IdxWidth-1:0]          idx_o
);
  genvar e;
  generate
    for (e = 0; e < Entries; e = e + 1) begin : gen_entry
      assign hit_o[e] = valid_i[e] & (sm_i[SmIdWidth*e +: SmIdWidth] == key_sm_i)
                      & (addr_i[AddrWidth*e +: AddrWidth] == key_addr_i);
    end
  endgenerate

  // One-hot to binary: OR of the indices of the set bits.
  integer i;
  always @* begin
    idx_o = {IdxWidth{1'b0}};
    for (i = 0; i < Entries; i = i + 1) begin
      idx_o = idx_o | (i[IdxWidth-1:0] & {IdxWidth{hit_o[i]}});
    end
  end
endmodule
