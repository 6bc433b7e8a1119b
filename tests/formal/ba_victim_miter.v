// ba_victim_miter: formal property of the BA victim choice (docs/ba.md 3.4), proved for every
// reuse vector and every permutation of ages by tests/formal/ba_prove.sh.
//
// ok_o = 1 unless the ages are a permutation and the RTL's victim breaks the rule, written
// here independently of rtl/ba/ba_victim.v:
//   BA mode:  n0 = lines with reuse 0; group = reuse 0 if n0 >= max(Threshold, 1), else
//             reuse 1; the victim is in the group and no member of the group is older.
//   LRU mode: the victim has the largest age (Ways - 1).
// SpecThreshold is the threshold the property assumes (default: the RTL's); setting it to a
// different value makes a deliberately wrong specification, which the solver must refute.
module ba_victim_miter #(
  parameter integer Ways          = 8,
  parameter integer WayBits       = 3,
  parameter integer BypassAware   = 1,
  parameter integer Threshold     = 4,
  parameter integer SpecThreshold = Threshold
) (
  input  wire [Ways-1:0]         reuse_i,
  input  wire [Ways*WayBits-1:0] age_i,
  output reg                     ok_o
);

  wire [WayBits-1:0] victim;

  ba_victim #(.Ways(Ways), .WayBits(WayBits), .BypassAware(BypassAware),
              .Threshold(Threshold)) u_dut (
    .reuse_i      (reuse_i),
    .age_i        (age_i),
    .young_i      ({Ways{1'b0}}),
    .victim_o     (),
    .victim_way_o (victim)
  );

  localparam integer Floor = (SpecThreshold < 1) ? 1 : SpecThreshold;

  integer v, w, n0;
  reg perm, group, in_group, none_older;
  reg [WayBits-1:0] victim_age;

  always @(*) begin
    perm = 1'b1;
    for (v = 0; v < Ways; v = v + 1) begin
      for (w = v + 1; w < Ways; w = w + 1) begin
        if (age_i[v*WayBits +: WayBits] == age_i[w*WayBits +: WayBits]) perm = 1'b0;
      end
    end
    n0 = 0;
    for (w = 0; w < Ways; w = w + 1) n0 = n0 + (reuse_i[w] ? 0 : 1);
    group = n0 < Floor;   // 1: the reused lines
    victim_age = {WayBits{1'b0}};
    in_group = 1'b0;
    for (w = 0; w < Ways; w = w + 1) begin
      if (victim == w[WayBits-1:0]) begin
        victim_age = age_i[w*WayBits +: WayBits];
        in_group = reuse_i[w] == group;
      end
    end
    none_older = 1'b1;
    for (w = 0; w < Ways; w = w + 1) begin
      if ((BypassAware == 0 || reuse_i[w] == group) && age_i[w*WayBits +: WayBits] > victim_age) begin
        none_older = 1'b0;
      end
    end
    if (BypassAware != 0) begin
      ok_o = !perm || (in_group && none_older);
    end else begin
      ok_o = !perm || none_older;
    end
  end

endmodule
