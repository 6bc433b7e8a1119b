// dpc_concat: variable-length concatenator, the ED field of a compressed stream
// (docs/dpc.md sections 3, 4).
//
// Plane i goes to ED offset k + Wc*(i - k), k = compressible planes before it (one-hot in
// sel_i[32i+31:32i], from dpc_bit_count): all Wc bits when it is raw (es_i[i] = 0), only its first bit (the plane's value) when it is
// compressible. Each plane is muxed among its i + 1 possible offsets per width Wc = 8c (4 widths,
// c one-hot in count_oh_i); there is no shifter over the whole stream.
//
// planes_i holds the compacted planes: plane i bit j is bit i of compacted word j; bits j >= Wc
// are ignored. ed_o bits past the stream's ED length are zero. Only offsets that can occur in a
// compressed stream are built: ED is at most n + Wc*(32 - n) bits with n at the checker's
// minimum (221, 467, 722, 962 bits for c = 1..4); longer layouts are sent raw, so ed_o is
// don't-care for them and the mux inputs that would only feed them are left out.
//
// Example (c = 4): ES = 0...011 -> plane 0 bit 0 at ED[0], plane 1 bit 0 at ED[1], plane 2 at
// ED[33:2] (offset 2 + 32*0), plane 3 at ED[65:34].
// Combinational.
module dpc_concat (
  input  wire [1023:0] planes_i,
  input  wire [31:0]   es_i,
  input  wire [1023:0] sel_i,
  input  wire [3:0]    count_oh_i,
  output wire [961:0]  ed_o
);
  // Longest ED of a compressed stream per width (docs/dpc.md section 4).
  function integer ed_max_bits(input integer c);
    begin
      case (c)
        1:       ed_max_bits = 5 + 8 * 27;
        2:       ed_max_bits = 3 + 16 * 29;
        3:       ed_max_bits = 2 + 24 * 30;
        default: ed_max_bits = 2 + 32 * 30;
      endcase
    end
  endfunction

  wire [961:0] ed_width [1:4];

  genvar c;
  generate
    for (c = 1; c <= 4; c = c + 1) begin : gen_width
      localparam integer Wc = 8 * c;
      localparam integer EdBits = ed_max_bits(c);

      // Layout for this width; positions at and above EdBits are never part of a compressed
      // stream (see header) and are dropped below.
      /* verilator lint_off UNUSEDSIGNAL */
      reg [32*Wc-1:0] layout;
      /* verilator lint_on UNUSEDSIGNAL */
      reg [Wc-1:0] data;
      integer i, k;

      // Written as "if this offset is selected, place the plane there": synthesis turns the
      // one-hot selects into an AND-OR per bit, and event-driven simulators (Icarus) only do
      // the one placement per plane that is selected.
      always @* begin
        layout = {(32*Wc){1'b0}};
        for (i = 0; i < 32; i = i + 1) begin
          // A compressible plane contributes its value (bit 0) only.
          data = {planes_i[32*i+1 +: Wc-1] & {(Wc-1){~es_i[i]}}, planes_i[32*i]};
          for (k = 0; k <= i; k = k + 1) begin
            if (sel_i[32*i+k]) begin
              layout[k + Wc*(i-k) +: Wc] = layout[k + Wc*(i-k) +: Wc] | data;
            end
          end
        end
      end

      wire [EdBits-1:0] ed_used = layout[EdBits-1:0] & {EdBits{count_oh_i[c-1]}};
      if (EdBits < 962) begin : gen_pad
        assign ed_width[c] = {{(962-EdBits){1'b0}}, ed_used};
      end else begin : gen_full
        assign ed_width[c] = ed_used;
      end
    end
  endgenerate

  assign ed_o = ed_width[1] | ed_width[2] | ed_width[3] | ed_width[4];
endmodule
