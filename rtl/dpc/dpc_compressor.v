// dpc_compressor: DPC / DF-TRUC / DF-MAN line compressor (docs/dpc.md sections 3 to 5, 7),
// three pipeline stages.
//
// Function: compresses one 128-byte line per cycle, in the mode in_mode_i (0 DPC, 1 DF-TRUC,
// 2 DF-MAN, 3 as DPC) with the critical map in_map_i (bit k = sub-block k; 0000 acts as 1111;
// ignored in DPC mode), into the stream of section 3 (DPC, DF-MAN) or section 4 (DF-TRUC).
//   stage 1 (input -> u_status_stage): remap, plane detection, ES and plane count of both
//     candidate copies, critical-word selection (dpc_line_status); registers the word list,
//     both ES, both half counts, c, the mode flags and the map.
//   stage 2 (u_status_stage -> u_analyze_stage): DF-MAN's choice and the in-group half of the
//     bit counter (dpc_line_choose); registers the word list, the sub-blocks to keep, ES, the
//     group counts, c, the DF-TRUC flag and the map.
//   stage 3 (u_analyze_stage -> u_out_stage): the rest of the bit counter, checker, length,
//     remap of the word list, concatenation and raw fallback, map header (dpc_line_pack);
//     registers out_bits_o and out_len_o.
// Stages 1 and 2 together are dpc_line_analyze (the function the formal proof uses).
// Why three: DF-MAN needs two 32-plane counts and a comparison before the copy is known, and
// the concatenator's offset muxes need the per-plane counts of the chosen copy; in two stages
// the first one needed about 33 logic levels (est. 714 MHz against the 800 MHz target,
// docs/dpc.md section 7). The cut after the counts halves that path.
//
// Latency / throughput: 3 cycles (input transfer to out_valid_o), one line per cycle under any
// stall pattern (np_stream_register on every stage: in_ready_o = !stage-1 full || ...).
// Register bits: stage 1: 1024 + 32 + 32 + 10 + 10 + 4 + 1 + 1 + 4 + valid = 1119;
// stage 2: 1024 + 4 + 32 + 80 + 40 + 4 + 1 + 4 + valid = 1190; stage 3: 1029 + 11 + valid = 1041.
//
// What it does not do: it does not track requests (dpc_filter_table gives the map); no skid
// buffer, so out_ready_i reaches in_ready_o through three levels of logic.
//
// Worked example: all-zero line, DPC -> out_len_o = 65, out_bits_o = {32'hFFFF_FFFF, 1'b1}
// (C = 1, every plane compressible, 32 zero plane values); DF-TRUC map 0001 -> length 69,
// out_bits_o = {32'hFFFF_FFFF, 1'b1, 4'b0001}.
module dpc_compressor (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1023:0] in_line_i,
  input  wire [3:0]    in_map_i,
  input  wire [1:0]    in_mode_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1028:0] out_bits_o,
  output wire [10:0]   out_len_o
);
  localparam integer StatusBits  = 1024 + 32 + 32 + 10 + 10 + 4 + 1 + 1 + 4;
  localparam integer AnalyzeBits = 1024 + 4 + 32 + 80 + 40 + 4 + 1 + 4;

  // Stage 1: encoding status of both candidate copies.
  wire [1023:0] words;
  wire [31:0]   es_line, es_man;
  wire [9:0]    half_line, half_man;
  wire [3:0]    count_oh;
  wire          truc, man;
  wire [3:0]    map;

  dpc_line_status u_line_status (
    .line_i       (in_line_i),
    .map_i        (in_map_i),
    .mode_i       (in_mode_i),
    .words_o      (words),
    .es_line_o    (es_line),
    .es_man_o     (es_man),
    .half_line_o  (half_line),
    .half_man_o   (half_man),
    .count_oh_o   (count_oh),
    .truc_o       (truc),
    .man_o        (man),
    .map_o        (map)
  );

  wire          st_valid;
  wire          st_ready;
  wire [1023:0] st_words;
  wire [31:0]   st_es_line, st_es_man;
  wire [9:0]    st_half_line, st_half_man;
  wire [3:0]    st_count_oh;
  wire          st_truc, st_man;
  wire [3:0]    st_map;

  np_stream_register #(.Width(StatusBits)) u_status_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_data_i   ({map, man, truc, count_oh, half_man, half_line, es_man, es_line, words}),
    .out_valid_o (st_valid),
    .out_ready_i (st_ready),
    .out_data_o  ({st_map, st_man, st_truc, st_count_oh, st_half_man, st_half_line,
                   st_es_man, st_es_line, st_words})
  );

  // Stage 2: DF-MAN's choice, group counts.
  wire [31:0] es;
  wire [79:0] local_count;
  wire [39:0] group_count;
  wire [3:0]  keep;

  dpc_line_choose u_line_choose (
    .es_line_i    (st_es_line),
    .es_man_i     (st_es_man),
    .half_line_i  (st_half_line),
    .half_man_i   (st_half_man),
    .man_i        (st_man),
    .map_i        (st_map),
    .es_o         (es),
    .local_o      (local_count),
    .group_o      (group_count),
    .keep_o       (keep)
  );

  wire          mid_valid;
  wire          mid_ready;
  wire [1023:0] mid_words;
  wire [3:0]    mid_keep;
  wire [31:0]   mid_es;
  wire [79:0]   mid_local;
  wire [39:0]   mid_group;
  wire [3:0]    mid_count_oh;
  wire          mid_truc;
  wire [3:0]    mid_map;

  np_stream_register #(.Width(AnalyzeBits)) u_analyze_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (st_valid),
    .in_ready_o  (st_ready),
    .in_data_i   ({st_map, st_truc, st_count_oh, group_count, local_count, es, keep,
                   st_words}),
    .out_valid_o (mid_valid),
    .out_ready_i (mid_ready),
    .out_data_o  ({mid_map, mid_truc, mid_count_oh, mid_group, mid_local, mid_es, mid_keep,
                   mid_words})
  );

  // Stage 3: stream layout.
  wire [1028:0] bits;
  wire [10:0]   len;

  dpc_line_pack u_line_pack (
    .words_i    (mid_words),
    .keep_i     (mid_keep),
    .es_i       (mid_es),
    .local_i    (mid_local),
    .group_i    (mid_group),
    .count_oh_i (mid_count_oh),
    .truc_i     (mid_truc),
    .map_i      (mid_map),
    .bits_o     (bits),
    .len_o      (len)
  );

  np_stream_register #(.Width(11 + 1029)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (mid_valid),
    .in_ready_o  (mid_ready),
    .in_data_i   ({len, bits}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_len_o, out_bits_o})
  );
endmodule
