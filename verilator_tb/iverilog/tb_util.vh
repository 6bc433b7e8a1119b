// Shared pieces of the Icarus test benches (plain Verilog-2005, `include'd inside a module).
//
// lfsr_next: one step of a 32-bit Galois LFSR (taps 32,22,2,1, maximal length). The test
// benches draw valid gaps and ready stalls from it, so a run is repeatable for a given +seed.
function [31:0] lfsr_next;
  input [31:0] s;
  begin
    lfsr_next = s[0] ? ((s >> 1) ^ 32'h8020_0003) : (s >> 1);
  end
endfunction

// count_vectors: entries that $readmemh filled. Unfilled entries keep their initial x; a hex
// digit in the file is never x, so the first entry with an x bit ends the list.
`define TB_COUNT_VECTORS(mem, max, n) \
  begin \
    n = 0; \
    while (n < max && ^mem[n] !== 1'bx) n = n + 1; \
  end
