/* Accel-Sim .traceg / kernelslist.g import; see traceg.h and docs/sim.md "Accel-Sim traces".
 * Format facts (../shared/reference/anchors-core-systemc-compressors.md sec. 1.3): header lines
 * "-key = value" up to the body; "#BEGIN_TB", "thread block = x,y,z", per warp "warp = w",
 * "insts = n" and n instruction lines, "#END_TB". Instruction line: [line_num] PC mask dest_num
 * [R..] opcode src_num [R..] mem_width [mode addresses] [immediate (tracer v5)]. Address modes:
 * 0 list_all (one 0x address per active lane), 1 base_stride (0x base, signed stride),
 * 2 base_delta (0x base, then popcount(mask) - 1 signed deltas, each from the previous active
 * lane: what the writer emits; Accel-Sim's reader wrongly reads popcount deltas, PR #189). */
#define _POSIX_C_SOURCE 200809L
#include "trace/traceg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/coalesce.h"
#include "util/textscan.h"

/* Opcode classes, after Accel-Sim's ISA_Def/{pascal,volta,turing,ampere}_opcode.h: int / fp32 /
 * move / branch -> ALU (Accel-Sim gives ALU, INTP, SP, branches the int latency pair), MUFU ->
 * SFU, fp64 / tensor / texture / memory barriers -> OTHER. LDG, LD, LDL (local memory is cached
 * in the L1 like global) as loads, the returning atomics ATOM/ATOMG as loads done at the L2 past
 * the L1 (trace_inst.atomic; Accel-Sim's CACHE_GLOBAL for atomics); STG, ST, STL, RED as stores;
 * LDS/LDSM/ATOMS/STS are shared memory. An opcode not listed is an
 * error: a class guessed for it would be a silent default. */
