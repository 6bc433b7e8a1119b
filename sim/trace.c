/* Trace reader and writers, text and binary; formats in trace.h and docs/sim.md. */
#define _POSIX_C_SOURCE 200809L
#include "trace.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char MAGIC[8] = {'N', 'P', 'T', 'R', 'A', 'C', 'E', '1'};
#define TRACE_VERSION 1u
#define TRACE_RECORD 16u

void trace_init(trace_t *t) { memset(t, 0, sizeof *t); }
void trace_free(trace_t *t) {
    free(t->a);
    trace_init(t);
}

void trace_push(trace_t *t, trace_access a) {
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 4096;
        trace_access *grown = realloc(t->a, cap * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "npsim: out of memory (trace)\n");
            exit(2);
        }
        t->a = grown;
        t->cap = cap;
    }
    t->a[t->count++] = a;
}

static bool fail(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return false;
}

static bool check_ids(const trace_access *a, unsigned max_sm, unsigned max_warp, const char *where, char *err,
                      size_t len) {
    if (a->sm >= max_sm) return fail(err, len, "%s: sm %u out of range (the machine has %u SMs)", where, a->sm, max_sm);
    if (a->warp >= max_warp)
        return fail(err, len, "%s: warp %u out of range (warps_per_sm = %u)", where, a->warp, max_warp);
    if (a->mask == 0 || a->mask > 0xF) return fail(err, len, "%s: sub-block mask must be 1..f", where);
    if (a->addr >> 48) return fail(err, len, "%s: address wider than 48 bits", where);
    return true;
}

static bool parse_uint(const char *tok, int base, uint64_t max, uint64_t *out) {
    char *end;
    if (!tok || *tok == '-' || *tok == '+') return false;
    errno = 0;
    unsigned long long v = strtoull(tok, &end, base);
    if (end == tok || *end || errno || v > max) return false;
    *out = v;
    return true;
}

static bool parse_text_line(char *line, trace_access *a, const char *where, char *err, size_t len) {
    char *save = NULL;
    char *f[6];
    unsigned n = 0;
    for (char *tok = strtok_r(line, " \t\r", &save); tok && n < 6; tok = strtok_r(NULL, " \t\r", &save)) f[n++] = tok;
    if (n != 5) return fail(err, len, "%s: expected 'sm warp R|W address mask', got %u fields", where, n);
    uint64_t sm, warp, addr, mask;
    if (!parse_uint(f[0], 10, 65535, &sm)) return fail(err, len, "%s: bad sm '%s'", where, f[0]);
    if (!parse_uint(f[1], 10, 65535, &warp)) return fail(err, len, "%s: bad warp '%s'", where, f[1]);
    if (strcmp(f[2], "R") && strcmp(f[2], "W")) return fail(err, len, "%s: access type must be R or W, got '%s'", where, f[2]);
    if (!parse_uint(f[3], 0, UINT64_MAX, &addr)) return fail(err, len, "%s: bad address '%s'", where, f[3]);
    if (!parse_uint(f[4], 16, 0xF, &mask)) return fail(err, len, "%s: bad sub-block mask '%s' (hex 1..f)", where, f[4]);
    *a = (trace_access){addr, (uint16_t)sm, (uint16_t)warp, f[2][0] == 'W', (uint8_t)mask};
    return true;
}

static bool load_text(trace_t *t, FILE *f, const char *path, unsigned max_sm, unsigned max_warp, char *err,
                      size_t len) {
    char line[512];
    unsigned lineno = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        char where[600];
        snprintf(where, sizeof where, "%s:%u", path, lineno);
        if (!strchr(line, '\n') && !feof(f)) return fail(err, len, "%s: line too long", where);
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        line[strcspn(line, "\n")] = '\0';
        char *p = line;
        while (isspace((unsigned char)*p)) p++;
        if (!*p) continue;
        trace_access a;
        if (!parse_text_line(p, &a, where, err, len) || !check_ids(&a, max_sm, max_warp, where, err, len)) return false;
        trace_push(t, a);
    }
    return true;
}

