// sc_delut: the SC decompressor's code table, written through the configuration port
// (docs/sc.md sec. 6), with Ports read ports into the DeLUT.
//
// Function: a write (cfg_we_i) of image word cfg_data_i at address cfg_addr_i: address 0 sets
// the escape's index (bits 26:16; the symbol count in bits 10:0 is not needed by the decoder),
// 1..16 set limit[l] (bits 16:0) and offset[l] (bits 27:17), 17 + i sets DeLUT entry i
// (i = 0..1024); other addresses are ignored. Read port p returns entry rd_idx_i[p]: in the same
// cycle (Macro = 0), or in the cycle after an edge with rd_en_i high (Macro = 1).
//
// Storage (parameter Macro): 1 (default), entries 0..1023 in one synchronous SRAM per read port
// (np_sram 1024 x 32, the fakeram45_1024x32 shape; every copy takes every write), read at the
// edges with rd_en_i high and holding their word otherwise; 0: flip-flops, 16 banks of 64
// (np_ff_ram, so hierarchical synthesis maps one bank once), read combinationally, rd_en_i
// unused: the form kept for a like-for-like comparison (docs/synthesis.md "SRAM macros"). Entry
// 1024 is a register of its own in both (an SRAM of 1025 words is no published shape).
//
// esc_v_o: the escape's v_l per length (see esc_v_q), for a decoder that recognises the escape
// by its code instead of by its index.
//
// Latency: a written value is visible from the cycle after the write edge (to a read at a later
// edge, Macro = 1). Macro = 1: a read's word is on rd_data_o from the cycle after its edge, and
// a write edge reads nothing (single port: write only while no line is decoded).
//
// What it does not do: no reset (the loader writes every word before use) and no check of the
// image (the loader's, docs/sc.md 6). An index above 1024 (never formed from a table the loader
// accepted) reads entry 1024.
//
// Worked example: cfg_addr_i = 11'd20, cfg_data_i = 32'h40000000 -> entry 3 = 32'h40000000.
module sc_delut #(
  parameter integer Ports = 4,
  parameter integer Macro = 1
) (
  input  wire               clk_i,
  input  wire               cfg_we_i,
  input  wire [10:0]        cfg_addr_i,
  input  wire [31:0]        cfg_data_i,
  output wire [16*17-1:0]   limit_o,
  output wire [16*11-1:0]   offset_o,
  output wire [10:0]        esc_index_o,
  output wire [16*11-1:0]   esc_v_o,      // per length l at (l-1)*11: the escape's v_l[10:0]
  input  wire [Ports*11-1:0] rd_idx_i,
  input  wire               rd_en_i,      // Macro = 1: read rd_idx_i at this edge
  output wire [Ports*32-1:0] rd_data_o
);

  localparam [10:0] FirstEntry = 11'd17;
  localparam [10:0] LastAddr   = 11'd1041;

  reg [31:0] last_q;       // entry 1024
  reg [16:0] limit_q [1:16];
  reg [10:0] offset_q [1:16];
  reg [10:0] esc_index_q;

  wire [10:0] entry = cfg_addr_i - FirstEntry;
  wire        entry_we = cfg_we_i && cfg_addr_i >= FirstEntry && cfg_addr_i <= LastAddr;
  // The symbol count and the reserved bits are not needed by the decoder.
  wire unused_cfg = ^{cfg_data_i[31:27], cfg_data_i[15:11], cfg_data_i[10:0]};

  always @(posedge clk_i) begin
    if (cfg_we_i) begin
      if (cfg_addr_i == 11'd0) begin
        esc_index_q <= cfg_data_i[26:16];
      end else if (cfg_addr_i < FirstEntry) begin
        limit_q[cfg_addr_i[4:0]]  <= cfg_data_i[16:0];
        offset_q[cfg_addr_i[4:0]] <= cfg_data_i[27:17];
      end
    end
    if (entry_we && entry[10]) last_q <= cfg_data_i;
  end

  genvar g;
  // The escape's v_l[10:0] per length l: esc_index - offset[l] + first[l], first[l] =
  // 2 limit[l-1] (11 bits), the value whose code at length l is the escape (a code's index is
  // offset[l] + v_l - first[l]). Registered from the table's next state, so it is current from
  // the cycle after a write, as the table is, and no decode path goes through its adders.
  reg  [16*11-1:0] esc_v_q;
  wire [10:0] esc_next = (cfg_we_i && cfg_addr_i == 11'd0) ? cfg_data_i[26:16] : esc_index_q;
  generate
    for (g = 1; g <= 16; g = g + 1) begin : gen_esc_v
      localparam [10:0] Addr = g;
      wire [10:0] offset_next = (cfg_we_i && cfg_addr_i == Addr) ? cfg_data_i[27:17] : offset_q[g];
      wire [10:0] first_next;
      if (g == 1) begin : gen_first1
        assign first_next = 11'd0;
      end else begin : gen_first
        wire [9:0] below = (cfg_we_i && cfg_addr_i == Addr - 11'd1) ? cfg_data_i[9:0]
                                                                      : limit_q[g-1][9:0];
        assign first_next = {below, 1'b0};
      end
      always @(posedge clk_i) begin
        esc_v_q[(g-1)*11 +: 11] <= esc_next - offset_next + first_next;
      end
    end
  endgenerate
  assign esc_v_o = esc_v_q;

  generate
    if (Macro != 0) begin : gen_macro
      // Port p's copy; its entry-1024 select is registered with the read, as the word is.
      reg [Ports-1:0] last_sel_q;
      for (g = 0; g < Ports; g = g + 1) begin : gen_port
        wire [31:0] word;
        np_sram #(.Depth(1024), .Width(32)) u_copy (
          .clk_i   (clk_i),
          .ce_i    ((entry_we && !entry[10]) || rd_en_i),
          .we_i    (entry_we && !entry[10]),
          .addr_i  (entry_we ? entry[9:0] : rd_idx_i[g*11 +: 10]),
          .wdata_i (cfg_data_i),
          .wmask_i (32'hFFFF_FFFF),
          .rdata_o (word)
        );
        always @(posedge clk_i) begin
          if (rd_en_i && !entry_we) last_sel_q[g] <= rd_idx_i[g*11 + 10];
        end
        assign rd_data_o[g*32 +: 32] = last_sel_q[g] ? last_q : word;
      end
    end else begin : gen_ff
      wire unused_rd_en = rd_en_i;
      // Bank b holds entries 64b .. 64b + 63; every bank reads every port's low index bits.
      localparam integer Banks = 16;
      wire [Ports*6-1:0] rd_low;
      wire [Banks*Ports*32-1:0] bank_data;   // bank b, port p at (b * Ports + p) * 32
      for (g = 0; g < Ports; g = g + 1) begin : gen_low
        assign rd_low[g*6 +: 6] = rd_idx_i[g*11 +: 6];
      end
      for (g = 0; g < Banks; g = g + 1) begin : gen_bank
        np_ff_ram #(.Depth(64), .Width(32), .Ports(Ports)) u_bank (
          .clk_i   (clk_i),
          .we_i    (entry_we && !entry[10] && entry[9:6] == g),
          .waddr_i (entry[5:0]),
          .wdata_i (cfg_data_i),
          .raddr_i (rd_low),
          .rdata_o (bank_data[g*Ports*32 +: Ports*32])
        );
      end
      for (g = 0; g < Ports; g = g + 1) begin : gen_port
        wire [4:0] hi = rd_idx_i[g*11+6 +: 5];   // {entry 1024, bank}
        assign rd_data_o[g*32 +: 32] = hi[4] ? last_q : bank_data[(hi[3:0]*Ports + g)*32 +: 32];
      end
    end
  endgenerate

  generate
    for (g = 1; g <= 16; g = g + 1) begin : gen_len
      assign limit_o[(g-1)*17 +: 17]  = limit_q[g];
      assign offset_o[(g-1)*11 +: 11] = offset_q[g];
    end
  endgenerate
  assign esc_index_o = esc_index_q;

endmodule
