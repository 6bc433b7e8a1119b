// ba_lru_miter: formal property of the true-LRU age update (docs/ba.md 3.3), proved for every
// permutation of ages and every touched way by tests/formal/ba_prove.sh.
//
// ok_o = 1 unless the input ages are a permutation and one of these fails: the output ages
// are a permutation; the touched way gets age 0; every other pair of ways keeps its relative
// order.
module ba_lru_miter #(
  parameter integer Ways    = 8,
  parameter integer WayBits = 3
) (
  input  wire [Ways*WayBits-1:0] age_i,
  input  wire [WayBits-1:0]      way_i,
  output reg                     ok_o
);

  wire [Ways*WayBits-1:0] age_o;

  ba_lru_update #(.Ways(Ways), .WayBits(WayBits)) u_dut (
    .age_i (age_i),
    .way_i (way_i),
    .age_o (age_o)
  );

  integer v, w;
  reg perm_in, perm_out, touched_zero, order_kept;

  always @(*) begin
    perm_in = 1'b1;
    perm_out = 1'b1;
    order_kept = 1'b1;
    touched_zero = 1'b1;
    for (v = 0; v < Ways; v = v + 1) begin
      if (way_i == v[WayBits-1:0] && age_o[v*WayBits +: WayBits] != {WayBits{1'b0}}) touched_zero = 1'b0;
      for (w = v + 1; w < Ways; w = w + 1) begin
        if (age_i[v*WayBits +: WayBits] == age_i[w*WayBits +: WayBits]) perm_in = 1'b0;
        if (age_o[v*WayBits +: WayBits] == age_o[w*WayBits +: WayBits]) perm_out = 1'b0;
        if (way_i != v[WayBits-1:0] && way_i != w[WayBits-1:0] &&
            ((age_i[v*WayBits +: WayBits] < age_i[w*WayBits +: WayBits]) !=
             (age_o[v*WayBits +: WayBits] < age_o[w*WayBits +: WayBits]))) order_kept = 1'b0;
      end
    end
    ok_o = !perm_in || (perm_out && touched_zero && order_kept);
  end

endmodule
