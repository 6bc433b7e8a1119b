/* The compressor registry (codec.h) and the entries of the three DPC modes, which share one
 * unit. Every other algorithm defines its own entry in its own file. */
#include "codec.h"

#include <stdio.h>
#include <string.h>

#include "dpc.h"

/* ---- DPC (docs/dpc.md): plain, DF-TRUC and DF-MAN share the dpc_compressor/decompressor tops - */

/* The map a filtering codec uses: 0 (no map given) is the whole line. */
static unsigned opts_map(const np_codec_opts *opts) {
    return (opts == NULL || opts->map == 0) ? DPC_MAP_FULL : opts->map;
}

static np_result dpc_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128],
                                    uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    (void)opts;
    *fill = NP_CODEC_FILL_ALL;
    return dpc_compress(line, dst, dst_bytes, out_bits);
}

/* Plain DPC and DF-MAN streams are both plain DPC streams (docs/dpc.md sec. 5). */
static np_result dpc_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src,
                                      size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    (void)state;
    (void)opts;
    return dpc_decompress(src, src_bits, dst, dst_bytes);
}

/* DF-TRUC: the stream carries only the critical sub-blocks, so only those are filled. */
static np_result dftruc_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128],
                                       uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    unsigned map = opts_map(opts);
    *fill = map;
    return dftruc_compress(line, map, dst, dst_bytes, out_bits);
}

static np_result dftruc_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src,
                                         size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    (void)state;
    (void)opts;
    return dftruc_decompress(src, src_bits, dst, dst_bytes, NULL);
}

/* DF-MAN: the shorter of the original and the manipulated line; the manipulated copy has zeros in
 * the non-critical sub-blocks, so then only the critical ones fill. */
static np_result dfman_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128],
                                      uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    unsigned map = opts_map(opts);
    bool manipulated = false;
    np_result r = dfman_compress(line, map, dst, dst_bytes, out_bits, &manipulated);
    *fill = manipulated ? map : NP_CODEC_FILL_ALL;
    return r;
}

/* Seed 000 gives no gate count; latencies are the RTL targets of docs/dpc.md sec. 7. */
#define DPC_HW .comp_top = "dpc_compressor", .decomp_top = "dpc_decompressor", .own_comp_cycles = 3, \
               .own_decomp_cycles = 2, .own_source = "nocpress RTL, docs/dpc.md sec. 7 (seed 000 gives none)"

const np_codec np_codec_dpc = {
    .name = "dpc",
    .description = "DPC: bit-plane dual-pattern compression of the whole line",
    .spec = "docs/dpc.md",
    .max_bits = DPC_MAX_BITS,
    .compress = dpc_entry_compress,
    .decompress = dpc_entry_decompress,
    DPC_HW,
};

const np_codec np_codec_dftruc = {
    .name = "df-truc",
    .description = "DF-TRUC: DPC of the critical sub-blocks only (partial fill)",
    .spec = "docs/dpc.md",
    .flags = NP_CODEC_FILTERS,
    .max_bits = DFTRUC_MAX_BITS,
    .compress = dftruc_entry_compress,
    .decompress = dftruc_entry_decompress,
    DPC_HW,
};

const np_codec np_codec_dfman = {
    .name = "df-man",
    .description = "DF-MAN: DPC of the line or of its critical sub-blocks, the shorter",
    .spec = "docs/dpc.md",
    .flags = NP_CODEC_FILTERS,
    .max_bits = DPC_MAX_BITS,
    .compress = dfman_entry_compress,
    .decompress = dpc_entry_decompress,
    DPC_HW,
};

/* ---- the table: one line per algorithm --------------------------------------------------------- */

/* Each algorithm's file defines np_codec_<name>; this list is the one place that names them, in
 * the order every table prints them. Adding an algorithm: one X(name) line. */
#define NP_CODEC_LIST \
    X(dsm)            \
    X(dpc)            \
    X(dftruc)         \
    X(dfman)          \
    X(bdi)            \
    X(bpc)            \
    X(sc)             \
    X(fpc)            \
    X(cpack)          \
    X(cpack_sync)

#define X(name) extern const np_codec np_codec_##name;
NP_CODEC_LIST
#undef X

static const np_codec *const registry[] = {
#define X(name) &np_codec_##name,
    NP_CODEC_LIST
#undef X
};

unsigned np_codec_count(void) { return (unsigned)(sizeof registry / sizeof registry[0]); }

const np_codec *np_codec_at(unsigned i) { return i < np_codec_count() ? registry[i] : NULL; }

