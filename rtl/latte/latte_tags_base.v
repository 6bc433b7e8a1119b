// latte_tags_base: the uncompressed L1 tag array that latte_tags replaces, for the synthesis
// comparison only (docs/latte.md 10): seed 004 Table II's 16 KB L1 as 32 sets x 4 ways with
// true LRU, built from the BA unit's conventional mode (ba_tag_unit, BypassAware = 0), the
// project's plain L1 tag unit. latte_tags has 4x its tags and adds the sub-block accounting.
//
// Latency / throughput: 1 cycle, one request per cycle (ba_tag_unit).
// Register bits: 128 lines x (1 valid + 36 tag + 2 age) = 4992, plus the output register.
// What it does not do: see ba_tag_unit; it is not verified as a top of its own (ba_tag_lru, the
// same module at 16 x 8, is).
module latte_tags_base #(
  parameter integer Sets     = 32,
  parameter integer Ways     = 4,
  parameter integer AddrBits = 41
) (
  input  wire                               clk_i,
  input  wire                               rst_ni,
  input  wire                               in_valid_i,
  output wire                               in_ready_o,
  input  wire [1:0]                         in_op_i,
  input  wire [AddrBits-1:0]                in_addr_i,
  output wire                               out_valid_o,
  input  wire                               out_ready_i,
  output wire [2:0]                         out_outcome_o,
  output wire [$clog2(Ways)-1:0]            out_way_o,
  output wire                               out_victim_valid_o,
  output wire [AddrBits-$clog2(Sets)-1:0]   out_victim_tag_o
);

  ba_tag_unit #(.Sets(Sets), .Ways(Ways), .AddrBits(AddrBits), .BypassAware(0),
                .Threshold(0)) u_unit (
    .clk_i              (clk_i),
    .rst_ni             (rst_ni),
    .in_valid_i         (in_valid_i),
    .in_ready_o         (in_ready_o),
    .in_op_i            (in_op_i),
    .in_addr_i          (in_addr_i),
    .out_valid_o        (out_valid_o),
    .out_ready_i        (out_ready_i),
    .out_outcome_o      (out_outcome_o),
    .out_way_o          (out_way_o),
    .out_victim_valid_o (out_victim_valid_o),
    .out_victim_tag_o   (out_victim_tag_o)
  );

endmodule
