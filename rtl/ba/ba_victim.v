// ba_victim: replacement choice of the BA tag unit when every line of the set is valid
// (docs/ba.md 3.4; seed 002 section 5.4.2).
//
// Function: LRU mode (BypassAware = 0): the oldest line. BA mode: n0 = number of lines whose
// reuse bit is 0; when n0 >= max(Threshold, 1) the victim is the oldest line with reuse 0,
// otherwise the oldest line with reuse 1. Ages are a permutation of 0..Ways-1 (0 = most
// recent), so "oldest in a group" has exactly one answer: the member no other member outranks.
//
// Latency / throughput: combinational (a popcount and Ways x Ways age comparisons).
//
// young_i (one-hot or zero): a line the pending write of the previous request touches
// (docs/ba.md 4). It counts as the most recent line and every other pair keeps the order of
// age_i, which is exactly the order ba_lru_update would give after touching it, so the
// request sees the ages it would see if that write had already happened without waiting for
// the age update (tests/formal/ba_prove.sh proves the equality, victim_young).
//
// What it does not do: it does not look at valid bits (it is only used when all are set) nor
// at free lines (ba_match finds those).
//
// Worked example (Ways = 4, Threshold = 2): reuse_i = 4'b0011, ages {w3..w0} = {0, 3, 1, 2}
// -> n0 = 2 >= 2: group reuse 0 = {w2, w3}; w2 has age 3 -> victim_way_o = 2. With
// reuse_i = 4'b0111 (n0 = 1 < 2): group reuse 1 = {w0, w1, w2}; oldest w2 (age 3) -> 2.
// C model: ba_victim (cmodel/src/ba.c).
module ba_victim #(
  parameter integer Ways        = 8,
  parameter integer WayBits     = 3,
  parameter integer BypassAware = 1,
  parameter integer Threshold   = 4
) (
  input  wire [Ways-1:0]         reuse_i,
  input  wire [Ways*WayBits-1:0] age_i,     // way w at [w*WayBits +: WayBits]
  input  wire [Ways-1:0]         young_i,   // the line the pending write touches, or none
  output reg  [Ways-1:0]         victim_o,  // one-hot
  output reg  [WayBits-1:0]      victim_way_o
);

  // Threshold 0 still needs one never-reused line to pick from it.
  localparam integer Floor = (Threshold < 1) ? 1 : Threshold;

  integer w, v, never_reused;
  reg            from_reused;   // 1: the victim group is the reused lines
  reg [Ways-1:0] candidate;
  reg [Ways-1:0] oldest;

  always @(*) begin
    never_reused = 0;
    for (w = 0; w < Ways; w = w + 1) begin
      never_reused = never_reused + (reuse_i[w] ? 0 : 1);
    end
    from_reused = (BypassAware != 0) && (never_reused < Floor);
    for (w = 0; w < Ways; w = w + 1) begin
      candidate[w] = (BypassAware == 0) || (reuse_i[w] == from_reused);
    end
  end

  // oldest[w]: w is a candidate and no other candidate is older; the young line is younger
  // than every other line.
  always @(*) begin
    for (w = 0; w < Ways; w = w + 1) begin
      oldest[w] = candidate[w];
      for (v = 0; v < Ways; v = v + 1) begin
        if (v != w && candidate[v] &&
            (young_i[w] || (!young_i[v] &&
             age_i[v*WayBits +: WayBits] > age_i[w*WayBits +: WayBits]))) begin
          oldest[w] = 1'b0;
        end
      end
    end
    victim_o = oldest;
    victim_way_o = {WayBits{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      if (oldest[w]) begin
        victim_way_o = victim_way_o | w[WayBits-1:0];
      end
    end
  end

endmodule
