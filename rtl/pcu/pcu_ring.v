// pcu_ring: the PCU pointer ring buffer (seed 003, 3.2; docs/pcu.md 4).
//
// Holds RGR indices in allocation order, from allocation until the request selector sends the
// RGR's read to the MC request queue. Stage 1 pushes at the head, the selector pops at the
// tail. Depth = NumRgr: the ring holds only allocated, unissued RGRs, so it can never be
// pushed when full (the top has no free RGR to allocate then); a push and a pop may share an
// edge. tail_idx_o is the oldest entry (meaningless while empty_o).
// Example: push 5, push 2, pop -> tail_idx_o = 2.
//
// Latency: an index pushed at edge e is at the tail from cycle e+1.
// The entry is written one edge late (docs/pcu.md 8.3): a push goes to a pending register
// (slot, index) that is written into its slot at the next edge, so the index, which stage 1
// computes late in the cycle (the lowest free RGR), reaches one register instead of the slot
// decoder and every slot's enable. A tail read of the pending slot takes the pending index.
// State: NumRgr * IdxWidth flops for the entries, the pending entry (1 + 2 x IdxWidth), the
// tail's index and the slot after the tail (2 x IdxWidth), three pointers and a count (synthesis
// drops the tail pointer itself: only the assertion below reads it).
module pcu_ring #(
  parameter integer NumRgr   = 128,
  parameter integer IdxWidth = 7
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                push_i,
  input  wire [IdxWidth-1:0] push_idx_i,
  input  wire                pop_i,
  output wire [IdxWidth-1:0] tail_idx_o,
  output wire                empty_o
);
  localparam integer CountWidth = IdxWidth + 1;
  localparam integer LastInt = NumRgr - 1;
  localparam integer FullInt = NumRgr;
  localparam [IdxWidth-1:0]   LastSlot  = LastInt[IdxWidth-1:0];
  localparam [CountWidth-1:0] FullCount = FullInt[CountWidth-1:0];

  reg [IdxWidth-1:0]   slot_q [0:NumRgr-1];
  reg [IdxWidth-1:0]   head_q, head_d, tail_q, tail_d;
  reg [CountWidth-1:0] count_q, count_d;

  function automatic [IdxWidth-1:0] next_slot(input [IdxWidth-1:0] s);
    next_slot = (s == LastSlot) ? {IdxWidth{1'b0}} : s + 1'b1;
  endfunction

  reg                pend_valid_q;
  reg [IdxWidth-1:0] pend_slot_q, pend_idx_q;

  // The tail's index is kept in a register (docs/pcu.md 8.3), so the RGR issue decoder and the
  // tail's address multiplexer start from flops, not from an NumRgr:1 read of the slots. It is
  // reloaded from the entry after the tail when the tail pops, and from the pushed index when
  // that index becomes the tail: a push into an empty ring, or with a pop of the only entry.
  reg [IdxWidth-1:0] tail_idx_q, tail_idx_d, tail_next_q;
  wire [IdxWidth-1:0] stored_tail = (pend_valid_q && pend_slot_q == tail_q) ? pend_idx_q
                                                                           : slot_q[tail_q];
  wire [IdxWidth-1:0] stored_next = (pend_valid_q && pend_slot_q == tail_next_q) ? pend_idx_q
                                                                                : slot_q[tail_next_q];
  wire one_left = (count_q == {{(CountWidth-1){1'b0}}, 1'b1});
  assign tail_idx_o = tail_idx_q;
  assign empty_o    = (count_q == {CountWidth{1'b0}});

  // push_i (stage 1's allocation) is the late input: the count after the pop alone and after
  // the pop and a push are formed first, push_i only selects between them.
  reg [CountWidth-1:0] count_popped;
  always @* begin
    head_d       = head_q;
    tail_d       = tail_q;
    count_popped = pop_i ? count_q - 1'b1 : count_q;
    if (push_i) head_d = next_slot(head_q);
    if (pop_i) tail_d = next_slot(tail_q);
    count_d = push_i ? count_popped + 1'b1 : count_popped;
    if (pop_i) tail_idx_d = one_left ? push_idx_i : stored_next;
    else       tail_idx_d = empty_o ? push_idx_i : tail_idx_q;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q      <= {IdxWidth{1'b0}};
      tail_q      <= {IdxWidth{1'b0}};
      tail_next_q <= next_slot({IdxWidth{1'b0}});
      count_q     <= {CountWidth{1'b0}};
    end else begin
      head_q      <= head_d;
      tail_q      <= tail_d;
      tail_next_q <= pop_i ? next_slot(tail_next_q) : tail_next_q;
      count_q     <= count_d;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_valid_q <= 1'b0;
    end else begin
      pend_valid_q <= push_i;
    end
  end

  // Entries are only read between their push and their pop: no reset. The pending slot and
  // index load at every edge (only pend_valid_q says they hold a push), so push_i does not
  // reach their enables.
  always @(posedge clk_i) begin
    tail_idx_q  <= tail_idx_d;
    pend_slot_q <= head_q;
    pend_idx_q  <= push_idx_i;
    if (pend_valid_q) slot_q[pend_slot_q] <= pend_idx_q;
  end

`ifndef SYNTHESIS
  always @(posedge clk_i) begin
    if (rst_ni && push_i && !pop_i && count_q == FullCount) begin
      $display("ASSERT %m: push into a full ring (more unissued RGRs than NumRgr)");
      $fatal;
    end
    if (rst_ni && pop_i && count_q == {CountWidth{1'b0}}) begin
      $display("ASSERT %m: pop from an empty ring");
      $fatal;
    end
    if (rst_ni && !empty_o && (tail_idx_q != stored_tail || tail_next_q != next_slot(tail_q))) begin
      $display("ASSERT %m: the registered tail %0d is not the tail slot's entry %0d", tail_idx_q,
               stored_tail);
      $fatal;
    end
  end
`endif
endmodule
