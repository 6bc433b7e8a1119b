/* memory.npmem: reader, checks and replay; see memlog.h and docs/kernels.md "Traces". */
#define _POSIX_C_SOURCE 200809L
#include "mem/memlog.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "mem/memimg.h"

#define NPMEM_MAGIC "NPSIMTM1"
#define NPMEM_HEADER 16u
#define NPMEM_MAX_BYTES (UINT64_C(1) << 36) /* the runtime's device memory limit (64 GiB) */

enum { REC_ALLOC = 1, REC_COPY, REC_SET, REC_KERNEL, REC_STORE };

typedef struct {
    uint64_t at;   /* offset of the type byte */
    uint32_t store;/* REC_STORE: index in stores */
    uint8_t type;
} log_rec;

typedef struct {
    size_t rec;        /* index of its KERNEL record in rec */
    uint64_t bytes;    /* version 2: device memory the checksum covers */
    uint32_t crc;
} log_kernel;

struct memlog {
    char path[1024];
    uint8_t *buf;
    size_t len;
    uint32_t version;
    uint64_t origin, extent; /* first allocation's address; end of the last allocation - origin */
    log_rec *rec;
    size_t nrec, rec_cap;
    memlog_store *st;
    size_t nst, st_cap;
    log_kernel *k;
    unsigned nk, k_cap;
};

/* ---- reading ------------------------------------------------------------------------------- */

typedef struct {
    memlog *log;
    size_t at;        /* read position */
    size_t rec_at;    /* the record being read (messages) */
    char *err;
    size_t err_len;
} reader;

