// bdi_shape_miter: formal round trip of one base/delta shape (tests/formal/bdi_prove.sh): for
// every 64-byte block block_i (512 free bits) on which bdi_bd_unit #(K, D) reports fit_o, the
// layout bdi_block_pack emits for that shape ({deltas, mask, base, Code}) decoded by
// bdi_block_unpack gives block_i back. This is the arithmetic of the format (immediates, the
// first non-immediate as base, the high-part compare in the packer; the A/B operand choice and
// the segmented adder in the unpacker) for that code. CorruptBit >= 0 flips that bit of the layout between packer and
// unpacker (a negative control: the solver must then find a counterexample).
module bdi_shape_miter #(
  parameter integer K = 8,
  parameter integer D = 1,
  parameter integer Code = 2,        // the shape's code (docs/bdi.md 3)
  parameter integer CorruptBit = -1
) (
  input  wire [511:0] block_i,
  output wire         ok_o
);

  localparam integer N = 64 / K;
  localparam integer W = 8 * K;
  localparam integer M = 8 * D;
  localparam integer Used = 4 + W + N + M * N;

  wire           fit;
  wire [W-1:0]   base;
  wire [N-1:0]   mask;
  wire [N*M-1:0] deltas;

  bdi_bd_unit #(.K(K), .D(D)) u_unit (.block_i(block_i), .fit_o(fit), .base_o(base), .mask_o(mask),
                                      .deltas_o(deltas));

  wire [3:0]   code = Code;
  wire [515:0] layout = {{(516-Used){1'b0}}, deltas, mask, base, code};
  wire [515:0] stream;
  generate
    if (CorruptBit >= 0) begin : gen_corrupt
      assign stream = layout ^ ({{515{1'b0}}, 1'b1} << CorruptBit);
    end else begin : gen_intact
      assign stream = layout;
    end
  endgenerate
  wire [511:0] back;
  bdi_block_unpack u_unpack (.en_i(1'b1), .stream_i(stream), .block_o(back));

  assign ok_o = ~fit | (back == block_i);

endmodule
