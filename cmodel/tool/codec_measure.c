/* One codec over one file's lines, checked by decoding (codec_measure.h). */
#include "codec_measure.h"

#include <stdlib.h>
#include <string.h>

#include "dsm.h"

/* The two ends of a link: each its own state blob (NULL for a stateless codec). */
typedef struct {
    void *comp, *decomp;
} codec_ends;

static bool ends_open(const np_codec *c, codec_ends *e) {
    e->comp = e->decomp = NULL;
    if (c->state_bytes == 0) return true;
    e->comp = malloc(c->state_bytes);
    e->decomp = malloc(c->state_bytes);
    if (e->comp == NULL || e->decomp == NULL) {
        free(e->comp);
        free(e->decomp);
        return false;
    }
    np_codec_init(c, e->comp);
    np_codec_init(c, e->decomp);
    return true;
}

static void ends_close(codec_ends *e) {
    free(e->comp);
    free(e->decomp);
}

/* Trained codecs learn the whole file first (a first pass); the decompressor then gets the
 * table. */
static bool train(const np_codec *c, codec_ends *e, cli_lines *in, unsigned approx_bits, const char *path) {
    if (!(c->flags & NP_CODEC_TRAINED)) return true;
    if (!cli_lines_rewind(in)) return false;
    uint8_t line[128];
    int got;
    while ((got = cli_lines_next(in, line)) > 0) {
        if (approx_bits > 0) dsm_approx_apply(approx_bits, line, line);
        np_codec_observe(c, e->comp, line);
    }
    if (got < 0) return false;
    np_result r = np_codec_rebuild(c, e->comp);
    if (r != NP_OK) {
        cli_fail("%s: %s: building the code table failed (%s)", path, c->name, np_result_name(r));
        return false;
    }
    np_codec_sync(c, e->decomp, e->comp);
    return true;
}

/* Sub-blocks outside the fill are zero after decoding (codec.h). */
static bool same_filled(const uint8_t *a, const uint8_t *b, unsigned fill) {
    for (unsigned k = 0; k < 4; k++) {
        const uint8_t *pa = a + 32u * k, *pb = b + 32u * k;
        if (fill & (1u << k) ? memcmp(pa, pb, 32) != 0 : memcmp(pb, (const uint8_t[32]){0}, 32) != 0)
            return false;
    }
    return true;
}

static bool one_line(const np_codec *c, const np_codec_opts *opts, codec_ends *e, const uint8_t line[128],
                     const char *path, size_t i, uint64_t *bits) {
    uint8_t stream[NP_CODEC_MAX_BYTES], back[128];
    size_t len = 0;
    unsigned fill = 0;
    np_result r = np_codec_compress(c, e->comp, opts, line, stream, sizeof stream, &len, &fill);
    if (r == NP_OK) r = np_codec_decompress(c, e->decomp, opts, stream, len, back, sizeof back);
    if (r != NP_OK) {
        cli_fail("%s: line %zu: %s: %s", path, i, c->name, np_result_name(r));
        return false;
    }
    if (!same_filled(line, back, fill)) {
        cli_fail("%s: line %zu: %s: the decoded line differs from the original (model bug)", path, i, c->name);
        return false;
    }
    *bits += len;
    return true;
}

bool codec_measure(const np_codec *c, const np_codec_opts *opts, unsigned approx_bits, const char *path,
                   cli_lines *in, codec_figures *fig) {
    memset(fig, 0, sizeof *fig);
    fig->lines = (size_t)in->lines;
    fig->bytes = (uint64_t)fig->lines * 128u;
    codec_ends e;
    if (!ends_open(c, &e)) {
        cli_fail("out of memory");
        return false;
    }
    bool ok = train(c, &e, in, approx_bits, path) && cli_lines_rewind(in);
    uint8_t line[128];
    int got = 0;
    for (size_t i = 0; ok && (got = cli_lines_next(in, line)) > 0; i++) {
        if (approx_bits > 0) dsm_approx_apply(approx_bits, line, line);
        ok = one_line(c, opts, &e, line, path, i, &fig->bits);
    }
    ends_close(&e);
    return ok && got == 0;
}
