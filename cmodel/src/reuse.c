/* Reuse-distance analysis and trace parsing (docs/ba.md section 6). */
#include "reuse.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- trace storage ------------------------------------------------------------------------ */

void reuse_trace_init(reuse_trace *t) {
    memset(t, 0, sizeof *t);
}

void reuse_trace_free(reuse_trace *t) {
    free(t->line);
    free(t->write);
    reuse_trace_init(t);
}

bool reuse_trace_push(reuse_trace *t, uint64_t line_addr, bool write) {
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        uint64_t *l = realloc(t->line, cap * sizeof *l);
        if (l == NULL) {
            return false;
        }
        t->line = l;
        uint8_t *w = realloc(t->write, cap);
        if (w == NULL) {
            return false;
        }
        t->write = w;
        t->cap = cap;
    }
    t->line[t->count] = line_addr;
    t->write[t->count] = write ? 1 : 0;
    t->count++;
    return true;
}

/* ---- trace parsing ------------------------------------------------------------------------ */

static np_result parse_error(char *err, size_t err_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static np_result parse_error(char *err, size_t err_len, const char *fmt, ...) {
    if (err != NULL && err_len > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, err_len, fmt, ap);
        va_end(ap);
    }
    return NP_BAD_DATA;
}

/* A cursor over one text line (no NUL terminator needed). */
typedef struct {
    const char *p, *end;
} cursor;

static void skip_blanks(cursor *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')) {
        c->p++;
    }
}

/* The next whitespace-separated token; false when none is left. */
static bool next_token(cursor *c, const char **tok, size_t *len) {
    skip_blanks(c);
    if (c->p >= c->end) {
        return false;
    }
    *tok = c->p;
    while (c->p < c->end && *c->p != ' ' && *c->p != '\t' && *c->p != '\r') {
        c->p++;
    }
    *len = (size_t)(c->p - *tok);
    return true;
}

static int hex_digit(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* How a number may be written: decimal only, decimal or 0x-hex, hex with an optional 0x. */
typedef enum { NUM_DEC, NUM_DEC_OR_HEX, NUM_HEX } num_form;

/* Unsigned number in the given form, below limit (limit <= 2^48, so no step overflows). */
static bool parse_number(const char *tok, size_t len, num_form form, uint64_t limit, uint64_t *out) {
    unsigned base = form == NUM_HEX ? 16u : 10u;
    if (form != NUM_DEC && len > 2 && tok[0] == '0' && (tok[1] == 'x' || tok[1] == 'X')) {
        base = 16;
        tok += 2;
        len -= 2;
    }
    if (len == 0) {
        return false;
    }
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        int d = hex_digit(tok[i]);
        if (d < 0 || (unsigned)d >= base) {
            return false;
        }
        v = v * base + (uint64_t)d;
        if (v >= limit) {
            return false;
        }
    }
    *out = v;
    return true;
}

static np_result parse_text_line(const char *p, const char *end, const char *name, size_t lineno,
                                 reuse_trace *t, char *err, size_t err_len) {
    for (const char *q = p; q < end; q++) {
        if (*q == '#') {
            end = q;   /* comment to the end of the line */
            break;
        }
    }
    cursor c = {p, end};
    const char *tok[6];
    size_t len[6];
    unsigned n = 0;
    while (n < 6 && next_token(&c, &tok[n], &len[n])) {
        n++;
    }
    if (n == 0) {
        return NP_OK;   /* blank or comment-only line */
    }
    if (n != 5) {
        return parse_error(err, err_len, "%s:%zu: expected 5 fields 'sm warp R|W address mask', found %s",
                           name, lineno, n > 5 ? "more" : "fewer");
    }
    uint64_t sm, warp, addr, mask;
    if (!parse_number(tok[0], len[0], NUM_DEC, 65536, &sm)) {
        return parse_error(err, err_len, "%s:%zu: bad sm id '%.*s' (0..65535)", name, lineno,
                           (int)len[0], tok[0]);
    }
    if (!parse_number(tok[1], len[1], NUM_DEC, 65536, &warp)) {
        return parse_error(err, err_len, "%s:%zu: bad warp id '%.*s' (0..65535)", name, lineno,
                           (int)len[1], tok[1]);
    }
    bool write;
    if (len[2] == 1 && (tok[2][0] == 'R' || tok[2][0] == 'W')) {
        write = tok[2][0] == 'W';
    } else {
        return parse_error(err, err_len, "%s:%zu: access kind '%.*s' is not R or W", name, lineno,
                           (int)len[2], tok[2]);
    }
    if (!parse_number(tok[3], len[3], NUM_DEC_OR_HEX, REUSE_ADDR_LIMIT, &addr)) {
        return parse_error(err, err_len, "%s:%zu: bad address '%.*s' (hex with 0x or decimal, below 2^48)",
                           name, lineno, (int)len[3], tok[3]);
    }
    if (!parse_number(tok[4], len[4], NUM_HEX, 16, &mask) || mask == 0) {
        return parse_error(err, err_len, "%s:%zu: bad sub-block mask '%.*s' (hex 1..f)", name, lineno,
                           (int)len[4], tok[4]);
    }
    if (!reuse_trace_push(t, addr >> 7, write)) {
        return parse_error(err, err_len, "%s:%zu: out of memory", name, lineno);
    }
    return NP_OK;
}

