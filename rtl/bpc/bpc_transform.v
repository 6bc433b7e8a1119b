// bpc_transform: the Delta-BitPlane-Xor transform of one line (docs/bpc.md section 2).
//
// Function: base_o = word 0; delta i = word i+1 - word i as a 33-bit two's complement value
// (both words zero-extended, so the difference is exact); delta bit-plane j = bit j of the 31
// deltas; DBX[j] = DBP[j] ^ DBP[j+1] with DBP[33] = 0. Also flags the planes whose DBP is zero
// (the DBPZ symbol needs it, docs/bpc.md 4.2). Plane j is dbx_o[31j +: 31], bit i = delta i.
//
// Latency / throughput: combinational.
//
// What it does not do: no symbol decisions (bpc_plane_encode does those, one plane at a time).
//
// Worked example: words w[i] = i -> every delta 1 -> DBP[0] = 31'h7fff_ffff, the other planes 0
// -> DBX[0] = 31'h7fff_ffff, DBX[1..32] = 0; dbp_zero_o = 33'h1_ffff_fffe.
module bpc_transform (
  input  wire [1023:0] line_i,
  output wire [31:0]   base_o,
  output reg  [1022:0] dbx_o,
  output reg  [32:0]   dbp_zero_o
);
  // The 33-bit deltas: word i+1 + ~word i + 1 by BDI's parallel-prefix adder (bdi_prefix_add),
  // not `-`, which Yosys and ABC build as a 33-cell carry chain: from the input port through
  // the chain and a plane's zero test it was the compressor's longest path once the serializer
  // was shortened (docs/synthesis.md "bpc_compressor at 800 MHz").
  wire [31*33-1:0] delta;     // delta i at [33i +: 33]
  genvar g;
  generate
    for (g = 0; g < 31; g = g + 1) begin : gen_delta
      bdi_prefix_add #(.W(33)) u_sub (
        .a_i   ({1'b0, line_i[32*(g+1) +: 32]}),
        .b_i   ({1'b1, ~line_i[32*g +: 32]}),
        .c_i   (1'b1),
        .sum_o (delta[33*g +: 33])
      );
    end
  endgenerate

  // Bits 0..31 of the deltas as a 32 x 32 matrix (row i = delta i, row 31 zero), transposed
  // by np_transpose32 into planes 0..31 (row j = plane j, column 31 zero); bit 32 of the
  // deltas is plane 32. Wide vector operations rather than 1023 one-bit moves: the simulators
  // evaluate those one by one (Icarus resolved the former one-bit continuous assigns whole for
  // each bit, half a second per line), and synthesis sees the same wiring.
  reg  [1023:0] delta_rows;
  reg  [30:0]   delta_top;    // bit 32 of delta i at [i]
  wire [1023:0] plane_rows;
  reg  [1022:0] dbp;          // plane j at [31j +: 31]
  integer i, j;
  always @(*) begin
    delta_rows = {1024{1'b0}};
    for (i = 0; i < 31; i = i + 1) begin
      delta_rows[32*i +: 32] = delta[33*i +: 32];
      delta_top[i] = delta[33*i + 32];
    end
  end

  np_transpose32 u_transpose (.m_i (delta_rows), .t_o (plane_rows));

  always @(*) begin
    for (j = 0; j < 32; j = j + 1) begin
      dbp[31*j +: 31] = plane_rows[32*j +: 31];
    end
    dbp[31*32 +: 31] = delta_top;
    for (j = 0; j < 33; j = j + 1) begin
      dbp_zero_o[j] = ~|dbp[31*j +: 31];
    end
    dbx_o = dbp ^ (dbp >> 31);   // DBX[j] = DBP[j] ^ DBP[j+1], DBP[33] = 0
  end

  assign base_o = line_i[31:0];
endmodule