static const struct {
    const char *name;
    unsigned char op;
} opcodes[] = {
    /* ALU: integer, fp32, fp16, conversions, moves, predicates, control flow */
    {"IADD", OP_ALU}, {"IADD3", OP_ALU}, {"IADD32I", OP_ALU}, {"IMAD", OP_ALU}, {"IMADSP", OP_ALU},
    {"IMUL", OP_ALU}, {"IMUL32I", OP_ALU}, {"XMAD", OP_ALU}, {"IMNMX", OP_ALU}, {"ISETP", OP_ALU}, {"ISET", OP_ALU},
    {"ISCADD", OP_ALU}, {"ISCADD32I", OP_ALU}, {"IABS", OP_ALU}, {"ICMP", OP_ALU}, {"LOP", OP_ALU}, {"LOP3", OP_ALU},
    {"LOP32I", OP_ALU}, {"SHF", OP_ALU}, {"SHL", OP_ALU}, {"SHR", OP_ALU}, {"SEL", OP_ALU}, {"FSEL", OP_ALU},
    {"PRMT", OP_ALU}, {"POPC", OP_ALU}, {"FLO", OP_ALU}, {"BFE", OP_ALU}, {"BFI", OP_ALU}, {"BREV", OP_ALU},
    {"LEA", OP_ALU}, {"BMSK", OP_ALU}, {"IDP", OP_ALU}, {"VABSDIFF", OP_ALU}, {"VABSDIFF4", OP_ALU},
    {"FADD", OP_ALU}, {"FADD32I", OP_ALU}, {"FFMA", OP_ALU}, {"FFMA32I", OP_ALU}, {"FMUL", OP_ALU},
    {"FMUL32I", OP_ALU}, {"FMNMX", OP_ALU}, {"FSET", OP_ALU}, {"FSETP", OP_ALU}, {"FCHK", OP_ALU}, {"FCMP", OP_ALU},
    {"FSWZADD", OP_ALU}, {"FRND", OP_ALU}, {"HADD2", OP_ALU}, {"HFMA2", OP_ALU}, {"HMUL2", OP_ALU}, {"HSET2", OP_ALU},
    {"HSETP2", OP_ALU}, {"HMNMX2", OP_ALU}, {"I2F", OP_ALU}, {"F2I", OP_ALU}, {"F2F", OP_ALU}, {"I2I", OP_ALU},
    {"F2FP", OP_ALU}, {"I2FP", OP_ALU}, {"F2IP", OP_ALU}, {"MOV", OP_ALU}, {"MOV32I", OP_ALU}, {"S2R", OP_ALU},
    {"CS2R", OP_ALU}, {"S2UR", OP_ALU}, {"R2UR", OP_ALU}, {"SHFL", OP_ALU}, {"LDC", OP_ALU}, {"ULDC", OP_ALU},
    {"P2R", OP_ALU}, {"R2P", OP_ALU}, {"PSETP", OP_ALU}, {"PSET", OP_ALU}, {"PLOP3", OP_ALU}, {"CSET", OP_ALU},
    {"CSETP", OP_ALU}, {"VOTE", OP_ALU}, {"VOTEU", OP_ALU}, {"MATCH", OP_ALU}, {"REDUX", OP_ALU}, {"NOP", OP_ALU},
    {"BRA", OP_ALU}, {"BRX", OP_ALU}, {"JMP", OP_ALU}, {"JMX", OP_ALU}, {"CALL", OP_ALU}, {"RET", OP_ALU},
    {"SSY", OP_ALU}, {"SYNC", OP_ALU}, {"BSSY", OP_ALU}, {"BSYNC", OP_ALU}, {"PBK", OP_ALU}, {"BRK", OP_ALU},
    {"CONT", OP_ALU}, {"PCNT", OP_ALU}, {"WARPSYNC", OP_ALU}, {"YIELD", OP_ALU}, {"BMOV", OP_ALU}, {"PEXIT", OP_ALU},
    {"KILL", OP_ALU}, {"NANOSLEEP", OP_ALU},
    /* SFU */
    {"MUFU", OP_SFU}, {"RRO", OP_SFU},
    /* OTHER: fp64, tensor, texture, barriers on memory, dependency barriers */
    {"DADD", OP_OTHER}, {"DFMA", OP_OTHER}, {"DMUL", OP_OTHER}, {"DMNMX", OP_OTHER}, {"DSETP", OP_OTHER},
    {"DSET", OP_OTHER}, {"HMMA", OP_OTHER}, {"IMMA", OP_OTHER}, {"BMMA", OP_OTHER}, {"TEX", OP_OTHER},
    {"TLD", OP_OTHER}, {"TLD4", OP_OTHER}, {"TXQ", OP_OTHER}, {"TEXS", OP_OTHER}, {"TLDS", OP_OTHER},
    {"MEMBAR", OP_OTHER}, {"ERRBAR", OP_OTHER}, {"CCTL", OP_OTHER}, {"CCTLL", OP_OTHER}, {"DEPBAR", OP_OTHER},
    {"BPT", OP_OTHER},
    /* memory */
    {"LDG", OP_LD}, {"LD", OP_LD}, {"LDL", OP_LD}, {"ATOM", OP_LD}, {"ATOMG", OP_LD},
    {"STG", OP_ST}, {"ST", OP_ST}, {"STL", OP_ST}, {"RED", OP_ST},
    {"LDS", OP_SLD}, {"LDSM", OP_SLD}, {"ATOMS", OP_SLD}, {"STS", OP_SST},
    {"BAR", OP_BAR}, {"EXIT", OP_EXIT},
};

/* The opcode table by name. Every instruction line of a trace is classified, and a linear scan
 * of the names (the memory opcodes last) was 11 % of an npsim run of bfs (callgrind: strcmp and
 * this function); an open-addressing index over an FNV-1a hash of the name finds an opcode in
 * about one probe. Built on first use (npsim is single-threaded); a name listed twice resolves to
 * its first entry, as the scan did. */
#define OPCODE_SLOTS 512u
#define OPCODE_NAME_MAX 32u
static uint16_t opcode_slot[OPCODE_SLOTS]; /* index into opcodes[] + 1; 0 = empty */

static uint32_t opcode_hash(const char *name, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h;
}

