/* Reply compressors over the registry, and the synthesis-latency lookup; see codec.h. */
#include "mem/reply_codec.h"

#include "np_latency.h"

#include <cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEFS 48u

/* Built once from the registry: "none", then each codec, "dsm-approx" right after "dsm". */
static codec_def defs[MAX_DEFS];
static unsigned ndefs;

static void add_def(const char *name, const char *description, const np_codec *c, bool approximates) {
    if (ndefs == MAX_DEFS) return;
    codec_def *d = &defs[ndefs++];
    snprintf(d->name, sizeof d->name, "%s", name);
    snprintf(d->description, sizeof d->description, "%s", description);
    d->codec = c;
    d->approximates = approximates;
}

static void build_defs(void) {
    if (ndefs) return;
    add_def("none", "no reply compression (baseline)", NULL, false);
    for (unsigned i = 0; i < np_codec_count(); i++) {
        const np_codec *c = np_codec_at(i);
        char description[120];
        snprintf(description, sizeof description, "%s (%s)", c->description, c->spec);
        add_def(c->name, description, c, false);
        if (strcmp(c->name, "dsm") == 0)
            add_def("dsm-approx", "DSM after FP approximation on approximable regions (docs/dsm.md 5)", c, true);
    }
}

unsigned codec_count(void) {
    build_defs();
    return ndefs;
}

const codec_def *codec_at(unsigned i) { return i < codec_count() ? &defs[i] : NULL; }

const codec_def *codec_find(const char *name) {
    for (unsigned i = 0; i < codec_count(); i++)
        if (strcmp(defs[i].name, name) == 0) return &defs[i];
    return NULL;
}

bool codec_filters(const codec_def *def) { return def->codec && (def->codec->flags & NP_CODEC_FILTERS); }

/* ---- latencies: the tools' one rule (np_latency.h); npsim reads no harness logs ------------- */

static void override_one(codec_latency *l, unsigned cycles, const char *key) {
    if (cycles == 0) return;
    l->cycles = cycles;
    snprintf(l->source, sizeof l->source, "config %s", key);
}

static void from_rule(codec_latency *out, const np_latency *l) {
    out->cycles = l->cycles;
    out->ii = l->ii ? l->ii : 1;
    snprintf(out->source, sizeof out->source, "%s", l->source);
}

void codec_timing_load(codec_timing *t, const codec_def *def, const char *report_path,
                       unsigned comp_override, unsigned decomp_override) {
    memset(t, 0, sizeof *t);
    t->def = def;
    t->comp.ii = t->decomp.ii = t->approx.ii = 1;
    if (def->codec == NULL) {
        snprintf(t->comp.source, sizeof t->comp.source, "none (no unit)");
        snprintf(t->decomp.source, sizeof t->decomp.source, "none (no unit)");
        snprintf(t->approx.source, sizeof t->approx.source, "none (no approximation)");
        return;
    }
    const np_latency_sources src = {report_path, NULL};
    np_latency l;
    np_latency_resolve_codec(&l, def->codec, false, &src);
    from_rule(&t->comp, &l);
    np_latency_resolve_codec(&l, def->codec, true, &src);
    from_rule(&t->decomp, &l);
    if (def->approximates) {
        np_latency_resolve_top(&l, "dsm_approx", &src);
        from_rule(&t->approx, &l);
    } else {
        snprintf(t->approx.source, sizeof t->approx.source, "none (no approximation)");
    }
    override_one(&t->comp, comp_override, "reply_compressor_latency");
    override_one(&t->decomp, decomp_override, "reply_decompressor_latency");
}

bool codec_report_check(const char *path, char *err, size_t err_len) {
    return np_latency_report_check(path, err, err_len);
}

/* ---- one run's instance ---------------------------------------------------------------------- */

struct codec_inst {
    const np_codec *codec;
    unsigned links;             /* blobs per side: 1 for a trained or stateless codec */
    bool per_link;
    uint8_t *comp, *decomp;     /* links * state_bytes each */
};

static bool train_on_image(codec_inst *ci, const mem_image *img, char *err, size_t err_len) {
    for (uint64_t line = 0; line < img->size / 128u; line++) np_codec_observe(ci->codec, ci->comp, memimg_line(img, line));
    np_result r = np_codec_rebuild(ci->codec, ci->comp);
    if (r != NP_OK) {
        snprintf(err, err_len, "compressor %s: building its table from the memory image failed (%s)", ci->codec->name,
                 np_result_name(r));
        return false;
    }
    np_codec_sync(ci->codec, ci->decomp, ci->comp);
    return true;
}

codec_inst *codec_inst_new(const codec_def *def, const mem_image *img, unsigned links, char *err, size_t err_len) {
    codec_inst *ci = calloc(1, sizeof *ci);
    if (!ci) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    ci->codec = def->codec;
    if (!ci->codec || ci->codec->state_bytes == 0) return ci;
    size_t sb = ci->codec->state_bytes;
    ci->per_link = !(ci->codec->flags & NP_CODEC_TRAINED);
    ci->links = ci->per_link ? (links ? links : 1) : 1;
    ci->comp = malloc(sb * ci->links);
    ci->decomp = malloc(sb * ci->links);
    if (!ci->comp || !ci->decomp) {
        snprintf(err, err_len, "out of memory for %u %s states", ci->links, ci->codec->name);
        codec_inst_free(ci);
        return NULL;
    }
    for (unsigned i = 0; i < ci->links; i++) {
        np_codec_init(ci->codec, ci->comp + sb * i);
        np_codec_init(ci->codec, ci->decomp + sb * i);
    }
    if (!ci->per_link && !train_on_image(ci, img, err, err_len)) {
        codec_inst_free(ci);
        return NULL;
    }
    return ci;
}

void codec_inst_free(codec_inst *ci) {
    if (!ci) return;
    free(ci->comp);
    free(ci->decomp);
    free(ci);
}

bool codec_inst_memoisable(const codec_inst *ci) {
    return ci->codec && !ci->per_link && !(ci->codec->flags & NP_CODEC_FILTERS);
}

/* Stateful codecs are also decoded, on the receiver's state, so both ends stay in step exactly as
 * the protocol in the codec's spec keeps them; a stream that fails to decode is a model bug. */
size_t codec_inst_bits(codec_inst *ci, unsigned link, const uint8_t line[128], unsigned map, unsigned *fill) {
    *fill = NP_CODEC_FILL_ALL;
    if (!ci->codec) return CODEC_LINE_BITS;
    size_t sb = ci->codec->state_bytes, at = ci->per_link ? link % ci->links : 0;
    void *comp = sb ? ci->comp + sb * at : NULL, *decomp = sb ? ci->decomp + sb * at : NULL;
    np_codec_opts opts = {.map = map};
    uint8_t stream[NP_CODEC_MAX_BYTES];
    size_t bits = 0;
    if (np_codec_compress(ci->codec, comp, &opts, line, stream, sizeof stream, &bits, fill) != NP_OK) {
        fprintf(stderr, "npsim: %s failed to compress a line (model bug)\n", ci->codec->name);
        abort();
    }
    if (ci->per_link) {
        uint8_t back[128];
        if (np_codec_decompress(ci->codec, decomp, &opts, stream, bits, back, sizeof back) != NP_OK) {
            fprintf(stderr, "npsim: %s failed to decode its own stream on link %u (model bug)\n", ci->codec->name, link);
            abort();
        }
    }
    return bits;
}
