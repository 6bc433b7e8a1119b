// mcast_spec: the reference description of the multicast RC used only by the formal proofs
// (tests/formal/mcast_prove.sh); it is not part of the RTL and never synthesised.
//
// Written from docs/mcast.md sections 3 and 5, independently of rtl/mcast/: for every
// destination n it computes, with plain integer comparisons of the coordinates
// (column n % K, row n / K), the one port dimension-order routing picks, and sets the
// destination's bit in that port's subset. No thermometer codes, no shared sub-expressions,
// and neighbour coordinates are integers (no wrap at the mesh edge), unlike the RTL.
//
// Outputs use the RTL's bus layout: split_dests_o[p*N + n], split_mask_o[p];
// next_dests_o[((p-1)*5 + q)*N + n], next_mask_o[(p-1)*5 + q] for neighbour ports p = 1..4.
//
// OffByOne = 1 breaks the rule on purpose (east chosen when the destination's column is >=
// the router's instead of >): the negative control, whose proof must fail.
module mcast_spec #(
  parameter integer K = 8,
  parameter integer CoordW = 3,
  parameter integer N = K * K,
  parameter integer OffByOne = 0
) (
  input  wire [CoordW-1:0] cur_x_i,
  input  wire [CoordW-1:0] cur_y_i,
  input  wire              order_i,
  input  wire [N-1:0]      dests_i,
  output reg  [5*N-1:0]    split_dests_o,
  output reg  [4:0]        split_mask_o,
  output reg  [20*N-1:0]   next_dests_o,
  output reg  [19:0]       next_mask_o
);

  // docs/mcast.md 3: 0 LOCAL, 1 XPOS (x+1, east), 2 XNEG (x-1, west), 3 YPOS (y+1, south),
  // 4 YNEG (y-1, north).
  // Coordinates as signed numbers two bits wider than the ports: wide enough for -1 and K
  // (a neighbour off the mesh) without the cost of elaborating 32-bit integers.
  localparam integer W = CoordW + 2;

  function [2:0] dor_port;
    input signed [W-1:0] cx, cy, dx, dy;
    input                yx;
    reg east, west, south, north;
    begin
      east = (OffByOne != 0) ? (dx >= cx && !(dx == cx && dy == cy)) : (dx > cx);
      west = dx < cx;
      south = dy > cy;
      north = dy < cy;
      if (!yx) begin
        if (east) dor_port = 1;
        else if (west) dor_port = 2;
        else if (south) dor_port = 3;
        else if (north) dor_port = 4;
        else dor_port = 0;
      end else begin
        if (south) dor_port = 3;
        else if (north) dor_port = 4;
        else if (east) dor_port = 1;
        else if (west) dor_port = 2;
        else dor_port = 0;
      end
    end
  endfunction

  integer n, p, r, t;
  reg [2:0] port, q;
  reg signed [W-1:0] cx, cy, nx, ny, dx, dy;

  // Constant bit positions only (the port number selects by comparison, not by a variable
  // index), so the elaborated spec stays a small network.
  always @(*) begin
    cx = $signed({2'b00, cur_x_i});
    cy = $signed({2'b00, cur_y_i});
    for (n = 0; n < N; n = n + 1) begin
      dx = n % K;
      dy = n / K;
      port = dor_port(cx, cy, dx, dy, order_i);
      for (r = 0; r < 5; r = r + 1) split_dests_o[r*N + n] = dests_i[n] && port == r;
      for (r = 1; r < 5; r = r + 1) begin
        // The neighbour behind port r, as integers (it may lie off the mesh).
        nx = cx + ((r == 1) ? 1 : (r == 2) ? -1 : 0);
        ny = cy + ((r == 3) ? 1 : (r == 4) ? -1 : 0);
        q = dor_port(nx, ny, dx, dy, order_i);
        for (t = 0; t < 5; t = t + 1)
          next_dests_o[((r-1)*5 + t)*N + n] = split_dests_o[r*N + n] && q == t;
      end
    end
    for (p = 0; p < 5; p = p + 1) split_mask_o[p] = |split_dests_o[p*N +: N];
    for (p = 0; p < 20; p = p + 1) next_mask_o[p] = |next_dests_o[p*N +: N];
  end

endmodule
