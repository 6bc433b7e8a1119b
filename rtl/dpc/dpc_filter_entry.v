// dpc_filter_entry: one entry of the MC data-filtering table (docs/dpc.md sections 6 and 7):
// its registers (valid, SM id, line address, critical map) and its key compare.
//
// A module per entry so that the hierarchical synthesis flow (docs/synthesis.md "Two flows")
// maps it once and counts it Entries times; the table around it is the entry-independent part
// (reply decode and map mux, lowest-free selection, index encoders).
//
// Same edge, in the table's order: free_i (this entry's reply fires) clears the entry first;
// live_o is the entry as the request sees it; hit_o = live_o and the key matches. merge_i
// (the request merges into its hit) ORs req_map_i into the map when hit_o; alloc_i (the
// request allocates this entry) loads key and map and sets valid. The table never raises both.
// Example: valid, key (3, 0x40), map 0001; key_* = (3, 0x40), merge_i, req_map_i = 0010 ->
// hit_o = 1, next map 0011.
//
// State: 1 + SmIdWidth + AddrWidth + 4 flops; only valid is reset (the others are read only
// while valid). Combinational: one (SmIdWidth + AddrWidth)-bit comparator.
module dpc_filter_entry #(
  parameter integer SmIdWidth = 6,
  parameter integer AddrWidth = 41
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire [SmIdWidth-1:0] key_sm_i,
  input  wire [AddrWidth-1:0] key_addr_i,
  input  wire [3:0]           req_map_i,
  input  wire                 free_i,
  input  wire                 merge_i,
  input  wire                 alloc_i,
  output wire                 valid_o,
  output wire                 live_o,
  output wire                 hit_o,
  output wire [3:0]           map_o
);
  reg                 valid_q;
  reg [SmIdWidth-1:0] sm_q;
  reg [AddrWidth-1:0] addr_q;
  reg [3:0]           map_q;

  assign valid_o = valid_q;
  assign live_o  = valid_q & ~free_i;
  assign hit_o   = live_o & (sm_q == key_sm_i) & (addr_q == key_addr_i);
  assign map_o   = map_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else begin
      valid_q <= live_o | alloc_i;
    end
  end

  always @(posedge clk_i) begin
    if (alloc_i) begin
      sm_q   <= key_sm_i;
      addr_q <= key_addr_i;
      map_q  <= req_map_i;
    end else if (merge_i && hit_o) begin
      map_q  <= map_q | req_map_i;
    end
  end
endmodule
