// np_transpose32: transpose of a 32 x 32 bit matrix (pure wiring): words to bit-planes and back
// (BPC, docs/bpc.md section 2; the hardware form of the C model's np_transpose32).
//
// Function: m_i holds row r at [32r +: 32]; t_o[32c + r] = m_i[32r + c].
//
// Structure: five stages, one per bit s of the row and column index (s = 16, 8, 4, 2, 1); stage
// s swaps the elements whose row has bit s set and column bit s clear with their mirror images
// (row and column bit s exchanged). Each stage is, per row, a constant shift and two constant
// masks of a 32-bit row: no gates in hardware (the masks are constants, so synthesis keeps only
// wires), and in a simulator 32-bit word operations on separate rows instead of 1024 one-bit
// moves (or shifts of the whole vector by odd amounts, which Verilator does bit-field by
// bit-field). Suits inputs that change once per cycle: in Icarus each row is a net, and an
// input that changes in several steps re-evaluates the stages once per step.
//
// Latency / throughput: combinational.
//
// What it does not do: only 32 x 32; callers pad narrower matrices with zero rows or columns.
//
// Worked example: m_i = 1 << (32*3 + 5) (row 3, column 5) -> t_o = 1 << (32*5 + 3).
module np_transpose32 (
  input  wire [1023:0] m_i,
  output wire [1023:0] t_o
);
  // Columns whose index has bit s clear, for s = 16, 8, 4, 2, 1 (stage k at [32k +: 32]).
  localparam [159:0] KeepCols = {32'h5555_5555, 32'h3333_3333, 32'h0f0f_0f0f, 32'h00ff_00ff, 32'h0000_ffff};

  // Row r of stage k at [32k + r]; stage 0 is m_i, stage 5 the transpose.
  wire [31:0] row [0:32*6-1] /* verilator split_var */;

  genvar k, r;
  generate
    for (r = 0; r < 32; r = r + 1) begin : gen_in
      assign row[r] = m_i[32*r +: 32];
    end
    for (k = 0; k < 5; k = k + 1) begin : gen_stage
      localparam integer S = 16 >> k;
      localparam [31:0] Keep = KeepCols[32*k +: 32];
      for (r = 0; r < 32; r = r + 1) begin : gen_row
        if ((r / S) % 2 == 0) begin : gen_low     // row bit s clear: takes columns c + s of row r + s
          assign row[32*(k+1) + r] = (row[32*k + r] & Keep) | ((row[32*k + r + S] << S) & ~Keep);
        end else begin : gen_high                 // row bit s set: takes columns c - s of row r - s
          assign row[32*(k+1) + r] = (row[32*k + r] & ~Keep) | ((row[32*k + r - S] >> S) & Keep);
        end
      end
    end
  endgenerate

  // One concatenation, not 32 partial assigns: Icarus resolves a vector with partial drivers
  // bit by bit for each driver that changes.
  assign t_o = {row[191], row[190], row[189], row[188], row[187], row[186], row[185], row[184],
                row[183], row[182], row[181], row[180], row[179], row[178], row[177], row[176],
                row[175], row[174], row[173], row[172], row[171], row[170], row[169], row[168],
                row[167], row[166], row[165], row[164], row[163], row[162], row[161], row[160]};
endmodule
