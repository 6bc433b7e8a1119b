// dpc_filter_alloc: lowest-free-entry selection of the data-filtering table (docs/dpc.md 6).
//
// sel_o is the lowest set bit of free_i (one-hot, zero when none), idx_o its index, any_o set
// when some entry is free. Lowest index, so the choice is a pure function of the free set and
// the C model (dft.c) makes the same one.
// Example (8 entries): free_i = 1011_0100 -> sel_o = 0000_0100, idx_o = 2, any_o = 1.
//
// Combinational: entry e is chosen when it is free and no entry below it is. "Some entry below
// e is free" is a prefix OR, built as a log-depth (Kogge-Stone) tree: Levels = clog2(Entries)
// levels of Entries two-input ORs, so the table's 256- and 1024-entry forms (docs/dpc.md 6.1)
// cost N log N gates and log N levels, not the N^2 / 2 gates of one OR per entry. Then an OR
// encoder for the index.
// Entries >= 2 (the prefix of entry e - 1 is a part-select below e).
module dpc_filter_alloc #(
  parameter integer Entries  = 32,
  parameter integer IdxWidth = 5
) (
  input  wire [Entries-1:0]  free_i,
  output wire [Entries-1:0]  sel_o,
  output reg  [IdxWidth-1:0] idx_o,
  output wire                any_o
);
  localparam integer Levels = (Entries > 1) ? $clog2(Entries) : 1;

  // prefix[e]: OR of free_i[0..e]. Level l ORs in the value 2^l entries below, so after
  // Levels levels every entry has seen all entries below it.
  reg [Entries-1:0] prefix;
  integer l;
  always @* begin
    prefix = free_i;
    for (l = 0; l < Levels; l = l + 1) begin
      prefix = prefix | (prefix << (1 << l));
    end
  end

  // Entry e is chosen when it is free and no entry below it is (the prefix up to e - 1).
  assign sel_o = free_i & ~{prefix[Entries-2:0], 1'b0};
  assign any_o = prefix[Entries-1];

  integer i;
  always @* begin
    idx_o = {IdxWidth{1'b0}};
    for (i = 0; i < Entries; i = i + 1) begin
      idx_o = idx_o | (i[IdxWidth-1:0] & {IdxWidth{sel_o[i]}});
    end
  end
endmodule
