/* libFuzzer target: round trip of arbitrary lines through the DSM model.
 * Input: byte 0 selects the lane size (bit 0) and an approximation setting (bits 1-3: 0..5
 * -> 0, 4, ..., 20 bits; 6, 7 -> lossless); the next 128 bytes are the line (zero-padded when
 * shorter; longer inputs are cut).
 * Properties: compression succeeds within DSM_MAX_BITS; dsm_compressed_bits agrees; the
 * stream decodes to the (approximated) line from an exact-size buffer; the approximated
 * stream is never longer than the lossless one; every strictly shorter prefix is rejected;
 * the stage functions composed (remap, encoding status, lane lengths) give the same length. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dsm.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t compress_or_die(const dsm_config *cfg, const uint8_t *line, uint8_t *out) {
    size_t bits;
    if (dsm_compress(cfg, line, out, DSM_MAX_BYTES, &bits) != NP_OK || bits > DSM_MAX_BITS ||
        dsm_compressed_bits(cfg, line) != bits) {
        abort();
    }
    return bits;
}

static void decode_or_die(const dsm_config *cfg, const uint8_t *stream, size_t bits,
                          const uint8_t *expect) {
    size_t nbytes = (bits + 7) / 8;
    uint8_t *src = malloc(nbytes);
    uint8_t back[DSM_LINE_BYTES];
    if (src == NULL) {
        abort();
    }
    memcpy(src, stream, nbytes);
    if (dsm_decompress(cfg, src, bits, back, sizeof back) != NP_OK ||
        memcmp(back, expect, DSM_LINE_BYTES) != 0) {
        abort();
    }
    /* a shorter prefix is never a valid stream (sec. 4.5: truncated) */
    size_t cut = bits - 1 - (size_t)(stream[0] % bits);
    if (dsm_decompress(cfg, src, cut, back, sizeof back) != NP_BAD_DATA) {
        abort();
    }
    free(src);
}

static size_t stage_length(const dsm_config *cfg, const uint8_t *line) {
    unsigned segments = cfg->lane_bytes / DSM_SEGMENT_BYTES;
    size_t total = 0;
    for (unsigned k = 0; k < DSM_LINE_BYTES / cfg->lane_bytes; k++) {
        uint64_t seg[DSM_MAX_SEGMENTS];
        dsm_remap(cfg->lane_bytes, line + k * cfg->lane_bytes, seg);
        total += dsm_lane_bits(segments, dsm_encoding_status(segments, seg));
    }
    return total;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) {
        return 0;
    }
    dsm_config cfg = {.lane_bytes = (data[0] & 1u) ? 128u : 64u};
    unsigned setting = (data[0] >> 1) & 7u;
    unsigned approx = setting <= 5 ? 4u * setting : 0u;
    uint8_t line[DSM_LINE_BYTES] = {0};
    size_t n = size - 1 < sizeof line ? size - 1 : sizeof line;
    memcpy(line, data + 1, n);

    uint8_t stream[DSM_MAX_BYTES];
    size_t bits = compress_or_die(&cfg, line, stream);
    if (stage_length(&cfg, line) != bits) {
        abort();
    }
    decode_or_die(&cfg, stream, bits, line);

    uint8_t approximated[DSM_LINE_BYTES], stream_a[DSM_MAX_BYTES];
    dsm_approx_apply(approx, line, approximated);
    size_t bits_a = compress_or_die(&cfg, approximated, stream_a);
    if (bits_a > bits) {
        abort();
    }
    decode_or_die(&cfg, stream_a, bits_a, approximated);
    return 0;
}
