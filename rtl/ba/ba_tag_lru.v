// ba_tag_lru: the BA tag unit in conventional LRU mode (docs/ba.md), the baseline: 16 KB of 128-byte
// lines as 16 sets x 8 ways (seed 002 Table 2), no reuse or bypass bits, never bypasses.
// A thin top over ba_tag_unit so synthesis reports BA and LRU mode as separate rows.
//
// Latency / throughput: 1 cycle, one request per cycle (ba_tag_unit).
// Register bits (defaults): 128 lines x 41 = 5248 + output stage 45 + victims 128 + pending
// write 48 + 24 (ba_tag_unit).
// What it does not do: see ba_tag_unit.
module ba_tag_lru #(
  parameter integer Sets      = 16,
  parameter integer Ways      = 8,
  parameter integer AddrBits  = 41
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
