// sc_compressor_ff: sc_compressor with its code table in flip-flops (TableMacro = 0), a
// synthesis-only top: the like-for-like comparison with the SRAM-macro default
// (docs/synthesis.md "SRAM macros"). Nothing but the parameter differs; it is verified as the
// `fftable` variant of sc_compressor (make verify-variants).
module sc_compressor_ff (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          cfg_we_i,
  input  wire [11:0]   cfg_addr_i,
  input  wire [31:0]   cfg_data_i,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1023:0] in_line_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1024:0] out_bits_o,
  output wire [10:0]   out_len_o
);

  sc_compressor #(.TableMacro(0)) u_comp (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .cfg_we_i    (cfg_we_i),
    .cfg_addr_i  (cfg_addr_i),
    .cfg_data_i  (cfg_data_i),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_line_i   (in_line_i),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_bits_o  (out_bits_o),
    .out_len_o   (out_len_o)
  );

endmodule
