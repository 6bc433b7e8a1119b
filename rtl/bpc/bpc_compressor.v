// bpc_compressor: BPC line compressor (docs/bpc.md sections 2 to 5, ports in section 9).
//
// Function: takes a 128-byte line and emits its BPC stream: C = 1, the base code and one symbol
// per plane or run of zero planes (planes 32 down to 0), or C = 0 and the line when that form is
// not strictly shorter than 1025 bits. out_bits_o bits at and above out_len_o are zero.
//
// Structure (docs/bpc.md 9.1): the input edge registers the transform (bpc_transform: base
// code, 33 DBX planes, DBP-zero flags), the line, and the symbols of planes 0..3. Then
// Steps = 9 serializer steps visit the planes from 0 upwards, Group = 4 per step, from a plane
// shift register. Each step serializes the symbols classified in the cycle before and
// classifies the next four planes (bpc_plane_encode; the run count carries from slot to slot
// and step to step), so the symbol logic and the stream shift sit in different cycles. The
// stream is built backwards in the output register: acc = (acc << n) | chunk, where the chunk
// holds the step's symbols highest plane first (each placed at its offset by one shift), so
// the first symbol of the stream ends at bit 0. The last step also appends the base code and
// C, and picks the raw form when the length reaches 1025 (bits pushed out above bit 1024 then
// do not matter), by comparing the step's symbol lengths with a bound formed from registers.
//
// Latency / throughput: 10 cycles (input transfer to out_valid_o); one line at a time, so
// one line per 10 cycles when the output is taken at once (in_ready_o is high while idle, or in
// the cycle the finished line leaves). Not full throughput: a full-rate BPC needs a placement
// network over the whole 1090-bit stream (docs/bpc.md 9.1).
//
// What it does not do: no early finish for short streams (fixed latency).
//
// Worked example: all-zero line -> 10 cycles later out_len_o = 11, out_bits_o = 11'b111_1110_0001
// (stream 1 000 01 11111).
module bpc_compressor (
  input  wire          clk_i,
  input  wire          rst_ni,
  input  wire          in_valid_i,
  output wire          in_ready_o,
  input  wire [1023:0] in_line_i,
  output wire          out_valid_o,
  input  wire          out_ready_i,
  output wire [1024:0] out_bits_o,
  output wire [10:0]   out_len_o
);
  localparam integer Group = 4;                        // planes per serializer step
  localparam integer Steps = (33 + Group - 1) / Group; // 9
  localparam integer ChunkW = 32 * Group + 34;         // symbols of a step plus the header

  // ---- input transform ---------------------------------------------------------------------
  wire [31:0]   base;
  wire [1022:0] dbx;
  wire [32:0]   dbp_zero;

  bpc_transform u_transform (
    .line_i     (in_line_i),
    .base_o     (base),
    .dbx_o      (dbx),
    .dbp_zero_o (dbp_zero)
  );

  // Header: C = 1 then the base code (docs/bpc.md 4.1), stream order from bit 0.
  reg [33:0] hdr;
  reg [5:0]  hdr_len;
  always @(*) begin
    if (base == 32'd0) begin
      hdr = 34'b0001;                                    // 1, 000
      hdr_len = 6'd4;
    end else if (&base[31:3] || ~|base[31:3]) begin
      hdr = {26'd0, base[3:0], 4'b1001};                 // 1, 001, 4 bits
      hdr_len = 6'd8;
    end else if (&base[31:7] || ~|base[31:7]) begin
      hdr = {22'd0, base[7:0], 4'b0101};                 // 1, 010, 8 bits
      hdr_len = 6'd12;
    end else if (&base[31:15] || ~|base[31:15]) begin
      hdr = {14'd0, base[15:0], 4'b1101};                // 1, 011, 16 bits
      hdr_len = 6'd20;
    end else begin
      hdr = {base, 2'b11};                               // 1, 1, 32 bits
      hdr_len = 6'd34;
    end
  end

  // ---- state ---------------------------------------------------------------------------------
  reg [1023:0] line_q;
  reg [1022:0] planes_q;      // plane (Group * step + k) at [31k +: 31]
  reg [32:0]   pzero_q;
  reg [33:0]   hdr_q;
  reg [5:0]    hdr_len_q;
  reg [5:0]    run_q;         // zero planes just below the next step to classify
  reg [32*Group-1:0] sym_q;   // symbols of the step to serialize (classified a cycle earlier)
  reg [6*Group-1:0]  len_q;
  reg [3:0]    cnt_q;         // 0 idle, 1..Steps: serializer step cnt_q - 1
  reg [1024:0] acc_q;         // the stream being built; the output register
  reg [10:0]   bits_q;        // length of the stream in acc_q
  reg          out_valid_q;

  wire accept = in_valid_i & in_ready_o;
  wire busy   = cnt_q != 4'd0;
  wire last   = cnt_q == Steps[3:0];

  assign in_ready_o  = ~busy & (~out_valid_q | out_ready_i);
  assign out_valid_o = out_valid_q;
  assign out_bits_o  = acc_q;
  assign out_len_o   = bits_q;

  // ---- classifier: the symbols of one step ----------------------------------------------------
  // The step's symbols are classified one cycle before they are serialized, so the symbol
  // logic and the stream shift are in different cycles. At the input edge the classifier reads
  // planes 0..4 straight from the transform (only delta bits 0..4 feed them: a short carry
  // chain) and step 0 is ready when the serializer starts; during serializer step s it reads
  // planes 4(s+1) .. 4(s+1)+4 from the plane shift register.
  wire [31*(Group+1)-1:0] cls_planes = accept ? dbx[31*(Group+1)-1:0] : planes_q[31*(Group+1)-1:0];
  wire [Group-1:0]        cls_pzero  = accept ? dbp_zero[Group-1:0] : pzero_q[Group-1:0];
  wire [5:0]              cls_run    = accept ? 6'd0 : run_q;
  // Plane index of slot k: Group * cnt_q + k (0 + k at the input edge, when cnt_q is 0). Whether
  // it is a plane (<= 32) and whether it is plane 32 are registered with cnt_q, from its next
  // value (the run chain starts from them: decoded from cnt_q in the cycle they were the
  // classifier's longest path, docs/synthesis.md "bpc_compressor at 800 MHz").
  function automatic [2*Group-1:0] slot_flags;   // {is plane 32, is a plane} per slot
    input [3:0] cnt;
    integer f;
    reg [5:0] plane;
    begin
      for (f = 0; f < Group; f = f + 1) begin
        plane = {cnt, 2'b00} + f[5:0];
        slot_flags[f]         = plane <= 6'd32;
        slot_flags[Group + f] = plane == 6'd32;
      end
    end
  endfunction

  reg  [3:0]         cnt_d;
  reg  [2*Group-1:0] flags_q;
  always @(*) begin
    cnt_d = cnt_q;
    if (accept) cnt_d = 4'd1;
    else if (busy) cnt_d = last ? 4'd0 : cnt_q + 4'd1;
  end
  always @(posedge clk_i) begin
    flags_q <= slot_flags(rst_ni ? cnt_d : 4'd0);
  end
  wire [Group:1] slot_zero;       // the slot's DBX is zero (slots 1..Group: the plane above)
  wire [32*Group-1:0] slot_sym;
  wire [6*Group-1:0]  slot_len;
  // Run count into slot k. split_var: the chain is per slot (Verilator would otherwise see one
  // looped variable).
  wire [5:0] slot_run [0:Group] /* verilator split_var */;

  assign slot_run[0] = cls_run;
  genvar k;
  generate
    for (k = 1; k <= Group; k = k + 1) begin : gen_zero
      assign slot_zero[k] = ~|cls_planes[31*k +: 31];
    end
    for (k = 0; k < Group; k = k + 1) begin : gen_slot
      bpc_plane_encode u_plane (
        .valid_i    (flags_q[k]),
        .dbx_i      (cls_planes[31*k +: 31]),
        .dbp_zero_i (cls_pzero[k]),
        .top_i      (flags_q[Group + k] || !slot_zero[k+1]),
        .run_i      (slot_run[k]),
        .sym_o      (slot_sym[32*k +: 32]),
        .len_o      (slot_len[6*k +: 6]),
        .run_o      (slot_run[k+1])
      );
    end
  endgenerate

  // The step's chunk: slot 0 (lowest plane) first, each higher slot put below it, so the chunk
  // reads highest plane first from bit 0; the last step puts the header below everything.
  // Each symbol is placed at its offset in one shift (the lengths of the slots above it and
  // the header: sums of registers) and the pieces are ORed: a symbol goes through one 8-level
  // shifter instead of one per slot above it (a chain of 18 multiplexers from len_q, the
  // longest path once the raw test below was off it; docs/synthesis.md "bpc_compressor at
  // 800 MHz").
  reg [ChunkW-1:0] chunk;
  reg [7:0]        off;         // where the symbol of slot s starts
  reg [7:0]        sym_len;     // the step's symbols
  integer s;
  always @(*) begin
    chunk = last ? {{(ChunkW-34){1'b0}}, hdr_q} : {ChunkW{1'b0}};
    off = last ? {2'b00, hdr_len_q} : 8'd0;
    sym_len = 8'd0;
    for (s = Group - 1; s >= 0; s = s - 1) begin
      chunk = chunk | ({{(ChunkW-32){1'b0}}, sym_q[32*s +: 32]} << off);
      off = off + {2'b00, len_q[6*s +: 6]};
      sym_len = sym_len + {2'b00, len_q[6*s +: 6]};
    end
  end
  wire [7:0] chunk_len = off;   // the symbols and, in the last step, the header

  wire [1024:0] acc_next = (acc_q << chunk_len) | {{(1025-ChunkW){1'b0}}, chunk};
  wire [10:0]   len_next = bits_q + {3'b000, chunk_len};
  // docs/bpc.md 5: compressed only when strictly shorter than the 1025-bit raw form, i.e. raw
  // when len_next >= 1025. That test selects all 1025 bits of acc_q, so it is made without
  // len_next's addition: the step's symbols against what the stream may still take before
  // 1025, need = 1025 - bits_q - hdr_len_q, formed from registers beside the symbols' sum
  // (bits_q <= 8 x 128 before the last step, so -33 <= need <= 1021; 12 bits, signed).
  wire [11:0]   need     = 12'd1025 - {1'b0, bits_q} - {6'd0, hdr_len_q};
  wire          raw      = need[11] || need == 12'd0 || {4'd0, sym_len} >= need;

  // ---- registers -------------------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cnt_q       <= 4'd0;
      out_valid_q <= 1'b0;
    end else begin
      cnt_q <= cnt_d;
      if (accept) begin
        out_valid_q <= 1'b0;
      end else if (busy) begin
        out_valid_q <= last;
      end else if (out_ready_i) begin
        out_valid_q <= 1'b0;
      end
    end
  end


  always @(posedge clk_i) begin
    if (accept) begin
      line_q    <= in_line_i;
      planes_q  <= dbx >> (31 * Group);      // step 0's planes are classified now
      pzero_q   <= dbp_zero >> Group;
      hdr_q     <= hdr;
      hdr_len_q <= hdr_len;
      run_q     <= slot_run[Group];
      sym_q     <= slot_sym;
      len_q     <= slot_len;
      acc_q     <= 1025'd0;
      bits_q    <= 11'd0;
    end else if (busy) begin
      planes_q <= planes_q >> (31 * Group);
      pzero_q  <= pzero_q >> Group;
      run_q    <= slot_run[Group];
      sym_q    <= slot_sym;
      len_q    <= slot_len;
      if (last && raw) begin
        acc_q  <= {line_q, 1'b0};
        bits_q <= 11'd1025;
      end else begin
        acc_q  <= acc_next;
        bits_q <= len_next;
      end
    end
  end

`ifndef SYNTHESIS
  np_stream_checker #(.Width(1025 + 11)) u_check (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (out_valid_o),
    .ready_i (out_ready_i),
    .data_i  ({out_len_o, out_bits_o})
  );
`endif
endmodule
