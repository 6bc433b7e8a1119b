/* libFuzzer target: round trip of arbitrary lines in every mode (docs/dpc.md 3 to 5).
 *
 * Input: a 128-byte line (shorter inputs are zero-padded) and one more byte whose low nibble
 * is the critical map (0 -> 1111, as the hardware reads it). Properties: DPC restores the
 * line; DF-TRUC restores the critical sub-blocks and zeroes the rest; DF-MAN restores the
 * critical sub-blocks and is never longer than DPC; every stream's length matches the
 * *_compressed_bits functions and stays within the documented maxima. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dpc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_critical(const uint8_t *line, const uint8_t *back, unsigned map, int zero_rest) {
    static const uint8_t zero[DPC_SUBBLOCK_BYTES];
    for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
        const uint8_t *want = (map >> k) & 1u ? line + DPC_SUBBLOCK_BYTES * k : zero;
        if (((map >> k) & 1u || zero_rest) &&
            memcmp(back + DPC_SUBBLOCK_BYTES * k, want, DPC_SUBBLOCK_BYTES) != 0) {
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t line[DPC_LINE_BYTES] = {0};
    memcpy(line, data, size < sizeof line ? size : sizeof line);
    unsigned map = dpc_hw_map(size > DPC_LINE_BYTES ? data[DPC_LINE_BYTES] : 0u);
    uint8_t buf[DPC_MAX_BYTES], back[DPC_LINE_BYTES];
    size_t dpc_bits = 0, bits = 0;
    unsigned got = 0;

    if (dpc_compress(line, buf, sizeof buf, &dpc_bits) != NP_OK || dpc_bits > DPC_MAX_BITS ||
        dpc_bits != dpc_compressed_bits(line) ||
        dpc_decompress(buf, dpc_bits, back, sizeof back) != NP_OK ||
        memcmp(back, line, sizeof line) != 0) {
        abort();
    }
    if (dftruc_compress(line, map, buf, sizeof buf, &bits) != NP_OK || bits > DFTRUC_MAX_BITS ||
        bits != dftruc_compressed_bits(line, map) ||
        dftruc_decompress(buf, bits, back, sizeof back, &got) != NP_OK || got != map) {
        abort();
    }
    check_critical(line, back, map, 1);
    if (dfman_compress(line, map, buf, sizeof buf, &bits, NULL) != NP_OK || bits > dpc_bits ||
        bits != dfman_compressed_bits(line, map) ||
        dpc_decompress(buf, bits, back, sizeof back) != NP_OK) {
        abort();
    }
    check_critical(line, back, map, 0);
    return 0;
}
