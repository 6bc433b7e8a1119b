// dpc_decompressor: DPC / DF-TRUC / DF-MAN line decompressor (docs/dpc.md sections 3, 4, 7,
// 8), one pipeline stage.
//
// Function: restores one line per cycle from a stream of in_len_i bits (bits at and above
// in_len_i ignored). in_mode_i = 1 reads a DF-TRUC stream (map first, non-critical sub-blocks
// come out zero); 0, 2 and 3 read a plain DPC stream (DF-MAN sends one) and report map 1111.
// out_err_o flags a malformed stream (section 8); out_line_o and out_map_o are then not
// specified. All decoding is in dpc_line_unpack; u_out_stage registers its outputs.
//
// Latency / throughput: 1 cycle (input transfer to out_valid_o), one line per cycle under any
// stall pattern; in_ready_o = !out_valid_o || out_ready_i (np_stream_register).
// Register bits: 1024 + 4 + 1 + valid = 1030.
//
// What it does not do: it does not merge maps into an MSHR (that is the SM's job, seed 3.5).
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
  wire [1023:0] line;
  wire [3:0]    map;
  wire          err;

  dpc_line_unpack u_line_unpack (
    .bits_i (in_bits_i),
    .len_i  (in_len_i),
    .mode_i (in_mode_i),
    .line_o (line),
    .map_o  (map),
    .err_o  (err)
  );

  np_stream_register #(.Width(1024 + 4 + 1)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_data_i   ({err, map, line}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_err_o, out_map_o, out_line_o})
  );
endmodule
