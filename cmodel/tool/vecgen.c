/* Shared pieces of the golden-vector generators (vecgen.h). */
#define _POSIX_C_SOURCE 200809L
#include "vecgen.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define LINE_WORDS 32u /* a 128-byte line */

static bool vec_list_reserve(vec_list *l, size_t item_size) {
    if (l->n < l->cap) {
        return true;
    }
    size_t new_cap = l->cap ? 2u * l->cap : 64u;
    void *grown = realloc(l->items, new_cap * item_size);
    if (grown == NULL) {
        return false;
    }
    l->items = grown;
    l->cap = new_cap;
    return true;
}

void *vec_list_vpush(vec_list *l, size_t item_size, size_t name_len, bool *failed,
                     const char *fmt, va_list ap) {
    if (!vec_list_reserve(l, item_size)) {
        *failed = true;
        return NULL;
    }
    char *item = (char *)l->items + l->n++ * item_size;
    memset(item, 0, item_size);
    vsnprintf(item, name_len, fmt, ap); /* the name is the item's first member */
    return item;
}

vecgen_line_vec *vecgen_add_line(vec_list *l, bool *failed, const uint8_t line[VECGEN_LINE_BYTES],
                                 const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vecgen_line_vec *v = vec_list_vpush(l, sizeof *v, sizeof v->name, failed, fmt, ap);
    va_end(ap);
    if (v != NULL) {
        memcpy(v->line, line, sizeof v->line);
    }
    return v;
}

vecgen_stream_vec *vecgen_add_stream(vec_list *l, bool *failed, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vecgen_stream_vec *v = vec_list_vpush(l, sizeof *v, sizeof v->name, failed, fmt, ap);
    va_end(ap);
    return v;
}

void vec_list_free(vec_list *l) {
    free(l->items);
    memset(l, 0, sizeof *l);
}

void vecgen_fail(bool *failed, const char *fmt, ...) {
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    fprintf(stderr, NP_CLI_NAME " vectors: internal error: %s\n", message);
    *failed = true;
}

void vecgen_set_word(uint8_t *line, unsigned w, uint32_t value) {
    for (unsigned b = 0; b < 4; b++) {
        line[4u * w + b] = (uint8_t)(value >> (8u * b));
    }
}

void vecgen_set_all_words(uint8_t *line, uint32_t value) {
    for (unsigned w = 0; w < LINE_WORDS; w++) {
        vecgen_set_word(line, w, value);
    }
}

void vecgen_set_bit(uint8_t *buf, unsigned pos, unsigned bit) {
    buf[pos / 8u] = (uint8_t)((buf[pos / 8u] & ~(1u << (pos % 8u))) | (bit & 1u) << (pos % 8u));
}

unsigned vecgen_get_bit(const uint8_t *buf, unsigned pos) {
    return buf[pos / 8u] >> (pos % 8u) & 1u;
}

void vecgen_garbage_above(prng *rng, uint8_t *buf, unsigned from, unsigned bus_bits) {
    for (unsigned pos = from; pos < bus_bits; pos++) {
        vecgen_set_bit(buf, pos, (unsigned)prng_next(rng));
    }
}

void vecgen_clear_above(uint8_t *buf, unsigned from, unsigned end) {
    for (unsigned pos = from; pos < end; pos++) {
        vecgen_set_bit(buf, pos, 0);
    }
}

void vecgen_widen_bus(const uint8_t *bus, unsigned bus_bits, uint8_t *wide, size_t wide_bytes) {
    size_t bus_bytes = (bus_bits + 7u) / 8u;
    memset(wide, 0, wide_bytes);
    memcpy(wide, bus, bus_bytes);
    if (bus_bits % 8u != 0u) {
        wide[bus_bytes - 1u] &= (uint8_t)((1u << (bus_bits % 8u)) - 1u);
    }
}

bool vecgen_damage_stream(prng *rng, size_t i, size_t bits, unsigned bus_bits, uint8_t *buf,
                          vecgen_damage *out) {
    switch (i % 4u) {
    case 0:
        snprintf(out->prefix, sizeof out->prefix, "trunc1_");
        out->in_len = (unsigned)bits - 1u;
        return true;
    case 1:
        if (bits >= bus_bits) {
            return false;
        }
        snprintf(out->prefix, sizeof out->prefix, "extra_bit%u_", (unsigned)(i / 4u) & 1u);
        out->in_len = (unsigned)bits + 1u;
        vecgen_set_bit(buf, (unsigned)bits, (unsigned)(i / 4u));
        return true;
    case 2: {
        unsigned cut = 2u + (unsigned)prng_below(rng, bits - 1u);
        snprintf(out->prefix, sizeof out->prefix, "trunc%u_", cut);
        out->in_len = (unsigned)bits - cut;
        return true;
    }
    default:
        snprintf(out->prefix, sizeof out->prefix, "valid_garbage_above_len_");
        out->in_len = (unsigned)bits;
        vecgen_garbage_above(rng, buf, (unsigned)bits, bus_bits);
        return true;
    }
}

bool vecgen_outcome_as_named(const char *name, bool err) {
    bool named_valid = strncmp(name, "valid_", 6) == 0;
    bool named_bad = strncmp(name, "bad_", 4) == 0 || strncmp(name, "trunc", 5) == 0 ||
                     strncmp(name, "extra_", 6) == 0;
    return !(named_valid && err) && !(named_bad && !err);
}

bool vecgen_decode_as_named(const char *name, np_result r, bool as_named) {
    if (as_named && r != NP_BAD_PARAM && r != NP_NO_SPACE) {
        return true;
    }
    cli_fail("vectors: internal error: %s decodes to %s", name, np_result_name(r));
    return false;
}

