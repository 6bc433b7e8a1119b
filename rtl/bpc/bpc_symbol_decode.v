// bpc_symbol_decode: one plane symbol read from the front of a window (docs/bpc.md 4.2, 6),
// one slot of the decompressor's step.
//
// Function: win_i[k] is stream bit k from the symbol's first bit. Decodes the prefix code,
// gives the symbol's length, the number of planes it fills (a run: 1..33, else 1), and the DBP
// of its planes from prev_i, the DBP of the plane above (DBP[33] = 0): a run repeats prev_i
// (its DBX are zero), DBPZ gives 0, every other symbol gives DBX ^ prev_i. bad_o flags a one
// outside the 31-bit plane (ONE at 31, TWO at 30 or 31).
//
// Latency / throughput: combinational.
//
// What it does not do: it does not check the run against the planes left (the caller does).
//
// Worked example: win_i[9:0] = 10'b00101_11000 (code 00011, position 5), prev_i = 0 -> len_o = 10,
// planes_o = 1, dbp_o = 31'h20, bad_o = 0.
module bpc_symbol_decode (
  input  wire [31:0] win_i,
  input  wire [30:0] prev_i,
  output reg  [5:0]  len_o,
  output reg  [5:0]  planes_o,
  output reg  [30:0] dbp_o,
  output reg         bad_o
);
  wire [4:0] pos = win_i[9:5];
  // The one at `pos` as a decoder (bit b is the AND of the five bits of pos == b) rather than a
  // shifter: five slots of variable shifts make Yosys's resource-sharing pass search for hours.
  // Written as vectors: bit b of IdxBitT is bit t of b, so ~({31{pos[t]}} ^ IdxBitT) marks the
  // places whose index agrees with pos in bit t; one vector operation per index bit in a
  // simulator instead of 31 one-bit comparisons.
  localparam [30:0] IdxBit0 = 31'h2aaa_aaaa;
  localparam [30:0] IdxBit1 = 31'h4ccc_cccc;
  localparam [30:0] IdxBit2 = 31'h70f0_f0f0;
  localparam [30:0] IdxBit3 = 31'h7f00_ff00;
  localparam [30:0] IdxBit4 = 31'h7fff_0000;
  wire [30:0] one_at = ~({31{pos[0]}} ^ IdxBit0) & ~({31{pos[1]}} ^ IdxBit1) &
                       ~({31{pos[2]}} ^ IdxBit2) & ~({31{pos[3]}} ^ IdxBit3) &
                       ~({31{pos[4]}} ^ IdxBit4);
  wire [30:0] two_at = one_at | {one_at[29:0], 1'b0};

  always @(*) begin
    len_o    = 6'd5;
    planes_o = 6'd1;
    dbp_o    = prev_i;
    bad_o    = 1'b0;
    if (win_i[0]) begin                                 // 1: RAW
      len_o = 6'd32;
      dbp_o = win_i[31:1] ^ prev_i;
    end else if (win_i[1]) begin                        // 01: RUN of 2..33
      len_o    = 6'd7;
      planes_o = {1'b0, win_i[6:2]} + 6'd2;
    end else if (win_i[2]) begin                        // 001: RUN1
      len_o = 6'd3;
    end else begin
      case ({win_i[4], win_i[3]})
        2'b00: dbp_o = ~prev_i;                         // 00000: ONES
        2'b10: dbp_o = 31'd0;                           // 00001: DBPZ
        2'b01: begin                                    // 00010: TWO
          len_o = 6'd10;
          dbp_o = two_at ^ prev_i;
          bad_o = pos > 5'd29;
        end
        default: begin                                  // 00011: ONE
          len_o = 6'd10;
          dbp_o = one_at ^ prev_i;
          bad_o = pos > 5'd30;
        end
      endcase
    end
  end
endmodule
