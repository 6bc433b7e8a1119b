/* Warp-by-warp comparison of two Accel-Sim traces' memory instructions; see simt_tracecmp.h. */
#define _POSIX_C_SOURCE 200809L
#include "simt_tracecmp.h"

#include <errno.h>
#include <inttypes.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { K_GLD, K_GST, K_GATOM, K_SLD, K_SST, K_SATOM, K_BAR, K_OTHER };

typedef struct {
    uint8_t kind, width;
    uint32_t mask;
    uint64_t addr[32]; /* per lane (0 where inactive), global ones relative to the base */
} mem_inst;

typedef struct {
    uint32_t block[3];
    unsigned warp;
    mem_inst *in;
    size_t n, cap;
} warp_rec;

typedef struct {
    warp_rec *w;
    size_t n, cap;
    unsigned long insts;
    uint64_t base;
} trace_rec;

static int say(char *msg, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, len, fmt, ap);
    va_end(ap);
    return -1;
}

static int differ(char *msg, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, len, fmt, ap);
    va_end(ap);
    return 1;
}

static int kind_of(const char *opcode) {
    static const struct {
        const char *name;
        int kind;
    } t[] = {{"LDG", K_GLD}, {"LD", K_GLD}, {"STG", K_GST}, {"ST", K_GST}, {"ATOM", K_GATOM}, {"ATOMG", K_GATOM},
             {"RED", K_GATOM}, {"LDS", K_SLD}, {"LDSM", K_SLD}, {"STS", K_SST}, {"ATOMS", K_SATOM}, {"BAR", K_BAR}};
    size_t n = strcspn(opcode, ".");
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (strlen(t[i].name) == n && !strncmp(t[i].name, opcode, n)) return t[i].kind;
    return K_OTHER;
}

static void *grow(void *p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return p;
    size_t c = *cap ? *cap * 2 : 16;
    while (c < need) c *= 2;
    void *q = realloc(p, c * size);
    if (!q) {
        fprintf(stderr, "simt_tracecmp: out of memory\n");
        exit(2);
    }
    *cap = c;
    return q;
}

/* The lowest MemcpyHtoD destination and the kernel file named by a kernelslist.g. */
static int read_list(const char *path, uint64_t *base, char *kernel, size_t klen, char *msg, size_t mlen) {
    FILE *f = fopen(path, "r");
    if (!f) return say(msg, mlen, "%s: %s", path, strerror(errno));
    char line[1024];
    unsigned ln = 0;
    *base = UINT64_MAX;
    kernel[0] = '\0';
    while (fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\r\n")] = '\0';
        unsigned long long a, bytes;
        if (!strncmp(line, "MemcpyHtoD,", 11)) {
            if (sscanf(line + 11, "%llx,%llu", &a, &bytes) != 2) {
                fclose(f);
                return say(msg, mlen, "%s:%u: bad MemcpyHtoD line", path, ln);
            }
            if (a < *base) *base = a;
        } else if (line[0] && !kernel[0]) {
            const char *slash = strrchr(path, '/');
            int dirlen = slash ? (int)(slash - path + 1) : 0;
            snprintf(kernel, klen, "%.*s%s", dirlen, path, line);
        }
    }
    fclose(f);
    if (!kernel[0]) return say(msg, mlen, "%s: names no kernel", path);
    if (*base == UINT64_MAX) *base = 0;
    return 0;
}

static int parse_addrs(char **save, mem_inst *mi, char *msg, size_t mlen, const char *where) {
    char *tok = strtok_r(NULL, " \t", save);
    if (!tok) return say(msg, mlen, "%s: address mode missing", where);
    int mode = atoi(tok);
    uint64_t prev = 0;
    int first = 1;
    long long stride = 0;
    for (unsigned lane = 0; lane < 32; lane++) {
        if (!(mi->mask >> lane & 1u)) continue;
        uint64_t a;
        if (first || mode == 0) {
            tok = strtok_r(NULL, " \t", save);
            if (!tok) return say(msg, mlen, "%s: address missing", where);
            a = strtoull(tok, NULL, 16);
            if (mode == 1 && first) {
                char *s = strtok_r(NULL, " \t", save);
                if (!s) return say(msg, mlen, "%s: stride missing", where);
                stride = strtoll(s, NULL, 10);
            }
        } else if (mode == 1) {
            a = prev + (uint64_t)stride;
        } else if (mode == 2) {
            tok = strtok_r(NULL, " \t", save);
            if (!tok) return say(msg, mlen, "%s: delta missing", where);
            a = prev + (uint64_t)strtoll(tok, NULL, 10);
        } else {
            return say(msg, mlen, "%s: address mode %d", where, mode);
        }
        mi->addr[lane] = a;
        prev = a;
        first = 0;
    }
    return 0;
}

