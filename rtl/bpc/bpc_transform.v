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
  output wire [1022:0] dbx_o,
  output wire [32:0]   dbp_zero_o
);
  wire [1022:0] deltas;   // delta i at [33i +: 33]
  wire [1022:0] dbp;      // plane j at [31j +: 31]

  genvar i, j;
  generate
    for (i = 0; i < 31; i = i + 1) begin : gen_delta
      assign deltas[33*i +: 33] = {1'b0, line_i[32*(i+1) +: 32]} - {1'b0, line_i[32*i +: 32]};
    end
    for (j = 0; j < 33; j = j + 1) begin : gen_plane
      for (i = 0; i < 31; i = i + 1) begin : gen_bit
        assign dbp[31*j + i] = deltas[33*i + j];
      end
      assign dbp_zero_o[j] = ~|dbp[31*j +: 31];
      if (j == 32) begin : gen_top
        assign dbx_o[31*j +: 31] = dbp[31*j +: 31];
      end else begin : gen_xor
        assign dbx_o[31*j +: 31] = dbp[31*j +: 31] ^ dbp[31*(j+1) +: 31];
      end
    end
  endgenerate

  assign base_o = line_i[31:0];
endmodule
