// Shared pieces of the Icarus test benches (plain Verilog-2005), `include'd inside each bench
// module after it declares
//   parameter  integer MaxVectors   capacity of the vector memory (make passes the file's count)
//   localparam integer VecBits      bits of one vector line: 4 x its hex digits (docs/vectors.md)
//   localparam         Unit         the top's name, e.g. "dsm_compressor" (unit= of every line)
// It provides the vector memory and its reader (errors as FILE:LINE, like the Verilator
// harness's common/hexfile.cpp), the seeded LFSR behind every gap and stall, the clock, the
// cycle counter with a run-time limit, the AXI-stream hold check and the result lines:
//   MISMATCH unit=<top> sim=iverilog cycle=<c> txn=<i> field=<f> exp=<hex> got=<hex>
//   PROTOCOL unit=<top> sim=iverilog cycle=<c> [port=<p>] rule=<r>
//   TIMEOUT  unit=<top> sim=iverilog cycle=<c> ...
//   ERROR    unit=<top> sim=iverilog <file>:<line>: <what is wrong>
//   STATS    unit=<top> sim=iverilog cycles=<n> gap_cycles=<n> stall_cycles=<n> compared=<n>
//   PASS     unit=<top> sim=iverilog checked=<n>
// Every failure prints one of these lines, then $fatal(1) (non-zero exit).

localparam integer VecDigits = VecBits / 4;
localparam integer MaxCycles = 64 * MaxVectors + 1000;  // a run this long has hung

reg [VecBits-1:0] mem[0:MaxVectors-1];  // vector v of the file is mem[v]
integer n_vec;    // vectors read
reg [31:0] lfsr;  // one step per use; the start value is +seed
reg clk;
integer cycle;    // rising edges so far
integer checked;  // output transactions compared so far (every bench keeps it up to date)
integer gaps;     // cycles in which the bench offered no input although vectors remained
integer stalls;   // cycles in which the bench held an output's ready low (tb_stream.vh: while
                  // it was valid)

initial begin
  clk = 1'b0;
  cycle = 0;
  checked = 0;
  gaps = 0;
  stalls = 0;
end

always #5 clk <= ~clk;

always @(posedge clk) begin
  cycle <= cycle + 1;
  if (cycle > MaxCycles) begin
    $display("TIMEOUT unit=%0s sim=iverilog cycle=%0d checked=%0d vectors=%0d", Unit, cycle,
             checked, n_vec);
    $fatal(1);
  end
end

