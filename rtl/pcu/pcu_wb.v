// pcu_wb: the PCU write buffer (seed 003, 3.2 "a write request in a write buffer";
// docs/pcu.md 4).
//
// A FIFO of WbDepth writes {sm, addr, data}. Stage 1 pushes, the request selector pops the
// head; a push and a pop may share an edge. conflict_o says that some buffered write is to
// key_addr_i: a read of that block waits in stage 1 until the write has left, so its group's
// read reaches the MC request queue after the write (docs/pcu.md 4, ordering).
// full_o and conflict_o come from registered state only (a pop on the same edge is not
// counted), which keeps stage 1's decision off the selector's timing path.
// Example (WbDepth 4): push {3, 0x40, 7}; conflict_o = 1 for key 0x40 until that write pops.
module pcu_wb #(
  parameter integer WbDepth   = 4,
  parameter integer SmWidth   = 6,
  parameter integer AddrWidth = 41,
  parameter integer DataWidth = 32
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 push_i,
  input  wire [SmWidth-1:0]   push_sm_i,
  input  wire [AddrWidth-1:0] push_addr_i,
  input  wire [DataWidth-1:0] push_data_i,
  input  wire                 pop_i,
  output wire [SmWidth-1:0]   head_sm_o,
  output wire [AddrWidth-1:0] head_addr_o,
  output wire [DataWidth-1:0] head_data_o,
  output wire                 empty_o,
  output wire                 full_o,
  input  wire [AddrWidth-1:0] key_addr_i,
  output wire                 conflict_o
);
  localparam integer PtrWidth   = (WbDepth > 1) ? $clog2(WbDepth) : 1;
  localparam integer CountWidth = PtrWidth + 1;
  localparam integer LastInt = WbDepth - 1;
  localparam integer FullInt = WbDepth;
  localparam [PtrWidth-1:0]   LastSlot  = LastInt[PtrWidth-1:0];
  localparam [CountWidth-1:0] FullCount = FullInt[CountWidth-1:0];
  localparam integer EntryWidth = SmWidth + AddrWidth + DataWidth;

  reg [EntryWidth-1:0] entry_q [0:WbDepth-1];
  reg [WbDepth-1:0]    live_q, live_d;
  reg [PtrWidth-1:0]   head_q, head_d, tail_q, tail_d;
  reg [CountWidth-1:0] count_q, count_d;

  function automatic [PtrWidth-1:0] next_slot(input [PtrWidth-1:0] s);
    next_slot = (s == LastSlot) ? {PtrWidth{1'b0}} : s + 1'b1;
  endfunction

  assign {head_sm_o, head_addr_o, head_data_o} = entry_q[head_q];
  assign empty_o = (count_q == {CountWidth{1'b0}});
  assign full_o  = (count_q == FullCount);

  // Parallel compare of every live entry's block with the key.
  wire [WbDepth-1:0] same_block;
  genvar k;
  generate
    for (k = 0; k < WbDepth; k = k + 1) begin : gen_cmp
      assign same_block[k] = live_q[k] & (entry_q[k][DataWidth +: AddrWidth] == key_addr_i);
    end
  endgenerate
  assign conflict_o = |same_block;

  integer i;
  always @* begin
    head_d  = head_q;
    tail_d  = tail_q;
    count_d = count_q;
    live_d  = live_q;
    if (pop_i) begin
      head_d = next_slot(head_q);
      for (i = 0; i < WbDepth; i = i + 1) begin
        if (head_q == i[PtrWidth-1:0]) live_d[i] = 1'b0;
      end
    end
    if (push_i) begin
      tail_d = next_slot(tail_q);
      for (i = 0; i < WbDepth; i = i + 1) begin
        if (tail_q == i[PtrWidth-1:0]) live_d[i] = 1'b1;
      end
    end
    if (push_i && !pop_i) count_d = count_q + 1'b1;
    if (pop_i && !push_i) count_d = count_q - 1'b1;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      head_q  <= {PtrWidth{1'b0}};
      tail_q  <= {PtrWidth{1'b0}};
      count_q <= {CountWidth{1'b0}};
      live_q  <= {WbDepth{1'b0}};
    end else begin
      head_q  <= head_d;
      tail_q  <= tail_d;
      count_q <= count_d;
      live_q  <= live_d;
    end
  end

  always @(posedge clk_i) begin
    if (push_i) entry_q[tail_q] <= {push_sm_i, push_addr_i, push_data_i};
  end
endmodule
