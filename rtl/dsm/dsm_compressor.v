// dsm_compressor: DSM line compressor (docs/dsm.md section 6), one pipeline stage.
//
// Function: compresses one 128-byte line per cycle into the line stream of docs/dsm.md 4.4:
// per lane remap, CSN detection, bit counter, variable-length concatenation and compression
// check (dsm_line_pack), then lane 1 placed after lane 0 and the lengths added
// (dsm_line_concat); u_out_stage registers out_bits_o and out_len_o.
//
// Why one stage (the thesis uses two, Table 6.5): the whole path fits one 800 MHz cycle by the
// synthesis estimate (`make synth-dsm_compressor`: ABC delay plus clk->Q and setup, docs/dsm.md
// section 6), and a second stage would cost a 1035-bit register with its hold multiplexers and
// a cycle of reply latency.
//
// Latency / throughput: 1 cycle (input transfer to out_valid_o), one line per cycle; valid and
// data are registered, in_ready_o = !out_valid_o || out_ready_i.
// Register bits (LaneBytes = 64): 1026 + 11 + valid = 1038.
//
// What it does not do: no approximation (dsm_approx precedes it); no skid buffer, so
// out_ready_i reaches in_ready_o through one level of logic.
//
// Worked example: an all-zero line -> out_len_o = 82, out_bits_o = 82'h3FE_0000_0001FF
// (two lanes of C=1, ES=8'hFF, eight 4'h0 codes), one cycle after it is accepted.
module dsm_compressor #(
  parameter integer LaneBytes = 64
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1023:0] in_line_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1025:0] out_bits_o,
  output wire [10:0]   out_len_o
);

  localparam integer NumLanes       = 128 / LaneBytes;
  localparam integer LaneStreamBits = 8 * LaneBytes + 1;
  localparam integer CountWidth     = $clog2(LaneBytes / 8 + 1);

  // Lane packing (remap, CSN detection, counts, per-lane concatenation, check).
  wire [NumLanes*LaneStreamBits-1:0] packed_lanes;
  wire [NumLanes*CountWidth-1:0]     packed_counts;
  wire                               load;   // the register takes this cycle's stream

  dsm_line_pack #(.LaneBytes(LaneBytes), .CountWidth(CountWidth)) u_line_pack (
    .en_i     (load),
    .line_i   (in_line_i),
    .lanes_o  (packed_lanes),
    .counts_o (packed_counts)
  );

  wire [1025:0] line_bits;
  wire [10:0]   line_len;

  dsm_line_concat #(.LaneBytes(LaneBytes), .CountWidth(CountWidth)) u_line_concat (
    .lanes_i  (packed_lanes),
    .counts_i (packed_counts),
    .bits_o   (line_bits),
    .len_o    (line_len)
  );

  // The lanes are zero unless the register loads (dsm_lane_pack gates its selects), so the
  // placed stream is too; only the length needs its own gate.
  np_stream_register_gated #(.Width(11 + 1026)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .load_o      (load),
    .in_data_i   ({line_len & {11{load}}, line_bits}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_len_o, out_bits_o})
  );

`ifndef SYNTHESIS
  initial begin
    if (LaneBytes != 64 && LaneBytes != 128) begin
      $display("ASSERT %m: LaneBytes = %0d, docs/dsm.md allows 64 or 128", LaneBytes);
      $fatal;
    end
  end
`endif

endmodule
