// dpc_filter_table_e256: the data-filtering table with Entries = 256, a synthesis-only top (seed
// 000 Table 5.1: table sizes 32, 256 (the seed's default) and 1024; docs/dpc.md 6.1). Nothing but
// the parameter differs from dpc_filter_table: verification runs dpc_filter_table at 32
// entries, and every entry's logic is the same for every count. The C model and npsim take any
// count up to 1024 (dft_init, dft_entries).
module dpc_filter_table_e256 (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        req_valid_i,
  output wire        req_ready_o,
  input  wire [5:0]  req_sm_i,
  input  wire [40:0] req_addr_i,
  input  wire [3:0]  req_map_i,
  output wire        act_valid_o,
  input  wire        act_ready_i,
  output wire [1:0]  act_action_o,
  output wire [7:0]  act_idx_o,
  output wire [3:0]  act_map_o,
  input  wire        rpl_valid_i,
  output wire        rpl_ready_o,
  input  wire [7:0]  rpl_idx_i,
  output wire        map_valid_o,
  input  wire        map_ready_i,
  output wire [3:0]  map_o
);
  dpc_filter_table #(.Entries(256)) u_table (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .req_valid_i  (req_valid_i),
    .req_ready_o  (req_ready_o),
    .req_sm_i     (req_sm_i),
    .req_addr_i   (req_addr_i),
    .req_map_i    (req_map_i),
    .act_valid_o  (act_valid_o),
    .act_ready_i  (act_ready_i),
    .act_action_o (act_action_o),
    .act_idx_o    (act_idx_o),
    .act_map_o    (act_map_o),
    .rpl_valid_i  (rpl_valid_i),
    .rpl_ready_o  (rpl_ready_o),
    .rpl_idx_i    (rpl_idx_i),
    .map_valid_o  (map_valid_o),
    .map_ready_i  (map_ready_i),
    .map_o        (map_o)
  );
endmodule
