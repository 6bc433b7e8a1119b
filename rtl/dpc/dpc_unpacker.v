// dpc_unpacker: relays each plane's ED bits from its offset (docs/dpc.md sections 3, 4, 8).
//
// Inverse of dpc_concat's placement: plane i of width Wc = 8c starts at ED offset
// k + Wc*(i - k), k = compressible planes before it (one-hot in sel_i[32i+31:32i], from
// dpc_bit_count); relayed_o[32i+j] = ED[offset + j] for j < Wc and 0 for j >= Wc. For a
// compressible plane only bit j = 0 (its value) is meaningful; dpc_recover replicates it. Each plane is muxed among its i + 1 possible
// offsets per width (c one-hot in count_oh_i), not shifted out of the whole stream.
//
// ed_i holds the 962 bits that follow the ES field: the longest ED a canonical stream can have
// (section 3's checker; dpc_concat drops the same offsets). Offsets beyond it only occur in
// streams the decompressor rejects, so they read zero.
//
// Example (c = 1, ES = 0...01): plane 0 relays ED[0]; plane 1 relays ED[8:1]; plane 2 ED[16:9].
// Combinational.
module dpc_unpacker (
  input  wire [961:0]  ed_i,
  input  wire [1023:0] sel_i,
  input  wire [3:0]    count_oh_i,
  output wire [1023:0] relayed_o
);
  // Reads past ed_i see zeros: a plane of width Wc at its farthest offset ends below 32*Wc.
  wire [1023:0] ed_ext = {62'd0, ed_i};
  wire [1023:0] relayed_width [1:4];

  genvar c;
  generate
    for (c = 1; c <= 4; c = c + 1) begin : gen_width
      localparam integer Wc = 8 * c;
      reg [1023:0] relayed;
      integer i, k;

      // "If this offset is selected, take the plane from there" (see dpc_concat: an AND-OR
      // per bit after synthesis, one part-select per plane in an event-driven simulator).
      always @* begin
        relayed = 1024'd0;
        for (i = 0; i < 32; i = i + 1) begin
          for (k = 0; k <= i; k = k + 1) begin
            // OR, not assignment: logically an AND-OR whatever the selects, so synthesis
            // does not build a priority chain.
            if (sel_i[32*i+k]) begin
              relayed[32*i +: Wc] = relayed[32*i +: Wc] | ed_ext[k + Wc*(i-k) +: Wc];
            end
          end
        end
      end

      assign relayed_width[c] = relayed & {1024{count_oh_i[c-1]}};
    end
  endgenerate

  assign relayed_o = relayed_width[1] | relayed_width[2] | relayed_width[3] | relayed_width[4];
endmodule
