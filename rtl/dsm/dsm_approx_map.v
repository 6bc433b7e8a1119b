// dsm_approx_map: the approximation unit's address map registers (docs/dsm.md 5.1, 5.3,
// thesis 5.3.2 "8 approximation entry memory map").
//
// Function: Entries entries of {valid, start, end, bits}, start/end inclusive line addresses.
// cfg_we_i writes entry cfg_idx_i on the rising edge; the outputs show the map as it was before
// that edge, which is what gives docs/dsm.md 5.3 its "a line accepted on the same edge sees the
// old map" timing. Entries are presented side by side: entry e in valid_o[e],
// start_o/end_o[e*AddrWidth +: AddrWidth], bits_o[e*5 +: 5].
//
// Latency / throughput: a write is visible from the cycle after its edge; one write per cycle.
//
// What it does not do: no read-back port and no checking of the written values (docs/dsm.md
// 5.2: the hardware defines every 5-bit value; start > end just never matches). An index at or
// above Entries (only possible when Entries is not a power of two) writes nothing.
// Only the valid bits are reset ("after reset every entry is invalid"); start/end/bits are
// don't-care while invalid, so they need no reset.
//
// Worked example: cfg_we_i = 1, cfg_idx_i = 3, cfg_valid_i = 1, cfg_start_i = 41'h100,
// cfg_end_i = 41'h1FF, cfg_bits_i = 12 -> from the next cycle valid_o[3] = 1,
// start_o[3*41 +: 41] = 41'h100, end_o[3*41 +: 41] = 41'h1FF, bits_o[15 +: 5] = 5'd12.
module dsm_approx_map #(
  parameter integer AddrWidth = 41,
  parameter integer Entries   = 8,
  parameter integer IdxWidth  = 3      // $clog2(Entries)
) (
  input  wire                           clk_i,
  input  wire                           rst_ni,
  input  wire                           cfg_we_i,
  input  wire [IdxWidth-1:0]            cfg_idx_i,
  input  wire                           cfg_valid_i,
  input  wire [AddrWidth-1:0]           cfg_start_i,
  input  wire [AddrWidth-1:0]           cfg_end_i,
  input  wire [4:0]                     cfg_bits_i,
  output wire [Entries-1:0]             valid_o,
  output wire [Entries*AddrWidth-1:0]   start_o,
  output wire [Entries*AddrWidth-1:0]   end_o,
  output wire [Entries*5-1:0]           bits_o
);

  localparam integer EntryBits = 2 * AddrWidth + 5;   // {start, end, bits}, valid apart

  genvar e;
  generate
    for (e = 0; e < Entries; e = e + 1) begin : gen_entry
      localparam [IdxWidth-1:0] Index = e;
      wire                 write = cfg_we_i && (cfg_idx_i == Index);
      reg                  valid_q, valid_d;
      reg [EntryBits-1:0]  fields_q, fields_d;

      always @(*) begin
        valid_d  = valid_q;
        fields_d = fields_q;
        if (write) begin
          valid_d  = cfg_valid_i;
          fields_d = {cfg_start_i, cfg_end_i, cfg_bits_i};
        end
      end

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          valid_q <= 1'b0;
        end else begin
          valid_q <= valid_d;
        end
      end

      always @(posedge clk_i) begin
        fields_q <= fields_d;
      end

      assign valid_o[e]                      = valid_q;
      assign start_o[e*AddrWidth +: AddrWidth] = fields_q[AddrWidth+5 +: AddrWidth];
      assign end_o[e*AddrWidth +: AddrWidth]   = fields_q[5 +: AddrWidth];
      assign bits_o[e*5 +: 5]                  = fields_q[4:0];
    end
  endgenerate

endmodule
