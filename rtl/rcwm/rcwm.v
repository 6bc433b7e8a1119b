// rcwm: request controller (RC) and windows manager (WM) of one SM (seed 000 ch. 4, Figs. 4.4 and
// 4.5, Table 5.1; docs/rcwm.md).
//
// Function:
//   event port (ev_*): an MSHR completed (its last reply) or an L1 block was evicted, with the OR
//     of its reads' critical maps (ev_map_i) and its consistency bit (ev_ica_i, 1 = inconsistent).
//     The WM pushes ev_ica_i into the ICA window of the block's size (2, 3, 4 sub-blocks used:
//     64, 96, 128 bytes; a 32-byte block pushes no ICA bit) and (ev_map_i == 1111) into the FDR
//     window. ev_map_i = 0000 changes nothing. The answer (st_*) is the four windows after it:
//     which are over their thresholds and their counts of ones.
//   request port (rq_*): an L1 read miss that sends a request, with its critical map (rq_map_i,
//     0000 read as 1111) and rq_mshr_i (it found an MSHR for its line whose requests do not cover
//     it). The RC answers (dec_*) the request's map: 1111 when the read needs the whole line, or
//     the FDR window is over, or rq_mshr_i, or the ICA window of its size (64 bytes for one or two
//     sub-blocks, 96 for three) is over, tested in that order (dec_reason_o 1, 2, 3, 4); else the
//     read's map (a partial request, reason 0).
// Same edge: the event is applied first and the request decided against the windows after it.
//
// Latency / throughput: 1 cycle on both paths (st_* and dec_* registered by np_stream_register),
// one event and one request per cycle; ev_ready_o = !st_valid_o || st_ready_i, rq_ready_o =
// !dec_valid_o || dec_ready_i: the unit itself never stalls.
// State: 4 x (Window + CntWidth) flops (4 x 21 = 84 by default).
//
// Worked example (Window 16, IcaPct 50 -> limit 8, FdrPct 90 -> limit 14; empty windows): a
// request rq_map_i = 0001 -> dec_map_o 0001, reason 0. Nine events (0011, ica 1) -> the 64-byte
// ICA window holds 9 ones, over; the request 0001 again -> 1111, reason 4; 0111 -> 0111, reason 0
// (the 96-byte window is empty); with rq_mshr_i = 1 -> 1111, reason 3.
module rcwm #(
  parameter integer Window   = 16,
  parameter integer IcaPct   = 50,
  parameter integer FdrPct   = 90,
  parameter integer CntWidth = $clog2(Window + 1)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // WM events: MSHR completions and L1 evictions.
  input  wire                  ev_valid_i,
  output wire                  ev_ready_o,
  input  wire [3:0]            ev_map_i,
  input  wire                  ev_ica_i,
  // The windows after each event, in event order.
  output wire                  st_valid_o,
  input  wire                  st_ready_i,
  output wire [3:0]            st_over_o,
  output wire [4*CntWidth-1:0] st_ones_o,
  // RC requests: read misses that send a request.
  input  wire                  rq_valid_i,
  output wire                  rq_ready_o,
  input  wire [3:0]            rq_map_i,
  input  wire                  rq_mshr_i,
  // The RC's decision for each request, in request order.
  output wire                  dec_valid_o,
  input  wire                  dec_ready_i,
  output wire [3:0]            dec_map_o,
  output wire [2:0]            dec_reason_o
);
  localparam integer IcaLimit = IcaPct * Window / 100;
  localparam integer FdrLimit = FdrPct * Window / 100;
  localparam [2:0] ReasonPdr = 3'd0, ReasonFullMap = 3'd1, ReasonFdr = 3'd2, ReasonMshr = 3'd3,
                   ReasonIca = 3'd4;

  wire ev_fire = ev_valid_i & ev_ready_o;

  function automatic [2:0] popcount4(input [3:0] m);
    popcount4 = {2'b00, m[0]} + {2'b00, m[1]} + {2'b00, m[2]} + {2'b00, m[3]};
  endfunction

  // ---- WM: the four windows ---------------------------------------------------------------
  wire [2:0] ev_used = popcount4(ev_map_i);
  wire [3:0] push;
  wire [3:0] push_bit;
  assign push[0]     = ev_fire & (ev_used == 3'd2);
  assign push[1]     = ev_fire & (ev_used == 3'd3);
  assign push[2]     = ev_fire & (ev_used == 3'd4);
  assign push[3]     = ev_fire & (ev_map_i != 4'd0);
  assign push_bit    = {ev_map_i == 4'hF, {3{ev_ica_i}}};

  wire [3:0]            over;
  wire [4*CntWidth-1:0] ones;
  genvar w;
  generate
    for (w = 0; w < 4; w = w + 1) begin : gen_window
      rcwm_window #(
        .Window   (Window),
        .Limit    ((w == 3) ? FdrLimit : IcaLimit),
        .CntWidth (CntWidth)
      ) u_window (
        .clk_i  (clk_i),
        .rst_ni (rst_ni),
        .push_i (push[w]),
        .bit_i  (push_bit[w]),
        .ones_o (ones[CntWidth*w +: CntWidth]),
        .over_o (over[w])
      );
    end
  endgenerate

  // ---- RC: the decision, against the windows after this edge's event -----------------------
  wire [3:0] rq_map  = (rq_map_i == 4'd0) ? 4'hF : rq_map_i;
  wire [2:0] rq_used = popcount4(rq_map);
  wire       ica_over = (rq_used == 3'd3) ? over[1] : over[0];

  reg [2:0] reason;
  always @* begin
    if (rq_map == 4'hF)     reason = ReasonFullMap;
    else if (over[3])       reason = ReasonFdr;
    else if (rq_mshr_i)     reason = ReasonMshr;
    else if (ica_over)      reason = ReasonIca;
    else                    reason = ReasonPdr;
  end
  wire [3:0] dec_map = (reason == ReasonPdr) ? rq_map : 4'hF;

  // ---- registered outputs -----------------------------------------------------------------
  np_stream_register #(.Width(4 + 4 * CntWidth)) u_st_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (ev_valid_i),
    .in_ready_o  (ev_ready_o),
    .in_data_i   ({over, ones}),
    .out_valid_o (st_valid_o),
    .out_ready_i (st_ready_i),
    .out_data_o  ({st_over_o, st_ones_o})
  );

  np_stream_register #(.Width(7)) u_dec_stage (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (rq_valid_i),
    .in_ready_o  (rq_ready_o),
    .in_data_i   ({dec_map, reason}),
    .out_valid_o (dec_valid_o),
    .out_ready_i (dec_ready_i),
    .out_data_o  ({dec_map_o, dec_reason_o})
  );

`ifndef SYNTHESIS
  initial begin
    if (Window < 1 || Window > 32 || IcaPct < 0 || IcaPct > 100 || FdrPct < 0 || FdrPct > 100) begin
      $display("ASSERT %m: Window = %0d, IcaPct = %0d, FdrPct = %0d outside 1..32, 0..100",
               Window, IcaPct, FdrPct);
      $fatal;
    end
  end
`endif
endmodule