// lfsr_next: one step of a 32-bit Galois LFSR (taps 32,22,2,1, maximal length). The test
// benches draw valid gaps, ready stalls and input garbage from it, so a run is repeatable for
// a given +seed.
function [31:0] lfsr_next;
  input [31:0] s;
  begin
    lfsr_next = s[0] ? ((s >> 1) ^ 32'h8020_0003) : (s >> 1);
  end
endfunction

// tb_setup: reads the plusargs +seed=N (default 1), +vectors=FILE (required) and +expect=N
// (the number of vectors the file must hold; make counts its non-comment lines).
task tb_setup;
  reg [8*1024-1:0] path;
  integer expect_n;
  begin
    if (!$value$plusargs("seed=%d", lfsr)) lfsr = 32'h1;
    if (lfsr == 32'd0) lfsr = 32'h1;  // the LFSR's one dead state
    if (!$value$plusargs("vectors=%s", path)) begin
      $display("ERROR unit=%0s sim=iverilog +vectors=FILE missing", Unit);
      $fatal(1);
    end
    tb_read_vectors(path);
    if (!$value$plusargs("expect=%d", expect_n)) expect_n = n_vec;
    if (n_vec != expect_n) begin
      $display("ERROR unit=%0s sim=iverilog %0s: read %0d vectors, expected %0d", Unit, path,
               n_vec, expect_n);
      $fatal(1);
    end
  end
endtask

// tb_hex_digit: {1, value} for a hexadecimal digit, 0 for any other character. The low nibble
// of '0'..'9' is the value, that of 'a'..'f' and 'A'..'F' is the value - 9.
function [4:0] tb_hex_digit;
  input [7:0] c;
  begin
    if (c >= "0" && c <= "9") tb_hex_digit = {1'b1, c[3:0]};
    else if ((c >= "a" && c <= "f") || (c >= "A" && c <= "F")) tb_hex_digit = {1'b1, c[3:0] + 4'd9};
    else tb_hex_digit = 5'd0;
  end
endfunction

function tb_is_blank;
  input [7:0] c;
  begin
    tb_is_blank = c == " " || c == 8'h09 || c == 8'h0b || c == 8'h0c || c == 8'h0d;
  end
endfunction

// tb_read_vectors: the vector file format of docs/vectors.md, checked as strictly as
// common/hexfile.cpp checks it: blank lines and lines starting `//` (after blanks) are skipped;
// every other line, blanks around it removed, must be exactly VecDigits hexadecimal digits.
// $readmemh would load a short or mangled line silently (shifting every field), so the file
// is read by hand: $fgets gives up to ChunkChars characters at a time, right-aligned, so a
// line longer than that (a long comment) arrives in several chunks. A whole line that is a
// comment or exactly VecDigits lower-case digits takes a fast path: $sscanf, then $sformat
// must give the same text back (x and z digits or any other character fail that), PieceDigits
// at a time (Verilator's lint rejects strings over 2048 bits); every other line goes through
// the character-by-character check, which accepts upper-case digits and blanks around the
// digits and names the first bad column.
localparam integer ChunkChars = VecDigits + 64;
localparam integer PieceDigits = 64;
localparam integer Pieces = VecDigits / PieceDigits + 1;  // and at least one '0' of padding
localparam integer PadDigits = Pieces * PieceDigits;

task tb_read_vectors;
  input [8*1024-1:0] path;
  reg [8*ChunkChars-1:0] chunk;
  reg [8*PadDigits-1:0] text;  // the line, '0'-padded on the left to whole pieces
  reg [4*PadDigits-1:0] wide;
  reg [8*PieceDigits-1:0] piece_text, back;
  reg [4*PieceDigits-1:0] piece;
  reg fast;
  reg [VecBits-1:0] vec;
  reg [7:0] c, first_char, bad_char;
  reg [4:0] digit;
  reg comment;
  integer fd, got, k, p, line_no, col, first_col, last_col, blank_col, bad_col, scanned;
  begin
    fd = $fopen(path, "r");
    if (fd == 0) begin
      $display("ERROR unit=%0s sim=iverilog %0s: cannot open vector file", Unit, path);
      $fatal(1);
    end
    n_vec = 0;
    line_no = 1;
    col = 0;           // characters of the current line so far
    first_col = 0;     // its first non-blank character (0: none yet)
    last_col = 0;      // its last non-blank character
    blank_col = 0;     // the first blank after a non-blank one, if another non-blank follows
    bad_col = 0;       // the first character that is not a digit (blanks inside count)
    first_char = 8'd0;
    bad_char = 8'd0;
    comment = 1'b0;
    vec = {VecBits{1'b0}};
    got = $fgets(chunk, fd);
    while (got > 0 || col > 0) begin
      if (got <= 0) begin  // the last line has no newline: end it
        chunk[7:0] = 8'h0a;
        got = 1;
      end
      // The fast path; chunk[8*(got-1) +: 8] is the line's first character.
      if (col == 0 && got >= 3 && chunk[7:0] == 8'h0a && chunk[8 * got - 1 -: 16] == "//") begin
        got = 0;
      end else if (col == 0 && got == VecDigits + 1 && chunk[7:0] == 8'h0a) begin
        text = {{(PadDigits - VecDigits){"0"}}, chunk[8 * VecDigits + 7:8]};
        fast = 1'b1;
        for (p = 0; p < Pieces; p = p + 1) begin
          piece_text = text[8 * PieceDigits * p +: 8 * PieceDigits];
          scanned = $sscanf(piece_text, "%h", piece);
          $sformat(back, "%h", piece);
          if (scanned != 1 || back != piece_text || ^piece === 1'bx) fast = 1'b0;
          wide[4 * PieceDigits * p +: 4 * PieceDigits] = piece;
        end
        if (fast && wide[4*PadDigits-1:VecBits] == 0) begin  // (the padding reads back as 0)
          tb_store_vector(path, line_no, wide[VecBits-1:0]);
          got = 0;
        end
      end
      if (got == 0) line_no = line_no + 1;  // the whole line was taken
      for (k = got - 1; k >= 0; k = k - 1) begin
        c = chunk[8 * k +: 8];
        if (c == 8'h0a) begin
          if (first_col != 0 && !comment) begin
            if (last_col - first_col + 1 != VecDigits) begin
              tb_where(path, line_no);
              $display("expected %0d hex digits (docs/vectors.md), found %0d characters",
                       VecDigits, last_col - first_col + 1);
              $fatal(1);
            end
            if (bad_col != 0) begin
              tb_where(path, line_no);
              $display("column %0d: '%c' is not a hexadecimal digit", bad_col, bad_char);
              $fatal(1);
            end
            tb_store_vector(path, line_no, vec);
          end
          line_no = line_no + 1;
          col = 0;
          first_col = 0;
          blank_col = 0;
          bad_col = 0;
          comment = 1'b0;
        end else begin
          col = col + 1;
          if (comment) begin
            // the rest of a comment line is not read
          end else if (tb_is_blank(c)) begin
            if (first_col != 0 && blank_col == 0) blank_col = col;
          end else begin
            if (first_col == 0) begin
              first_col = col;
              first_char = c;
            end else if (col == first_col + 1 && first_char == "/" && c == "/") begin
              comment = 1'b1;
            end
            if (blank_col != 0 && bad_col == 0) begin
              bad_col = blank_col;
              bad_char = " ";
            end
            blank_col = 0;
            last_col = col;
            digit = tb_hex_digit(c);
            if (!digit[4]) begin
              if (bad_col == 0) begin
                bad_col = col;
                bad_char = c;
              end
            end else if (col - first_col < VecDigits) begin
              vec[4 * (VecDigits - 1 - (col - first_col)) +: 4] = digit[3:0];
            end
          end
        end
      end
      got = $fgets(chunk, fd);
    end
    $fclose(fd);
    if (n_vec == 0) begin
      $display("ERROR unit=%0s sim=iverilog %0s: no vectors in file", Unit, path);
      $fatal(1);
    end
  end
endtask

task tb_store_vector;
  input [8*1024-1:0] path;
  input integer line_no;
  input [VecBits-1:0] vec;
  begin
    if (n_vec == MaxVectors) begin
      tb_where(path, line_no);
      $display("more than %0d vectors (MaxVectors)", MaxVectors);
      $fatal(1);
    end
    mem[n_vec] = vec;
    n_vec = n_vec + 1;
  end
endtask

// tb_where: the start of an ERROR line about line line_no of the vector file.
task tb_where;
  input [8*1024-1:0] path;
  input integer line_no;
  begin
    $write("ERROR unit=%0s sim=iverilog %0s:%0d: ", Unit, path, line_no);
  end
endtask

// `TB_EXPECT(txn, field, exp, got): one MISMATCH line and $fatal when got differs from exp (a
// macro, not a task, so both print in their own width, as the Verilator harness prints them).
// (Icarus also replaces a macro's argument names inside its strings, hence the _v/_s names.)
`define TB_EXPECT(txn_v, field_s, exp_v, got_v) \
  if ((got_v) !== (exp_v)) begin \
    $display("MISMATCH unit=%0s sim=iverilog cycle=%0d txn=%0d field=%0s exp=%h got=%h", Unit, \
             cycle, txn_v, field_s, exp_v, got_v); \
    $fatal(1); \
  end

// `TB_HANDSHAKE_PORTS: the clock, reset and handshake connections of a DUT with one input and
// one output stream under the standard names (docs/conventions.md), to benches that name the
// signals clk, rst_n, in_valid, in_ready, out_valid and out_ready; the data ports follow it.
`define TB_HANDSHAKE_PORTS \
  .clk_i       (clk), \
  .rst_ni      (rst_n), \
  .in_valid_i  (in_valid), \
  .in_ready_o  (in_ready), \
  .out_valid_o (out_valid), \
  .out_ready_i (out_ready),

// tb_unexpected_output: an output transfer with no input outstanding that could explain it.
task tb_unexpected_output;
  input integer txn;
  input [8*16-1:0] valid_name;  // the output's valid, e.g. "out_valid"
  begin
    $display("MISMATCH unit=%0s sim=iverilog cycle=%0d txn=%0d field=%0s exp=0 got=1", Unit, cycle,
             txn, valid_name);
    $fatal(1);
  end
endtask

// tb_check_hold: the AXI-stream rule of docs/conventions.md on one output port, at a rising
// edge: after a cycle in which the port was valid and not ready (was_stalled), valid must still
// be high and every output field unchanged (same: the caller's `data === data held`).
// port: "" for a unit with one output port, " port=<name>" otherwise.
task tb_check_hold;
  input was_stalled, valid, same;
  input [8*16-1:0] port;
  begin
    if (was_stalled && (!valid || !same)) begin
      $display("PROTOCOL unit=%0s sim=iverilog cycle=%0d%0s rule=%0s", Unit, cycle, port,
               !valid ? "valid_dropped" : "data_changed");
      $fatal(1);
    end
  end
endtask

// tb_finish: the STATS and PASS lines, then $finish. passed: what PASS counts (make requires
// the number of vectors in the file); compared: output transactions compared.
task tb_finish;
  input integer passed, compared;
  begin
    $display("STATS unit=%0s sim=iverilog cycles=%0d gap_cycles=%0d stall_cycles=%0d compared=%0d",
             Unit, cycle, gaps, stalls, compared);
    $display("PASS unit=%0s sim=iverilog checked=%0d", Unit, passed);
    $finish;
  end
endtask
