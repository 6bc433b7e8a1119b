// sc_code_table: the SC compressor's code table (docs/sc.md 3.4), written through a
// configuration port (sec. 6.1), with Ports lookup ports.
//
// Function: a write (cfg_we_i) of image word cfg_data_i at address cfg_addr_i: address 2e
// (e = 0..1023) sets entry e's value, 2e + 1 its code (bits 15:0) and length (bits 20:16),
// 2048 the escape's code and length; other addresses are ignored. Entry e is set e / 16, way
// e % 16, as in the VFT. Only the value's bits 31:6 are kept (its tag): the loader puts every
// used entry in its value's set (sc_code_load), and a value's low 6 bits follow from its set
// and its tag (set(v) folds them in by XOR, docs/sc.md 2.1). Codes are kept in stream order
// (bit 0 is sent first): the write reverses a code's `length` bits once, so no lookup does.
// Lookup port p: the 16 ways of set set_i[p] are read and compared with tag_i[p]; the lowest
// way with a nonzero length and an equal tag hits (as sc_code_lookup takes the lowest way):
// found_o[p] = 1 with its code_o[p] (stream order, zero above the length) and len_o[p];
// otherwise found_o[p] = 0 and the other two are zero.
//
// Storage (parameter Macro): 1 (default), one synchronous SRAM per lookup port (np_sram, 64
// words of a set's 16 ways x {tag, length, code}, 752 bits; every copy takes every write), read
// at each edge without a write at set_next_i, the set set_i will hold in the next cycle: the
// word is read one edge ahead, so lookups see it in the same cycle as with flip-flops. 0: the
// flip-flop form (np_ff_ram ways, read combinationally at set_i; set_next_i unused), kept for
// a like-for-like comparison (docs/synthesis.md "SRAM macros").
//
// Latency: a write is visible from the cycle after its edge; a lookup is combinational in set_i
// and tag_i (Macro = 1: provided set_next_i gave, at the edge before, the set set_i holds, and
// that edge wrote nothing: writes only while no lookup is wanted, as sc_compressor requires).
//
// What it does not do: no reset (the loader writes every word before use) and no check of the
// image (sc_code_load's rules).
//
// Worked example (docs/sc.md 7's table): 1.0f = 32'h3F800000 has the code 10 (length 2) in some
// way of set 31; a lookup with set_i = 31, tag_i = 26'hFE0000 gives found_o = 1, len_o = 2,
// code_o = 16'b01 (the code's first bit, 1, in bit 0).
module sc_code_table #(
  parameter integer Ports = 8,
  parameter integer Macro = 1
) (
  input  wire               clk_i,
  input  wire               cfg_we_i,
  input  wire [11:0]        cfg_addr_i,
  input  wire [31:0]        cfg_data_i,
  input  wire [Ports*6-1:0]  set_i,
  input  wire [Ports*6-1:0]  set_next_i,   // Macro = 1: set_i's value in the next cycle
  input  wire [Ports*26-1:0] tag_i,
  output reg  [Ports-1:0]    found_o,
  output reg  [Ports*16-1:0] code_o,
  output reg  [Ports*5-1:0]  len_o,
  output wire [15:0]        esc_code_o,
  output wire [4:0]         esc_len_o
);

  localparam [11:0] EscAddr = 12'd2048;

  // The image's code (MSB first, docs/sc.md 4.2) in stream order: bit j = code bit len-1-j.
  function [15:0] stream_order;
    input [15:0] code;
    input [4:0]  len;
    reg   [15:0] rev;
    integer      b;
    begin
      for (b = 0; b < 16; b = b + 1) rev[b] = code[15-b];
      stream_order = rev >> (5'd16 - len);
    end
  endfunction

  wire [20:0] cl_in = {cfg_data_i[20:16], stream_order(cfg_data_i[15:0], cfg_data_i[20:16])};
  wire        entry_we = cfg_we_i && !cfg_addr_i[11];
  wire [5:0]  wr_set = cfg_addr_i[10:5];
  wire [3:0]  wr_way = cfg_addr_i[4:1];
  // The value's low bits follow from its set; the reserved bits of a code word are zero.
  wire unused_cfg = ^{cfg_data_i[5:0], cfg_data_i[31:21]};

  reg [15:0] esc_code_q;
  reg [4:0]  esc_len_q;
  always @(posedge clk_i) begin
    if (cfg_we_i && cfg_addr_i == EscAddr) begin
      esc_code_q <= cl_in[15:0];
      esc_len_q  <= cl_in[20:16];
    end
  end
  assign esc_code_o = esc_code_q;
  assign esc_len_o  = esc_len_q;

  // Per lookup port: the lowest way of a set's row that holds a code (length nonzero) for the
  // tag, as {found, length, code}. A row holds way w's tag at bits w * 47 + 25 .. w * 47 and
  // its {length, code} above it.
  function [21:0] lowest_way;
    input [16*47-1:0] row;
    input [25:0]      tag;
    reg   [20:0]      cl;
    integer           v;
    begin
      lowest_way = 22'd0;
      for (v = 15; v >= 0; v = v - 1) begin
        cl = row[v*47+26 +: 21];
        if (cl[20:16] != 5'd0 && row[v*47 +: 26] == tag) lowest_way = {1'b1, cl};
      end
    end
  endfunction

  // One tag memory and one {length, code} memory per way, 64 sets each: a lookup port reads
  // every way at one set (a 64:1 read per memory), which is how a set-associative RAM reads.
  // Each port's row is matched where it is read (not gathered into one vector of every port's
  // ways first: Verilator builds such a vector of 128 slices as a chain of 128 ever wider
  // concatenations, three quarters of sc_compressor's simulation time).
  wire [Ports*22-1:0] hit;   // port p's {found, length, code} at p * 22

  genvar w, p;
  generate
    if (Macro != 0) begin : gen_sram
      // A write sets one of the two fields of one way (the mask), in every port's copy.
      wire [16*47-1:0] wr_data = {16{cl_in, cfg_data_i[31:6]}};
      wire [16*47-1:0] field_mask = {{(15*47){1'b0}}, {21{cfg_addr_i[0]}}, {26{!cfg_addr_i[0]}}};
      wire [16*47-1:0] wr_mask = field_mask << (wr_way * 47);
      wire unused_set = ^set_i;
      for (p = 0; p < Ports; p = p + 1) begin : gen_port
        wire [16*47-1:0] row;
        np_sram #(.Depth(64), .Width(16*47)) u_ways (
          .clk_i   (clk_i),
          .ce_i    (1'b1),
          .we_i    (entry_we),
          .addr_i  (entry_we ? wr_set : set_next_i[p*6 +: 6]),
          .wdata_i (wr_data),
          .wmask_i (wr_mask),
          .rdata_o (row)
        );
        assign hit[p*22 +: 22] = lowest_way(row, tag_i[p*26 +: 26]);
      end
    end else begin : gen_ff
      wire unused_set_next = ^set_next_i;
      for (w = 0; w < 16; w = w + 1) begin : gen_way
        wire [Ports*26-1:0] way_tags;
        wire [Ports*21-1:0] way_cls;
        np_ff_ram #(.Depth(64), .Width(26), .Ports(Ports)) u_tag (
          .clk_i   (clk_i),
          .we_i    (entry_we && wr_way == w && !cfg_addr_i[0]),
          .waddr_i (wr_set),
          .wdata_i (cfg_data_i[31:6]),
          .raddr_i (set_i),
          .rdata_o (way_tags)
        );
        np_ff_ram #(.Depth(64), .Width(21), .Ports(Ports)) u_cl (
          .clk_i   (clk_i),
          .we_i    (entry_we && wr_way == w && cfg_addr_i[0]),
          .waddr_i (wr_set),
          .wdata_i (cl_in),
          .raddr_i (set_i),
          .rdata_o (way_cls)
        );
      end
      for (p = 0; p < Ports; p = p + 1) begin : gen_port
        wire [16*47-1:0] row;   // the SRAM form's row layout
        for (w = 0; w < 16; w = w + 1) begin : gen_read
          assign row[w*47 +: 47] = {gen_way[w].way_cls[p*21 +: 21], gen_way[w].way_tags[p*26 +: 26]};
        end
        assign hit[p*22 +: 22] = lowest_way(row, tag_i[p*26 +: 26]);
      end
    end
  endgenerate

  integer q;
  always @(*) begin
    for (q = 0; q < Ports; q = q + 1) begin
      found_o[q]         = hit[q*22 + 21];
      len_o[q*5 +: 5]    = hit[q*22 + 16 +: 5];
      code_o[q*16 +: 16] = hit[q*22 +: 16];
    end
  end

endmodule
