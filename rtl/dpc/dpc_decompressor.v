// dpc_decompressor: DPC / DF-TRUC / DF-MAN line decompressor (docs/dpc.md sections 3, 4, 7,
// 8), two pipeline stages.
//
// Function: restores one line per cycle from a stream of in_len_i bits (bits at and above
// in_len_i ignored). in_mode_i = 1 reads a DF-TRUC stream (map first, non-critical sub-blocks
// come out zero); 0, 2 and 3 read a plain DPC stream (DF-MAN sends one) and report map 1111.
// out_err_o flags a malformed stream (section 8); out_line_o and out_map_o are then not
// specified.
//   stage 1 (input -> u_count_stage): map, alignment of the body and the bit counter up to its
//     group prefix (dpc_unpack_count); registers the body, the local and group-prefix counts,
//     the last group's count, the map, the length and the DF-TRUC flag.
//   stage 2 (u_count_stage -> u_out_stage): per-plane counts, relay from the ED offsets,
//     recover, transpose or raw words, sub-block placement, the error checks
//     (dpc_unpack_planes); registers the line, the map and the error flag.
// The two halves together are dpc_line_unpack (the function the formal proof uses).
// Why two: in one cycle the bit counter, the offset muxes and the placement made a path of
// about 35 logic levels (est. 628 MHz against the 800 MHz target, docs/dpc.md section 7).
//
// Latency / throughput: 2 cycles (input transfer to out_valid_o), one line per cycle under any
// stall pattern; in_ready_o = !stage-1 full || ... (np_stream_register on both stages).
// Register bits: stage 1: 1025 + 80 + 119 + 5 + 4 + 11 + 1 + valid = 1246; stage 2: 1024 + 4 +
// 1 + valid = 1030.
//
// What it does not do: it does not merge maps into an MSHR (that is the SM's job, seed 3.5);
// no skid buffer, so out_ready_i reaches in_ready_o through two levels of logic.
//
// Worked example: mode 0, in_len_i = 65, in_bits_i = {32'hFFFF_FFFF, 1'b1} -> all-zero line,
// out_map_o = 4'b1111, out_err_o = 0; the same bits with in_len_i = 66 -> out_err_o = 1
// (trailing bit).
module dpc_decompressor (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1028:0] in_bits_i,
  input  wire [10:0]   in_len_i,
  input  wire [1:0]    in_mode_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1023:0] out_line_o,
  output wire [3:0]    out_map_o,
  output wire          out_err_o
);
  localparam integer CountBits = 1025 + 80 + 119 + 5 + 4 + 11 + 1;

  // Stage 1: header, group prefix of the bit counter.
  wire [1024:0] body;
  wire [79:0]   local_count;
  wire [118:0]  group_prefix;
  wire [4:0]    last_group;
  wire [3:0]    map;
  wire          truc;

  dpc_unpack_count u_unpack_count (
    .bits_i       (in_bits_i),
    .mode_i       (in_mode_i),
    .body_o       (body),
    .local_o      (local_count),
    .prefix_o     (group_prefix),
    .last_group_o (last_group),
    .map_o        (map),
    .truc_o       (truc)
  );

  wire          mid_valid;
  wire          mid_ready;
  wire [1024:0] mid_body;
  wire [79:0]   mid_local;
  wire [118:0]  mid_prefix;
  wire [4:0]    mid_last_group;
  wire [3:0]    mid_map;
  wire [10:0]   mid_len;
  wire          mid_truc;

  np_stream_register #(.Width(CountBits)) u_count_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_data_i   ({truc, in_len_i, map, last_group, group_prefix, local_count, body}),
    .out_valid_o (mid_valid),
    .out_ready_i (mid_ready),
    .out_data_o  ({mid_truc, mid_len, mid_map, mid_last_group, mid_prefix, mid_local, mid_body})
  );

  // Stage 2: planes, words, line; error checks.
  wire [1023:0] line;
  wire          err;

  dpc_unpack_planes u_unpack_planes (
    .body_i       (mid_body),
    .local_i      (mid_local),
    .prefix_i     (mid_prefix),
    .last_group_i (mid_last_group),
    .map_i        (mid_map),
    .len_i        (mid_len),
    .truc_i       (mid_truc),
    .line_o       (line),
    .err_o        (err)
  );

  np_stream_register #(.Width(1024 + 4 + 1)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (mid_valid),
    .in_ready_o  (mid_ready),
    .in_data_i   ({err, mid_map, line}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_err_o, out_map_o, out_line_o})
  );
endmodule
