/* libFuzzer target: the DSM decoder on arbitrary input (docs/dsm.md 4.5).
 * Input: byte 0 bit 0 selects the lane size (64 or 128), bytes 1-2 the stream length in bits
 * (little-endian, 0..65535: lengths far beyond DSM_MAX_BITS are exercised too, clipped to the
 * bytes present), the rest is the stream. The stream is copied into a heap block of exactly
 * (length + 7) / 8 bytes so ASan reports any read outside it.
 * Properties: the result is NP_OK or NP_BAD_DATA; on error the line is all zero; an accepted
 * stream's line re-compresses to a stream no longer than the input that decodes back to it.
 * The same bits through the lane decoder (dsm_decompress_lane): NP_OK or NP_BAD_DATA, the lane
 * all zero on error, and with one 128-byte lane the same result and line as dsm_decompress. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dsm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_lane_decoder(const dsm_config *cfg, const uint8_t *src, size_t bits,
                               np_result line_r, const uint8_t *line) {
    uint8_t lane[DSM_LINE_BYTES];
    memset(lane, 0x5A, sizeof lane);
    np_result r = dsm_decompress_lane(cfg, src, bits, lane, cfg->lane_bytes);
    if (r != NP_OK && r != NP_BAD_DATA) {
        abort();
    }
    for (size_t i = 0; r != NP_OK && i < cfg->lane_bytes; i++) {
        if (lane[i] != 0) {
            abort();
        }
    }
    if (cfg->lane_bytes == DSM_LINE_BYTES &&
        (r != line_r || memcmp(lane, line, DSM_LINE_BYTES) != 0)) {
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) {
        return 0;
    }
    dsm_config cfg = {.lane_bytes = (data[0] & 1u) ? 128u : 64u};
    size_t bits = (size_t)data[1] | (size_t)data[2] << 8;
    size_t avail = size - 3;
    if (bits > 8 * avail) {
        bits = 8 * avail;
    }
    size_t nbytes = (bits + 7) / 8;
    uint8_t *src = malloc(nbytes ? nbytes : 1);
    if (src == NULL) {
        return 0;
    }
    if (nbytes > 0) {
        memcpy(src, data + 3, nbytes);
    }
    uint8_t line[DSM_LINE_BYTES];
    memset(line, 0x5A, sizeof line);
    np_result r = dsm_decompress(&cfg, src, bits, line, sizeof line);
    check_lane_decoder(&cfg, src, bits, r, line);
    free(src);
    if (r != NP_OK) {
        if (r != NP_BAD_DATA) {
            abort();
        }
        for (size_t i = 0; i < sizeof line; i++) {
            if (line[i] != 0) {
                abort();
            }
        }
        return 0;
    }
    uint8_t again[DSM_MAX_BYTES], back[DSM_LINE_BYTES];
    size_t n;
    if (dsm_compress(&cfg, line, again, sizeof again, &n) != NP_OK || n > bits ||
        dsm_compressed_bits(&cfg, line) != n ||
        dsm_decompress(&cfg, again, n, back, sizeof back) != NP_OK ||
        memcmp(back, line, sizeof line) != 0) {
        abort();
    }
    return 0;
}
