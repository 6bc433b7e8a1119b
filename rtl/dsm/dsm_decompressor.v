// dsm_decompressor: DSM line decompressor (docs/dsm.md section 6), one pipeline stage.
//
// Function: restores the 128-byte line from a line stream of in_len_i bits and flags malformed
// input (docs/dsm.md 4.5) on out_err_o. The whole datapath (dsm_line_unpack: lane-1 window
// shifter, per-lane unpacker, bit counter, offset mux, segment recover, unremap, length check)
// is combinational in front of one output register. The register is np_stream_register_gated:
// the datapath's select lines are gated with its load signal, so the datapath outputs zero
// while the register holds, and holding costs an OR term per bit instead of a multiplexer.
//
// Latency / throughput: 1 cycle (input transfer to out_valid_o), one line per cycle.
// Register bits: 1024 + 1 + valid = 1026 (the output is the narrowest place to cut: the input
// is 1026 + 11 bits).
//
// What it does not do: out_line_o is not specified when out_err_o = 1; bits of in_bits_i at and
// above in_len_i are ignored.
//
// Worked example: in_bits_i = 82'h3FE_0000_0001FF, in_len_i = 82 -> out_line_o = 0,
// out_err_o = 0, one cycle after the input transfer.
module dsm_decompressor #(
  parameter integer LaneBytes = 64
) (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1025:0] in_bits_i,
  input  wire [10:0]   in_len_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1023:0] out_line_o,
  output wire          out_err_o
);

  wire [1023:0] line;
  wire          err;
  wire          load;   // the register takes this cycle's line; the datapath is zero otherwise

  dsm_line_unpack #(.LaneBytes(LaneBytes)) u_line_unpack (
    .en_i   (load),
    .bits_i (in_bits_i),
    .len_i  (in_len_i),
    .line_o (line),
    .err_o  (err)
  );

  np_stream_register_gated #(.Width(1 + 1024)) u_out_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .load_o      (load),
    .in_data_i   ({err, line}),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_data_o  ({out_err_o, out_line_o})
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
