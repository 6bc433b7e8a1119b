// dpc_map_decode: what a critical map means for the datapath (docs/dpc.md sections 1, 4).
//
// count_oh_o: one-hot number of critical sub-blocks c: bit c-1 set (Wc = 8c words are encoded);
//             all zero for map_i = 0, which is no request.
// slot_sel_o: bit 4p+s set when sub-block s is critical and is the p-th critical one, i.e. it
//             travels in slot p of the compacted word list. Example: map_i = 4'b1010 (sub-blocks
//             1 and 3) -> slot 0 <- sub-block 1, slot 1 <- sub-block 3: bits 1 and 7 set.
// dpc_word_select (compressor) and dpc_word_expand (decompressor) share these selects, so the
// two directions cannot disagree on the order. Combinational, a few gates.
module dpc_map_decode (
  input  wire [3:0]  map_i,
  output wire [3:0]  count_oh_o,
  output wire [15:0] slot_sel_o
);
  wire [2:0] count = {2'b00, map_i[0]} + {2'b00, map_i[1]} + {2'b00, map_i[2]} + {2'b00, map_i[3]};

  genvar c, p, s;
  generate
    for (c = 1; c <= 4; c = c + 1) begin : gen_count
      assign count_oh_o[c-1] = (count == c);
    end
    for (s = 0; s < 4; s = s + 1) begin : gen_sub_block
      // Rank of sub-block s: critical sub-blocks below it.
      wire [2:0] rank;
      if (s == 0) begin : gen_rank0
        assign rank = 3'd0;
      end else begin : gen_rank
        assign rank = {2'b00, map_i[0]} + ((s > 1) ? {2'b00, map_i[1]} : 3'd0)
                    + ((s > 2) ? {2'b00, map_i[2]} : 3'd0);
      end
      for (p = 0; p < 4; p = p + 1) begin : gen_slot
        assign slot_sel_o[4*p+s] = map_i[s] & (rank == p);
      end
    end
  endgenerate
endmodule