bool vecfile_open(vecfile *vf, const char *dir, const vecfile_spec *spec,
                  const vecfile_origin *origin, size_t count) {
    vf->count = count;
    snprintf(vf->path, sizeof vf->path, "%s/%s.hex", dir, spec->top);
    vf->f = NULL;
    if (!cli_out_open(&vf->out, vf->path)) {
        return false;
    }
    vf->f = vf->out.f;
    hexvec_file_header(vf->f, spec->top, origin->formats, origin->model, origin->command, spec->layout,
                       spec->width, spec->notes, count);
    return true;
}

bool vecfile_emit(vecfile *vf, size_t index, const char *name, const hexvec *v) {
    if (!hexvec_complete(v)) {
        cli_fail("vectors: internal error: vector %s does not fill its layout", name);
        return false;
    }
    fprintf(vf->f, "// %zu %s\n", index, name);
    hexvec_print(v, vf->f);
    return true;
}

bool vecfile_close(vecfile *vf) {
    if (vf->f == NULL) {
        return false;
    }
    bool ok = !ferror(vf->f);
    vf->f = NULL;
    if (!ok) {
        cli_out_abort(&vf->out);
        cli_fail("error writing '%s'", vf->path);
        return false;
    }
    if (!cli_out_commit(&vf->out)) {
        return false;
    }
    printf("wrote %s (%zu vectors)\n", vf->path, vf->count);
    return true;
}

bool vecfile_finish(vecfile *vf, bool ok) {
    if (ok) {
        return vecfile_close(vf);
    }
    if (vf->f != NULL) {
        cli_out_abort(&vf->out);
        vf->f = NULL;
    }
    return false;
}

bool vecfile_close_decompressor(vecfile *vf, size_t errors, bool ok) {
    if (ok) {
        printf("  %zu of %zu decompressor vectors expect exp_err = 1\n", errors, vf->count);
    }
    return vecfile_finish(vf, ok);
}

#define LINE_BYTES (4u * LINE_WORDS)
#define MAX_BUS_BYTES 512u /* room for any unit's bus and its widened form */

/* The widened bus of a decompressor vector: every bit a length field can name, plus a byte. */
static size_t line_codec_wide_bytes(const vecgen_line_codec *codec) {
    return (((1u << codec->len_bits) - 1u) + 7u) / 8u + 1u;
}

static bool line_codec_fits(const vecgen_line_codec *codec) {
    if (codec->len_bits <= 11u && line_codec_wide_bytes(codec) <= MAX_BUS_BYTES &&
        (codec->bus_bits + 7u) / 8u <= MAX_BUS_BYTES) {
        return true;
    }
    cli_fail("vectors: internal error: %s: bus wider than the writer's buffers", codec->compress_name);
    return false;
}

bool vecgen_write_line_compressor(const char *dir, const vecfile_spec *spec,
                                  const vecfile_origin *origin, const vec_list *l,
                                  const vecgen_line_codec *codec) {
    vecfile file = {0};
    bool ok = line_codec_fits(codec) && vecfile_open(&file, dir, spec, origin, l->n);
    for (size_t i = 0; ok && i < l->n; i++) {
        const vecgen_line_vec *v = (const vecgen_line_vec *)l->items + i;
        const uint8_t *line = v->line;
        uint8_t stream[MAX_BUS_BYTES] = {0};
        size_t bits = 0;
        if (codec->compress(line, stream, (codec->bus_bits + 7u) / 8u, &bits) != NP_OK) {
            cli_fail("vectors: internal error: %s failed on %s", codec->compress_name, v->name);
            ok = false;
            break;
        }
        hexvec h;
        hexvec_init(&h, spec->width);
        hexvec_field_bytes(&h, line, 8u * LINE_BYTES);
        hexvec_field(&h, bits, codec->len_bits);
        hexvec_field_bytes(&h, stream, codec->bus_bits);
        ok = vecfile_emit(&file, i, v->name, &h);
    }
    return vecfile_finish(&file, ok);
}

bool vecgen_write_line_decompressor(const char *dir, const vecfile_spec *spec,
                                    const vecfile_origin *origin, vec_list *l,
                                    const vecgen_line_codec *codec) {
    size_t bus_bytes = (codec->bus_bits + 7u) / 8u;
    vecfile file = {0};
    bool ok = line_codec_fits(codec) && vecfile_open(&file, dir, spec, origin, l->n);
    size_t errors = 0;
    for (size_t i = 0; ok && i < l->n; i++) {
        vecgen_stream_vec *v = (vecgen_stream_vec *)l->items + i;
        const char *item = v->name;
        unsigned in_len = v->in_len;
        uint8_t *in_bits = v->in_bits;
        vecgen_clear_above(in_bits, codec->bus_bits, 8u * (unsigned)bus_bytes);
        uint8_t wide[MAX_BUS_BYTES];
        vecgen_widen_bus(in_bits, codec->bus_bits, wide, line_codec_wide_bytes(codec));
        uint8_t line[LINE_BYTES];
        np_result r = codec->decompress(wide, in_len, line, sizeof line);
        bool err = r != NP_OK;
        errors += err;
        if (!vecgen_decode_as_named(item, r, vecgen_outcome_as_named(item, err))) {
            ok = false;
            break;
        }
        hexvec h;
        hexvec_init(&h, spec->width);
        hexvec_field(&h, in_len, codec->len_bits);
        hexvec_field_bytes(&h, in_bits, codec->bus_bits);
        hexvec_field(&h, err, 1);
        hexvec_field_bytes(&h, line, 8u * LINE_BYTES); /* the model zeroes it on error */
        ok = vecfile_emit(&file, i, item, &h);
    }
    return vecfile_close_decompressor(&file, errors, ok);
}
