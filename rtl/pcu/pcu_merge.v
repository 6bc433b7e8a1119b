// pcu_merge: the PCU merge unit (seed 003, 3.2 "Reply Merging"; docs/pcu.md 4 and 5).
//
// For an L2 return of RGR tag_i it reads that RGR's destination bits; the top sends them with
// the block to the MC reply queue as one packet and frees the RGR (free_o, one-hot). A tag
// that names no valid, issued RGR (the L2 never returns one; an index >= NumRgr included)
// gives dest_o = 0 and frees nothing. join_dest_i is the SM bit of a read joining that same
// RGR at this edge: it rides in this reply (grouping ends at this edge, docs/pcu.md 5).
// Example: RGR 5 valid, issued, dest 0..0110; tag_i = 5 -> dest_o = 0110, free_o = 1 << 5.
//
// Combinational: a NumRgr:1 multiplexer of NumSm bits (and of the valid/issued bits) and a
// NumRgr-output decoder.
module pcu_merge #(
  parameter integer NumRgr   = 128,
  parameter integer NumSm    = 64,
  parameter integer IdxWidth = 7
) (
  input  wire [IdxWidth-1:0]     tag_i,
  input  wire                    fire_i,
  input  wire [NumRgr-1:0]       valid_i,
  input  wire [NumRgr-1:0]       issued_i,
  input  wire [NumRgr*NumSm-1:0] dest_i,
  input  wire [NumRgr-1:0]       join_hit_i,   // the open RGR the stage-1 read would join
  input  wire                    join_go_i,    // the stage-1 read may proceed at this edge
  input  wire [NumSm-1:0]        join_dest_i,
  output wire [NumSm-1:0]        dest_o,
  output wire [NumRgr-1:0]       free_o,
  output wire                    freed_o       // |free_o
);
  wire [NumRgr-1:0] tag_onehot;
  genvar e;
  generate
    for (e = 0; e < NumRgr; e = e + 1) begin : gen_decode
      localparam [IdxWidth-1:0] Idx = e;
      assign tag_onehot[e] = (tag_i == Idx);
    end
  endgenerate

  wire [NumRgr-1:0] live = valid_i & issued_i;
  wire              tag_live = |(tag_onehot & live);
  // join_go_i is stage 1's last decision: it enters after the tag's select, not before.
  wire              tag_join = join_go_i & |(tag_onehot & join_hit_i);

  // The tag's destination bits: a binary-indexed multiplexer (a tree of 2:1 muxes).
  wire [NumSm-1:0] stored = dest_i[tag_i * NumSm +: NumSm];

  assign dest_o = tag_live ? (stored | (tag_join ? join_dest_i : {NumSm{1'b0}})) : {NumSm{1'b0}};
  assign free_o  = tag_onehot & live & {NumRgr{fire_i}};
  assign freed_o = fire_i & tag_live;
endmodule
