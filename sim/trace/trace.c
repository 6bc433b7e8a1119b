/* Trace reader and writers, text and binary; formats in trace.h and docs/sim.md. */
#define _POSIX_C_SOURCE 200809L
#include "trace/trace.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "np_fileio.h"
#include "np_progress.h"
#include "util/textscan.h"
#include "trace/traceg.h"

static const char MAGIC[8] = {'N', 'P', 'T', 'R', 'A', 'C', 'E', '1'};
#define TRACE_RECORD 16u
#define REC_INST 1u
#define REC_ACCESS 2u
#define REC_BLOCK 3u

static const char *const op_names[OP_CLASSES] = {"alu", "sfu", "other", "R", "W", "lds", "sts", "bar", "exit"};

const char *trace_op_name(unsigned op) { return op < OP_CLASSES ? op_names[op] : "?"; }

void trace_init(trace_t *t) { memset(t, 0, sizeof *t); }
void trace_free(trace_t *t) {
    free(t->a);
    free(t->in);
    free(t->blk);
    trace_init(t);
}

static void *grow(void *p, size_t *cap, size_t need, size_t size) {
    if (need <= *cap) return p;
    size_t c = *cap ? *cap * 2 : 4096;
    while (c < need) c *= 2;
    void *q = realloc(p, c * size);
    if (!q) {
        fprintf(stderr, "npsim: out of memory (trace)\n");
        exit(NP_EXIT_RESOURCE);
    }
    *cap = c;
    return q;
}

void trace_push_inst(trace_t *t, trace_inst inst, const trace_access *acc, unsigned n) {
    inst.first_acc = (uint32_t)t->count;
    inst.nacc = (uint16_t)n;
    t->a = grow(t->a, &t->cap, t->count + n, sizeof *t->a);
    for (unsigned i = 0; i < n; i++) {
        trace_access a = acc[i];
        a.sm = inst.sm;
        a.warp = inst.warp;
        a.write = inst.op == OP_ST;
        a.atomic = inst.op == OP_LD && inst.atomic;
        t->a[t->count++] = a;
    }
    t->in = grow(t->in, &t->incap, t->nin + 1, sizeof *t->in);
    t->in[t->nin++] = inst;
    if ((inst.op != OP_LD && inst.op != OP_ST) || inst.ndst || inst.nsrc || n != 1) t->has_compute = true;
}

void trace_push(trace_t *t, trace_access a) {
    trace_inst in = {.sm = a.sm, .warp = a.warp, .op = a.write ? OP_ST : OP_LD};
    trace_push_inst(t, in, &a, 1);
}

void trace_push_block(trace_t *t, trace_block b) {
    t->blk = grow(t->blk, &t->blkcap, t->nblk + 1, sizeof *t->blk);
    t->blk[t->nblk++] = b;
    t->has_compute = true;
}

static bool fail(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return false;
}

/* Where a check failed: "path:record 12", "path:12" (a text line: unit ""), "trace access 5"
 * (path NULL). Rendered only when a check fails: formatting it for every record took over half of
 * the time to read a binary trace. */
typedef struct {
    const char *path;
    const char *unit;
    size_t n;
} trace_pos;

static bool pos_fail(const trace_pos *pos, char *err, size_t len, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (pos->path)
        snprintf(err, len, "%s:%s%s%zu: %s", pos->path, pos->unit, *pos->unit ? " " : "", pos->n, msg);
    else
        snprintf(err, len, "%s %zu: %s", pos->unit, pos->n, msg);
    return false;
}

static bool check_access(const trace_access *a, const trace_pos *pos, char *err, size_t len) {
    if (a->mask == 0 || a->mask > 0xF) return pos_fail(pos, err, len, "sub-block mask must be 1..f");
    if (a->addr >> 48) return pos_fail(pos, err, len, "address wider than 48 bits");
    return true;
}

