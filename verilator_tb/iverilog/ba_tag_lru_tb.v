// Icarus (iverilog -g2005) replay of vectors/ba/ba_tag_lru.hex through ba_tag_lru: the bench is
// ba_tag_tb.vh, shared with ba_tag_ba (same ports), with ba_tag_lru as the DUT.
module ba_tag_lru_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "ba_tag_lru";

`define BA_TAG_TB_DUT ba_tag_lru
  `include "ba_tag_tb.vh"
endmodule
