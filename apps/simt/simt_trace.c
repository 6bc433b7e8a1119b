/* The SIMT runtime's tracer; see simt_trace.h and docs/kernels.md ("Traces").
 * Per launch one Accel-Sim .traceg (tracer version 4 layout, lineinfo 0), kernelslist.g with the
 * host copies and kernels in order, and memory.npmem: the device memory log (allocations, host
 * copies and sets, every global store's and atomic's resulting values), byte layout in
 * docs/kernels.md. A block's warps are buffered and written at the block's end (the format
 * groups instructions by warp). Registers follow docs/kernels.md's rule. */
#define _POSIX_C_SOURCE 200809L
#include "simt_trace.h"

#include <errno.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#define NREG_FIRST 2u  /* R0/R1 are left to the thread index and stack pointer, as nvcc does */
#define NREG_POOL 24u  /* results rotate through R2..R25 */
#define NPMEM_MAGIC "NPSIMTM1"
#define NPMEM_VERSION 3 /* 2: a KERNEL record carries the device memory's size and CRC-32; 3: an ALLOC
                           record its element type */
#define XZ_PRESET 0 /* traces are repetitive: the fastest preset already packs Rodinia lud's 108 MB
                       of .traceg 136x at about 110 MB/s; preset 6 gains 20 % for 20x the time */

/* An output file, plain, xz (liblzma: the .traceg, which Accel-Sim's tools read as .xz) or gzip
 * (zlib level 1: memory.npmem, whose float data lzma packs ten times slower); errors set failed. */
enum { OS_PLAIN = 0, OS_XZ, OS_GZ };

typedef struct {
    FILE *f;
    gzFile gz;
    int xz;
    lzma_stream s;
    int failed;
} ostream;

static int os_open(ostream *o, const char *dir, const char *name, int mode) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s%s", dir, name, mode == OS_XZ ? ".xz" : mode == OS_GZ ? ".gz" : "");
    memset(o, 0, sizeof *o);
    if (mode == OS_GZ) {
        o->gz = gzopen(path, "wb1");
        if (!o->gz) {
            fprintf(stderr, "simt trace: cannot open %s: %s\n", path, strerror(errno));
            return -1;
        }
        return 0;
    }
    int xz = mode == OS_XZ;
    o->f = fopen(path, "wb");
    if (!o->f) {
        fprintf(stderr, "simt trace: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    o->xz = xz;
    if (xz) {
        lzma_stream init = LZMA_STREAM_INIT;
        o->s = init;
        if (lzma_easy_encoder(&o->s, XZ_PRESET, LZMA_CHECK_CRC64) != LZMA_OK) {
            fprintf(stderr, "simt trace: liblzma cannot start an encoder for %s\n", path);
            fclose(o->f);
            o->f = NULL;
            return -1;
        }
    }
    return 0;
}

static void os_pump(ostream *o, lzma_action action) {
    uint8_t out[65536];
    lzma_ret r;
    do {
        o->s.next_out = out;
        o->s.avail_out = sizeof out;
        r = lzma_code(&o->s, action);
        size_t n = sizeof out - o->s.avail_out;
        if ((r != LZMA_OK && r != LZMA_STREAM_END) || fwrite(out, 1, n, o->f) != n) {
            o->failed = 1;
            return;
        }
    } while (action == LZMA_FINISH ? r != LZMA_STREAM_END : o->s.avail_in > 0);
}

static void os_write(ostream *o, const void *buf, size_t n) {
    if (o->gz) {
        if (!o->failed && n && gzwrite(o->gz, buf, (unsigned)n) != (int)n) o->failed = 1;
        return;
    }
    if (!o->f || o->failed || !n) return;
    if (!o->xz) {
        if (fwrite(buf, 1, n, o->f) != n) o->failed = 1;
        return;
    }
    o->s.next_in = buf;
    o->s.avail_in = n;
    os_pump(o, LZMA_RUN);
}

/* Finish and close; returns 0, or -1 if anything failed. */
static int os_close(ostream *o) {
    if (o->gz) {
        if (gzclose(o->gz) != Z_OK) o->failed = 1;
        o->gz = NULL;
        return o->failed ? -1 : 0;
    }
    if (!o->f) return o->failed ? -1 : 0;
    if (o->xz) {
        o->s.next_in = NULL;
        o->s.avail_in = 0;
        if (!o->failed) os_pump(o, LZMA_FINISH);
        lzma_end(&o->s);
    }
    if (fclose(o->f) != 0) o->failed = 1;
    o->f = NULL;
    return o->failed ? -1 : 0;
}

typedef struct {
    char *buf;
    size_t len, cap;
    unsigned insts;
    uint8_t last, prev; /* the two most recent destination registers (0: none yet) */
    unsigned next;      /* rotation index of the next destination */
    unsigned stores;    /* store index within the warp (npmem) */
    uint32_t exit_mask; /* the EXIT, written at the block's end (its PC follows every site) */
    int exited;
} warp_buf;

struct simt_tracer {
    char dir[4096];
    int xz;
    FILE *list;     /* kernelslist.g */
    ostream mem;    /* memory.npmem[.xz] */
    ostream kf;     /* the open kernel-N.traceg[.xz] */
    int failed;
    unsigned kernel_id;
    warp_buf *warps;
    unsigned nwarps, warp_cap;
    simt_dim3 block;
    uint32_t max_site; /* largest site of the kernel so far: EXIT's PC is after it */
};

static int fail(simt_tracer *tr, const char *fmt, const char *a) {
    fprintf(stderr, "simt trace: ");
    fprintf(stderr, fmt, a, strerror(errno));
    fputc('\n', stderr);
    tr->failed = 1;
    return -1;
}

static FILE *open_in_dir(simt_tracer *tr, const char *name, const char *mode) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", tr->dir, name);
    FILE *f = fopen(path, mode);
    if (!f) fail(tr, "cannot open %s: %s", path);
    return f;
}