static void opcode_index_build(void) {
    _Static_assert(sizeof opcodes / sizeof opcodes[0] < OPCODE_SLOTS / 2, "opcode index at most half full");
    for (size_t i = 0; i < sizeof opcodes / sizeof opcodes[0]; i++) {
        uint32_t h = opcode_hash(opcodes[i].name, strlen(opcodes[i].name)) & (OPCODE_SLOTS - 1);
        while (opcode_slot[h]) h = (h + 1) & (OPCODE_SLOTS - 1);
        opcode_slot[h] = (uint16_t)(i + 1);
    }
}

unsigned traceg_opcode_class(const char *opcode, bool *global, bool *shared) {
    static bool built;
    if (!built) {
        opcode_index_build();
        built = true;
    }
    size_t n = strcspn(opcode, ".");
    if (n == 0 || n >= OPCODE_NAME_MAX) return OP_CLASSES;
    for (uint32_t h = opcode_hash(opcode, n) & (OPCODE_SLOTS - 1); opcode_slot[h]; h = (h + 1) & (OPCODE_SLOTS - 1)) {
        const char *name = opcodes[opcode_slot[h] - 1].name;
        if (strncmp(name, opcode, n) || name[n]) continue;
        unsigned op = opcodes[opcode_slot[h] - 1].op;
        if (global) *global = op == OP_LD || op == OP_ST;
        if (shared) *shared = op == OP_SLD || op == OP_SST;
        return op;
    }
    return OP_CLASSES;
}

/* Registers a result occupies: loads by their width, .64 / .128 modifiers, the fp64 ops. This
 * is where we differ from Accel-Sim (MAX_DST 1: only the first register is scoreboarded). */
static unsigned dest_width(const char *opcode, unsigned op, unsigned mem_width) {
    if ((op == OP_LD || op == OP_SLD) && mem_width > 4) return (mem_width + 3) / 4;
    if (strstr(opcode, ".128")) return 4;
    if (strstr(opcode, ".64")) return 2;
    if (!strncmp(opcode, "DADD", 4) || !strncmp(opcode, "DFMA", 4) || !strncmp(opcode, "DMUL", 4) ||
        !strncmp(opcode, "DMNMX", 5))
        return 2;
    return 1;
}

typedef struct {
    unsigned version;            /* accelsim tracer version */
    bool lineinfo;
    unsigned warps_per_cta;
    bool have_block_dim, have_version, have_lineinfo;
} kernel_hdr;

static bool parse_reg_tok(const char *s, uint8_t *r) {
    uint64_t v;
    if (s[0] != 'R' || !ts_dec_u64(s + 1, 255, &v)) return false;
    *r = (uint8_t)v;
    return true;
}

/* "(x,y,z)" */
static bool parse_dim3(const char *s, uint64_t d[3]) {
    char buf[96];
    size_t n = strlen(s);
    if (n < 7 || n >= sizeof buf || s[0] != '(' || s[n - 1] != ')') return false;
    memcpy(buf, s + 1, n - 2);
    buf[n - 2] = '\0';
    char *save = NULL, *p = strtok_r(buf, ",", &save);
    for (unsigned i = 0; i < 3; i++, p = strtok_r(NULL, ",", &save))
        if (!p || !ts_dec_u64(p, 1u << 31, &d[i]) || d[i] == 0) return false;
    return p == NULL;
}