/* A kernel file as a stream: plain, or a name ending in .xz (what make kernels writes) decoded
 * with liblzma into *buf, which the caller frees after fclose. NULL with msg set on failure. */
static FILE *open_kernel(const char *path, char **buf, char *msg, size_t mlen) {
    *buf = NULL;
    size_t n = strlen(path);
    FILE *f = fopen(path, n > 3 && !strcmp(path + n - 3, ".xz") ? "rb" : "r");
    if (!f || n <= 3 || strcmp(path + n - 3, ".xz") != 0) {
        if (!f) say(msg, mlen, "%s: %s", path, strerror(errno));
        return f;
    }
    lzma_stream z = LZMA_STREAM_INIT;
    uint8_t in[1 << 16];
    size_t cap = 1 << 20, len = 0;
    char *out = malloc(cap);
    lzma_ret r = out ? lzma_stream_decoder(&z, UINT64_MAX, 0) : LZMA_MEM_ERROR;
    while (r == LZMA_OK) {
        if (!z.avail_in && !feof(f)) {
            z.next_in = in;
            z.avail_in = fread(in, 1, sizeof in, f);
        }
        if (len == cap) {
            char *grown = realloc(out, cap *= 2);
            if (!grown) {
                r = LZMA_MEM_ERROR;
                break;
            }
            out = grown;
        }
        z.next_out = (uint8_t *)out + len;
        z.avail_out = cap - len;
        r = lzma_code(&z, z.avail_in ? LZMA_RUN : LZMA_FINISH);
        len = cap - z.avail_out;
    }
    lzma_end(&z);
    fclose(f);
    if (r != LZMA_STREAM_END) {
        free(out);
        say(msg, mlen, "%s: not a whole xz stream (liblzma %d)", path, (int)r);
        return NULL;
    }
    f = len ? fmemopen(out, len, "r") : NULL;
    if (!f) {
        free(out);
        say(msg, mlen, "%s: empty or unreadable after decoding", path);
        return NULL;
    }
    *buf = out;
    return f;
}

