// sc_decompressor_k1: sc_decompressor with SymbolsPerCycle = 1, a synthesis-only top (docs/sc.md
// 8.2: the latency / clock trade-off of the slot chain). Nothing but the parameter differs; it
// is verified as the `k1` variant of sc_decompressor (make verify-variants).
module sc_decompressor_k1 (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          cfg_we_i,
  input  wire [10:0]   cfg_addr_i,
  input  wire [31:0]   cfg_data_i,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1024:0] in_bits_i,
  input  wire [10:0]   in_len_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1023:0] out_line_o,
  output wire          out_err_o
);

  sc_decompressor #(.SymbolsPerCycle(1)) u_dec (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .cfg_we_i    (cfg_we_i),
    .cfg_addr_i  (cfg_addr_i),
    .cfg_data_i  (cfg_data_i),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready_o),
    .in_bits_i   (in_bits_i),
    .in_len_i    (in_len_i),
    .out_valid_o (out_valid_o),
    .out_ready_i (out_ready_i),
    .out_line_o  (out_line_o),
    .out_err_o   (out_err_o)
  );

endmodule