static bool check_inst(const trace_inst *in, unsigned max_sm, unsigned max_warp, const trace_pos *pos, char *err,
                       size_t len) {
    if (in->sm >= max_sm) return pos_fail(pos, err, len, "sm %u out of range (the machine has %u SMs)", in->sm, max_sm);
    if (in->warp >= max_warp)
        return pos_fail(pos, err, len, "warp %u out of range (warps_per_sm = %u)", in->warp, max_warp);
    if (in->op >= OP_CLASSES) return pos_fail(pos, err, len, "unknown instruction class %u", in->op);
    if ((in->op == OP_LD || in->op == OP_ST) != (in->nacc > 0))
        return pos_fail(pos, err, len, "%s", in->nacc ? "only a global load/store has line requests"
                                                      : "a global load/store needs at least one line request");
    if (in->ndst > 4 || (in->ndst && (in->dst == TRACE_RZ || (unsigned)in->dst + in->ndst > TRACE_RZ)))
        return pos_fail(pos, err, len, "destination r%u x%u outside r0..r254", in->dst, in->ndst);
    if (in->nsrc > TRACE_MAX_SRC) return pos_fail(pos, err, len, "more than %u sources", TRACE_MAX_SRC);
    /* Here, not in one reader: every reader (text, binary, Accel-Sim) and trace_check apply it,
     * so whatever one format accepts the others can write and read back. */
    if (in->ndst && (in->op == OP_ST || in->op == OP_SST || in->op == OP_BAR || in->op == OP_EXIT))
        return pos_fail(pos, err, len, "%s has no destination register", op_names[in->op]);
    return true;
}

static int block_cmp(const void *a, const void *b) {
    const trace_block *x = a, *y = b;
    if (x->sm != y->sm) return x->sm < y->sm ? -1 : 1;
    return x->first_warp < y->first_warp ? -1 : x->first_warp > y->first_warp;
}

bool trace_check(const trace_t *t, unsigned max_sm, unsigned max_warp, char *err, size_t len) {
    for (size_t i = 0; i < t->nin; i++) {
        trace_pos pos = {NULL, "trace instruction", i + 1};
        if (!check_inst(&t->in[i], max_sm, max_warp, &pos, err, len)) return false;
    }
    for (size_t i = 0; i < t->count; i++) {
        trace_pos pos = {NULL, "trace access", i + 1};
        if (!check_access(&t->a[i], &pos, err, len)) return false;
    }
    for (size_t i = 0; i < t->nblk; i++) {
        const trace_block *b = &t->blk[i];
        if (b->sm >= max_sm || b->nwarps == 0 || (unsigned)b->first_warp + b->nwarps > max_warp)
            return fail(err, len, "trace block %zu: sm %u warps %u..%u outside the machine (%u SMs, %u warps)", i + 1,
                        b->sm, b->first_warp, b->first_warp + b->nwarps - 1u, max_sm, max_warp);
    }
    /* overlapping blocks: sort a copy by (sm, first warp), compare neighbours */
    if (t->nblk > 1) {
        trace_block *s = malloc(t->nblk * sizeof *s);
        if (!s) return fail(err, len, "out of memory (trace check)");
        memcpy(s, t->blk, t->nblk * sizeof *s);
        qsort(s, t->nblk, sizeof *s, block_cmp);
        for (size_t i = 1; i < t->nblk; i++)
            if (s[i].sm == s[i - 1].sm && s[i].first_warp < s[i - 1].first_warp + s[i - 1].nwarps) {
                unsigned sm = s[i].sm, w = s[i].first_warp;
                free(s);
                return fail(err, len, "trace blocks overlap on sm %u at warp %u", sm, w);
            }
        free(s);
    }
    return true;
}

/* ---- text ---------------------------------------------------------------------------------- */

/* "rN" or "rNxK" (K only when allow_width). */
static bool parse_reg(const char *s, bool allow_width, uint8_t *reg, uint8_t *width) {
    if (s[0] != 'r') return false;
    char num[16];
    const char *x = allow_width ? strchr(s, 'x') : NULL;
    size_t n = x ? (size_t)(x - s - 1) : strlen(s + 1);
    if (n == 0 || n >= sizeof num) return false;
    memcpy(num, s + 1, n);
    num[n] = '\0';
    uint64_t r, k = 1;
    if (!ts_dec_u64(num, 255, &r)) return false;
    if (x && (!ts_dec_u64(x + 1, 4, &k) || k == 0)) return false;
    *reg = (uint8_t)r;
    if (width) *width = (uint8_t)k;
    return true;
}

