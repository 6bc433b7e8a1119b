// np_shiftx_check.v: part-selects with a variable index, the $shiftx cells synth/np_shiftx_map.v
// maps; synth/np_shiftx_check.sh proves the mapped logic equal to Yosys's own mapping.
// y: stride 5 (not a power of two) over 64 bits, index always in range.
// z: stride 8 with 8 entries, the PCU's NumRgr:1 multiplexer shape (a[i*W +: W]).
// w: stride 3 over 48 bits, index 0..15, so index 15 reads past the end (x in $shiftx).
// v: stride 1, index 0..63 (bits past the end are x).
module np_shiftx_check (
  input  wire [63:0] a,
  input  wire [2:0]  i,
  input  wire [3:0]  j,
  input  wire [47:0] c,
  input  wire [5:0]  s,
  output wire [4:0]  y,
  output wire [7:0]  z,
  output wire [2:0]  w,
  output wire [9:0]  v
);
  assign y = a[i*5 +: 5];
  assign z = a[i*8 +: 8];
  assign w = c[j*3 +: 3];
  assign v = a[s +: 10];
endmodule
