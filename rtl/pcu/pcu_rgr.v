// pcu_rgr: one request grouping register of the PCU (docs/pcu.md sections 3 and 4).
//
// Fields (seed 003, 3.2): valid, block address, one destination bit per SM; plus two state
// bits this project adds (docs/pcu.md 4): open (reads may still join) and issued (the read
// has left for the MC request queue). The seed's 14 bytes per RGR hold all of them
// (1 + 41 + 64 + 2 = 108 bits <= 112).
//
// Commands at the edge, from the stage-1 decision, the request selector and the merge unit;
// the top makes alloc_i exclusive with the others for this entry:
//   alloc_i  valid (a free RGR already holds open, not issued, addr = s1_addr_i and
//            dest = sm_onehot_i: it loads them at every edge while free)
//   join_i   dest |= sm_onehot_i
//   close_i  open = 0
//   issue_i  issued = 1
//   free_i   valid = 0 (the merge unit; applied last, so a join on the same edge is harmless)
// open_o = valid && open (for the invariant checks of docs/pcu.md 9).
//
// The match is registered (docs/pcu.md 8.3): at the edge a request enters the stage-1
// register (key_load_i) the RGR compares the incoming block key_addr_i with its own and
// stores the result in match_q, and whether the incoming SM's destination bit is already set
// in rep_q. Both are corrected for this RGR's own update at that edge, the only one that can
// change them before stage 1 reads them: an allocation by the request leaving stage 1 (the
// RGR then holds that request's block and SM: key_same_i, key_sm_same_i) or its join (the
// SM bit it sets: key_sm_same_i). Closing, issuing and freeing are read fresh below.
// Match outputs (for the request in the stage-1 register, block B, SM s):
//   open_hit_o      valid && open && addr == B     (a read may join)
//   unissued_hit_o  valid && !issued && addr == B  (a write must wait)
//   rep_o           dest bit s was set at the edge the request entered stage 1 (meaningful
//                   with open_hit_o: the request's SM is already in the group)
//   match_o         addr == B (for the checks that the registered match is exact)
// Example: after alloc_i with block 0x40 and SM 3: dest_o = 1 << 3, open_hit_o = 1 for a
// stage-1 request of 0x40; after close_i open_hit_o = 0 while unissued_hit_o stays 1 until
// issue_i.
module pcu_rgr #(
  parameter integer NumSm     = 64,
  parameter integer AddrWidth = 41
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  // The request entering the stage-1 register at this edge (the registered match).
  input  wire                 key_load_i,
  input  wire [AddrWidth-1:0] key_addr_i,
  input  wire [NumSm-1:0]     key_sm_onehot_i,
  input  wire                 key_same_i,       // its block is the stage-1 request's
  input  wire                 key_sm_same_i,    // its SM is the stage-1 request's
  // The request in the stage-1 register: what an allocation or a join writes.
  input  wire [AddrWidth-1:0] s1_addr_i,
  input  wire [NumSm-1:0]     sm_onehot_i,
  input  wire                 alloc_i,
  input  wire                 join_i,
  input  wire                 close_i,
  input  wire                 issue_i,
  input  wire                 free_i,
  output wire                 valid_o,
  output wire                 open_o,
  output wire                 issued_o,
  output wire [AddrWidth-1:0] addr_o,
  output wire [NumSm-1:0]     dest_o,
  output wire                 open_hit_o,
  output wire                 unissued_hit_o,
  output wire                 rep_o,
  output wire                 match_o
);
  reg                 valid_q, valid_d;
  reg                 open_q, open_d;
  reg                 issued_q, issued_d;
  reg [AddrWidth-1:0] addr_q, addr_d;
  reg [NumSm-1:0]     dest_q, dest_d;

  reg match_q, rep_q;
  assign open_hit_o     = valid_q & open_q & match_q;
  assign unissued_hit_o = valid_q & ~issued_q & match_q;
  assign rep_o          = rep_q;
  assign match_o        = match_q;
  assign valid_o  = valid_q;
  assign open_o   = valid_q & open_q;
  assign issued_o = issued_q;
  assign addr_o   = addr_q;
  assign dest_o   = dest_q;

  always @* begin
    valid_d  = valid_q;
    open_d   = open_q;
    issued_d = issued_q;
    addr_d   = addr_q;
    dest_d   = dest_q;
    if (join_i) dest_d = dest_q | sm_onehot_i;
    if (close_i) open_d = 1'b0;
    if (issue_i) issued_d = 1'b1;
    // A free RGR takes the stage-1 request's fields at every edge, allocated or not: they are
    // read only while valid_q is set, so alloc_i, the late allocation decision, reaches one
    // flop (valid) instead of the select of every field's multiplexer (docs/pcu.md 8.3).
    if (!valid_q) begin
      open_d   = 1'b1;
      issued_d = 1'b0;
      addr_d   = s1_addr_i;
      dest_d   = sm_onehot_i;
    end
    if (alloc_i) valid_d = 1'b1;
    if (free_i) valid_d = 1'b0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else begin
      valid_q <= valid_d;
    end
  end

  // Read only for the request in the stage-1 register, loaded when it entered: no reset.
  // PCU_FORMAL_NO_FORWARD drops the correction (tests/formal/pcu_prove.sh must refute it).
  // A free RGR is corrected as if allocated: if it is, it holds the leaving request's block and
  // SM; if not, it stays free and its match bits are never read.
`ifdef PCU_FORMAL_NO_FORWARD
  wire fwd_alloc = 1'b0, fwd_join = 1'b0;
`else
  wire fwd_alloc = ~valid_q, fwd_join = join_i;
`endif
  always @(posedge clk_i) begin
    if (key_load_i) begin
      match_q <= fwd_alloc ? key_same_i : (addr_q == key_addr_i);
      rep_q   <= fwd_alloc ? key_sm_same_i
                           : (|(dest_q & key_sm_onehot_i)) | (fwd_join & key_sm_same_i);
    end
  end

  // open, issued, addr and dest are only read while valid_q is set, and a free RGR loads all of
  // them at every edge: no reset needed.
  always @(posedge clk_i) begin
    open_q   <= open_d;
    issued_q <= issued_d;
    addr_q   <= addr_d;
    dest_q   <= dest_d;
  end
endmodule