static bool header_line(textscan *ts, kernel_hdr *h) {
    /* "-key words = value": the key is everything before " = " */
    unsigned eq = 0;
    while (eq < ts->ntok && strcmp(ts->tok[eq], "=")) eq++;
    if (eq == ts->ntok || eq + 1 >= ts->ntok) return ts_fail(ts, "header line: expected '-key = value'");
    char key[128];
    ts_rest(ts, 0, key, sizeof key);
    size_t klen = 0;
    for (unsigned i = 0; i < eq; i++) klen += strlen(ts->tok[i]) + (i ? 1 : 0);
    key[klen < sizeof key ? klen : sizeof key - 1] = '\0';
    const char *v = ts->tok[eq + 1];
    uint64_t x, d[3];
    bool one = eq + 2 == ts->ntok;
    if (!strcmp(key, "-kernel name") || !strcmp(key, "-nvbit version")) return true;   /* free text */
    if (!one) return ts_fail(ts, "header %s: one value expected", key + 1);
    if (!strcmp(key, "-kernel id") || !strcmp(key, "-shmem") || !strcmp(key, "-nregs") ||
        !strcmp(key, "-binary version") || !strcmp(key, "-cuda stream id")) {
        if (!ts_dec_u64(v, UINT32_MAX, &x)) return ts_fail(ts, "header %s: bad number '%s'", key + 1, v);
        return true;
    }
    if (!strcmp(key, "-shmem base_addr") || !strcmp(key, "-local mem base_addr")) {
        if (!ts_hex_u64(v, true, UINT64_MAX, &x)) return ts_fail(ts, "header %s: bad hex address '%s'", key + 1, v);
        return true;
    }
    if (!strcmp(key, "-grid dim")) {
        if (!parse_dim3(v, d)) return ts_fail(ts, "header grid dim: expected (x,y,z), got '%s'", v);
        return true;
    }
    if (!strcmp(key, "-block dim")) {
        if (!parse_dim3(v, d) || d[0] * d[1] * d[2] > 1024)
            return ts_fail(ts, "header block dim: expected (x,y,z) with at most 1024 threads, got '%s'", v);
        h->warps_per_cta = (unsigned)((d[0] * d[1] * d[2] + 31) / 32);
        h->have_block_dim = true;
        return true;
    }
    if (!strcmp(key, "-accelsim tracer version")) {
        if (!ts_dec_u64(v, 100, &x) || x < 3 || x > 5)
            return ts_fail(ts, "tracer version '%s': this importer reads versions 3, 4 and 5", v);
        h->version = (unsigned)x;
        h->have_version = true;
        return true;
    }
    if (!strcmp(key, "-enable lineinfo")) {
        if (!ts_dec_u64(v, 1, &x)) return ts_fail(ts, "header enable lineinfo: expected 0 or 1, got '%s'", v);
        h->lineinfo = x == 1;
        h->have_lineinfo = true;
        return true;
    }
    return ts_fail(ts, "unknown header field '%s'", key + 1);
}

typedef struct {
    trace_t *t;
    unsigned max_sm, max_warp;
    unsigned cta;                /* thread blocks of the current kernel read so far */
    unsigned sm, base;           /* the current block's SM and first warp slot */
    unsigned launch;             /* the current kernel's place in kernelslist.g (0-based) */
    unsigned *next_warp;         /* [max_sm]: first warp id no earlier launch's block took */
} import_ctx;

