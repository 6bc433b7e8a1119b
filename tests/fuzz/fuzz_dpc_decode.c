/* libFuzzer target: arbitrary input to the DPC, DF-TRUC and DF-MAN decoders (docs/dpc.md 8).
 *
 * Input: byte 0 picks the mode (bits 1..0, mode 3 skipped) and how many bits of the last byte
 * are cut (bits 4..2, 0..7); the rest is the stream, copied into a heap buffer of exactly its
 * size so ASan reports any read past it. Properties: the decoder returns NP_OK or
 * NP_BAD_DATA, a rejected stream leaves an all-zero line, and an accepted one is never
 * shorter than what the compressor emits for the decoded line (the compressor's stream is the
 * shortest accepted form), which decodes to the same line and map. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dpc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) {
        return 0;
    }
    unsigned mode_bits = data[0] & 3u;
    if (mode_bits == 3u) {
        return 0;
    }
    dpc_mode mode = (dpc_mode)mode_bits;
    size_t nbytes = size - 1u;
    size_t cut = (data[0] >> 2) & 7u;
    size_t bits = 8u * nbytes > cut ? 8u * nbytes - cut : 0u;
    uint8_t *src = malloc(nbytes ? nbytes : 1u);
    if (src == NULL) {
        return 0;
    }
    memcpy(src, data + 1, nbytes);
    uint8_t line[DPC_LINE_BYTES];
    unsigned map = 0;
    np_result rc = dpc_mode_decompress(mode, nbytes ? src : NULL, bits, line, sizeof line, &map);
    free(src);
    if (rc != NP_OK) {
        static const uint8_t zero[DPC_LINE_BYTES];
        if (rc != NP_BAD_DATA || map != 0 || memcmp(line, zero, sizeof zero) != 0) {
            abort();
        }
        return 0;
    }
    uint8_t again[DPC_MAX_BYTES], back[DPC_LINE_BYTES];
    size_t again_bits = 0;
    unsigned again_map = 0;
    /* re-encode as plain DPC (DF-MAN decodes as DPC) or DF-TRUC with the decoded map */
    dpc_mode enc = mode == DPC_MODE_DFTRUC ? DPC_MODE_DFTRUC : DPC_MODE_DPC;
    if (dpc_mode_compress(enc, line, map, again, sizeof again, &again_bits) != NP_OK ||
        again_bits > bits ||
        dpc_mode_decompress(enc, again, again_bits, back, sizeof back, &again_map) != NP_OK ||
        again_map != map || memcmp(back, line, sizeof line) != 0) {
        abort();
    }
    return 0;
}