static bool fail(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(reader *r, const char *fmt, ...) {
    int n = snprintf(r->err, r->err_len, "%s: byte %zu: ", r->log->path, r->rec_at);
    va_list ap;
    va_start(ap, fmt);
    if (n > 0 && (size_t)n < r->err_len) vsnprintf(r->err + n, r->err_len - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

static bool get(reader *r, unsigned bytes, uint64_t *v) {
    *v = 0;
    if (r->log->len - r->at < bytes) return fail(r, "truncated record (or corrupt gzip data)");
    for (unsigned i = 0; i < bytes; i++) *v |= (uint64_t)r->log->buf[r->at + i] << (8 * i);
    r->at += bytes;
    return true;
}

static bool skip(reader *r, uint64_t bytes) {
    if (r->log->len - r->at < bytes) return fail(r, "truncated record (or corrupt gzip data)");
    r->at += (size_t)bytes;
    return true;
}

static uint64_t le_at(const uint8_t *p, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* The whole file, decompressed when it is gzip (zlib reads plain files as they are). */
static bool read_all(memlog *log, char *err, size_t err_len) {
    gzFile f = gzopen(log->path, "rb");
    if (!f) {
        snprintf(err, err_len, "%s: cannot open: %s", log->path, strerror(errno));
        return false;
    }
    size_t cap = 1u << 20;
    log->buf = malloc(cap);
    for (int n = 1; log->buf && n > 0;) {
        if (log->len == cap) {
            uint8_t *grown = cap < (SIZE_MAX >> 1) ? realloc(log->buf, cap * 2) : NULL;
            if (!grown) break;
            log->buf = grown;
            cap *= 2;
        }
        n = gzread(f, log->buf + log->len, (unsigned)(cap - log->len < (1u << 30) ? cap - log->len : (1u << 30)));
        if (n < 0) {
            int zerr;
            snprintf(err, err_len, "%s: byte %zu: corrupt gzip data (%s)", log->path, log->len, gzerror(f, &zerr));
            gzclose(f);
            return false;
        }
        log->len += (size_t)n;
    }
    gzclose(f);
    if (!log->buf || log->len == cap) {
        snprintf(err, err_len, "%s: out of memory", log->path);
        return false;
    }
    return true;
}

static bool push_rec(reader *r, uint8_t type, uint32_t store) {
    memlog *log = r->log;
    if (log->nrec == log->rec_cap) {
        size_t cap = log->rec_cap ? log->rec_cap * 2 : 1024;
        log_rec *grown = realloc(log->rec, cap * sizeof *grown);
        if (!grown) return fail(r, "out of memory");
        log->rec = grown;
        log->rec_cap = cap;
    }
    log->rec[log->nrec++] = (log_rec){r->rec_at, store, type};
    return true;
}

/* [addr, addr + bytes) inside the allocations made so far. */
static bool in_device(reader *r, uint64_t addr, uint64_t bytes, const char *what) {
    const memlog *log = r->log;
    if (addr < log->origin || addr - log->origin > log->extent || bytes > log->extent - (addr - log->origin))
        return fail(r, "%s: address 0x%llx + %llu bytes is outside the allocations (0x%llx + %llu)", what,
                    (unsigned long long)addr, (unsigned long long)bytes, (unsigned long long)log->origin,
                    (unsigned long long)log->extent);
    return true;
}

/* The element types an ALLOC record of version 3 may name (docs/kernels.md "Element types"; the
 * runtime's simt_type) and their sizes in bytes (mixed: records of several types, 1). */
static const struct {
    const char *name;
    unsigned size;
} elem_types[] = {
    {"int8", 1},  {"uint8", 1},  {"int16", 2},   {"uint16", 2},  {"int32", 4}, {"uint32", 4},
    {"int64", 8}, {"uint64", 8}, {"float32", 4}, {"float64", 8}, {"mixed", 1},
};

/* Size of the element type named by the len bytes at s; 0 when it is not one of elem_types. */
static unsigned elem_type_size(const uint8_t *s, size_t len) {
    for (size_t i = 0; i < sizeof elem_types / sizeof elem_types[0]; i++)
        if (strlen(elem_types[i].name) == len && memcmp(elem_types[i].name, s, len) == 0) return elem_types[i].size;
    return 0;
}

/* An ALLOC record's strings: its element type (version 3; empty before) and name. at is the
 * offset of the record's type byte in a log that has been read and checked. */
typedef struct {
    const uint8_t *type, *name;
    size_t type_len, name_len;
} alloc_strings;

static alloc_strings alloc_strings_at(const memlog *log, uint64_t at) {
    const uint8_t *p = log->buf + at + 17;
    alloc_strings a = {p, p, 0, 0};
    if (log->version >= 3) {
        a.type_len = p[0];
        a.type = p + 1;
        p += 1 + a.type_len;
    }
    a.name_len = p[0];
    a.name = p + 1;
    return a;
}

/* A version 3 ALLOC record names one of elem_types, and its bytes are whole elements. */
static bool check_alloc_type(reader *r, uint64_t bytes) {
    alloc_strings a = alloc_strings_at(r->log, r->rec_at);
    unsigned size = elem_type_size(a.type, a.type_len);
    if (size == 0) {
        char shown[64]; /* the type as text, other bytes escaped */
        size_t k = 0;
        for (size_t i = 0; i < a.type_len && k + 5 < sizeof shown; i++)
            k += (size_t)snprintf(shown + k, sizeof shown - k, a.type[i] >= 0x20 && a.type[i] < 0x7f ? "%c" : "\\x%02x",
                                  a.type[i]);
        shown[k] = 0;
        return fail(r, "allocation '%.*s': element type '%s' is not one of int8, uint8, int16, uint16, int32, uint32, "
                    "int64, uint64, float32, float64, mixed", (int)a.name_len, (const char *)a.name, shown);
    }
    if (bytes % size)
        return fail(r, "allocation '%.*s': %llu bytes are not a whole number of %.*s elements", (int)a.name_len,
                    (const char *)a.name, (unsigned long long)bytes, (int)a.type_len, (const char *)a.type);
    return true;
}

static bool read_alloc(reader *r) {
    memlog *log = r->log;
    uint64_t base = 0, bytes = 0, len = 0;
    if (!get(r, 8, &base) || !get(r, 8, &bytes)) return false;
    if (log->version >= 3 && (!get(r, 1, &len) || !skip(r, len))) return false;   /* element type */
    if (!get(r, 1, &len) || !skip(r, len)) return false;                           /* name */
    if (log->version >= 3 && !check_alloc_type(r, bytes)) return false;
    if (log->nrec == 0) log->origin = base;
    if (base < log->origin || base - log->origin < log->extent || bytes > NPMEM_MAX_BYTES ||
        base - log->origin > NPMEM_MAX_BYTES - bytes)
        return fail(r, "allocation 0x%llx + %llu bytes overlaps an earlier one or leaves the 64 GiB device memory",
                    (unsigned long long)base, (unsigned long long)bytes);
    log->extent = base - log->origin + (bytes ? bytes : 1); /* the runtime gives an empty allocation a byte */
    return push_rec(r, REC_ALLOC, 0);
}

static bool read_copy_or_set(reader *r, uint8_t type) {
    uint64_t addr = 0, bytes = 0, value = 0;
    if (!get(r, 8, &addr) || !get(r, 8, &bytes)) return false;
    if (!in_device(r, addr, bytes, type == REC_COPY ? "copy" : "set")) return false;
    if (type == REC_COPY ? !skip(r, bytes) : !get(r, 1, &value)) return false;
    return push_rec(r, type, 0);
}

static bool read_kernel(reader *r) {
    memlog *log = r->log;
    uint64_t id = 0, bytes = 0, crc = 0;
    if (!get(r, 4, &id)) return false;
    if (log->version >= 2 && (!get(r, 8, &bytes) || !get(r, 4, &crc))) return false;
    if (id != log->nk + 1u) return fail(r, "kernel id %llu where %u was expected (launches are numbered 1, 2, ...)",
                                        (unsigned long long)id, log->nk + 1u);
    if (bytes > log->extent) return fail(r, "kernel %llu: its checksum covers %llu bytes, the allocations %llu",
                                         (unsigned long long)id, (unsigned long long)bytes,
                                         (unsigned long long)log->extent);
    if (log->nk == log->k_cap) {
        unsigned cap = log->k_cap ? log->k_cap * 2 : 64;
        log_kernel *grown = realloc(log->k, cap * sizeof *grown);
        if (!grown) return fail(r, "out of memory");
        log->k = grown;
        log->k_cap = cap;
    }
    log->k[log->nk++] = (log_kernel){log->nrec, bytes, (uint32_t)crc};
    return push_rec(r, REC_KERNEL, 0);
}

static bool read_store(reader *r) {
    memlog *log = r->log;
    uint64_t id = 0, bx = 0, by = 0, bz = 0, warp = 0, index = 0, width = 0, mask = 0, even = 0;
    if (!get(r, 4, &id) || !get(r, 4, &bx) || !get(r, 4, &by) || !get(r, 4, &bz) || !get(r, 2, &warp) ||
        !get(r, 4, &index) || !get(r, 1, &width) || !get(r, 4, &mask) || !get(r, 1, &even))
        return false;
    if (log->nk == 0 || id != log->nk)
        return fail(r, "store of kernel %llu %s", (unsigned long long)id,
                    log->nk ? "outside that kernel's launch (stores follow their KERNEL record)" : "before any kernel");
    if (width != 1 && width != 2 && width != 4 && width != 8 && width != 16)
        return fail(r, "store width %llu (1, 2, 4, 8 or 16 bytes)", (unsigned long long)width);
    if (even > 1) return fail(r, "address form %llu (1: first and stride, 0: one address per lane)", (unsigned long long)even);
    memlog_store s = {r->rec_at, r->at, (uint32_t)(id - 1), {(uint32_t)bx, (uint32_t)by, (uint32_t)bz},
                      (uint32_t)index, (uint32_t)mask, (uint16_t)warp, (uint8_t)width, (uint8_t)even};
    unsigned lanes = (unsigned)__builtin_popcount((unsigned)mask);
    uint64_t first = 0, stride = 0;
    if (even) {
        if (!get(r, 8, &first) || !get(r, 8, &stride)) return false;
    }
    for (unsigned k = 0; k < lanes; k++) {
        uint64_t a = first + k * stride;
        if (!even && !get(r, 8, &a)) return false;
        if (!in_device(r, a, width, "store")) return false;
    }
    if (!skip(r, (uint64_t)lanes * width)) return false;
    if (log->nst == log->st_cap) {
        size_t cap = log->st_cap ? log->st_cap * 2 : 1024;
        memlog_store *grown = realloc(log->st, cap * sizeof *grown);
        if (!grown) return fail(r, "out of memory");
        log->st = grown;
        log->st_cap = cap;
    }
    log->st[log->nst] = s;
    if (!push_rec(r, REC_STORE, (uint32_t)log->nst)) return false;
    log->nst++;
    return true;
}

static bool read_records(memlog *log, char *err, size_t err_len) {
    reader r = {log, 0, 0, err, err_len};
    uint64_t version, reserved;
    if (log->len < NPMEM_HEADER || memcmp(log->buf, NPMEM_MAGIC, 8))
        return fail(&r, "not a memory.npmem (no 'NPSIMTM1' header)");
    r.at = 8;
    get(&r, 4, &version);
    get(&r, 4, &reserved);
    if (version < 1 || version > 3) return fail(&r, "not a version 1, 2 or 3 memory.npmem (version %llu)",
                                                (unsigned long long)version);
    log->version = (uint32_t)version;
    while (r.at < log->len) {
        r.rec_at = r.at;
        uint8_t type = log->buf[r.at++];
        if (log->nrec == 0 && type != REC_ALLOC) return fail(&r, "the first record is not an allocation");
        bool ok;
        switch (type) {
        case REC_ALLOC: ok = read_alloc(&r); break;
        case REC_COPY:
        case REC_SET: ok = read_copy_or_set(&r, type); break;
        case REC_KERNEL: ok = read_kernel(&r); break;
        case REC_STORE: ok = read_store(&r); break;
        default: ok = fail(&r, "unknown record type %u (1..5)", type);
        }
        if (!ok) return false;
    }
    r.rec_at = r.at;
    if (log->nrec == 0) return fail(&r, "no allocation");
    return true;
}

/* ---- replay -------------------------------------------------------------------------------- */

static void changed_range(memlog_changed changed, void *ctx, const mem_image *img, uint64_t off, uint64_t bytes) {
    if (!changed || !bytes) return;
    for (uint64_t line = off / 128u; line <= (off + bytes - 1) / 128u; line++) changed(ctx, line % (img->size / 128u));
}

/* The image offset of device address a (checked against the allocations when the log was read). */
static uint64_t image_off(const memlog *log, uint64_t a) { return a - log->origin; }

/* The store's lanes (all of them, or with only_line those whose address is in device line
 * `line`, byte address / 128): how many it wrote. */
static unsigned apply_store_lanes(const memlog *log, mem_image *img, const memlog_store *s, bool only_line,
                                  uint64_t line, memlog_changed changed, void *ctx) {
    const uint8_t *p = log->buf + s->lanes;
    unsigned lanes = (unsigned)__builtin_popcount(s->mask), wrote = 0;
    uint64_t first = 0, stride = 0;
    if (s->even) {
        first = le_at(p, 8);
        stride = le_at(p + 8, 8);
        p += 16;
    }
    const uint8_t *data = s->even ? p : p + 8u * lanes;
    for (unsigned k = 0; k < lanes; k++, data += s->width) {
        uint64_t addr = s->even ? first + k * stride : le_at(p + 8u * k, 8);
        if (only_line && addr >> 7 != line) continue;
        uint64_t off = image_off(log, addr);
        memcpy(img->data + off, data, s->width);
        changed_range(changed, ctx, img, off, s->width);
        wrote++;
    }
    return wrote;
}

static void apply_store(const memlog *log, mem_image *img, const memlog_store *s, memlog_changed changed, void *ctx) {
    apply_store_lanes(log, img, s, false, 0, changed, ctx);
}

static void apply_rec(const memlog *log, mem_image *img, const log_rec *rec, memlog_changed changed, void *ctx) {
    const uint8_t *p = log->buf + rec->at + 1;
    if (rec->type == REC_STORE) {
        apply_store(log, img, &log->st[rec->store], changed, ctx);
        return;
    }
    if (rec->type != REC_COPY && rec->type != REC_SET) return;   /* ALLOC: contents zero; KERNEL: a mark */
    uint64_t off = image_off(log, le_at(p, 8)), bytes = le_at(p + 8, 8);
    if (rec->type == REC_COPY) memcpy(img->data + off, p + 16, bytes);
    else memset(img->data + off, p[16], bytes);
    changed_range(changed, ctx, img, off, bytes);
}

/* Records [from, to) of the log. */
static void apply_recs(const memlog *log, mem_image *img, size_t from, size_t to, memlog_changed changed, void *ctx) {
    for (size_t i = from; i < to; i++) apply_rec(log, img, &log->rec[i], changed, ctx);
}

static size_t kernel_rec(const memlog *log, unsigned k) { return k < log->nk ? log->k[k].rec : log->nrec; }

void memlog_enter_launch(const memlog *log, mem_image *img, unsigned k, memlog_changed changed, void *ctx) {
    if (k == 0 || k > log->nk) return;
    apply_recs(log, img, kernel_rec(log, k - 1) + 1, kernel_rec(log, k), changed, ctx);
}

void memlog_apply_store(const memlog *log, mem_image *img, size_t i, memlog_changed changed, void *ctx) {
    apply_store(log, img, &log->st[i], changed, ctx);
}

unsigned memlog_apply_store_line(const memlog *log, mem_image *img, size_t i, uint64_t line, memlog_changed changed,
                                 void *ctx) {
    return apply_store_lanes(log, img, &log->st[i], true, line, changed, ctx);
}

/* zlib's CRC-32 of the image's first `bytes` bytes (as the tracer computes it over its memory). */
static uint32_t image_crc(const mem_image *img, uint64_t bytes) {
    uLong crc = crc32(0L, Z_NULL, 0);
    for (uint64_t at = 0; at < bytes;) {
        uint64_t n = bytes - at < (1u << 30) ? bytes - at : (1u << 30);
        crc = crc32(crc, img->data + at, (uInt)n);
        at += n;
    }
    return (uint32_t)crc;
}

bool memlog_launch_crc(const memlog *log, const mem_image *img, unsigned k, uint32_t *got, uint32_t *want) {
    if (k >= log->nk || log->version < 2) return true;
    *want = log->k[k].crc;
    *got = image_crc(img, log->k[k].bytes);
    return *got == *want;
}

/* Replay the whole log once: at every KERNEL record of a version 2 log the image must hold the
 * runtime's device memory (its CRC-32), so a log whose replay diverges is refused here, not
 * simulated. Leaves the image at the initial memory. */
static bool check_replay(const memlog *log, mem_image *img, char *err, size_t err_len) {
    for (unsigned k = 0; k < log->nk; k++) {
        apply_recs(log, img, k ? kernel_rec(log, k - 1) + 1 : 0, kernel_rec(log, k), NULL, NULL);
        uint32_t crc = log->version >= 2 ? image_crc(img, log->k[k].bytes) : 0;
        if (crc != log->k[k].crc) {
            snprintf(err, err_len, "%s: byte %llu: kernel %u: the replayed device memory's CRC-32 is 0x%08x, the "
                     "runtime recorded 0x%08x (the log does not hold every write)", log->path,
                     (unsigned long long)log->rec[log->k[k].rec].at, k + 1, crc, log->k[k].crc);
            return false;
        }
    }
    memset(img->data, 0, img->size);
    apply_recs(log, img, 0, kernel_rec(log, 0), NULL, NULL);
    return true;
}

/* Allocation i is region i; the image size is a power of two holding every allocation and
 * dividing the first one's address (a trace address A reads image byte A mod S). */
static bool build_image(const memlog *log, mem_image *img, char *err, size_t err_len) {
    uint64_t size = MEMIMG_ALIGN;
    while (size < log->extent) size *= 2;
    if (log->origin % size) {
        snprintf(err, err_len, "%s: the first allocation's address 0x%llx is not a multiple of the image size %llu",
                 log->path, (unsigned long long)log->origin, (unsigned long long)size);
        return false;
    }
    if (!(img->data = calloc(1, size))) {
        snprintf(err, err_len, "%s: out of memory (%llu-byte image)", log->path, (unsigned long long)size);
        return false;
    }
    img->size = size;
    for (size_t i = 0; i < log->nrec; i++) {
        if (log->rec[i].type != REC_ALLOC) continue;
        if (img->nregions == MEMIMG_MAX_REGIONS) { /* every allocation is a region: none untyped */
            snprintf(err, err_len, "%s: byte %llu: more than %u allocations (the image's region table, "
                     "MEMIMG_MAX_REGIONS in sim/mem/memimg.h)", log->path, (unsigned long long)log->rec[i].at,
                     MEMIMG_MAX_REGIONS);
            return false;
        }
        const uint8_t *p = log->buf + log->rec[i].at + 1;
        alloc_strings a = alloc_strings_at(log, log->rec[i].at);
        mem_region *reg = &img->region[img->nregions++];
        snprintf(reg->name, sizeof reg->name, "%.*s", (int)a.name_len, (const char *)a.name);
        /* versions 1 and 2 carry no element type: every region is "device" */
        snprintf(reg->type, sizeof reg->type, "%.*s", a.type_len ? (int)a.type_len : 6,
                 a.type_len ? (const char *)a.type : "device");
        reg->base = image_off(log, le_at(p, 8));
        reg->bytes = le_at(p + 8, 8);
    }
    return true;
}

bool memlog_load_image(mem_image *img, const char *path, char *err, size_t err_len) {
    memset(img, 0, sizeof *img);
    memlog *log = calloc(1, sizeof *log);
    if (!log) {
        snprintf(err, err_len, "%s: out of memory", path);
        return false;
    }
    snprintf(log->path, sizeof log->path, "%s", path);
    bool ok = read_all(log, err, err_len) && read_records(log, err, err_len) && build_image(log, img, err, err_len) &&
              check_replay(log, img, err, err_len);
    if (!ok) {
        memlog_free(log);
        free(img->data);
        memset(img, 0, sizeof *img);
        return false;
    }
    img->log = log;
    return true;
}

void memlog_free(memlog *log) {
    if (!log) return;
    free(log->buf);
    free(log->rec);
    free(log->st);
    free(log->k);
    free(log);
}

unsigned memlog_launches(const memlog *log) { return log->nk; }
size_t memlog_nstores(const memlog *log) { return log->nst; }
const memlog_store *memlog_store_at(const memlog *log, size_t i) { return &log->st[i]; }
const char *memlog_path(const memlog *log) { return log->path; }