/* One instruction line of warp slot `warp`. */
static bool inst_line(textscan *ts, const kernel_hdr *h, import_ctx *c, unsigned warp) {
    if (ts->too_many) return ts_fail(ts, "more than %u fields", TS_MAX_TOKENS);
    unsigned i = 0, n = ts->ntok;
    uint64_t v;
#define NEED(what)                                                                                       \
    do {                                                                                                 \
        if (i >= n) return ts_fail(ts, "instruction line ends before its %s", what);                     \
    } while (0)
    if (h->lineinfo) {
        NEED("line number");
        if (!ts_dec_u64(ts->tok[i], UINT32_MAX, &v)) return ts_fail(ts, "bad line number '%s'", ts->tok[i]);
        i++;
    }
    NEED("PC");
    if (!ts_hex_u64(ts->tok[i], false, UINT64_MAX, &v)) return ts_fail(ts, "bad hex PC '%s'", ts->tok[i]);
    i++;
    NEED("active mask");
    uint64_t mask;
    if (!ts_hex_u64(ts->tok[i], false, UINT32_MAX, &mask)) return ts_fail(ts, "bad hex active mask '%s'", ts->tok[i]);
    i++;
    NEED("dest_num");
    uint64_t ndst;
    if (!ts_dec_u64(ts->tok[i], 4, &ndst)) return ts_fail(ts, "bad dest_num '%s' (0..4)", ts->tok[i]);
    i++;
    uint8_t dst[4];
    for (unsigned k = 0; k < ndst; k++, i++) {
        NEED("destination register");
        if (!parse_reg_tok(ts->tok[i], &dst[k])) return ts_fail(ts, "bad destination register '%s'", ts->tok[i]);
    }
    NEED("opcode");
    const char *opcode = ts->tok[i++];
    bool global, shared;
    unsigned op = traceg_opcode_class(opcode, &global, &shared);
    if (op == OP_CLASSES) return ts_fail(ts, "opcode '%s' is outside the supported subset (docs/sim.md)", opcode);
    NEED("src_num");
    uint64_t nsrc;
    if (!ts_dec_u64(ts->tok[i], TRACE_MAX_SRC, &nsrc)) return ts_fail(ts, "bad src_num '%s' (0..%u)", ts->tok[i], TRACE_MAX_SRC);
    i++;
    trace_inst in = {.sm = (uint16_t)c->sm, .warp = (uint16_t)warp, .op = (uint8_t)op};
    in.atomic = op == OP_LD && !strncmp(opcode, "ATOM", 4);   /* ATOM, ATOMG: done at the L2 (as Accel-Sim) */
    for (unsigned k = 0; k < nsrc; k++, i++) {
        NEED("source register");
        uint8_t r;
        if (!parse_reg_tok(ts->tok[i], &r)) return ts_fail(ts, "bad source register '%s'", ts->tok[i]);
        if (r != TRACE_RZ) in.src[in.nsrc++] = r;
    }
    NEED("mem_width");
    uint64_t width;
    if (!ts_dec_u64(ts->tok[i], 64, &width)) return ts_fail(ts, "bad mem_width '%s'", ts->tok[i]);
    i++;
    if (width && width != 1 && width != 2 && width != 4 && width != 8 && width != 16)
        return ts_fail(ts, "mem_width %u: expected 1, 2, 4, 8 or 16 bytes", (unsigned)width);
    if (width && !global && !shared) return ts_fail(ts, "%s is not a memory instruction but has mem_width %u", opcode,
                                                    (unsigned)width);
    if (!width && (global || shared)) return ts_fail(ts, "%s is a memory instruction but has mem_width 0", opcode);
    uint64_t addr[32] = {0};
    unsigned lanes = (unsigned)__builtin_popcount((unsigned)mask);
    if (width) {
        NEED("address mode");
        uint64_t mode;
        if (!ts_dec_u64(ts->tok[i], 2, &mode))
            return ts_fail(ts, "unknown address mode '%s' (0 list_all, 1 base_stride, 2 base_delta)", ts->tok[i]);
        i++;
        uint64_t a[32];
        unsigned na = 0;
        if (mode == 0) {
            for (; na < lanes; na++, i++) {
                NEED("address");
                if (!ts_hex_u64(ts->tok[i], true, UINT64_MAX, &a[na]))
                    return ts_fail(ts, "bad hex address '%s' (list_all: %u addresses, one per active lane)", ts->tok[i],
                                   lanes);
            }
        } else if (lanes) {
            NEED("base address");
            if (!ts_hex_u64(ts->tok[i], true, UINT64_MAX, &a[0])) return ts_fail(ts, "bad hex base address '%s'", ts->tok[i]);
            i++;
            na = 1;
            if (mode == 1) {
                NEED("stride");
                int64_t stride;
                if (!ts_dec_i64(ts->tok[i], &stride)) return ts_fail(ts, "bad stride '%s'", ts->tok[i]);
                i++;
                for (; na < lanes; na++) a[na] = a[na - 1] + (uint64_t)stride;
            } else {
                for (; na < lanes; na++, i++) {
                    if (i >= n) return ts_fail(ts, "base_delta: %u deltas expected (active lanes - 1), found %u", lanes - 1, na - 1);
                    int64_t delta;
                    if (!ts_dec_i64(ts->tok[i], &delta)) return ts_fail(ts, "bad delta '%s'", ts->tok[i]);
                    a[na] = a[na - 1] + (uint64_t)delta;
                }
            }
        }
        for (unsigned lane = 0, k = 0; lane < 32; lane++)
            if (mask >> lane & 1u) addr[lane] = a[k++];
    }
    if (h->version >= 5) {
        NEED("immediate");
        int64_t imm;
        if (!ts_dec_i64(ts->tok[i], &imm)) return ts_fail(ts, "bad immediate '%s'", ts->tok[i]);
        i++;
    }
    if (i != n) return ts_fail(ts, "%u unexpected fields after the instruction, from '%s'%s", n - i, ts->tok[i],
                               width ? " (address count does not match the active mask and mode)" : "");
#undef NEED
    unsigned w = ndst ? dest_width(opcode, op, (unsigned)width) : 0;
    if (ndst > 1) {                                      /* several destinations: contiguous ones only */
        for (unsigned k = 1; k < ndst; k++)
            if (dst[k] != dst[0] + k) return ts_fail(ts, "destinations must be consecutive registers");
        if (ndst > w) w = (unsigned)ndst;
    }
    if (ndst && dst[0] != TRACE_RZ) {
        if (dst[0] + w > TRACE_RZ) w = TRACE_RZ - dst[0];
        if (op == OP_ST || op == OP_SST || op == OP_BAR || op == OP_EXIT)
            return ts_fail(ts, "%s with a destination register", opcode);
        in.dst = dst[0];
        in.ndst = (uint8_t)w;
    }
    trace_access acc[COALESCE_MAX_LINES];
    unsigned nacc = 0;
    if (global) {
        nacc = coalesce_warp(addr, (uint32_t)mask, (unsigned)width, acc);
        for (unsigned k = 0; k < nacc; k++)
            if (acc[k].addr >> 48) return ts_fail(ts, "address 0x%llx wider than 48 bits", (unsigned long long)acc[k].addr);
        if (nacc == 0) {                                  /* no active lane: issues, touches no memory */
            in.op = OP_OTHER;
            in.ndst = 0;
            in.atomic = 0;
        }
    }
    trace_push_inst(c->t, in, acc, nacc);
    return true;
}