static int read_trace(const char *list, trace_rec *t, char *msg, size_t mlen) {
    char kpath[4096];
    if (read_list(list, &t->base, kpath, sizeof kpath, msg, mlen)) return -1;
    char *kbuf;
    FILE *f = open_kernel(kpath, &kbuf, msg, mlen);
    if (!f) return -1;
    static char line[8192];
    char where[4200];
    unsigned ln = 0, blk[3] = {0, 0, 0};
    warp_rec *cur = NULL;
    int lineinfo = 0, rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        ln++;
        snprintf(where, sizeof where, "%s:%u", kpath, ln);
        line[strcspn(line, "\r\n")] = '\0';
        if (!line[0] || line[0] == '#') continue;
        if (line[0] == '-') {
            if (!strncmp(line, "-enable lineinfo = ", 19)) lineinfo = atoi(line + 19);
            continue;
        }
        if (sscanf(line, "thread block = %u,%u,%u", &blk[0], &blk[1], &blk[2]) == 3) continue;
        unsigned w;
        if (sscanf(line, "warp = %u", &w) == 1) {
            t->w = grow(t->w, &t->cap, t->n + 1, sizeof *t->w);
            cur = &t->w[t->n++];
            memset(cur, 0, sizeof *cur);
            memcpy(cur->block, blk, sizeof blk);
            cur->warp = w;
            continue;
        }
        if (!strncmp(line, "insts = ", 8)) continue;
        if (!cur) {
            rc = say(msg, mlen, "%s: instruction before 'warp ='", where);
            break;
        }
        char *save, *tok = strtok_r(line, " \t", &save);
        if (lineinfo) tok = strtok_r(NULL, " \t", &save);
        char *mask_s = strtok_r(NULL, " \t", &save), *nd = strtok_r(NULL, " \t", &save);
        if (!tok || !mask_s || !nd) {
            rc = say(msg, mlen, "%s: short instruction line", where);
            break;
        }
        for (int i = atoi(nd); i > 0; i--) strtok_r(NULL, " \t", &save);
        char *opc = strtok_r(NULL, " \t", &save), *ns = opc ? strtok_r(NULL, " \t", &save) : NULL;
        if (!ns) {
            rc = say(msg, mlen, "%s: no opcode", where);
            break;
        }
        for (int i = atoi(ns); i > 0; i--) strtok_r(NULL, " \t", &save);
        char *width = strtok_r(NULL, " \t", &save);
        t->insts++;
        int kind = kind_of(opc);
        if (kind == K_OTHER) continue;
        mem_inst mi;
        memset(&mi, 0, sizeof mi);
        mi.kind = (uint8_t)kind;
        mi.mask = (uint32_t)strtoul(mask_s, NULL, 16);
        mi.width = (uint8_t)(width ? atoi(width) : 0);
        if (kind != K_BAR && mi.mask && parse_addrs(&save, &mi, msg, mlen, where)) {
            rc = -1;
            break;
        }
        if (kind <= K_GATOM)
            for (unsigned l = 0; l < 32; l++)
                if (mi.mask >> l & 1u) mi.addr[l] -= t->base;
        cur->in = grow(cur->in, &cur->cap, cur->n + 1, sizeof *cur->in);
        cur->in[cur->n++] = mi;
    }
    fclose(f);
    free(kbuf);
    return rc;
}

static void free_trace(trace_rec *t) {
    for (size_t i = 0; i < t->n; i++) free(t->w[i].in);
    free(t->w);
}

static int cmp_inst(const void *x, const void *y) {
    const mem_inst *a = x, *b = y;
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    if (a->width != b->width) return a->width < b->width ? -1 : 1;
    if (a->mask != b->mask) return a->mask < b->mask ? -1 : 1;
    return memcmp(a->addr, b->addr, sizeof a->addr);
}

static const char *kind_name(int k) {
    static const char *n[] = {"global load", "global store", "global atomic", "shared load", "shared store",
                              "shared atomic", "barrier", "other"};
    return n[k];
}

static void describe(char *buf, size_t len, const mem_inst *m) {
    unsigned first = m->mask ? (unsigned)__builtin_ctz(m->mask) : 0;
    snprintf(buf, len, "%s width %u mask %08x lane %u at +0x%" PRIx64, kind_name(m->kind), m->width, m->mask, first,
             m->addr[first]);
}

