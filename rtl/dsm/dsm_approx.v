// dsm_approx: the FP approximation unit (docs/dsm.md sections 5 and 6), one pipeline stage.
//
// Function: looks the line address up in an 8-entry range map and clears the low
// 4 * min(bits >> 2, 5) bits of every binary32 word of the line.
//   input -> u_out_stage: range match of every entry + lowest-index priority select
//     (dsm_approx_match) against the map registers (dsm_approx_map), masking (dsm_approx_mask);
//     registers the approximated line, the address and the 5-bit bits value.
// The thesis (Table 6.4) uses two stages; the estimate puts match + mask at about 830 ps of ABC
// delay, inside one 800 MHz cycle, so the unit uses one and saves a 1071-bit register stage
// (docs/dsm.md 6 and 8).
//
// Latency / throughput: 1 cycle, one line per cycle. Map writes (cfg_we_i) are accepted every
// cycle, independent of the stream; a line accepted on the same edge as a write sees the old
// map (docs/dsm.md 5.3), because the match reads the map registers before that edge.
// Register bits (Entries = 8): map 8 x (1 + 41 + 41 + 5) = 704; output stage 1024 + 41 + 5 +
// valid = 1071.
//
// What it does not do: no read-back of the map, no error on illegal bits values (they are
// defined, docs/dsm.md 5.2), binary32 elements only. Entries must be at least 2 (an index
// port needs a bit).
//
// Worked example: entry 0 = {valid, 41'h10, 41'h1F, 8}, in_addr_i = 41'h12, every word
// 32'h3F8ABCDE -> one cycle later out_bits_o = 8, every word 32'h3F8ABC00,
// out_addr_o = 41'h12; in_addr_i = 41'h20 -> out_bits_o = 0, line unchanged.
module dsm_approx #(
  parameter integer AddrWidth = 41,
  parameter integer Entries   = 8
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 cfg_we_i,
  input  wire [$clog2(Entries)-1:0] cfg_idx_i,
  input  wire                 cfg_valid_i,
  input  wire [AddrWidth-1:0] cfg_start_i,
  input  wire [AddrWidth-1:0] cfg_end_i,
  input  wire [4:0]           cfg_bits_i,
  input  wire                 in_valid_i,
  output wire                 in_ready_o,
  input  wire [AddrWidth-1:0] in_addr_i,
  input  wire [1023:0]        in_line_i,
  output wire                 out_valid_o,
  input  wire                 out_ready_i,
  output wire [AddrWidth-1:0] out_addr_o,
  output wire [1023:0]        out_line_o,
  output wire [4:0]           out_bits_o
);

  localparam integer IdxWidth  = $clog2(Entries);
  localparam integer StageBits = 5 + AddrWidth + 1024;

  wire [Entries-1:0]           map_valid;
  wire [Entries*AddrWidth-1:0] map_start;
  wire [Entries*AddrWidth-1:0] map_end;
  wire [Entries*5-1:0]         map_bits;

  dsm_approx_map #(.AddrWidth(AddrWidth), .Entries(Entries), .IdxWidth(IdxWidth)) u_map (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .cfg_we_i    (cfg_we_i),
    .cfg_idx_i   (cfg_idx_i),
    .cfg_valid_i (cfg_valid_i),
    .cfg_start_i (cfg_start_i),
    .cfg_end_i   (cfg_end_i),
    .cfg_bits_i  (cfg_bits_i),
    .valid_o     (map_valid),
    .start_o     (map_start),
    .end_o       (map_end),
    .bits_o      (map_bits)
  );

  // Range match and priority select.
  wire [4:0] match_bits;

  dsm_approx_match #(.AddrWidth(AddrWidth), .Entries(Entries)) u_match (
    .addr_i  (in_addr_i),
    .valid_i (map_valid),
    .start_i (map_start),
    .end_i   (map_end),
    .bits_i  (map_bits),
    .bits_o  (match_bits)
  );

  // Masking, in the same stage: the match is a few levels of 41-bit comparators and an 8-way
  // priority select, the mask one AND per bit, so the whole path fits one 800 MHz cycle
  // (make synth: about 830 ps of ABC delay), and a second stage would only add 1071 flops and
  // their hold multiplexers.
  wire [1023:0] masked_line;

  dsm_approx_mask u_mask (
    .line_i   (in_line_i),
    .groups_i (match_bits[4:2]),
    .line_o   (masked_line)
  );

  np_stream_register #(.Width(StageBits)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_data_i   ({match_bits, in_addr_i, masked_line}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_bits_o, out_addr_o, out_line_o})
  );

endmodule
