// pcu_select: the PCU request selector, stage 2 (seed 003, 3.2; docs/pcu.md 4).
//
// When the MC reply queue has room (room_i), it offers the MC request queue register either
// the read at the ring's tail (rd_avail_i) or the write at the write buffer's head
// (wr_avail_i). With both waiting the choice is round-robin: after a read a write wins the
// next tie and vice versa (rr_write_q). The pick is taken when the register accepts it
// (take_i = its in_ready); pop_read_o / pop_write_o then remove it from its queue.
// Example: both waiting, rr_write_q = 0 -> the read goes, rr_write_q = 1 -> next tie: write.
//
// Combinational offer; one flop of round-robin state, updated only when a pick is taken.
module pcu_select (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire room_i,
  input  wire rd_avail_i,
  input  wire wr_avail_i,
  input  wire take_i,
  output wire valid_o,
  output wire pick_write_o,
  output wire pop_read_o,
  output wire pop_write_o
);
  reg rr_write_q, rr_write_d;

  assign valid_o      = room_i & (rd_avail_i | wr_avail_i);
  assign pick_write_o = wr_avail_i & (~rd_avail_i | rr_write_q);

  wire fire = valid_o & take_i;
  assign pop_read_o  = fire & ~pick_write_o;
  assign pop_write_o = fire & pick_write_o;

  always @* begin
    rr_write_d = rr_write_q;
    if (fire) rr_write_d = ~pick_write_o;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rr_write_q <= 1'b0;
    end else begin
      rr_write_q <= rr_write_d;
    end
  end
endmodule
