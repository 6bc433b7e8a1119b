// rcwm_window: one ratio-check window of the windows manager (docs/rcwm.md 2).
//
// Function: a FIFO of the last Window event bits (1 = inconsistent for an ICA window, 1 = the
// block was used whole for the FDR window), newest in bit 0, and the number of ones in it. On
// push_i the window shifts bit_i in and drops its oldest bit. ones_o and over_o are the window
// *after* this edge's push (combinational), so the request controller decides on the same edge
// against the updated window (docs/rcwm.md 4: event first, then request). over_o = ones > Limit,
// Limit = floor(pct * Window / 100), which is "ones * 100 > pct * Window" for integer ones.
// After reset the window is empty (all zeros).
//
// Latency: combinational ones_o / over_o; state changes at the edge. Cost: Window + CntWidth
// flops; the count is kept incrementally (+ the new bit, - the bit that leaves), not re-summed.
//
// Example (Window 4, Limit 2): window 1011 (3 ones: over) and push_i with bit_i = 0 -> 0110:
// the oldest bit (bit 3, a 1) leaves and a 0 enters at bit 0, ones_o = 2, over_o = 0.
module rcwm_window #(
  parameter integer Window   = 16,
  parameter integer Limit    = 8,
  parameter integer CntWidth = 5
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                push_i,
  input  wire                bit_i,
  output wire [CntWidth-1:0] ones_o,
  output wire                over_o
);
  reg [Window-1:0]   win_q;
  reg [CntWidth-1:0] ones_q;

  wire [Window-1:0] win_d;
  generate
    if (Window == 1) begin : gen_one
      assign win_d = push_i ? bit_i : win_q;
    end else begin : gen_many
      assign win_d = push_i ? {win_q[Window-2:0], bit_i} : win_q;
    end
  endgenerate

  wire enters = push_i & bit_i;
  wire leaves = push_i & win_q[Window-1];
  wire [CntWidth-1:0] ones_d = ones_q + {{(CntWidth-1){1'b0}}, enters} - {{(CntWidth-1){1'b0}}, leaves};

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      win_q  <= {Window{1'b0}};
      ones_q <= {CntWidth{1'b0}};
    end else begin
      win_q  <= win_d;
      ones_q <= ones_d;
    end
  end

  assign ones_o = ones_d;
  /* verilator lint_off UNSIGNED */
  assign over_o = ({1'b0, ones_d} > Limit[CntWidth:0]);
  /* verilator lint_on UNSIGNED */
endmodule
