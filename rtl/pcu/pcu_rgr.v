// pcu_rgr: one request grouping register of the PCU (docs/pcu.md sections 3 and 4).
//
// Fields (seed 003, 3.2): valid, block address, one destination bit per SM; plus two state
// bits this project adds (docs/pcu.md 4): open (reads may still join) and issued (the read
// has left for the MC request queue). The seed's 14 bytes per RGR hold all of them
// (1 + 41 + 64 + 2 = 108 bits <= 112).
//
// Commands at the edge, from the stage-1 decision, the request selector and the merge unit;
// the top makes alloc_i exclusive with the others for this entry:
//   alloc_i  valid, open, not issued, addr = key_addr_i, dest = sm_onehot_i
//   join_i   dest |= sm_onehot_i
//   close_i  open = 0
//   issue_i  issued = 1
//   free_i   valid = 0 (the merge unit; applied last, so a join on the same edge is harmless)
// open_o = valid && open (for the invariant checks of docs/pcu.md 9).
// Match outputs (combinational, against the stage-1 request's block):
//   open_hit_o      valid && open && addr == key_addr_i   (a read may join)
//   unissued_hit_o  valid && !issued && addr == key_addr_i (a write must wait)
// Example: after alloc_i with key 0x40 and SM 3: dest_o = 1 << 3, open_hit_o = 1 for key 0x40;
// after close_i open_hit_o = 0 while unissued_hit_o stays 1 until issue_i.
module pcu_rgr #(
  parameter integer NumSm     = 64,
  parameter integer AddrWidth = 41
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire [AddrWidth-1:0] key_addr_i,
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
  output wire                 unissued_hit_o
);
  reg                 valid_q, valid_d;
  reg                 open_q, open_d;
  reg                 issued_q, issued_d;
  reg [AddrWidth-1:0] addr_q, addr_d;
  reg [NumSm-1:0]     dest_q, dest_d;

  wire same_block = (addr_q == key_addr_i);
  assign open_hit_o     = valid_q & open_q & same_block;
  assign unissued_hit_o = valid_q & ~issued_q & same_block;
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
    if (alloc_i) begin
      valid_d  = 1'b1;
      open_d   = 1'b1;
      issued_d = 1'b0;
      addr_d   = key_addr_i;
      dest_d   = sm_onehot_i;
    end
    if (free_i) valid_d = 1'b0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else begin
      valid_q <= valid_d;
    end
  end

  // open, issued, addr and dest are only read while valid_q is set, and alloc_i writes all of
  // them: no reset needed.
  always @(posedge clk_i) begin
    open_q   <= open_d;
    issued_q <= issued_d;
    addr_q   <= addr_d;
    dest_q   <= dest_d;
  end
endmodule
