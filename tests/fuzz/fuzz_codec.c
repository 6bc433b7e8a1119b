/* libFuzzer target over the whole compressor registry (codec.h): every codec's decoder gets
 * arbitrary input, and every codec round-trips arbitrary lines, without this file naming one.
 *
 * Input: byte 0 picks the codec (modulo the registry's size), byte 1 the critical map of a
 * filtering codec (bits 3..0) and how many bits of the last byte are cut (bits 6..4). The rest
 * is both a stream (copied into a heap buffer of exactly its size so ASan reports any read past
 * it) and, when at least 128 bytes long, a line. Trained codecs (SC) are trained once on a fixed
 * set of lines so their decoder has a real code table to misread.
 * Properties: a decoder returns NP_OK or NP_BAD_DATA; a rejected stream leaves an all-zero line;
 * an accepted stream's line re-encodes to a stream that decodes to the same line; an arbitrary
 * line round-trips. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint8_t *trained[64][2];   /* per codec: compressor and decompressor blobs, made once */
static int ready[64];

/* A codec's reset state, trained on fixed lines when it trains (SC): word values that repeat
 * with skewed frequencies, so the code table has codes of many lengths. */
static void prepare(unsigned k) {
    const np_codec *c = np_codec_at(k);
    if (ready[k] || c->state_bytes == 0) return;
    trained[k][0] = malloc(c->state_bytes);
    trained[k][1] = malloc(c->state_bytes);
    if (!trained[k][0] || !trained[k][1]) abort();
    np_codec_init(c, trained[k][0]);
    if (c->flags & NP_CODEC_TRAINED) {
        uint8_t line[128];
        for (unsigned i = 0; i < 512; i++) {
            for (unsigned w = 0; w < 32; w++) {
                uint32_t v = (uint32_t)((i * 7u + w) % (1u + (w % 13u))) * 0x01010101u + (w < 4 ? i : 0);
                memcpy(line + 4 * w, &v, 4);
            }
            np_codec_observe(c, trained[k][0], line);
        }
        if (np_codec_rebuild(c, trained[k][0]) != NP_OK) abort();
    }
    memcpy(trained[k][1], trained[k][0], c->state_bytes);
    ready[k] = 1;
}

/* A private copy of one side's prepared blob (NULL for a stateless codec). */
static void *side(unsigned k, unsigned which) {
    const np_codec *c = np_codec_at(k);
    if (c->state_bytes == 0) return NULL;
    void *s = malloc(c->state_bytes);
    if (s == NULL) abort();
    memcpy(s, trained[k][which], c->state_bytes);
    return s;
}

static int same_filled(const uint8_t *a, const uint8_t *b, unsigned fill) {
    static const uint8_t zero[32];
    for (unsigned k = 0; k < 4; k++)
        if (memcmp(b + 32 * k, (fill >> k) & 1u ? a + 32 * k : zero, 32) != 0) return 0;
    return 1;
}

/* Compress line and decode it again with fresh states: must give the line back. */
static void round_trip(unsigned k, const np_codec_opts *opts, const uint8_t line[128]) {
    const np_codec *c = np_codec_at(k);
    void *comp = side(k, 0), *decomp = side(k, 1);
    uint8_t stream[NP_CODEC_MAX_BYTES], back[128];
    size_t bits = 0;
    unsigned fill = 0;
    if (np_codec_compress(c, comp, opts, line, stream, sizeof stream, &bits, &fill) != NP_OK) abort();
    if (bits > c->max_bits) abort();
    if (np_codec_decompress(c, decomp, opts, stream, bits, back, sizeof back) != NP_OK) abort();
    if (!same_filled(line, back, fill)) abort();
    free(comp);
    free(decomp);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2 || np_codec_count() > 64) return 0;
    unsigned k = data[0] % np_codec_count();
    const np_codec *c = np_codec_at(k);
    prepare(k);
    np_codec_opts opts = {.map = data[1] & 0xFu};
    size_t nbytes = size - 2, cut = (data[1] >> 4) & 7u;
    size_t bits = 8 * nbytes > cut ? 8 * nbytes - cut : 0;
    uint8_t *src = malloc(nbytes ? nbytes : 1);
    if (src == NULL) return 0;
    memcpy(src, data + 2, nbytes);
    void *decomp = side(k, 1);
    uint8_t line[128];
    memset(line, 0x5A, sizeof line);
    np_result r = np_codec_decompress(c, decomp, &opts, nbytes ? src : NULL, bits, line, sizeof line);
    free(decomp);
    free(src);
    if (r != NP_OK) {
        static const uint8_t zero[128];
        if (r != NP_BAD_DATA || memcmp(line, zero, sizeof zero) != 0) abort();
    } else if (!(c->flags & NP_CODEC_FILTERS)) {
        round_trip(k, &opts, line);
    }
    if (nbytes >= 128) round_trip(k, &opts, data + 2);
    return 0;
}
