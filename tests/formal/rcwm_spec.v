// rcwm_spec: reference of the RC/WM unit (docs/rcwm.md 2-4) for tests/formal/rcwm_prove.sh,
// written from the page, not from rtl/rcwm/: the same ports as rcwm, cycle for cycle.
//
// Where it differs from the RTL on purpose (so that a proof of equality checks the RTL's
// shortcuts against the page's definitions):
//   - a window's ones are re-summed from its bits every cycle (the RTL keeps a counter:
//     + the bit entering, - the bit leaving);
//   - "over" is the page's ratio test, ones * 100 > pct * Window, in 32-bit arithmetic (the RTL
//     compares against the constant Limit = floor(pct * Window / 100));
//   - the window an event feeds and the RC's reason are chosen by the page's rules in the
//     page's words (section 2's list, section 3's table, tested in the table's order);
//   - each output stage is "hold while the consumer stalls, else take the input": ready =
//     !valid || consumer ready (docs/conventions.md).
// win_o / ones_o expose the windows (bits and re-summed counts) so the prover can state that
// the RTL's window registers equal them (the induction invariant).
module rcwm_spec #(
  parameter integer Window   = 16,
  parameter integer IcaPct   = 50,
  parameter integer FdrPct   = 90,
  parameter integer CntWidth = $clog2(Window + 1)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  ev_valid_i,
  output wire                  ev_ready_o,
  input  wire [3:0]            ev_map_i,
  input  wire                  ev_ica_i,
  output reg                   st_valid_o,
  input  wire                  st_ready_i,
  output reg  [3:0]            st_over_o,
  output reg  [4*CntWidth-1:0] st_ones_o,
  input  wire                  rq_valid_i,
  output wire                  rq_ready_o,
  input  wire [3:0]            rq_map_i,
  input  wire                  rq_mshr_i,
  output reg                   dec_valid_o,
  input  wire                  dec_ready_i,
  output reg  [3:0]            dec_map_o,
  output reg  [2:0]            dec_reason_o,
  output wire [4*Window-1:0]   win_o,
  output wire [4*CntWidth-1:0] ones_o
);
  localparam integer Ica64 = 0, Ica96 = 1, Ica128 = 2, Fdr = 3;

  reg [Window-1:0] win [0:3];   // window w, newest event in bit 0

  // Narrow arithmetic (Window <= 32: ones <= 32, ones * 100 and pct * Window <= 3200) keeps
  // the solver's problem small; the values are exact.
  function automatic [2:0] sub_blocks(input [3:0] m);
    integer k;
    begin
      sub_blocks = 3'd0;
      for (k = 0; k < 4; k = k + 1) sub_blocks = sub_blocks + {2'b00, m[k]};
    end
  endfunction

  function automatic [5:0] ones_of(input [Window-1:0] bits);
    integer k;
    begin
      ones_of = 6'd0;
      for (k = 0; k < Window; k = k + 1) ones_of = ones_of + {5'd0, bits[k]};
    end
  endfunction

  localparam [11:0] WindowPct = Window;  // pct * Window below, in 12 bits
  function automatic is_over(input [5:0] ones, input [6:0] pct);
    is_over = {6'd0, ones} * 12'd100 > {5'd0, pct} * WindowPct;
  endfunction

  function automatic [Window-1:0] shift_in(input [Window-1:0] bits, input b);
    shift_in = (bits << 1) | {{(Window - 1){1'b0}}, b};
  endfunction

  assign ev_ready_o = !st_valid_o || st_ready_i;
  assign rq_ready_o = !dec_valid_o || dec_ready_i;
  wire ev_taken = ev_valid_i && ev_ready_o;
  wire rq_taken = rq_valid_i && rq_ready_o;

  // Section 2: the windows after this edge's event (c = sub-blocks the block used).
  reg [Window-1:0] after [0:3];
  reg [2:0] c;
  integer w;
  always @(*) begin
    for (w = 0; w < 4; w = w + 1) after[w] = win[w];
    c = sub_blocks(ev_map_i);
    if (ev_taken) begin
      if (c == 2) after[Ica64]  = shift_in(win[Ica64], ev_ica_i);
      if (c == 3) after[Ica96]  = shift_in(win[Ica96], ev_ica_i);
      if (c == 4) after[Ica128] = shift_in(win[Ica128], ev_ica_i);
      if (c != 0) after[Fdr]    = shift_in(win[Fdr], c == 4);
    end
  end

  // Section 3: the RC's decision against those windows.
  reg [3:0] map;
  reg [3:0] dec_map;
  reg [2:0] dec_reason;
  reg [2:0] used;
  integer size_window;
  always @(*) begin
    map = (rq_map_i == 4'b0000) ? 4'b1111 : rq_map_i;
    used = sub_blocks(map);
    size_window = (used == 3) ? Ica96 : Ica64;
    dec_map = 4'b1111;
    if (used == 4)                                           dec_reason = 3'd1;  // full-map
    else if (is_over(ones_of(after[Fdr]), FdrPct))           dec_reason = 3'd2;  // fdr-window
    else if (rq_mshr_i)                                      dec_reason = 3'd3;  // mshr
    else if (is_over(ones_of(after[size_window]), IcaPct))   dec_reason = 3'd4;  // ica-window
    else begin
      dec_reason = 3'd0;                                                          // pdr
      dec_map = map;
    end
  end

  reg [3:0]            over_after;
  reg [4*CntWidth-1:0] ones_after;
  always @(*) begin
    for (w = 0; w < 4; w = w + 1) begin
      over_after[w] = is_over(ones_of(after[w]), (w == Fdr) ? FdrPct : IcaPct);
      ones_after[CntWidth*w +: CntWidth] = ones_of(after[w]);  // ones <= Window fits CntWidth
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      for (w = 0; w < 4; w = w + 1) win[w] <= {Window{1'b0}};
      st_valid_o  <= 1'b0;
      dec_valid_o <= 1'b0;
    end else begin
      for (w = 0; w < 4; w = w + 1) win[w] <= after[w];
      if (ev_ready_o) st_valid_o <= ev_valid_i;
      if (rq_ready_o) dec_valid_o <= rq_valid_i;
    end
    if (ev_taken) {st_over_o, st_ones_o} <= {over_after, ones_after};
    if (rq_taken) {dec_map_o, dec_reason_o} <= {dec_map, dec_reason};
  end

  genvar g;
  generate
    for (g = 0; g < 4; g = g + 1) begin : gen_expose
      assign win_o[Window*g +: Window]       = win[g];
      wire [5:0] ones = ones_of(win[g]);
      assign ones_o[CntWidth*g +: CntWidth] = ones[CntWidth-1:0];
    end
  endgenerate
endmodule
