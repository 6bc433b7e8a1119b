// bpc_plane_encode: the symbol of one DBX plane (docs/bpc.md 4.2, 4.3), one slot of the
// compressor's serializer.
//
// Function: planes are visited from plane 0 upwards; run_i counts the zero planes just below
// this one. A zero plane adds one to the count and emits nothing, unless it is the top of its
// run (top_i: this is plane 32 or the plane above is non-zero): then it emits RUN1 (count 1) or
// RUN (count 2..33). A non-zero plane resets the count and emits the first of ONES, DBPZ, TWO,
// ONE, RAW that applies. sym_o holds the symbol in stream order (sym_o[k] = stream bit k of the
// symbol: prefix code first, payload LSB first), len_o its length; zero when valid_i is 0.
//
// Latency / throughput: combinational.
//
// What it does not do: it does not place the symbol; the serializer concatenates the slots.
//
// Worked example: dbx_i = 31'h20 (a single one at 5), dbp_zero_i = 0 -> sym_o = 10'b00101_11000
// (code 00011, then 5 LSB first), len_o = 10, run_o = 0.
module bpc_plane_encode (
  input  wire        valid_i,      // the slot holds a plane (index <= 32)
  input  wire [30:0] dbx_i,
  input  wire        dbp_zero_i,   // DBP of this plane is zero
  input  wire        top_i,        // plane 32, or the plane above has a non-zero DBX
  input  wire [5:0]  run_i,        // zero planes immediately below
  output reg  [31:0] sym_o,
  output reg  [5:0]  len_o,
  output wire [5:0]  run_o
);
  wire        zero = ~|dbx_i;
  wire        ones = &dbx_i;
  wire [5:0]  n    = run_i + 6'd1;
  // A single one: dbx & (dbx - 1) == 0 with dbx != 0. Two adjacent ones: the pairs mask
  // t = dbx & (dbx >> 1) is a single one and dbx is exactly t and the bit above it.
  wire [30:0] dbx_m1 = dbx_i - 31'd1;
  wire        single = ~zero & ~|(dbx_i & dbx_m1);
  wire [30:0] pairs  = dbx_i & {1'b0, dbx_i[30:1]};
  wire [30:0] pairs_m1 = pairs - 31'd1;
  wire        two    = (|pairs) & ~|(pairs & pairs_m1) & (dbx_i == (pairs | {pairs[29:0], 1'b0}));
  wire [4:0]  pos_single, pos_pair;

  bpc_onehot_index u_pos_single (.onehot_i (dbx_i), .index_o (pos_single));
  bpc_onehot_index u_pos_pair   (.onehot_i (pairs), .index_o (pos_pair));

  assign run_o = (valid_i && zero) ? n : 6'd0;

  always @(*) begin
    sym_o = 32'd0;
    len_o = 6'd0;
    if (!valid_i) begin
      len_o = 6'd0;
    end else if (zero) begin
      if (top_i) begin
        if (n == 6'd1) begin
          sym_o = 32'b100;                                  // RUN1: 001
          len_o = 6'd3;
        end else begin
          sym_o = {25'd0, n[4:0] - 5'd2, 2'b10};            // RUN: 01, run - 2
          len_o = 6'd7;
        end
      end
    end else if (ones) begin
      sym_o = 32'd0;                                        // ONES: 00000
      len_o = 6'd5;
    end else if (dbp_zero_i) begin
      sym_o = 32'b10000;                                    // DBPZ: 00001
      len_o = 6'd5;
    end else if (two) begin
      sym_o = {22'd0, pos_pair, 5'b01000};                  // TWO: 00010, pos
      len_o = 6'd10;
    end else if (single) begin
      sym_o = {22'd0, pos_single, 5'b11000};                // ONE: 00011, pos
      len_o = 6'd10;
    end else begin
      sym_o = {dbx_i, 1'b1};                                // RAW: 1, DBX
      len_o = 6'd32;
    end
  end
endmodule