const np_codec *np_codec_find(const char *name) {
    if (name == NULL) return NULL;
    for (unsigned i = 0; i < np_codec_count(); i++)
        if (strcmp(registry[i]->name, name) == 0) return registry[i];
    return NULL;
}

const char *np_codec_names(char *buf, size_t len) {
    if (len == 0) return buf;
    buf[0] = '\0';
    size_t used = 0;
    for (unsigned i = 0; i < np_codec_count() && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", registry[i]->name);
        if (n < 0) break;
        used += (size_t)n;
    }
    return buf;
}

/* ---- calls through an entry -------------------------------------------------------------------- */

void np_codec_init(const np_codec *c, void *state) {
    if (c && c->state_bytes && state && c->init) c->init(state);
}

void np_codec_observe(const np_codec *c, void *state, const uint8_t line[NP_CODEC_LINE_BYTES]) {
    if (c && c->observe && state && line) c->observe(state, line);
}

np_result np_codec_rebuild(const np_codec *c, void *state) {
    if (c == NULL) return NP_BAD_PARAM;
    if (c->rebuild == NULL) return NP_OK;
    return state ? c->rebuild(state) : NP_BAD_PARAM;
}

void np_codec_sync(const np_codec *c, void *decomp_state, const void *comp_state) {
    if (c && c->state_bytes && decomp_state && comp_state && decomp_state != comp_state)
        memcpy(decomp_state, comp_state, c->state_bytes);
}

size_t np_codec_cfg_image(const np_codec *c, const void *state, bool decompressor, uint32_t *words,
                          size_t max_words) {
    if (c == NULL || c->cfg_image == NULL || state == NULL || words == NULL) return 0;
    return c->cfg_image(state, decompressor, words, max_words);
}

/* A stateful codec needs its blob; a stateless one is given NULL whatever the caller passed. */
static bool state_ok(const np_codec *c, void **state) {
    if (c->state_bytes == 0) {
        *state = NULL;
        return true;
    }
    return *state != NULL;
}

np_result np_codec_compress(const np_codec *c, void *state, const np_codec_opts *opts,
                            const uint8_t line[NP_CODEC_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                            size_t *out_bits, unsigned *fill) {
    unsigned fill_local;
    if (c == NULL || line == NULL || out_bits == NULL || !state_ok(c, &state)) return NP_BAD_PARAM;
    if (dst == NULL && dst_bytes > 0) return NP_BAD_PARAM;
    static const np_codec_opts no_opts;
    return c->compress(state, opts ? opts : &no_opts, line, dst, dst_bytes, out_bits,
                       fill ? fill : &fill_local);
}

np_result np_codec_decompress(const np_codec *c, void *state, const np_codec_opts *opts, const uint8_t *src,
                              size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (c == NULL || dst == NULL || (src == NULL && src_bits > 0) || !state_ok(c, &state))
        return NP_BAD_PARAM;
    static const np_codec_opts no_opts;
    return c->decompress(state, opts ? opts : &no_opts, src, src_bits, dst, dst_bytes);
}

size_t np_codec_bits(const np_codec *c, void *state, const np_codec_opts *opts,
                     const uint8_t line[NP_CODEC_LINE_BYTES], unsigned *fill) {
    uint8_t scratch[NP_CODEC_MAX_BYTES];
    size_t bits = 0;
    return np_codec_compress(c, state, opts, line, scratch, sizeof scratch, &bits, fill) == NP_OK ? bits : 0;
}

/* ---- published figures ------------------------------------------------------------------- */

const np_published *np_published_find(const char *key) {
    for (unsigned i = 0; key != NULL && i < np_published_count; i++) {
        if (strcmp(np_published_rows[i].key, key) == 0) {
            return &np_published_rows[i];
        }
    }
    return NULL;
}

const np_published *np_codec_published(const np_codec *c, bool decompressor) {
    const char *top = decompressor ? c->decomp_top : c->comp_top;
    if (top != NULL) {
        return np_published_find(top);
    }
    char key[64];
    snprintf(key, sizeof key, "%s:%s", c->name, decompressor ? "decompressor" : "compressor");
    return np_published_find(key);
}

unsigned np_codec_fallback_cycles(const np_codec *c, bool decompressor, const char **source) {
    const np_published *p = np_codec_published(c, decompressor);
    if (p != NULL && p->latency_cycles >= 0) {
        if (source != NULL) {
            *source = p->source;
        }
        return (unsigned)p->latency_cycles;
    }
    if (source != NULL) {
        *source = c->own_source != NULL ? c->own_source : "no published or own figure";
    }
    return decompressor ? c->own_decomp_cycles : c->own_comp_cycles;
}