/* mkdir -p */
static int make_dirs(const char *dir) {
    char p[4096];
    size_t n = strlen(dir);
    if (n == 0 || n >= sizeof p) return -1;
    memcpy(p, dir, n + 1);
    for (size_t i = 1; i <= n; i++)
        if (p[i] == '/' || p[i] == '\0') {
            char c = p[i];
            p[i] = '\0';
            if (mkdir(p, 0777) != 0 && errno != EEXIST) return -1;
            p[i] = c;
        }
    return 0;
}

static void put_u8(simt_tracer *tr, unsigned v) {
    uint8_t b = (uint8_t)v;
    os_write(&tr->mem, &b, 1);
}

static void put_le(simt_tracer *tr, uint64_t v, unsigned bytes) {
    uint8_t b[8];
    for (unsigned i = 0; i < bytes; i++) b[i] = (uint8_t)(v >> (8 * i));
    os_write(&tr->mem, b, bytes);
}

simt_tracer *simt_tracer_open(const char *dir, int xz) {
    simt_tracer *tr = calloc(1, sizeof *tr);
    if (!tr) return NULL;
    if (strlen(dir) >= sizeof tr->dir || make_dirs(dir) != 0) {
        fprintf(stderr, "simt trace: cannot create directory %s: %s\n", dir, strerror(errno));
        free(tr);
        return NULL;
    }
    snprintf(tr->dir, sizeof tr->dir, "%s", dir);
    tr->xz = xz;
    tr->list = open_in_dir(tr, "kernelslist.g", "w");
    if (!tr->list || os_open(&tr->mem, dir, "memory.npmem", xz ? OS_GZ : OS_PLAIN) != 0) {
        if (tr->list) fclose(tr->list);
        free(tr);
        return NULL;
    }
    os_write(&tr->mem, NPMEM_MAGIC, 8);
    put_le(tr, NPMEM_VERSION, 4);
    put_le(tr, 0, 4); /* reserved */
    return tr;
}

int simt_tracer_close(simt_tracer *tr) {
    int bad = tr->failed;
    if (fclose(tr->list) != 0) bad = 1;
    if (os_close(&tr->mem) != 0) bad = 1;
    for (unsigned i = 0; i < tr->warp_cap; i++) free(tr->warps[i].buf);
    free(tr->warps);
    if (bad) fprintf(stderr, "simt trace: writing %s failed\n", tr->dir);
    free(tr);
    return bad ? -1 : 0;
}

/* A string of at most 255 bytes after its uint8 length. */
static void put_str(simt_tracer *tr, const char *s) {
    size_t n = strlen(s);
    if (n > 255) n = 255;
    put_u8(tr, (unsigned)n);
    os_write(&tr->mem, s, n);
}

void simt_tracer_alloc(simt_tracer *tr, uint64_t base, size_t bytes, const char *type, const char *name) {
    put_u8(tr, 1);
    put_le(tr, base, 8);
    put_le(tr, bytes, 8);
    put_str(tr, type);
    put_str(tr, name);
}

