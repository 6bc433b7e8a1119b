// dsm_bit_count: the bit counter of docs/dsm.md 4.2 (thesis 5.3.4 "Bit Counter").
//
// Function: for every segment i, counts the CSN segments among 0 .. i-1 (ones of es_i below
// bit i) and outputs the count k one-hot: sel_o[i*(i+1)/2 + k] = 1 exactly when it is k, so
// segment i's data starts 64*i - 60*k bits into the ED field. Segment i has i + 1 possible
// offsets, so sel_o has Segs*(Segs+1)/2 bits in all. total_o is the count over all Segs bits,
// one-hot (total_o[n] = 1 when n segments are CSN). The compressor (where each segment goes)
// and the decompressor (where each segment comes from) share this module.
//
// Structure: the counts are kept one-hot all the way, because every consumer wants one-hot
// selects and an adder + decoder is slower (carry chains of XORs, then a decode). The count of
// two adjacent ranges is the "convolution" of their one-hot counts:
// out[k] = OR over a + b = k of (left[a] & right[b]). Prefix counts are built Sklansky-style:
// at level l, every index in the upper half of a 2^(l+1)-aligned block combines its running
// count with the count of the whole lower half, so after log2(Segs) levels each index holds the
// count of es_i[0..i]. Depth: log2(Segs) levels of AND + OR.
//
// Latency / throughput: combinational.
//
// What it does not do: it does not move data; dsm_lane_concat and dsm_lane_unpack use sel_o
// as the select lines of their one-hot multiplexers. Segs must be a power of two (8 or 16).
//
// Worked example (Segs = 8): es_i = 8'b0000_0101 -> segment 0: k = 0 (sel_o[0]);
// segment 1: k = 1 (sel_o[2]); segment 2: k = 1 (sel_o[4]); segment 3: k = 2 (sel_o[8]);
// ... segment 7: k = 2 (sel_o[30]); total_o = 9'b0_0000_0100.
module dsm_bit_count #(
  parameter integer Segs = 8
) (
  input  wire [Segs-1:0]            es_i,
  output wire [Segs*(Segs+1)/2-1:0] sel_o,
  output wire [Segs:0]              total_o
);

  localparam integer Levels = $clog2(Segs);
  localparam integer CountW = Segs + 1;        // one-hot counts 0 .. Segs

  // One-hot count of the union of two adjacent ranges.
  function automatic [CountW-1:0] combine(input [CountW-1:0] left, input [CountW-1:0] right);
    integer a, b;
    begin
      combine = {CountW{1'b0}};
      for (a = 0; a < CountW; a = a + 1) begin
        for (b = 0; a + b < CountW; b = b + 1) begin
          combine[a + b] = combine[a + b] | (left[a] & right[b]);
        end
      end
    end
  endfunction

  // running[i*CountW +: CountW]: one-hot count of es_i over the range that index i has gathered
  // so far; after the last level that range is 0..i.
  reg [Segs*CountW-1:0] running;
  reg [Segs*CountW-1:0] next;
  integer i, l, lower_end;

  always @(*) begin
    lower_end = 0;
    for (i = 0; i < Segs; i = i + 1) begin
      running[i*CountW +: CountW] = {{(CountW-2){1'b0}}, es_i[i], ~es_i[i]};
    end
    next = running;
    for (l = 0; l < Levels; l = l + 1) begin
      for (i = 0; i < Segs; i = i + 1) begin
        next[i*CountW +: CountW] = running[i*CountW +: CountW];
        if (((i >> l) & 1) == 1) begin
          // Last index of the lower half of i's 2^(l+1) block: it already holds that half.
          lower_end = ((i >> l) << l) - 1;
          next[i*CountW +: CountW] = combine(running[lower_end*CountW +: CountW],
                                             running[i*CountW +: CountW]);
        end
      end
      running = next;
    end
  end

  assign sel_o[0] = 1'b1;   // nothing precedes segment 0

  genvar s, k;
  generate
    for (s = 1; s < Segs; s = s + 1) begin : gen_seg
      for (k = 0; k <= s; k = k + 1) begin : gen_offset
        assign sel_o[s*(s+1)/2 + k] = running[(s-1)*CountW + k];
      end
    end
  endgenerate

  assign total_o = running[(Segs-1)*CountW +: CountW];

endmodule