static np_result parse_text(const uint8_t *buf, size_t len, const char *name, reuse_trace *t,
                            char *err, size_t err_len) {
    const char *p = (const char *)buf;
    const char *end = p + len;
    size_t lineno = 1;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *stop = eol != NULL ? eol : end;
        if (memchr(p, '\0', (size_t)(stop - p)) != NULL) {
            return parse_error(err, err_len, "%s:%zu: NUL byte in a text trace", name, lineno);
        }
        np_result r = parse_text_line(p, stop, name, lineno, t, err, err_len);
        if (r != NP_OK) {
            return r;
        }
        p = eol != NULL ? eol + 1 : end;
        lineno++;
    }
    return NP_OK;
}

static uint64_t get_le(const uint8_t *p, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint64_t)p[i] << (8 * i);
    }
    return v;
}

#define TRACE_MAGIC "NPTRACE1"
#define TRACE_HEADER 16u
#define TRACE_RECORD 16u

static np_result parse_binary(const uint8_t *buf, size_t len, const char *name, reuse_trace *t,
                              char *err, size_t err_len) {
    if (len < TRACE_HEADER) {
        return parse_error(err, err_len, "%s:record 0: header truncated (%zu of 16 bytes)", name, len);
    }
    if (get_le(buf + 8, 4) != 1) {
        return parse_error(err, err_len, "%s:record 0: version %u, expected 1", name,
                           (unsigned)get_le(buf + 8, 4));
    }
    if (get_le(buf + 12, 4) != TRACE_RECORD) {
        return parse_error(err, err_len, "%s:record 0: record size %u, expected 16", name,
                           (unsigned)get_le(buf + 12, 4));
    }
    size_t body = len - TRACE_HEADER;
    size_t records = body / TRACE_RECORD;
    for (size_t i = 0; i < records; i++) {
        const uint8_t *r = buf + TRACE_HEADER + i * TRACE_RECORD;
        const uint64_t addr = get_le(r, 8);
        const unsigned flags = r[12], mask = r[13];
        if (addr >= REUSE_ADDR_LIMIT) {
            return parse_error(err, err_len, "%s:record %zu: address 0x%llx is not below 2^48", name,
                               i + 1, (unsigned long long)addr);
        }
        if ((flags & ~1u) != 0) {
            return parse_error(err, err_len, "%s:record %zu: flags 0x%02x has bits other than 0 set",
                               name, i + 1, flags);
        }
        if (mask == 0 || mask > 15) {
            return parse_error(err, err_len, "%s:record %zu: sub-block mask 0x%02x is not 1..f", name,
                               i + 1, mask);
        }
        if (get_le(r + 14, 2) != 0) {
            return parse_error(err, err_len, "%s:record %zu: reserved bytes 14..15 are not zero", name,
                               i + 1);
        }
        if (!reuse_trace_push(t, addr >> 7, (flags & 1u) != 0)) {
            return parse_error(err, err_len, "%s:record %zu: out of memory", name, i + 1);
        }
    }
    if (body % TRACE_RECORD != 0) {
        return parse_error(err, err_len, "%s:record %zu: truncated (%zu of 16 bytes)", name,
                           records + 1, body % TRACE_RECORD);
    }
    return NP_OK;
}

np_result reuse_trace_parse(const uint8_t *buf, size_t len, const char *name, reuse_trace *t,
                            char *err, size_t err_len) {
    if (t == NULL || (buf == NULL && len > 0)) {
        return NP_BAD_PARAM;
    }
    if (name == NULL) {
        name = "trace";
    }
    if (len >= 8 && memcmp(buf, TRACE_MAGIC, 8) == 0) {
        return parse_binary(buf, len, name, t, err, err_len);
    }
    return parse_text(buf, len, name, t, err, err_len);
}

/* ---- reuse distance ----------------------------------------------------------------------- */

unsigned reuse_bins(uint64_t lines, uint64_t bin_lo[REUSE_MAX_BINS]) {
    unsigned n = 0;
    bin_lo[n++] = 0;
    for (uint64_t b = 8; b < lines && n < REUSE_MAX_BINS - 2; b *= 2) {
        bin_lo[n++] = b;
    }
    if (lines > 0) {
        bin_lo[n++] = lines;
    }
    bin_lo[n++] = REUSE_INF;
    return n;
}