/* One warp: same pieces between barriers; globals in order, shareds as multisets. */
static int compare_warp(const warp_rec *a, const warp_rec *b, char *msg, size_t mlen) {
    size_t i = 0, j = 0;
    unsigned piece = 0;
    char da[200], db[200];
    for (;;) {
        size_t ie = i, je = j;
        while (ie < a->n && a->in[ie].kind != K_BAR) ie++;
        while (je < b->n && b->in[je].kind != K_BAR) je++;
        mem_inst *ga = malloc((ie - i + 1) * sizeof *ga), *gb = malloc((je - j + 1) * sizeof *gb);
        mem_inst *sa = malloc((ie - i + 1) * sizeof *sa), *sb = malloc((je - j + 1) * sizeof *sb);
        if (!ga || !gb || !sa || !sb) {
            fprintf(stderr, "simt_tracecmp: out of memory\n");
            exit(2);
        }
        size_t nga = 0, ngb = 0, nsa = 0, nsb = 0;
        for (size_t k = i; k < ie; k++) {
            if (a->in[k].kind <= K_GATOM) ga[nga++] = a->in[k];
            else sa[nsa++] = a->in[k];
        }
        for (size_t k = j; k < je; k++) {
            if (b->in[k].kind <= K_GATOM) gb[ngb++] = b->in[k];
            else sb[nsb++] = b->in[k];
        }
        int rc = 0;
        for (size_t k = 0; !rc && k < nga && k < ngb; k++)
            if (cmp_inst(&ga[k], &gb[k])) {
                describe(da, sizeof da, &ga[k]);
                describe(db, sizeof db, &gb[k]);
                rc = differ(msg, mlen, "block %u,%u,%u warp %u, piece %u (after %u barriers), global instruction %zu: %s vs %s",
                                 a->block[0], a->block[1], a->block[2], a->warp, piece, piece, k, da, db);
            }
        if (!rc && nga != ngb)
            rc = differ(msg, mlen, "block %u,%u,%u warp %u, piece %u: %zu vs %zu global instructions", a->block[0],
                             a->block[1], a->block[2], a->warp, piece, nga, ngb);
        qsort(sa, nsa, sizeof *sa, cmp_inst);
        qsort(sb, nsb, sizeof *sb, cmp_inst);
        for (size_t k = 0; !rc && k < nsa && k < nsb; k++)
            if (cmp_inst(&sa[k], &sb[k])) {
                describe(da, sizeof da, &sa[k]);
                describe(db, sizeof db, &sb[k]);
                rc = differ(msg, mlen, "block %u,%u,%u warp %u, piece %u: shared instructions differ (sorted #%zu: %s vs %s)",
                                 a->block[0], a->block[1], a->block[2], a->warp, piece, k, da, db);
            }
        if (!rc && nsa != nsb)
            rc = differ(msg, mlen, "block %u,%u,%u warp %u, piece %u: %zu vs %zu shared instructions", a->block[0],
                             a->block[1], a->block[2], a->warp, piece, nsa, nsb);
        free(ga);
        free(gb);
        free(sa);
        free(sb);
        if (rc) return rc;
        int enda = ie >= a->n, endb = je >= b->n;
        if (enda != endb)
            return differ(msg, mlen, "block %u,%u,%u warp %u: %s has more barriers", a->block[0], a->block[1],
                               a->block[2], a->warp, enda ? "the second trace" : "the first trace");
        if (enda) return 0;
        if (a->in[ie].mask != b->in[je].mask)
            return differ(msg, mlen, "block %u,%u,%u warp %u: barrier %u mask %08x vs %08x", a->block[0],
                               a->block[1], a->block[2], a->warp, piece, a->in[ie].mask, b->in[je].mask);
        i = ie + 1;
        j = je + 1;
        piece++;
    }
}

static void count(const trace_rec *t, unsigned long *g, unsigned long *s, unsigned long *bars) {
    for (size_t i = 0; i < t->n; i++)
        for (size_t k = 0; k < t->w[i].n; k++) {
            int kd = t->w[i].in[k].kind;
            if (kd <= K_GATOM) (*g)++;
            else if (kd == K_BAR) (*bars)++;
            else (*s)++;
        }
}

int simt_trace_compare(const char *a, const char *b, simt_tracecmp_counts *c, char *msg, size_t msg_len) {
    trace_rec ta, tb;
    memset(&ta, 0, sizeof ta);
    memset(&tb, 0, sizeof tb);
    memset(c, 0, sizeof *c);
    msg[0] = '\0';
    int rc = read_trace(a, &ta, msg, msg_len);
    if (!rc) rc = read_trace(b, &tb, msg, msg_len);
    if (!rc) {
        c->insts_a = ta.insts;
        c->insts_b = tb.insts;
        count(&ta, &c->global_a, &c->shared_a, &c->bars_a);
        count(&tb, &c->global_b, &c->shared_b, &c->bars_b);
        if (ta.n != tb.n) rc = differ(msg, msg_len, "%zu vs %zu warps", ta.n, tb.n);
        for (size_t i = 0; !rc && i < ta.n; i++) {
            if (memcmp(ta.w[i].block, tb.w[i].block, sizeof ta.w[i].block) || ta.w[i].warp != tb.w[i].warp)
                rc = differ(msg, msg_len, "warp record %zu: block/warp ids differ", i);
            else
                rc = compare_warp(&ta.w[i], &tb.w[i], msg, msg_len);
            c->warps += !rc;
        }
    }
    free_trace(&ta);
    free_trace(&tb);
    return rc;
}