static uint64_t get_le(const uint8_t *p, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void put_le(uint8_t *p, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static bool load_binary(trace_t *t, FILE *f, const char *path, unsigned max_sm, unsigned max_warp, char *err,
                        size_t len) {
    uint8_t hdr[16];
    if (fread(hdr, 1, 16, f) != 16) return fail(err, len, "%s: header: truncated", path);
    if (get_le(hdr + 8, 4) != TRACE_VERSION)
        return fail(err, len, "%s: header: version %u, expected %u", path, (unsigned)get_le(hdr + 8, 4), TRACE_VERSION);
    if (get_le(hdr + 12, 4) != TRACE_RECORD)
        return fail(err, len, "%s: header: record size %u, expected %u", path, (unsigned)get_le(hdr + 12, 4), TRACE_RECORD);
    uint8_t rec[TRACE_RECORD];
    for (size_t n = 1;; n++) {
        size_t got = fread(rec, 1, TRACE_RECORD, f);
        if (got == 0) break;
        char where[600];
        snprintf(where, sizeof where, "%s:record %zu", path, n);
        if (got != TRACE_RECORD) return fail(err, len, "%s: truncated (%zu of %u bytes)", where, got, TRACE_RECORD);
        if (rec[12] & ~1u) return fail(err, len, "%s: unknown flag bits 0x%02x", where, rec[12]);
        if (rec[14] || rec[15]) return fail(err, len, "%s: reserved bytes are not zero", where);
        trace_access a = {get_le(rec, 8), (uint16_t)get_le(rec + 8, 2), (uint16_t)get_le(rec + 10, 2), rec[12] & 1u, rec[13]};
        if (!check_ids(&a, max_sm, max_warp, where, err, len)) return false;
        trace_push(t, a);
    }
    return true;
}

bool trace_load(trace_t *t, const char *path, unsigned max_sm, unsigned max_warp, char *err, size_t len) {
    FILE *f = fopen(path, "rb");
    if (!f) return fail(err, len, "%s: cannot open: %s", path, strerror(errno));
    char magic[8];
    size_t got = fread(magic, 1, 8, f);
    rewind(f);
    bool ok = got == 8 && memcmp(magic, MAGIC, 8) == 0 ? load_binary(t, f, path, max_sm, max_warp, err, len)
                                                       : load_text(t, f, path, max_sm, max_warp, err, len);
    fclose(f);
    if (ok && t->count == 0) ok = fail(err, len, "%s: the trace holds no access", path);
    return ok;
}

bool trace_save_text(const trace_t *t, const char *path, char *err, size_t len) {
    FILE *f = fopen(path, "w");
    if (!f) return fail(err, len, "%s: cannot create: %s", path, strerror(errno));
    fprintf(f, "# nocpress trace v1: sm warp R|W address sub-block-mask (docs/sim.md)\n");
    for (size_t i = 0; i < t->count; i++) {
        const trace_access *a = &t->a[i];
        fprintf(f, "%u %u %c 0x%" PRIx64 " %x\n", a->sm, a->warp, a->write ? 'W' : 'R', a->addr, a->mask);
    }
    bool ok = fclose(f) == 0;
    return ok || fail(err, len, "%s: write failed", path);
}

bool trace_save_binary(const trace_t *t, const char *path, char *err, size_t len) {
    FILE *f = fopen(path, "wb");
    if (!f) return fail(err, len, "%s: cannot create: %s", path, strerror(errno));
    uint8_t hdr[16];
    memcpy(hdr, MAGIC, 8);
    put_le(hdr + 8, TRACE_VERSION, 4);
    put_le(hdr + 12, TRACE_RECORD, 4);
    fwrite(hdr, 1, 16, f);
    for (size_t i = 0; i < t->count; i++) {
        const trace_access *a = &t->a[i];
        uint8_t rec[TRACE_RECORD] = {0};
        put_le(rec, a->addr, 8);
        put_le(rec + 8, a->sm, 2);
        put_le(rec + 10, a->warp, 2);
        rec[12] = a->write ? 1 : 0;
        rec[13] = a->mask;
        fwrite(rec, 1, TRACE_RECORD, f);
    }
    bool ok = fclose(f) == 0;
    return ok || fail(err, len, "%s: write failed", path);
}
