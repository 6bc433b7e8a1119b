// dsm_approx_match: address-range lookup of the approximation unit (docs/dsm.md 5.1).
//
// Function: entry e hits when valid and start <= addr_i <= end (unsigned, inclusive). The
// lowest-index hit wins (a priority select: one-hot "first hit" vector, then an AND-OR of the
// entries' bits, two gate levels instead of a chain of Entries muxes); no hit gives bits_o = 0.
//
// Latency / throughput: combinational (stage 1 of dsm_approx).
//
// What it does not do: it does not interpret bits (dsm_approx_mask does).
//
// Worked example: entry 0 = {1, 100, 199, 8}, entry 1 = {1, 150, 300, 20}: addr_i = 160 ->
// bits_o = 8 (both hit, entry 0 wins); addr_i = 250 -> 20; addr_i = 99 -> 0.
module dsm_approx_match #(
  parameter integer AddrWidth = 41,
  parameter integer Entries   = 8
) (
  input  wire [AddrWidth-1:0]         addr_i,
  input  wire [Entries-1:0]           valid_i,
  input  wire [Entries*AddrWidth-1:0] start_i,
  input  wire [Entries*AddrWidth-1:0] end_i,
  input  wire [Entries*5-1:0]         bits_i,
  output reg  [4:0]                   bits_o
);

  wire [Entries-1:0] hit;
  reg  [Entries-1:0] first_hit;

  genvar e;
  generate
    for (e = 0; e < Entries; e = e + 1) begin : gen_entry
      assign hit[e] = valid_i[e]
                    & (start_i[e*AddrWidth +: AddrWidth] <= addr_i)
                    & (addr_i <= end_i[e*AddrWidth +: AddrWidth]);
    end
  endgenerate

  // first_hit[e]: entry e hits and no lower entry does.
  integer i;
  reg     lower_hit;
  always @(*) begin
    first_hit = {Entries{1'b0}};
    lower_hit = 1'b0;
    for (i = 0; i < Entries; i = i + 1) begin
      first_hit[i] = hit[i] & ~lower_hit;
      lower_hit    = lower_hit | hit[i];
    end
  end

  integer j;
  always @(*) begin
    bits_o = 5'd0;
    for (j = 0; j < Entries; j = j + 1) begin
      bits_o = bits_o | (bits_i[j*5 +: 5] & {5{first_hit[j]}});
    end
  end

endmodule