unsigned reuse_bin_of(const reuse_report *r, uint64_t d) {
    unsigned i = 0;
    while (i + 1 < r->bins && d >= r->bin_lo[i + 1]) {
        i++;
    }
    return i;
}

/* Fenwick tree of 0/1 marks over positions 0..n-1. */
typedef struct {
    uint32_t *t;
    size_t n;
} fenwick;

static void fen_add(fenwick *f, size_t i, int32_t v) {
    for (i++; i <= f->n; i += i & (~i + 1)) {
        f->t[i - 1] = (uint32_t)((int32_t)f->t[i - 1] + v);
    }
}

/* Marks in positions 0..i-1. */
static uint64_t fen_prefix(const fenwick *f, size_t i) {
    uint64_t s = 0;
    for (; i > 0; i -= i & (~i + 1)) {
        s += f->t[i - 1];
    }
    return s;
}

/* Line -> latest access (global position and position within its set), open addressing. */
typedef struct {
    uint64_t key;
    uint64_t last_global;   /* position + 1; 0 = empty slot */
    uint64_t last_local;
} slot;

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static slot *find_slot(slot *tab, size_t mask, uint64_t key) {
    size_t i = (size_t)mix64(key) & mask;
    while (tab[i].last_global != 0 && tab[i].key != key) {
        i = (i + 1) & mask;
    }
    return &tab[i];
}

static unsigned classify(uint64_t d, uint64_t n) {
    return d == REUSE_INF ? 2u : (d < n ? 0u : 1u);
}

np_result reuse_analyze(const uint64_t *line, size_t n, unsigned sets, unsigned ways,
                        reuse_report *r, uint64_t *dist_set, uint64_t *dist_fa) {
    if (r == NULL || (line == NULL && n > 0) || sets == 0 || (sets & (sets - 1u)) != 0 ||
        ways == 0 || (uint64_t)sets * ways > UINT32_MAX || n >= UINT32_MAX) {
        return NP_BAD_PARAM;
    }
    memset(r, 0, sizeof *r);
    r->sets = sets;
    r->ways = ways;
    const uint64_t lines = (uint64_t)sets * ways;
    r->bins = reuse_bins(lines, r->bin_lo);

    /* Per-set segments of the position space: set s owns [offset[s], offset[s] + count[s]). */
    size_t *offset = calloc((size_t)sets + 1, sizeof *offset);
    size_t *local = calloc((size_t)sets, sizeof *local);
    size_t cap = 16;
    while (cap < 2 * n) {
        cap *= 2;
    }
    slot *tab = calloc(cap, sizeof *tab);
    fenwick fa = {calloc(n ? n : 1, sizeof(uint32_t)), n};
    fenwick ps = {calloc(n ? n : 1, sizeof(uint32_t)), n};
    np_result res = NP_OK;
    if (offset == NULL || local == NULL || tab == NULL || fa.t == NULL || ps.t == NULL) {
        res = NP_NO_SPACE;
        goto out;
    }
    const uint64_t set_mask = sets - 1u;
    for (size_t i = 0; i < n; i++) {
        offset[(line[i] & set_mask) + 1]++;
    }
    for (unsigned s = 0; s < sets; s++) {
        offset[s + 1] += offset[s];
    }
    for (size_t i = 0; i < n; i++) {
        const unsigned s = (unsigned)(line[i] & set_mask);
        const size_t here_local = offset[s] + local[s]++;
        slot *e = find_slot(tab, cap - 1, line[i]);
        uint64_t d_fa = REUSE_INF, d_set = REUSE_INF;
        if (e->last_global != 0) {
            const size_t prev = (size_t)(e->last_global - 1), prev_local = (size_t)e->last_local;
            d_fa = fen_prefix(&fa, i) - fen_prefix(&fa, prev + 1);
            d_set = fen_prefix(&ps, here_local) - fen_prefix(&ps, prev_local + 1);
            fen_add(&fa, prev, -1);
            fen_add(&ps, prev_local, -1);
        } else {
            e->key = line[i];
            r->distinct++;
        }
        e->last_global = i + 1;
        e->last_local = here_local;
        fen_add(&fa, i, 1);
        fen_add(&ps, here_local, 1);
        r->rd_set[classify(d_set, ways)]++;
        r->rd_fa[classify(d_fa, lines)]++;
        r->hist[reuse_bin_of(r, d_fa)]++;
        if (dist_set != NULL) dist_set[i] = d_set;
        if (dist_fa != NULL) dist_fa[i] = d_fa;
    }
    r->accesses = n;
out:
    free(offset);
    free(local);
    free(tab);
    free(fa.t);
    free(ps.t);
    return res;
}