void simt_tracer_memcpy(simt_tracer *tr, uint64_t dst, const void *src, size_t bytes) {
    fprintf(tr->list, "MemcpyHtoD,0x%016llx,%zu\n", (unsigned long long)dst, bytes);
    put_u8(tr, 2);
    put_le(tr, dst, 8);
    put_le(tr, bytes, 8);
    os_write(&tr->mem, src, bytes);
}

void simt_tracer_memset(simt_tracer *tr, uint64_t dst, int byte, size_t bytes) {
    put_u8(tr, 3);
    put_le(tr, dst, 8);
    put_le(tr, bytes, 8);
    put_u8(tr, (unsigned)byte);
}

/* ---- .traceg output (plain or xz) ---------------------------------------------------------- */

static void kout(simt_tracer *tr, const char *s, size_t n) {
    os_write(&tr->kf, s, n);
}

static void kprintf(simt_tracer *tr, const char *fmt, ...) {
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n > 0) kout(tr, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* zlib's CRC-32 of the device memory, in pieces below 4 GiB (zlib's length is an unsigned int):
 * npsim checks its replayed image against it at every launch. */
static uint32_t memory_crc(const uint8_t *mem, size_t bytes) {
    uLong crc = crc32(0L, Z_NULL, 0);
    for (size_t at = 0; at < bytes;) {
        size_t n = bytes - at < (1u << 30) ? bytes - at : (1u << 30);
        crc = crc32(crc, mem + at, (uInt)n);
        at += n;
    }
    return (uint32_t)crc;
}

void simt_tracer_kernel_begin(simt_tracer *tr, const simt_trace_kernel *k) {
    char name[64];
    tr->kernel_id = k->id;
    tr->max_site = 0;
    snprintf(name, sizeof name, "kernel-%u.traceg", k->id);
    fprintf(tr->list, "%s%s\n", name, tr->xz ? ".xz" : "");
    if (os_open(&tr->kf, tr->dir, name, tr->xz ? OS_XZ : OS_PLAIN) != 0) tr->failed = 1;
    if (tr->failed) return;
    kprintf(tr, "-kernel name = %s\n-kernel id = %u\n", k->name, k->id);
    kprintf(tr, "-grid dim = (%u,%u,%u)\n-block dim = (%u,%u,%u)\n", k->grid.x, k->grid.y, k->grid.z, k->block.x,
            k->block.y, k->block.z);
    kprintf(tr, "-shmem = %zu\n-nregs = %u\n-binary version = 61\n-cuda stream id = 0\n", k->shared_bytes,
            NREG_FIRST + NREG_POOL);
    kprintf(tr, "-shmem base_addr = 0x%016llx\n-local mem base_addr = 0x%016llx\n",
            (unsigned long long)k->shared_base, (unsigned long long)k->local_base);
    kprintf(tr, "-nvbit version = nocpress-simt\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n");
    kprintf(tr, "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "
                "[adrrescompress?] [mem_addresses]\n\n");
    put_u8(tr, 4);
    put_le(tr, k->id, 4);
    put_le(tr, k->mem_bytes, 8);
    put_le(tr, memory_crc(k->mem, k->mem_bytes), 4);
}

void simt_tracer_kernel_end(simt_tracer *tr) {
    if (os_close(&tr->kf) != 0) tr->failed = 1;
}

void simt_tracer_block_begin(simt_tracer *tr, simt_dim3 block, unsigned nwarps) {
    if (nwarps > tr->warp_cap) {
        warp_buf *w = realloc(tr->warps, nwarps * sizeof *w);
        if (!w) {
            fprintf(stderr, "simt trace: out of memory\n");
            exit(2);
        }
        memset(w + tr->warp_cap, 0, (nwarps - tr->warp_cap) * sizeof *w);
        tr->warps = w;
        tr->warp_cap = nwarps;
    }
    for (unsigned i = 0; i < nwarps; i++) {
        warp_buf *w = &tr->warps[i];
        w->len = 0;
        w->insts = 0;
        w->last = w->prev = 0;
        w->next = 0;
        w->stores = 0;
        w->exited = 0;
    }
    tr->nwarps = nwarps;
    tr->block = block;
}

void simt_tracer_block_end(simt_tracer *tr) {
    if (tr->failed) return;
    kprintf(tr, "#BEGIN_TB\n\nthread block = %u,%u,%u\n\n", tr->block.x, tr->block.y, tr->block.z);
    for (unsigned i = 0; i < tr->nwarps; i++) {
        warp_buf *w = &tr->warps[i];
        kprintf(tr, "warp = %u\ninsts = %u\n", i, w->insts + (unsigned)w->exited);
        kout(tr, w->buf, w->len);
        if (w->exited)
            kprintf(tr, "%04llx %08x 0 EXIT 0 0\n", (unsigned long long)(tr->max_site + 1u) * 16u, w->exit_mask);
        kprintf(tr, "\n");
    }
    kprintf(tr, "#END_TB\n\n");
}

