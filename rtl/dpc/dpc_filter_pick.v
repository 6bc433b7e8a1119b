// dpc_filter_pick: the lowest set bit of up to 16 (docs/dpc.md 6.2), one level of the
// data-filtering table's lowest-free choice (dpc_filter_alloc).
//
// Function: sel_o is the lowest set bit of req_i (one-hot, zero when none), any_o = |req_i;
// N <= 16.
// Why a module of its own: dpc_filter_alloc builds its choice over 256 or 1024 entries as levels
// of these; the hierarchical synthesis flow maps each module alone, so the levels stay levels
// (one module's log-depth prefix over 256 entries was mapped as one chain of AND4 cells).
//
// Combinational. Example (N = 8): req_i = 1011_0100 -> sel_o = 0000_0100, any_o = 1.
module dpc_filter_pick #(
  parameter integer N = 16   // at most 16
) (
  input  wire [N-1:0] req_i,
  output reg  [N-1:0] sel_o,
  output wire         any_o
);
  // Two levels, not a chain: bit i is chosen when it is set, no bit below it in its group of
  // four is, and no lower group has a set bit (a loop "below = below | req[i]" was mapped as a
  // chain of OR4 cells, about 400 ps over 16 bits). keep: the groups' ORs reach ABC as their
  // own cut, so its rewriting cannot share them into one chain with the selects (it did: any_o
  // as five OR4 cells in series, three picks deep 1.2 ns at 256 entries).
  wire [15:0] req = {{(16-N){1'b0}}, req_i};
  (* keep *) wire [3:0] nib;
  assign nib = {|req[15:12], |req[11:8], |req[7:4], |req[3:0]};
  integer i, j;
  reg     below;
  always @* begin
    for (i = 0; i < N; i = i + 1) begin
      below = 1'b0;
      for (j = 0; j < i / 4; j = j + 1) below = below | nib[j];
      for (j = i / 4 * 4; j < i; j = j + 1) below = below | req[j];
      sel_o[i] = req[i] & ~below;
    end
  end
  assign any_o = |nib;
endmodule