static bool parse_regs(textscan *ts, unsigned from, trace_inst *in) {
    bool seen_d = false, seen_s = false;
    for (unsigned i = from; i < ts->ntok; i++) {
        const char *tok = ts->tok[i];
        if (!strncmp(tok, "d=", 2) && !seen_d) {
            seen_d = true;
            uint8_t r, k;
            if (!parse_reg(tok + 2, true, &r, &k))
                return ts_fail(ts, "bad destination '%s' (d=rN or d=rNxK, N 0..254, K 1..4)", tok);
            if (r != TRACE_RZ) {
                in->dst = r;
                in->ndst = k;
            }
        } else if (!strncmp(tok, "s=", 2) && !seen_s) {
            seen_s = true;
            char buf[128];
            snprintf(buf, sizeof buf, "%s", tok + 2);
            char *save = NULL;
            for (char *r = strtok_r(buf, ",", &save); r; r = strtok_r(NULL, ",", &save)) {
                uint8_t reg;
                if (!parse_reg(r, false, &reg, NULL)) return ts_fail(ts, "bad source register '%s' (rN, N 0..255)", r);
                if (in->nsrc == TRACE_MAX_SRC) return ts_fail(ts, "more than %u source registers", TRACE_MAX_SRC);
                if (reg != TRACE_RZ) in->src[in->nsrc++] = reg;
            }
        } else {
            return ts_fail(ts, "unexpected field '%s' (d=..., s=... once each)", tok);
        }
    }
    return true;
}

static bool parse_text_line(textscan *ts, trace_t *t, unsigned max_sm, unsigned max_warp) {
    if (ts->too_many) return ts_fail(ts, "more than %u fields", TS_MAX_TOKENS);
    const trace_pos where = {ts->path, "", ts->line};
    uint64_t v[3];
    if (!strcmp(ts->tok[0], "block")) {
        if (ts->ntok != 4 && ts->ntok != 5) return ts_fail(ts, "expected 'block sm first_warp nwarps [launch]'");
        for (unsigned i = 0; i < 3; i++)
            if (!ts_dec_u64(ts->tok[1 + i], 65535, &v[i])) return ts_fail(ts, "bad number '%s'", ts->tok[1 + i]);
        uint64_t launch = 0;
        if (ts->ntok == 5 && !ts_dec_u64(ts->tok[4], 65535, &launch))
            return ts_fail(ts, "bad launch '%s' (0..65535)", ts->tok[4]);
        trace_block b = {(uint16_t)v[0], (uint16_t)v[1], (uint16_t)v[2], (uint16_t)launch, {0, 0, 0}};
        if (b.sm >= max_sm || b.nwarps == 0 || v[1] + v[2] > max_warp)
            return ts_fail(ts, "block sm %u warps %u..+%u outside the machine (%u SMs, %u warps)", b.sm, b.first_warp,
                           b.nwarps, max_sm, max_warp);
        for (size_t i = 0; i < t->nblk; i++)
            if (t->blk[i].sm == b.sm && b.first_warp < t->blk[i].first_warp + t->blk[i].nwarps &&
                t->blk[i].first_warp < b.first_warp + b.nwarps)
                return ts_fail(ts, "block overlaps block %zu (sm %u warps %u..+%u)", i + 1, b.sm, t->blk[i].first_warp,
                               t->blk[i].nwarps);
        trace_push_block(t, b);
        return true;
    }
    if (ts->ntok < 3) return ts_fail(ts, "expected 'sm warp R|W address mask' or 'sm warp CLASS', got %u fields", ts->ntok);
    if (!ts_dec_u64(ts->tok[0], 65535, &v[0])) return ts_fail(ts, "bad sm '%s'", ts->tok[0]);
    if (!ts_dec_u64(ts->tok[1], 65535, &v[1])) return ts_fail(ts, "bad warp '%s'", ts->tok[1]);
    trace_inst in = {.sm = (uint16_t)v[0], .warp = (uint16_t)v[1]};
    unsigned op = OP_CLASSES;
    for (unsigned i = 0; i < OP_CLASSES; i++)
        if (!strcmp(ts->tok[2], op_names[i])) op = i;
    if (op == OP_CLASSES)
        return ts_fail(ts, "access type must be R or W, or an instruction class (alu, sfu, other, lds, sts, bar, exit), "
                           "got '%s'", ts->tok[2]);
    in.op = (uint8_t)op;
    trace_access acc[TS_MAX_TOKENS / 2];
    unsigned n = 0, i = 3;
    if (op == OP_LD || op == OP_ST) {
        for (; i < ts->ntok && strncmp(ts->tok[i], "d=", 2) && strncmp(ts->tok[i], "s=", 2); i += 2) {
            if (i + 1 >= ts->ntok)
                return ts_fail(ts, "expected 'sm warp R|W address mask ...', got %u fields (no mask after '%s')",
                               ts->ntok, ts->tok[i]);
            uint64_t addr, mask;
            if (!ts_num_u64(ts->tok[i], UINT64_MAX, &addr))
                return ts_fail(ts, "bad address '%s'%s", ts->tok[i], ts_num_why(ts->tok[i]));
            if (!ts_hex_u64(ts->tok[i + 1], false, 0xF, &mask))
                return ts_fail(ts, "bad sub-block mask '%s' (hex 1..f)", ts->tok[i + 1]);
            acc[n] = (trace_access){addr, in.sm, in.warp, op == OP_ST, (uint8_t)mask, 0};
            if (!check_access(&acc[n], &where, ts->err, ts->err_len)) return false;
            n++;
        }
        if (n == 0) return ts_fail(ts, "a load/store needs 'address mask'");
    }
    if (!parse_regs(ts, i, &in)) return false;
    in.nacc = (uint16_t)n;
    if (!check_inst(&in, max_sm, max_warp, &where, ts->err, ts->err_len)) return false;
    trace_push_inst(t, in, acc, n);
    return true;
}

