/* Coalescing into 128-byte line requests with 32-byte sub-block maps; see coalesce.h. */
#include "trace/coalesce.h"

unsigned coalesce_warp(const uint64_t addr[32], uint32_t active, unsigned bytes, trace_access out[COALESCE_MAX_LINES]) {
    unsigned n = 0;
    for (unsigned lane = 0; lane < 32; lane++) {
        if (!(active >> lane & 1u)) continue;
        uint64_t first = addr[lane], last = addr[lane] + (bytes ? bytes : 1) - 1;
        /* every 32-byte sub-block the thread's bytes touch (an unaligned access may span two) */
        for (uint64_t sb = first >> 5; sb <= last >> 5; sb++) {
            uint64_t line = sb >> 2;
            unsigned bit = 1u << (sb & 3u), k = 0;
            while (k < n && out[k].addr >> 7 != line) k++;
            if (k == n) {
                if (n == COALESCE_MAX_LINES) return n;   /* unreachable for bytes <= 16 */
                out[n++] = (trace_access){line << 7, 0, 0, 0, 0, 0};
            }
            out[k].mask = (uint8_t)(out[k].mask | bit);
        }
    }
    return n;
}
