// rcwm_miter: the RC/WM RTL (rtl/rcwm/rcwm.v) against its reference (tests/formal/rcwm_spec.v,
// docs/rcwm.md 2-4) on the same inputs, for tests/formal/rcwm_prove.sh.
//
// ok_o = 1 while both present the same ready signals, the same output valids and, on every
// valid output, the same data (an output register's data is unconstrained while its valid is 0:
// np_stream_register resets only the valid). spec_win_o / spec_ones_o are the reference's windows
// and re-summed counts; the prover equates the RTL's window registers with them (rcwm_prove.sh).
module rcwm_miter #(
  parameter integer Window   = 16,
  parameter integer IcaPct   = 50,
  parameter integer FdrPct   = 90,
  parameter integer CntWidth = $clog2(Window + 1)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  ev_valid_i,
  input  wire [3:0]            ev_map_i,
  input  wire                  ev_ica_i,
  input  wire                  st_ready_i,
  input  wire                  rq_valid_i,
  input  wire [3:0]            rq_map_i,
  input  wire                  rq_mshr_i,
  input  wire                  dec_ready_i,
  output wire                  ok_o,
  (* keep *) output wire [4*Window-1:0]   spec_win_o,
  (* keep *) output wire [4*CntWidth-1:0] spec_ones_o
);
  wire                  dut_ev_ready, dut_st_valid, dut_rq_ready, dut_dec_valid;
  wire [3:0]            dut_st_over, dut_dec_map;
  wire [4*CntWidth-1:0] dut_st_ones;
  wire [2:0]            dut_dec_reason;
  wire                  ref_ev_ready, ref_st_valid, ref_rq_ready, ref_dec_valid;
  wire [3:0]            ref_st_over, ref_dec_map;
  wire [4*CntWidth-1:0] ref_st_ones;
  wire [2:0]            ref_dec_reason;

  rcwm #(.Window(Window), .IcaPct(IcaPct), .FdrPct(FdrPct), .CntWidth(CntWidth)) u_dut (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .ev_valid_i (ev_valid_i), .ev_ready_o (dut_ev_ready), .ev_map_i (ev_map_i), .ev_ica_i (ev_ica_i),
    .st_valid_o (dut_st_valid), .st_ready_i (st_ready_i), .st_over_o (dut_st_over),
    .st_ones_o (dut_st_ones),
    .rq_valid_i (rq_valid_i), .rq_ready_o (dut_rq_ready), .rq_map_i (rq_map_i), .rq_mshr_i (rq_mshr_i),
    .dec_valid_o (dut_dec_valid), .dec_ready_i (dec_ready_i), .dec_map_o (dut_dec_map),
    .dec_reason_o (dut_dec_reason)
  );

  rcwm_spec #(.Window(Window), .IcaPct(IcaPct), .FdrPct(FdrPct), .CntWidth(CntWidth)) u_spec (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .ev_valid_i (ev_valid_i), .ev_ready_o (ref_ev_ready), .ev_map_i (ev_map_i), .ev_ica_i (ev_ica_i),
    .st_valid_o (ref_st_valid), .st_ready_i (st_ready_i), .st_over_o (ref_st_over),
    .st_ones_o (ref_st_ones),
    .rq_valid_i (rq_valid_i), .rq_ready_o (ref_rq_ready), .rq_map_i (rq_map_i), .rq_mshr_i (rq_mshr_i),
    .dec_valid_o (ref_dec_valid), .dec_ready_i (dec_ready_i), .dec_map_o (ref_dec_map),
    .dec_reason_o (ref_dec_reason),
    .win_o (spec_win_o), .ones_o (spec_ones_o)
  );

  wire ready_same = dut_ev_ready == ref_ev_ready && dut_rq_ready == ref_rq_ready;
  wire st_same    = dut_st_valid == ref_st_valid &&
                    (!dut_st_valid || {dut_st_over, dut_st_ones} == {ref_st_over, ref_st_ones});
  wire dec_same   = dut_dec_valid == ref_dec_valid &&
                    (!dut_dec_valid || {dut_dec_map, dut_dec_reason} == {ref_dec_map, ref_dec_reason});
  assign ok_o = ready_same && st_same && dec_same;
endmodule
