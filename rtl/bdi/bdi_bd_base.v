// bdi_bd_base: the base and the immediate mask of one base/delta encoding (K-byte elements,
// D-byte deltas) of a 64-byte block with the implicit zero base (docs/bdi.md 4.2); the first
// half of bdi_bd_unit, stage 1 of bdi_compressor.
//
// Function:
//   - imm[i]: element i is a sign-extended D-byte value (its bits 8D-1 .. 8K-1 all equal);
//   - base_o: the first element that is not an immediate (0 when every element is one);
//   - mask_o[i] = ~imm[i]: element i is coded against base_o.
//
// Latency / throughput: combinational.
//
// What it does not do: no range check and no deltas (bdi_bd_fit, which takes base_o and
// mask_o, possibly a register later).
//
// Worked example (K = 8, D = 1): elements 64'h00007F0012345600 + 8i, element 3 = 5,
// element 6 = -1 -> base_o = 64'h00007F0012345600, mask_o = 8'hB7.
module bdi_bd_base #(
  parameter integer K = 8,         // element (and base) bytes: 8, 4, 2
  parameter integer D = 1          // delta bytes, D < K
) (
  input  wire [511:0] block_i,
  output wire [8*K-1:0] base_o,
  output wire [64/K-1:0] mask_o
);

  // Derived sizes (not parameters, so they cannot disagree with K and D): the ports above spell
  // them out as 8K, 64/K and 8D.
  localparam integer N = 64 / K;   // elements per block
  localparam integer W = 8 * K;    // element bits
  localparam integer M = 8 * D;    // delta bits

  localparam integer H = W - M;    // high part of an element

  localparam integer L = $clog2(N);   // N is 8, 16 or 32

  wire [N-1:0] imm;     // immediate (zero base)

  genvar i, l;
  generate
    for (i = 0; i < N; i = i + 1) begin : gen_imm
      wire [H:0] top = block_i[W*i+M-1 +: H+1];   // bits 8D-1 .. 8K-1 of element i
      assign imm[i] = (&top) | ~(|top);
    end
  endgenerate

  // The base: a tree of 2:1 choices, the lower half's first non-immediate when it has one,
  // else the upper half's (log2(N) levels; a one-hot of the first element would need a prefix
  // over the elements, which ABC turned into a chain: docs/bdi.md 9.1).
  generate
    for (l = 0; l < L; l = l + 1) begin : gen_level
      localparam integer Nodes = N >> (l + 1);
      wire [N*W-1:0] val_in;
      wire [N-1:0]   any_in;    // node holds a non-immediate element
      (* keep *) wire [Nodes-1:0] any_out;
      wire [Nodes*W-1:0] val_out;
      if (l == 0) begin : gen_from_elements
        assign val_in = block_i[N*W-1:0];
        assign any_in = ~imm;
      end else begin : gen_from_level
        assign val_in = {{(N - 2 * Nodes) * W{1'b0}}, gen_level[l-1].val_out};
        assign any_in = {{(N - 2 * Nodes){1'b0}}, gen_level[l-1].any_out};
      end
      for (i = 0; i < Nodes; i = i + 1) begin : gen_node
        assign any_out[i] = any_in[2*i] | any_in[2*i+1];
        assign val_out[W*i +: W] = any_in[2*i] ? val_in[W*(2*i) +: W] : val_in[W*(2*i+1) +: W];
      end
      if (2 * Nodes < N) begin : gen_unused
        wire unused = ^{val_in[N*W-1:2*Nodes*W], any_in[N-1:2*Nodes]};
      end
    end
  endgenerate

  wire [W-1:0] base = gen_level[L-1].val_out & {W{gen_level[L-1].any_out[0]}};

  assign base_o = base;
  assign mask_o = ~imm;

endmodule