/* ---- one instruction ------------------------------------------------------------------------ */

static void wb_append(warp_buf *w, const char *s, size_t n) {
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 4096;
        while (cap < w->len + n + 1) cap *= 2;
        char *b = realloc(w->buf, cap);
        if (!b) {
            fprintf(stderr, "simt trace: out of memory\n");
            exit(2);
        }
        w->buf = b;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, s, n);
    w->len += n;
}

/* SASS-like opcode per class and width (the importer classes by the part before '.'). */
static const char *opcode_of(simt_op op, unsigned size) {
    static const char *ldg[] = {"LDG.E.U8", "LDG.E", "LDG.E.64", "LDG.E.128"};
    static const char *stg[] = {"STG.E.U8", "STG.E", "STG.E.64", "STG.E.128"};
    static const char *lds[] = {"LDS.U.U8", "LDS.U.32", "LDS.U.64", "LDS.U.128"};
    static const char *sts[] = {"STS.U8", "STS", "STS.64", "STS.128"};
    unsigned w = size <= 1 ? 0 : size <= 4 ? 1 : size <= 8 ? 2 : 3;
    switch (op) {
    case SIMT_OP_LDG: return ldg[w];
    case SIMT_OP_STG: return stg[w];
    case SIMT_OP_ATOMG: return "ATOMG.E.ADD";
    case SIMT_OP_LDS: return lds[w];
    case SIMT_OP_STS: return sts[w];
    case SIMT_OP_ATOMS: return "ATOMS.ADD";
    case SIMT_OP_BRA: return "BRA";
    case SIMT_OP_ALU: return "IMAD";
    case SIMT_OP_SFU: return "MUFU.RCP";
    case SIMT_OP_BAR: return "BAR.SYNC";
    case SIMT_OP_EXIT: return "EXIT";
    default: return "NOP";
    }
}

static uint8_t new_dst(warp_buf *w) {
    uint8_t r = (uint8_t)(NREG_FIRST + w->next);
    w->next = (w->next + 1) % NREG_POOL;
    w->prev = w->last;
    w->last = r;
    return r;
}

/* Text appenders for the instruction lines (snprintf dominated the tracer's time). */
static char *put_s(char *p, const char *s) {
    while (*s) *p++ = *s++;
    return p;
}

static char *put_hex(char *p, uint64_t v, unsigned min_digits) {
    char tmp[16];
    unsigned n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[v & 15u];
        v >>= 4;
    } while (v);
    while (n < min_digits) tmp[n++] = '0';
    while (n) *p++ = tmp[--n];
    return p;
}

static char *put_dec(char *p, int64_t v) {
    char tmp[24];
    unsigned n = 0;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[n++] = (char)('0' + u % 10u);
        u /= 10u;
    } while (u);
    if (v < 0) *p++ = '-';
    while (n) *p++ = tmp[--n];
    return p;
}

static char *put_reg(char *p, unsigned r) {
    *p++ = ' ';
    *p++ = 'R';
    return put_dec(p, r);
}

/* Addresses of the active lanes: base_stride (mode 1) when evenly spaced, else list_all. */
static char *put_addrs(char *p, const simt_warp_inst *wi) {
    uint64_t a[SIMT_WARP];
    unsigned n = 0;
    for (uint32_t m = wi->mask; m; m &= m - 1) a[n++] = wi->lane_addr[__builtin_ctz(m)];
    if (!n) return p;
    int64_t stride = n > 1 ? (int64_t)(a[1] - a[0]) : 0;
    int even = 1;
    for (unsigned i = 2; i < n && even; i++) even = (int64_t)(a[i] - a[i - 1]) == stride;
    if (even) {
        p = put_s(p, " 1 0x");
        p = put_hex(p, a[0], 1);
        *p++ = ' ';
        return put_dec(p, stride);
    }
    p = put_s(p, " 0");
    for (unsigned i = 0; i < n; i++) {
        p = put_s(p, " 0x");
        p = put_hex(p, a[i], 1);
    }
    return p;
}

static uint8_t *le(uint8_t *p, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) *p++ = (uint8_t)(v >> (8 * i));
    return p;
}

/* A STORE record (docs/kernels.md): the instruction's identity, its lanes' addresses (base and
 * stride when evenly spaced, else one per lane) and the bytes each lane's address holds now. */
