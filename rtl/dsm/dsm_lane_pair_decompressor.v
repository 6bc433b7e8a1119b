// dsm_lane_pair_decompressor: two independent 64-byte lane decoders behind one output register,
// the configuration of the thesis's area figures ("two 64-byte DSMs in parallel", Table 6.4),
// for a network interface that carries the two lane streams separately (docs/dsm.md section 6;
// area against dsm_decompressor in 8.3, "Where the area goes").
//
// Function: each lane stream arrives on its own bus with its own length (docs/dsm.md 4.2, 4.3;
// bits at and above a lane's length are ignored); each is decoded by dsm_lane_unpack; out_err_o
// is set when either lane is non-canonical or its length is not the length its C and ES fields
// imply, which is exactly "either lane malformed by 4.5 applied to that lane alone" (the
// argument is in docs/dsm.md 6). out_line_o is not specified when out_err_o is 1.
// Unlike dsm_decompressor it has no lane-1 window: it does not read the line stream of 4.4, in
// which lane 1 starts where lane 0 ends.
//
// Latency / throughput: 1 cycle, one line per cycle (the gated output register of
// dsm_decompressor).
//
// What it does not do: LaneBytes is fixed at 64 (two lanes); it does not read a line stream.
// Verified like every top: verilator_tb/dsm_lane_pair_decompressor_tb.cpp against the C model's
// dsm_decompress_lane, the Icarus replay of vectors/dsm/dsm_lane_pair_decompressor.hex.
//
// Worked example: in_lanes_i = {513'h1FF, 513'h1FF} (each lane C = 1, ES = 8'hFF, eight 4'h0
// codes), in_lens_i = {10'd41, 10'd41} -> out_line_o = 0, out_err_o = 0; with in_lens_i =
// {10'd41, 10'd42} (lane 0 one bit long) -> out_err_o = 1.
module dsm_lane_pair_decompressor (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1025:0] in_lanes_i,   // {lane 1 stream, lane 0 stream}, 513 bits each
  input  wire [19:0]   in_lens_i,    // {lane 1 length, lane 0 length}, 10 bits each
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1023:0] out_line_o,
  output wire          out_err_o
);

  localparam integer Segs           = 8;
  localparam integer LaneStreamBits = 513;

  wire [1023:0] line;
  wire [1:0]    lane_err;
  wire          load;   // as in dsm_decompressor: the datapath is zero unless the register loads

  genvar k;
  generate
    for (k = 0; k < 2; k = k + 1) begin : gen_lane
      wire [Segs:0] count;
      wire          noncanon;
      wire [9:0]    expected_len;

      dsm_lane_unpack #(.LaneBytes(64)) u_lane_unpack (
        .en_i       (load),
        .bits_i     (in_lanes_i[k*LaneStreamBits +: LaneStreamBits]),
        .lane_o     (line[k*512 +: 512]),
        .count_o    (count),
        .noncanon_o (noncanon)
      );

      dsm_lane_len #(.Segs(Segs), .LenWidth(10)) u_lane_len (
        .count_i (count),
        .len_o   (expected_len)
      );

      assign lane_err[k] = noncanon | (expected_len != in_lens_i[k*10 +: 10]);
    end
  endgenerate

  np_stream_register_gated #(.Width(1 + 1024)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .load_o      (load),
    .in_data_i   ({load & (|lane_err), line}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_err_o, out_line_o})
  );

endmodule
