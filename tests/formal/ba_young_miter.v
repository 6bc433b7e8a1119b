// ba_young_miter: the victim choice with a forwarded touch (ba_victim young_i, docs/ba.md 4)
// equals the victim choice on the ages after that touch, proved for every reuse vector, every
// permutation of ages and every touched way by tests/formal/ba_prove.sh (victim_young).
//
// ba_tag_unit chooses the victim of a request from ages that do not yet hold the touch of
// the previous request's pending write to the same set; it marks that line young instead of
// waiting for ba_lru_update. ok_o = 1 unless the ages are a permutation and
//   ba_victim(reuse, age, young = 1 << way)  !=  ba_victim(reuse, ba_lru_update(age, way), 0)
// (both the one-hot line and the way number). ba_lru_update and ba_victim with young = 0 are
// proved against independent properties (lru_update, victim_*), so this closes the chain.
module ba_young_miter #(
  parameter integer Ways        = 8,
  parameter integer WayBits     = 3,
  parameter integer BypassAware = 1,
  parameter integer Threshold   = 4
) (
  input  wire [Ways-1:0]         reuse_i,
  input  wire [Ways*WayBits-1:0] age_i,
  input  wire [WayBits-1:0]      way_i,
  output reg                     ok_o
);

  wire [Ways*WayBits-1:0] touched;
  wire [Ways-1:0]         line_young, line_touched;
  wire [WayBits-1:0]      way_young, way_touched;
  reg  [Ways-1:0]         young;
  integer v, w;

  always @(*) begin
    for (w = 0; w < Ways; w = w + 1) young[w] = way_i == w[WayBits-1:0];
  end

  ba_lru_update #(.Ways(Ways), .WayBits(WayBits)) u_touch (
    .age_i (age_i), .way_i (way_i), .age_o (touched)
  );
  ba_victim #(.Ways(Ways), .WayBits(WayBits), .BypassAware(BypassAware),
              .Threshold(Threshold)) u_young (
    .reuse_i (reuse_i), .age_i (age_i), .young_i (young), .victim_o (line_young),
    .victim_way_o (way_young)
  );
  ba_victim #(.Ways(Ways), .WayBits(WayBits), .BypassAware(BypassAware),
              .Threshold(Threshold)) u_touched (
    .reuse_i (reuse_i), .age_i (touched), .young_i ({Ways{1'b0}}), .victim_o (line_touched),
    .victim_way_o (way_touched)
  );

  reg perm;
  always @(*) begin
    perm = 1'b1;
    for (v = 0; v < Ways; v = v + 1) begin
      for (w = v + 1; w < Ways; w = w + 1) begin
        if (age_i[v*WayBits +: WayBits] == age_i[w*WayBits +: WayBits]) perm = 1'b0;
      end
    end
    ok_o = !perm || (line_young == line_touched && way_young == way_touched);
  end

endmodule