static void npmem_store(simt_tracer *tr, warp_buf *w, const simt_warp_inst *wi, const uint8_t *mem, uint64_t base) {
    uint8_t rec[64 + SIMT_WARP * (8 + 16)], *p = rec;
    uint64_t a[SIMT_WARP];
    unsigned n = 0;
    for (uint32_t m = wi->mask; m; m &= m - 1) a[n++] = wi->lane_addr[__builtin_ctz(m)];
    int64_t stride = n > 1 ? (int64_t)(a[1] - a[0]) : 0;
    int even = 1;
    for (unsigned i = 2; i < n && even; i++) even = (int64_t)(a[i] - a[i - 1]) == stride;
    *p++ = 5;
    p = le(p, tr->kernel_id, 4);
    p = le(p, wi->block.x, 4);
    p = le(p, wi->block.y, 4);
    p = le(p, wi->block.z, 4);
    p = le(p, wi->warp, 2);
    p = le(p, w->insts, 4); /* index of this instruction in the warp's .traceg list */
    *p++ = (uint8_t)wi->size;
    p = le(p, wi->mask, 4);
    *p++ = (uint8_t)even;
    if (even) {
        p = le(p, n ? a[0] : 0, 8);
        p = le(p, (uint64_t)stride, 8);
    } else {
        for (unsigned i = 0; i < n; i++) p = le(p, a[i], 8);
    }
    for (unsigned i = 0; i < n; i++) {
        memcpy(p, mem + (a[i] - base), wi->size);
        p += wi->size;
    }
    os_write(&tr->mem, rec, (size_t)(p - rec));
}

void simt_tracer_inst(simt_tracer *tr, const simt_warp_inst *wi, const uint8_t *mem, uint64_t mem_base) {
    warp_buf *w = &tr->warps[wi->warp];
    char line[1024]; /* at most 32 list_all addresses of 19 characters plus the fields */
    if (wi->op == SIMT_OP_EXIT) {
        w->exited = 1;
        w->exit_mask = wi->mask;
        return;
    }
    if (wi->site > tr->max_site) tr->max_site = wi->site;
    if (mem) npmem_store(tr, w, wi, mem, mem_base);
    const char *opc = opcode_of(wi->op, wi->size);
    for (unsigned rep = 0; rep < wi->count; rep++) {
        uint64_t pc = (uint64_t)wi->site * 16u + rep * 8u; /* sites 16 bytes apart; alu(n) inside */
        uint8_t s1 = w->last, s2 = w->prev;
        char *p = put_hex(line, pc, 4);
        *p++ = ' ';
        p = put_hex(p, wi->mask, 8);
        switch (wi->op) {
        case SIMT_OP_LDG:
        case SIMT_OP_LDS:
        case SIMT_OP_ATOMG:
        case SIMT_OP_ATOMS: /* dst <- [address in the last result] */
            p = put_s(p, " 1");
            p = put_reg(p, new_dst(w));
            *p++ = ' ';
            p = put_s(p, opc);
            p = put_s(p, s1 ? " 1" : " 0");
            if (s1) p = put_reg(p, s1);
            *p++ = ' ';
            p = put_dec(p, wi->size);
            p = put_addrs(p, wi);
            break;
        case SIMT_OP_STG:
        case SIMT_OP_STS: /* [address: the result before] <- value: the last result */
            p = put_s(p, " 0 ");
            p = put_s(p, opc);
            *p++ = ' ';
            p = put_dec(p, (s1 ? 1 : 0) + (s2 ? 1 : 0));
            if (s2) p = put_reg(p, s2);
            if (s1) p = put_reg(p, s1);
            *p++ = ' ';
            p = put_dec(p, wi->size);
            p = put_addrs(p, wi);
            break;
        case SIMT_OP_ALU:
        case SIMT_OP_SFU: /* dst <- the last two results */
            p = put_s(p, " 1");
            p = put_reg(p, new_dst(w));
            *p++ = ' ';
            p = put_s(p, opc);
            *p++ = ' ';
            p = put_dec(p, (s1 ? 1 : 0) + (s2 ? 1 : 0));
            if (s1) p = put_reg(p, s1);
            if (s2) p = put_reg(p, s2);
            p = put_s(p, " 0");
            break;
        default: /* BRA, BAR: no registers */
            *p++ = ' ';
            p = put_s(p, "0 ");
            p = put_s(p, opc);
            p = put_s(p, " 0 0");
            break;
        }
        *p++ = '\n';
        wb_append(w, line, (size_t)(p - line));
        w->insts++;
    }
}
