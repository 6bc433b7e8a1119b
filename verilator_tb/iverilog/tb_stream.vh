// The replay of a unit with one input stream and one output stream, one output per input, in
// order (dsm_*, dpc_compressor, dpc_decompressor, mcast_*). `include'd after tb_util.vh.
// A vector is {padding, inputs[InBits-1:0], expected[ExpBits-1:0]} (docs/vectors.md: inputs
// first). The bench declares, before the include,
//   localparam integer InBits, ExpBits   the widths of a vector's inputs and expectations
//   localparam integer OutBits           the width of out_word
// and after it the DUT on rst_n, in_valid, in_ready, in_word (the inputs, in the file's
// order), out_valid, out_ready, plus
//   wire [OutBits-1:0] out_word   every output field, for the hold check
//   wire feed_ready               1 when the next vector's inputs may be offered
//   task check_output             compares the outputs with exp_word (`TB_EXPECT per field)
//
// A unit with a configuration port whose file starts with its table (sc_*: docs/vectors.md)
// defines TB_CFG_PORT before the include and declares
//   localparam integer CfgAddrBits      the port's address width
//   localparam integer CfgImageWords    the table image's words
// Its records are {is_cfg, cfg_addr[CfgAddrBits-1:0], cfg_data[31:0], inputs, expected}: the
// leading ones with is_cfg = 1 give image words (the words without a record are zero), and
// after reset every word of the image is written through cfg_we / cfg_addr / cfg_data, one per
// cycle, before the first input is offered; the other records are replayed as below. While not
// writing, cfg_we is low and the address and data carry garbage.
//
// Reset is held for the first four edges and released by a register, so the DUT sees it
// change after an edge like every other input. Then vector in_idx is offered and held until
// accepted, with a valid gap one cycle in four; out_ready is low three cycles in eight. Every
// output transfer is compared with the next vector's expectation; the outputs must hold while
// stalled and out_valid must stay low during reset. While no vector is offered, in_word carries
// garbage (the LFSR), so a DUT that reads its inputs without in_valid is caught.

reg [2:0] reset_count;
wire rst_n = reset_count == 3'd4;
reg in_valid;
reg [InBits-1:0] in_word;
wire in_ready, out_valid;
reg out_ready;
integer in_idx;  // the vector offered, or to be offered next
integer n_cfg;   // configuration records at the head of the file (0 without TB_CFG_PORT)
reg stalled_q;
reg [OutBits-1:0] held;

// The expectation of the next output transfer: the record after the configuration ones and
// the `checked` already compared.
wire [ExpBits-1:0] exp_word = mem[n_cfg + checked][ExpBits-1:0];
localparam integer TbGarbageWords = (InBits + 31) / 32;

initial begin
  reset_count = 3'd0;
  in_valid = 1'b0;
  in_word = {InBits{1'b0}};
  out_ready = 1'b0;
  stalled_q = 1'b0;
  tb_setup;
  n_cfg = 0;
`ifdef TB_CFG_PORT
  tb_cfg_image;
`endif
  in_idx = n_cfg;
end

`ifdef TB_CFG_PORT
localparam integer CfgFlagBit = CfgAddrBits + 32 + InBits + ExpBits;  // is_cfg
reg cfg_we;
reg [CfgAddrBits-1:0] cfg_addr;
reg [31:0] cfg_data;
reg [31:0] image[0:CfgImageWords-1];
integer cfg_idx;  // the image word written next
wire cfg_image_loaded = cfg_idx == CfgImageWords && !cfg_we;

// The leading records with is_cfg = 1 into image[] (zero elsewhere); no such record later.
task tb_cfg_image;
  integer k, a;
  begin
    cfg_we = 1'b0;
    cfg_addr = {CfgAddrBits{1'b0}};
    cfg_data = 32'd0;
    cfg_idx = 0;
    for (k = 0; k < CfgImageWords; k = k + 1) image[k] = 32'd0;
    while (n_cfg < n_vec && mem[n_cfg][CfgFlagBit]) begin
      a = 0;
      a[CfgAddrBits-1:0] = mem[n_cfg][CfgFlagBit - 1 -: CfgAddrBits];
      if (a >= CfgImageWords) begin
        $display("ERROR unit=%0s sim=iverilog vector %0d: cfg_addr %0d outside the image", Unit, n_cfg, a);
        $fatal(1);
      end
      image[a] = mem[n_cfg][CfgFlagBit - 1 - CfgAddrBits -: 32];
      n_cfg = n_cfg + 1;
    end
    for (k = n_cfg; k < n_vec; k = k + 1) begin
      if (mem[k][CfgFlagBit]) begin
        $display("ERROR unit=%0s sim=iverilog vector %0d: a configuration record after the others", Unit, k);
        $fatal(1);
      end
    end
  end
endtask

// After reset: image word cfg_idx each cycle until all are written; garbage with cfg_we low.
always @(posedge clk) begin
  if (rst_n && cfg_idx < CfgImageWords) begin
    cfg_we <= 1'b1;
    cfg_addr <= cfg_idx[CfgAddrBits-1:0];
    cfg_data <= image[cfg_idx];
    cfg_idx <= cfg_idx + 1;
  end else begin
    cfg_we <= 1'b0;
    cfg_addr <= lfsr[CfgAddrBits-1:0];
    cfg_data <= lfsr;
  end
end
`else
wire cfg_image_loaded = 1'b1;
`endif

always @(posedge clk) begin
  if (reset_count != 3'd4) reset_count <= reset_count + 3'd1;
end

// Input side: present vector in_idx, hold it until accepted, then maybe the next.
wire [31:0] next_idx = in_valid ? in_idx + 1 : in_idx;  // the vector after this edge
always @(posedge clk) begin
  lfsr <= lfsr_next(lfsr);
  if (rst_n && (!in_valid || in_ready)) begin
    in_idx <= next_idx;
    if (next_idx < n_vec && feed_ready && cfg_image_loaded && lfsr[1:0] != 2'b00) begin  // a gap one cycle in four
      in_valid <= 1'b1;
      in_word <= mem[next_idx][ExpBits +: InBits];
    end else begin
      in_valid <= 1'b0;
      in_word <= {TbGarbageWords{lfsr}};  // don't-care while not valid: a DUT that samples it fails
    end
  end
  if (rst_n && !in_valid && in_idx < n_vec) gaps <= gaps + 1;
end

// Output side: compare each transfer with the next expected vector, in order.
always @(posedge clk) begin
  if (rst_n) begin
    out_ready <= lfsr[4:2] > 3'd2;  // stalled three cycles in eight
    tb_check_hold(stalled_q, out_valid, out_word === held, "");
    stalled_q <= out_valid && !out_ready;
    if (out_valid && !out_ready) stalls <= stalls + 1;
    held <= out_word;
    if (out_valid && out_ready) begin
      if (n_cfg + checked >= n_vec) tb_unexpected_output(checked, "out_valid");
      check_output;
      checked <= checked + 1;
      if (n_cfg + checked + 1 == n_vec) tb_finish(n_vec, checked + 1);
    end
  end else if (out_valid && cycle > 0) begin
    $display("PROTOCOL unit=%0s sim=iverilog cycle=%0d rule=valid_after_reset", Unit, cycle);
    $fatal(1);
  end
end