static bool read_traceg(const char *path, import_ctx *c, char *err, size_t len) {
    textscan ts;
    if (!ts_open(&ts, path, err, len)) return false;
    kernel_hdr h = {0};
    enum { HEADER, BETWEEN, TB_START, IN_TB, WARP_INSTS, INSTS } st = HEADER;
    unsigned warp = 0, left = 0;
    bool ok = true, seen_warp[32] = {false};
    int r;
    while (ok && (r = ts_next(&ts, false)) != 0) {
        if (r < 0) {
            ok = false;
            break;
        }
        if (ts.ntok == 0) {
            if (st == INSTS && left) ok = ts_fail(&ts, "blank line inside warp %u's %u instructions", warp, left);
            continue;
        }
        const char *t0 = ts.tok[0];
        if (st == HEADER && t0[0] == '-') {
            ok = header_line(&ts, &h);
            continue;
        }
        if (st == HEADER && t0[0] == '#' && strcmp(t0, "#BEGIN_TB")) continue;   /* "#traces format = ..." */
        if (st == HEADER) {
            if (!h.have_version || !h.have_block_dim)
                ok = ts_fail(&ts, "header lacks '-accelsim tracer version' or '-block dim'");
            else if (h.version >= 4 && !h.have_lineinfo) ok = ts_fail(&ts, "header lacks '-enable lineinfo'");
            st = BETWEEN;
            if (!ok) break;
        }
        if (st == INSTS) {
            ok = inst_line(&ts, &h, c, c->base + warp);
            if (ok && --left == 0) st = IN_TB;
            continue;
        }
        if ((!strcmp(t0, "#BEGIN_TB") || !strcmp(t0, "#END_TB")) && ts.ntok != 1) {
            ok = ts_fail(&ts, "%s: nothing may follow it on its line", t0);
            break;
        }
        if (!strcmp(t0, "#BEGIN_TB")) {
            if (st != BETWEEN) ok = ts_fail(&ts, "#BEGIN_TB inside a thread block");
            st = TB_START;
            continue;
        }
        if (!strcmp(t0, "#END_TB")) {
            if (st != IN_TB) ok = ts_fail(&ts, "#END_TB %s", st == WARP_INSTS ? "after 'warp =' without 'insts ='"
                                                                             : "without a thread block");
            st = BETWEEN;
            continue;
        }
        if (st == TB_START) {
            /* "thread block = x,y,z", every word checked: x,y,z three decimals without leading zeros,
             * signs or blanks (a line that is not this one is an error, never read for a number) */
            if (ts.ntok != 4 || strcmp(t0, "thread") || strcmp(ts.tok[1], "block") || strcmp(ts.tok[2], "=")) {
                ok = ts_fail(&ts, "expected 'thread block = x,y,z' after #BEGIN_TB");
                break;
            }
            char idx[96];
            snprintf(idx, sizeof idx, "%s", ts.tok[3]);
            char *save = NULL, *p = strtok_r(idx, ",", &save);
            unsigned parts = 0;
            uint64_t v3, bidx[3] = {0};
            for (; p; p = strtok_r(NULL, ",", &save), parts++) {
                if (!ts_dec_u64(p, UINT32_MAX, &v3)) break;
                if (parts < 3) bidx[parts] = v3;
            }
            if (p || parts != 3 || ts.tok[3][strlen(ts.tok[3]) - 1] == ',' || strstr(ts.tok[3], ",,")) {
                ok = ts_fail(&ts, "bad thread block index '%s' (x,y,z)", ts.tok[3]);
                break;
            }
            c->sm = c->cta % c->max_sm;
            c->base = c->next_warp[c->sm];    /* (k div sms) x W in a kernel's first launch */
            if (h.warps_per_cta > c->max_warp || c->base + h.warps_per_cta > c->max_warp) {
                ok = ts_fail(&ts, "thread block %u of launch %u does not fit: blocks of %u warps, block k on SM k "
                                  "mod %u in warps (k div %u) x %u.. after earlier launches' warps, at most %u warps "
                                  "per SM (core = none places blocks statically in warps_per_sm and runs one launch; "
                                  "core = sm runs them as warp slots free up)", c->cta + 1, c->launch + 1,
                             h.warps_per_cta, c->max_sm, c->max_sm, h.warps_per_cta, c->max_warp);
                break;
            }
            c->next_warp[c->sm] = c->base + h.warps_per_cta;
            trace_push_block(c->t, (trace_block){(uint16_t)c->sm, (uint16_t)c->base, (uint16_t)h.warps_per_cta,
                                                 (uint16_t)c->launch,
                                                 {(uint32_t)bidx[0], (uint32_t)bidx[1], (uint32_t)bidx[2]}});
            c->cta++;
            memset(seen_warp, 0, sizeof seen_warp);
            st = IN_TB;
            continue;
        }
        uint64_t v;
        if (st == IN_TB && ts.ntok == 3 && !strcmp(t0, "warp") && !strcmp(ts.tok[1], "=")) {
            if (!ts_dec_u64(ts.tok[2], h.warps_per_cta - 1, &v)) {
                ok = ts_fail(&ts, "warp '%s' outside the block's %u warps", ts.tok[2], h.warps_per_cta);
                break;
            }
            if (seen_warp[v]) {
                ok = ts_fail(&ts, "warp %u appears twice in this thread block", (unsigned)v);
                break;
            }
            seen_warp[v] = true;
            warp = (unsigned)v;
            st = WARP_INSTS;
            continue;
        }
        if (st == WARP_INSTS && ts.ntok == 3 && !strcmp(t0, "insts") && !strcmp(ts.tok[1], "=")) {
            if (!ts_dec_u64(ts.tok[2], 100000000, &v)) {
                ok = ts_fail(&ts, "bad instruction count '%s'", ts.tok[2]);
                break;
            }
            left = (unsigned)v;
            st = left ? INSTS : IN_TB;
            continue;
        }
        ok = ts_fail(&ts, "unexpected line starting '%s' (%s)", t0,
                     st == BETWEEN ? "expected #BEGIN_TB" : st == WARP_INSTS ? "expected 'insts = n'"
                                                                           : "expected 'warp = w' or #END_TB");
    }
    if (ok && st != BETWEEN && st != HEADER)
        ok = ts_fail(&ts, "file ends inside a thread block%s", st == INSTS ? " (fewer instructions than 'insts')" : "");
    if (ok && c->cta == 0) ok = ts_fail(&ts, "no thread block");
    ts_close(&ts);
    return ok;
}

