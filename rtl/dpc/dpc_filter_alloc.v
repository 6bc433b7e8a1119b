// dpc_filter_alloc: lowest-free-entry selection of the data-filtering table (docs/dpc.md 6).
//
// sel_o is the lowest set bit of free_i (one-hot, zero when none), idx_o its index, any_o set
// when some entry is free. Lowest index, so the choice is a pure function of the free set and
// the C model (dft.c) makes the same one.
// Example (8 entries): free_i = 1011_0100 -> sel_o = 0000_0100, idx_o = 2, any_o = 1.
//
// Combinational: entry e is chosen when it is free and no entry below it is (an OR over the
// lower entries, which synthesis shares as a prefix tree), then an OR encoder.
module dpc_filter_alloc #(
  parameter integer Entries  = 32,
  parameter integer IdxWidth = 5
) (
  input  wire [Entries-1:0]  free_i,
  output wire [Entries-1:0]  sel_o,
  output reg  [IdxWidth-1:0] idx_o,
  output wire                any_o
);
  // lower_free[e]: some entry below e is free.
  wire [Entries-1:0] lower_free;

  genvar e;
  generate
    for (e = 0; e < Entries; e = e + 1) begin : gen_entry
      if (e == 0) begin : gen_first
        assign lower_free[e] = 1'b0;
      end else begin : gen_rest
        assign lower_free[e] = |free_i[e-1:0];
      end
      assign sel_o[e] = free_i[e] & ~lower_free[e];
    end
  endgenerate

  assign any_o = |free_i;

  integer i;
  always @* begin
    idx_o = {IdxWidth{1'b0}};
    for (i = 0; i < Entries; i = i + 1) begin
      idx_o = idx_o | (i[IdxWidth-1:0] & {IdxWidth{sel_o[i]}});
    end
  end
endmodule