static bool load_text(trace_t *t, const char *path, unsigned max_sm, unsigned max_warp, char *err, size_t len) {
    textscan ts;
    if (!ts_open(&ts, path, err, len)) return false;
    int r;
    bool ok = true;
    while (ok && (r = ts_next(&ts, true)) != 0) {
        if (r < 0) ok = false;
        else if (ts.ntok) ok = parse_text_line(&ts, t, max_sm, max_warp);
    }
    ts_close(&ts);
    return ok;
}

static void print_regs(FILE *f, const trace_inst *in) {
    if (in->ndst == 1) fprintf(f, " d=r%u", in->dst);
    else if (in->ndst) fprintf(f, " d=r%ux%u", in->dst, in->ndst);
    for (unsigned i = 0; i < in->nsrc; i++) fprintf(f, "%sr%u", i ? "," : " s=", in->src[i]);
}

bool trace_save_text(const trace_t *t, const char *path, char *err, size_t len) {
    np_outfile out;                       /* temp file + rename: never a partial trace under PATH */
    if (!np_out_open(&out, path, err, len)) return false;
    FILE *f = out.f;
    fprintf(f, t->has_compute ? "# nocpress trace v2: sm warp R|W address mask ... | sm warp CLASS [d=] [s=] | block "
                                "(docs/sim.md)\n"
                              : "# nocpress trace v1: sm warp R|W address sub-block-mask (docs/sim.md)\n");
    for (size_t i = 0; i < t->nblk; i++) {       /* launch 0 unwritten: single-launch traces stay as before */
        fprintf(f, "block %u %u %u", t->blk[i].sm, t->blk[i].first_warp, t->blk[i].nwarps);
        if (t->blk[i].launch) fprintf(f, " %u", t->blk[i].launch);
        fputc('\n', f);
    }
    for (size_t i = 0; i < t->nin; i++) {
        const trace_inst *in = &t->in[i];
        fprintf(f, "%u %u %s", in->sm, in->warp, op_names[in->op]);
        for (unsigned k = 0; k < in->nacc; k++) {
            const trace_access *a = &t->a[in->first_acc + k];
            fprintf(f, " 0x%" PRIx64 " %x", a->addr, a->mask);
        }
        print_regs(f, in);
        fputc('\n', f);
    }
    return np_out_commit(&out, err, len);
}

/* ---- binary -------------------------------------------------------------------------------- */