/* A .traceg file name, plain or xz-compressed (textscan decompresses it). */
static bool is_traceg(const char *s) {
    size_t n = strlen(s);
    return (n >= 7 && !strcmp(s + n - 7, ".traceg")) || (n >= 10 && !strcmp(s + n - 10, ".traceg.xz"));
}

/* kernelslist.g: MemcpyHtoD lines (checked, then ignored: the memory image supplies the data) and
 * kernel-*.traceg lines, read in list order as launches 0, 1, ... (the core model runs them one
 * after another, docs/sim.md "Kernel launches"). */
static bool read_list(const char *path, import_ctx *c, char *err, size_t len) {
    textscan ts;
    if (!ts_open(&ts, path, err, len)) return false;
    bool ok = true, any = false;
    int r;
    while (ok && (r = ts_next(&ts, false)) != 0) {
        if (r < 0) {
            ok = false;
            break;
        }
        if (ts.ntok == 0) continue;
        const char *l = ts.tok[0];
        if (ts.ntok != 1) {
            ok = ts_fail(&ts, "expected one command per line, got %u fields", ts.ntok);
        } else if (!strncmp(l, "MemcpyHtoD,", 11)) {
            char buf[128];
            snprintf(buf, sizeof buf, "%s", l + 11);
            char *comma = strchr(buf, ',');
            uint64_t a, b;
            if (!comma) ok = ts_fail(&ts, "expected 'MemcpyHtoD,0xADDRESS,BYTES'");
            else {
                *comma = '\0';
                if (!ts_hex_u64(buf, true, UINT64_MAX, &a) || !ts_dec_u64(comma + 1, UINT64_MAX, &b))
                    ok = ts_fail(&ts, "expected 'MemcpyHtoD,0xADDRESS,BYTES', got '%s'", l);
            }
        } else if (!strncmp(l, "kernel-", 7) && strlen(l) > 14 && is_traceg(l) && !strchr(l, '/')) {
            if (c->launch == TRACE_MAX_LAUNCHES) {
                ok = ts_fail(&ts, "more than %u kernel launches", TRACE_MAX_LAUNCHES);
                break;
            }
            char kernel[1024];
            const char *slash = strrchr(path, '/');
            int dirlen = slash ? (int)(slash - path + 1) : 0;
            snprintf(kernel, sizeof kernel, "%.*s%s", dirlen, path, l);
            c->cta = 0;                  /* each launch places its block 0 on SM 0 again */
            ok = read_traceg(kernel, c, err, len);
            if (!ok) break;              /* err names the kernel file's line */
            c->launch++;
            any = true;
        } else {
            ok = ts_fail(&ts, "unknown command '%s' (MemcpyHtoD,... or kernel-N.traceg[.xz])", l);
        }
    }
    if (ok && !any) ok = ts_fail(&ts, "no kernel-N.traceg[.xz] line");
    ts_close(&ts);
    return ok;
}

bool traceg_load(trace_t *t, const char *path, unsigned max_sm, unsigned max_warp, char *err, size_t len) {
    import_ctx c = {t, max_sm, max_warp, 0, 0, 0, 0, calloc(max_sm ? max_sm : 1, sizeof *c.next_warp)};
    if (!c.next_warp) {
        snprintf(err, len, "%s: out of memory", path);
        return false;
    }
    bool ok = is_traceg(path) ? read_traceg(path, &c, err, len) : read_list(path, &c, err, len);
    free(c.next_warp);
    return ok;
}
