// The output side of the two DSM decompressor benches (dsm_decompressor_tb.v,
// dsm_lane_pair_decompressor_tb.v), `include'd after tb_util.vh and before tb_stream.vh: the
// expectation and output widths, the DUT's out_line / out_err, and the comparison of each
// output transfer with the vector's exp_err and, when exp_err is 0, exp_line (the line is
// unspecified on an error, docs/dsm.md 4.5; docs/vectors.md). The bench declares InBits and
// connects out_line and out_err to its DUT.

localparam integer ExpBits = 1 + 1024;  // {exp_err, exp_line[1023:0]}
localparam integer OutBits = 1024 + 1;

wire [1023:0] out_line;
wire out_err;
wire [OutBits-1:0] out_word = {out_line, out_err};
wire feed_ready = 1'b1;

// exp_word (tb_stream.vh) = {exp_err, exp_line}.
task check_output;
  begin
    `TB_EXPECT(checked, "out_err", exp_word[1024], out_err)
    if (!exp_word[1024]) `TB_EXPECT(checked, "out_line", exp_word[1023:0], out_line)
  end
endtask
