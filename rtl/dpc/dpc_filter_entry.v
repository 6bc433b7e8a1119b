// dpc_filter_entry: one entry of the MC data-filtering table (docs/dpc.md sections 6 and 7):
// its registers (valid, SM id, line address, critical map), its key compare and the compare's
// registered result.
//
// A module per entry so that the hierarchical synthesis flow (docs/synthesis.md "Two flows")
// maps it once and counts it Entries times; the table around it is the entry-independent part
// (reply decode and map mux, lowest-free selection, index encoders).
//
// The table decides a request a cycle after accepting it (docs/dpc.md 6.2): at the accepting
// edge (load_i) each entry registers whether its key is the incoming one (cmp_*), as it will be
// after that edge: an entry the decision of the same edge allocates takes the decided key, so
// it registers same_key_i (incoming key = decided key) instead of its own compare. The decided
// request (dec_*) and the reply being decided (free_i) then act at the next edge (commit_i):
// free_i clears the entry first; live_o is the entry as the decided request sees it; hit_o =
// live_o and the registered compare. merge_i (the decided request merges: it has a hit) ORs
// dec_map_i into the map when hit_o; alloc_sel_i (this is the lowest entry not live) loads key
// and map unconditionally (the entry is not live, so nothing observable changes) and
// alloc_i (the request allocates) sets valid. The table never raises merge_i and alloc_i
// together.
// Example: valid, key (3, 0x40), map 0001, hit registered; dec_map_i = 0010, merge_i, commit_i
// -> hit_o = 1, next map 0011.
//
// State: 2 + SmIdWidth + AddrWidth + 4 flops; valid and the registered compare are reset (the
// others are read only while valid). Combinational: one (SmIdWidth + AddrWidth)-bit comparator.
module dpc_filter_entry #(
  parameter integer SmIdWidth = 6,
  parameter integer AddrWidth = 41
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire [SmIdWidth-1:0] cmp_sm_i,     // the incoming request's key
  input  wire [AddrWidth-1:0] cmp_addr_i,
  input  wire                 load_i,       // the incoming request is accepted at this edge
  input  wire                 same_key_i,   // its key is the decided request's
  input  wire [SmIdWidth-1:0] dec_sm_i,     // the decided request
  input  wire [AddrWidth-1:0] dec_addr_i,
  input  wire [3:0]           dec_map_i,
  input  wire                 commit_i,     // the decided request and reply act at this edge
  input  wire                 free_i,       // the decided reply names this entry
  input  wire                 merge_i,
  input  wire                 alloc_sel_i,
  input  wire                 alloc_i,
  output wire                 valid_o,
  output wire                 live_o,
  output wire                 hit_o,
  output wire [3:0]           map_o
);
  reg                 valid_q;
  reg                 hit_q;     // the decided request's key is this entry's (registered compare)
  reg [SmIdWidth-1:0] sm_q;
  reg [AddrWidth-1:0] addr_q;
  reg [3:0]           map_q;

  wire load_key = commit_i & alloc_sel_i;

  assign valid_o = valid_q;
  assign live_o  = valid_q & ~free_i;
  assign hit_o   = live_o & hit_q;
  assign map_o   = map_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      hit_q   <= 1'b0;
    end else begin
      if (commit_i) valid_q <= live_o | alloc_i;
      if (load_i) hit_q <= load_key ? same_key_i : (sm_q == cmp_sm_i) & (addr_q == cmp_addr_i);
    end
  end

  always @(posedge clk_i) begin
    if (load_key) begin
      sm_q   <= dec_sm_i;
      addr_q <= dec_addr_i;
      map_q  <= dec_map_i;
    end else if (commit_i && merge_i && hit_o) begin
      map_q  <= map_q | dec_map_i;
    end
  end
endmodule
