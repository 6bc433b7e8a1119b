// Icarus (iverilog -g2005) replay of vectors/dsm/dsm_lane_pair_decompressor.hex through
// dsm_lane_pair_decompressor. Uses only the vector file (no C model): each vector's two lane
// streams and lengths are sent with pseudo-random valid gaps, the output is taken with
// pseudo-random ready stalls, and every output transfer is compared with the file's expected
// out_err and, when out_err is 0, out_line (the line is unspecified on an error, docs/dsm.md
// 4.5, 6; docs/vectors.md). The AXI-stream rule (valid and data hold while ready is low) is
// checked on the output.
// Plusargs: +vectors=FILE (required), +expect=N (vectors in the file), +seed=N.
// Prints `PASS unit=dsm_lane_pair_decompressor sim=iverilog checked=N`, or one MISMATCH /
// PROTOCOL / TIMEOUT / ERROR line and $fatal. The machinery is tb_util.vh and tb_stream.vh,
// the output comparison dsm_decoded_tb.vh.
module dsm_lane_pair_decompressor_tb;
  parameter integer MaxVectors = 4096;
  localparam Unit = "dsm_lane_pair_decompressor";
  // {pad[0], in_len1[9:0], in_len0[9:0], in_lane1[512:0], in_lane0[512:0], exp_err, exp_line[1023:0]}
  localparam integer VecBits = 518 * 4;
  localparam integer InBits = 20 + 1026;

  `include "tb_util.vh"
  `include "dsm_decoded_tb.vh"
  `include "tb_stream.vh"

  wire [19:0] in_lens;     // {in_len1, in_len0}
  wire [1025:0] in_lanes;  // {in_lane1, in_lane0}
  assign {in_lens, in_lanes} = in_word;

  dsm_lane_pair_decompressor u_dut (
    `TB_HANDSHAKE_PORTS
    .in_lanes_i (in_lanes),
    .in_lens_i  (in_lens),
    .out_line_o (out_line),
    .out_err_o  (out_err)
  );
endmodule
