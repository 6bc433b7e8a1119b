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
  output wire [5*N-1:0]    split_dests_o,
  output wire [4:0]        split_mask_o,
  output wire [20*N-1:0]   next_dests_o,
  output wire [19:0]       next_mask_o
);

  // docs/mcast.md 3: 0 LOCAL, 1 XPOS (x+1, east), 2 XNEG (x-1, west), 3 YPOS (y+1, south),
  // 4 YNEG (y-1, north).
  // Coordinates as signed numbers two bits wider than the ports: wide enough for -1 and K
  // (a neighbour off the mesh) without the cost of elaborating 32-bit integers.
  localparam integer W = CoordW + 2;

  // One generate block per destination (constant column DX and row DY) and per neighbour
  // port, continuous assignments only. (The first form, an always block looping over n, r and
  // t with a routing function and 32-bit neighbour arithmetic, meant the same; Yosys spent
  // ~25 CPU s and 735k gates elaborating it at K = 8, nearly all of the K = 8 proof's time.)
  wire signed [W-1:0] cx = $signed({2'b00, cur_x_i});
  wire signed [W-1:0] cy = $signed({2'b00, cur_y_i});

  genvar gn, gr, gt;
  generate
    for (gn = 0; gn < N; gn = gn + 1) begin : g_dest
      wire [2:0] port;
      mcast_spec_dor #(.W(W), .DX(gn % K), .DY(gn / K), .OffByOne(OffByOne)) u_here (
        .cx_i (cx), .cy_i (cy), .yx_i (order_i), .port_o (port)
      );
      for (gr = 0; gr < 5; gr = gr + 1) begin : g_port
        assign split_dests_o[gr*N + gn] = dests_i[gn] && port == gr;
      end
      for (gr = 1; gr < 5; gr = gr + 1) begin : g_next
        // The neighbour behind port gr, as integers (it may lie off the mesh).
        localparam signed [W-1:0] OffX = (gr == 1) ? 1 : (gr == 2) ? -1 : 0;
        localparam signed [W-1:0] OffY = (gr == 3) ? 1 : (gr == 4) ? -1 : 0;
        wire signed [W-1:0] nx = cx + OffX;
        wire signed [W-1:0] ny = cy + OffY;
        wire [2:0] q;
        mcast_spec_dor #(.W(W), .DX(gn % K), .DY(gn / K), .OffByOne(OffByOne)) u_there (
          .cx_i (nx), .cy_i (ny), .yx_i (order_i), .port_o (q)
        );
        for (gt = 0; gt < 5; gt = gt + 1) begin : g_turn
          assign next_dests_o[((gr-1)*5 + gt)*N + gn] = split_dests_o[gr*N + gn] && q == gt;
        end
      end
    end
    for (gr = 0; gr < 5; gr = gr + 1) begin : g_split_mask
      assign split_mask_o[gr] = |split_dests_o[gr*N +: N];
    end
    for (gr = 0; gr < 20; gr = gr + 1) begin : g_next_mask
      assign next_mask_o[gr] = |next_dests_o[gr*N +: N];
    end
  endgenerate

endmodule

// The one port dimension-order routing picks at router (cx, cy) for destination (DX, DY),
// comparing the coordinates as signed integers (docs/mcast.md 3): XY order (yx = 0) moves along
// x first, YX order along y first; 0 when the packet has arrived.
module mcast_spec_dor #(
  parameter integer W = 5,
  parameter integer DX = 0,
  parameter integer DY = 0,
  parameter integer OffByOne = 0
) (
  input  wire signed [W-1:0] cx_i,
  input  wire signed [W-1:0] cy_i,
  input  wire                yx_i,
  output wire [2:0]          port_o
);
  localparam signed [W-1:0] Dx = DX;
  localparam signed [W-1:0] Dy = DY;
  wire east  = (OffByOne != 0) ? (Dx >= cx_i && !(Dx == cx_i && Dy == cy_i)) : (Dx > cx_i);
  wire west  = Dx < cx_i;
  wire south = Dy > cy_i;
  wire north = Dy < cy_i;
  assign port_o = !yx_i ? (east ? 3'd1 : west ? 3'd2 : south ? 3'd3 : north ? 3'd4 : 3'd0)
                        : (south ? 3'd3 : north ? 3'd4 : east ? 3'd1 : west ? 3'd2 : 3'd0);

endmodule
