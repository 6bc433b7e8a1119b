// Icarus (iverilog -g2005) replay of vectors/ba/ba_tag_ba.hex through ba_tag_ba: the bench is
// ba_tag_tb.vh, shared with ba_tag_lru (same ports), with ba_tag_ba as the DUT.
module ba_tag_ba_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "ba_tag_ba";

`define BA_TAG_TB_DUT ba_tag_ba
  `include "ba_tag_tb.vh"
endmodule