static uint64_t get_le(const uint8_t *p, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void put_le(uint8_t *p, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static bool zero_bytes(const uint8_t *p, unsigned from, unsigned to) {
    for (unsigned i = from; i < to; i++)
        if (p[i]) return false;
    return true;
}

static bool load_binary(trace_t *t, FILE *f, long long size, const char *path, unsigned max_sm, unsigned max_warp,
                        char *err, size_t len) {
    uint8_t hdr[16];
    if (fread(hdr, 1, 16, f) != 16) return fail(err, len, "%s: header: truncated", path);
    unsigned version = (unsigned)get_le(hdr + 8, 4);
    if (version != 1 && version != 2)
        return fail(err, len, "%s: header: version %u, expected 1 or 2", path, version);
    if (get_le(hdr + 12, 4) != TRACE_RECORD)
        return fail(err, len, "%s: header: record size %u, expected %u", path, (unsigned)get_le(hdr + 12, 4), TRACE_RECORD);
    uint8_t rec[TRACE_RECORD];
    trace_inst pending = {0};
    trace_access acc[4096];
    unsigned want = 0, have = 0;
    trace_pos where = {path, "record", 0};
    for (size_t n = 1;; n++) {
        size_t got = fread(rec, 1, TRACE_RECORD, f);
        if (got == 0) break;
        where.n = n;
        if ((n & 0xFFFFu) == 0) np_progress(path, 16u + n * TRACE_RECORD, size, "bytes");
        if (got != TRACE_RECORD) return pos_fail(&where, err, len, "truncated (%zu of %u bytes)", got, TRACE_RECORD);
        if (version == 1) {
            if (rec[12] & ~1u) return pos_fail(&where, err, len, "unknown flag bits 0x%02x", rec[12]);
            if (rec[14] || rec[15]) return pos_fail(&where, err, len, "reserved bytes are not zero");
            trace_access a = {get_le(rec, 8), (uint16_t)get_le(rec + 8, 2), (uint16_t)get_le(rec + 10, 2), rec[12] & 1u, rec[13], 0};
            trace_inst in = {.sm = a.sm, .warp = a.warp, .op = a.write ? OP_ST : OP_LD, .nacc = 1};
            if (!check_access(&a, &where, err, len) || !check_inst(&in, max_sm, max_warp, &where, err, len)) return false;
            trace_push(t, a);
            continue;
        }
        unsigned type = rec[15];
        if (have < want) {
            if (type != REC_ACCESS) return pos_fail(&where, err, len, "expected line request %u of %u", have + 1, want);
            if (!zero_bytes(rec, 9, 15)) return pos_fail(&where, err, len, "reserved bytes are not zero");
            acc[have] = (trace_access){get_le(rec, 8), pending.sm, pending.warp, pending.op == OP_ST, rec[8], 0};
            if (!check_access(&acc[have], &where, err, len)) return false;
            if (++have == want) trace_push_inst(t, pending, acc, want);
            continue;
        }
        if (type == REC_BLOCK) {
            if (!zero_bytes(rec, 8, 15)) return pos_fail(&where, err, len, "reserved bytes are not zero");
            trace_block b = {(uint16_t)get_le(rec, 2), (uint16_t)get_le(rec + 2, 2), (uint16_t)get_le(rec + 4, 2),
                             (uint16_t)get_le(rec + 6, 2), {0, 0, 0}};
            if (b.sm >= max_sm || b.nwarps == 0 || (unsigned)b.first_warp + b.nwarps > max_warp)
                return pos_fail(&where, err, len, "block outside the machine");
            trace_push_block(t, b);
            continue;
        }
        if (type != REC_INST) return pos_fail(&where, err, len, "unknown record type %u", type);
        if (rec[14]) return pos_fail(&where, err, len, "reserved bytes are not zero");
        trace_inst in = {.sm = (uint16_t)get_le(rec, 2), .warp = (uint16_t)get_le(rec + 2, 2), .op = rec[4],
                         .dst = rec[5], .ndst = rec[6], .nsrc = rec[7], .nacc = (uint16_t)get_le(rec + 12, 2)};
        if (in.nsrc > TRACE_MAX_SRC) return pos_fail(&where, err, len, "more than %u sources", TRACE_MAX_SRC);
        memcpy(in.src, rec + 8, TRACE_MAX_SRC);
        if (!check_inst(&in, max_sm, max_warp, &where, err, len)) return false;
        if (in.nacc > sizeof acc / sizeof acc[0])
            return pos_fail(&where, err, len, "%u line requests (at most %zu)", in.nacc, sizeof acc / sizeof acc[0]);
        if (in.nacc == 0) trace_push_inst(t, in, NULL, 0);
        pending = in;
        want = in.nacc;
        have = 0;
    }
    if (have < want) return fail(err, len, "%s: truncated: line request %u of %u missing", path, have + 1, want);
    return true;
}

bool trace_load(trace_t *t, const char *path, unsigned max_sm, unsigned max_warp, char *err, size_t len) {
    size_t plen = strlen(path);
    bool ok;
    if ((plen >= 7 && !strcmp(path + plen - 7, ".traceg")) || (plen >= 10 && !strcmp(path + plen - 10, ".traceg.xz")) ||
        (plen >= 13 && !strcmp(path + plen - 13, "kernelslist.g"))) {
        ok = traceg_load(t, path, max_sm, max_warp, err, len);
    } else {
        long long size;
        FILE *f = np_open_regular(path, &size, err, len);
        if (!f) return false;
        char magic[8];
        size_t got = fread(magic, 1, 8, f);
        rewind(f);
        bool binary = got == 8 && memcmp(magic, MAGIC, 8) == 0;
        ok = binary ? load_binary(t, f, size, path, max_sm, max_warp, err, len) : true;
        fclose(f);
        if (!binary) ok = load_text(t, path, max_sm, max_warp, err, len);
    }
    np_progress_end(); /* the reading line, if one was shown (text, binary and Accel-Sim readers) */
    if (ok && t->nin == 0) ok = fail(err, len, "%s: the trace holds no instruction", path);
    /* Every reader's result passes the same whole-trace rules (blocks that do not overlap, the
     * per-instruction rules), so one format never accepts what another refuses: the fuzzer
     * found binary traces with overlapping blocks that only the text reader refused. */
    if (ok) {
        char why[512];
        if (!trace_check(t, max_sm, max_warp, why, sizeof why)) ok = fail(err, len, "%s: %s", path, why);
    }
    return ok;
}

bool trace_save_binary(const trace_t *t, const char *path, char *err, size_t len) {
    np_outfile out;
    if (!np_out_open(&out, path, err, len)) return false;
    FILE *f = out.f;
    unsigned version = t->has_compute ? 2 : 1;
    uint8_t hdr[16];
    memcpy(hdr, MAGIC, 8);
    put_le(hdr + 8, version, 4);
    put_le(hdr + 12, TRACE_RECORD, 4);
    fwrite(hdr, 1, 16, f);
    uint8_t rec[TRACE_RECORD];
    if (version == 1) {
        for (size_t i = 0; i < t->count; i++) {
            const trace_access *a = &t->a[i];
            memset(rec, 0, sizeof rec);
            put_le(rec, a->addr, 8);
            put_le(rec + 8, a->sm, 2);
            put_le(rec + 10, a->warp, 2);
            rec[12] = a->write ? 1 : 0;
            rec[13] = a->mask;
            fwrite(rec, 1, TRACE_RECORD, f);
        }
    } else {
        for (size_t i = 0; i < t->nblk; i++) {
            memset(rec, 0, sizeof rec);
            put_le(rec, t->blk[i].sm, 2);
            put_le(rec + 2, t->blk[i].first_warp, 2);
            put_le(rec + 4, t->blk[i].nwarps, 2);
            put_le(rec + 6, t->blk[i].launch, 2);
            rec[15] = REC_BLOCK;
            fwrite(rec, 1, TRACE_RECORD, f);
        }
        for (size_t i = 0; i < t->nin; i++) {
            const trace_inst *in = &t->in[i];
            memset(rec, 0, sizeof rec);
            put_le(rec, in->sm, 2);
            put_le(rec + 2, in->warp, 2);
            rec[4] = in->op;
            rec[5] = in->dst;
            rec[6] = in->ndst;
            rec[7] = in->nsrc;
            memcpy(rec + 8, in->src, TRACE_MAX_SRC);
            put_le(rec + 12, in->nacc, 2);
            rec[15] = REC_INST;
            fwrite(rec, 1, TRACE_RECORD, f);
            for (unsigned k = 0; k < in->nacc; k++) {
                const trace_access *a = &t->a[in->first_acc + k];
                memset(rec, 0, sizeof rec);
                put_le(rec, a->addr, 8);
                rec[8] = a->mask;
                rec[15] = REC_ACCESS;
                fwrite(rec, 1, TRACE_RECORD, f);
            }
        }
    }
    return np_out_commit(&out, err, len);
}
