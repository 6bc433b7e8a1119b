// rcwm_w32: the request controller and windows manager with Window = 32, a synthesis-only top
// (seed 000 Table 5.1: window sizes 8, 16 (the default, verified top rcwm) and 32; docs/rcwm.md 5).
// Nothing but the parameter differs from rcwm.
module rcwm_w32 (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        ev_valid_i,
  output wire        ev_ready_o,
  input  wire [3:0]  ev_map_i,
  input  wire        ev_ica_i,
  output wire        st_valid_o,
  input  wire        st_ready_i,
  output wire [3:0]  st_over_o,
  output wire [23:0] st_ones_o,
  input  wire        rq_valid_i,
  output wire        rq_ready_o,
  input  wire [3:0]  rq_map_i,
  input  wire        rq_mshr_i,
  output wire        dec_valid_o,
  input  wire        dec_ready_i,
  output wire [3:0]  dec_map_o,
  output wire [2:0]  dec_reason_o
);
  rcwm #(.Window(32)) u_rcwm (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .ev_valid_i   (ev_valid_i),
    .ev_ready_o   (ev_ready_o),
    .ev_map_i     (ev_map_i),
    .ev_ica_i     (ev_ica_i),
    .st_valid_o   (st_valid_o),
    .st_ready_i   (st_ready_i),
    .st_over_o    (st_over_o),
    .st_ones_o    (st_ones_o),
    .rq_valid_i   (rq_valid_i),
    .rq_ready_o   (rq_ready_o),
    .rq_map_i     (rq_map_i),
    .rq_mshr_i    (rq_mshr_i),
    .dec_valid_o  (dec_valid_o),
    .dec_ready_i  (dec_ready_i),
    .dec_map_o    (dec_map_o),
    .dec_reason_o (dec_reason_o)
  );
endmodule
