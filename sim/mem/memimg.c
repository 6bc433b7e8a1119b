/* Memory image from data files; layout in memimg.h and docs/sim.md. */
#define _DEFAULT_SOURCE
#include "mem/memimg.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* "rodinia_lud_512.float32" -> type "float32" (text after the last dot). */
static void region_type(const char *name, char *type, size_t len) {
    const char *dot = strrchr(name, '.');
    snprintf(type, len, "%s", dot ? dot + 1 : "unknown");
}

static uint64_t align_up(uint64_t v) { return (v + MEMIMG_ALIGN - 1) / MEMIMG_ALIGN * MEMIMG_ALIGN; }

static bool list_files(const char *dir, char ***names, unsigned *count, char *err, size_t len) {
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, len, "%s: cannot open data directory: %s", dir, strerror(errno));
        return false;
    }
    char **list = NULL;
    unsigned n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (!ends_with(e->d_name, ".bin") || n == MEMIMG_MAX_REGIONS) continue;
        char **grown = realloc(list, (n + 1) * sizeof *list);
        if (!grown) break;
        list = grown;
        list[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n == 0) {
        free(list);
        snprintf(err, len, "%s: no *.bin files (the memory image needs data)", dir);
        return false;
    }
    qsort(list, n, sizeof *list, cmp_names);
    *names = list;
    *count = n;
    return true;
}

bool memimg_load(mem_image *img, const char *dir, char *err, size_t err_len) {
    memset(img, 0, sizeof *img);
    char **names;
    unsigned count;
    if (!list_files(dir, &names, &count, err, err_len)) return false;
    bool ok = true;
    uint64_t end = 0;
    for (unsigned i = 0; i < count && ok; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (!f) {
            snprintf(err, err_len, "%s: cannot open: %s", path, strerror(errno));
            ok = false;
            break;
        }
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        rewind(f);
        mem_region *r = &img->region[img->nregions++];
        snprintf(r->name, sizeof r->name, "%.*s", (int)(strlen(names[i]) - 4), names[i]);
        region_type(r->name, r->type, sizeof r->type);
        r->base = align_up(end);
        r->bytes = (uint64_t)size;
        end = r->base + r->bytes;
        uint8_t *grown = realloc(img->data, align_up(end));
        if (!grown) {
            snprintf(err, err_len, "%s: out of memory", path);
            ok = false;
        } else {
            img->data = grown;
            memset(img->data + img->size, 0, align_up(end) - img->size);
            img->size = align_up(end);
            if (fread(img->data + r->base, 1, r->bytes, f) != r->bytes) {
                snprintf(err, err_len, "%s: short read", path);
                ok = false;
            }
        }
        fclose(f);
    }
    for (unsigned i = 0; i < count; i++) free(names[i]);
    free(names);
    if (!ok) memimg_free(img);
    return ok;
}

/* ---- memory.npmem (the SIMT runtime's device memory log) ----------------------------------- */

typedef struct {
    gzFile f; /* zlib reads memory.npmem.gz and a plain memory.npmem alike */
    const char *path;
    long at;
    char *err;
    size_t err_len;
} npmem_reader;

static bool npmem_fail(npmem_reader *r, const char *what) {
    snprintf(r->err, r->err_len, "%s: byte %ld: %s", r->path, r->at, what);
    return false;
}

static bool npmem_read(npmem_reader *r, void *buf, size_t n) {
    if (n && gzread(r->f, buf, (unsigned)n) != (int)n) return npmem_fail(r, "truncated record (or corrupt gzip data)");
    r->at += (long)n;
    return true;
}

static bool npmem_le(npmem_reader *r, unsigned bytes, uint64_t *v) {
    uint8_t b[8];
    if (!npmem_read(r, b, bytes)) return false;
    *v = 0;
    for (unsigned i = 0; i < bytes; i++) *v |= (uint64_t)b[i] << (8 * i);
    return true;
}

/* Grow the image to hold [0, end): a power of two, at least MEMIMG_ALIGN, new bytes zero. */
static bool npmem_grow(mem_image *img, uint64_t end, npmem_reader *r) {
    uint64_t size = img->size ? img->size : MEMIMG_ALIGN;
    while (size < end) size *= 2;
    if (size == img->size) return true;
    if (size > (UINT64_C(1) << 36)) return npmem_fail(r, "allocations span more than 64 GiB");
    uint8_t *grown = realloc(img->data, size);
    if (!grown) return npmem_fail(r, "out of memory");
    memset(grown + img->size, 0, size - img->size);
    img->data = grown;
    img->size = size;
    return true;
}

static bool npmem_records(mem_image *img, npmem_reader *r) {
    uint64_t origin = 0;
    bool any = false;
    for (;;) {
        int type = gzgetc(r->f);
        if (type == EOF || type == 4) return any ? true : npmem_fail(r, "no allocation before the first kernel");
        r->at++;
        uint64_t addr, bytes, v;
        if (type < 1 || type > 3) return npmem_fail(r, "unknown record type before the first kernel");
        if (!npmem_le(r, 8, &addr) || !npmem_le(r, 8, &bytes)) return false;
        if (!any) {
            if (type != 1) return npmem_fail(r, "the first record is not an allocation");
            origin = addr;
            any = true;
        }
        if (addr < origin || addr - origin > (UINT64_C(1) << 36) || bytes > (UINT64_C(1) << 36))
            return npmem_fail(r, "address or size outside the allocations");
        uint64_t off = addr - origin;
        if (!npmem_grow(img, off + bytes, r)) return false;
        if (type == 1) {
            uint8_t len;
            if (!npmem_read(r, &len, 1)) return false;
            char name[256];
            if (!npmem_read(r, name, len)) return false;
            name[len] = '\0';
            if (img->nregions < MEMIMG_MAX_REGIONS) {
                mem_region *reg = &img->region[img->nregions++];
                snprintf(reg->name, sizeof reg->name, "%.127s", name);
                snprintf(reg->type, sizeof reg->type, "device");
                reg->base = off;
                reg->bytes = bytes;
            }
        } else if (type == 2) {
            if (!npmem_read(r, img->data + off, bytes)) return false;
        } else {
            if (!npmem_le(r, 1, &v)) return false;
            memset(img->data + off, (int)v, bytes);
        }
        if (origin % img->size) return npmem_fail(r, "the first allocation's address is not a multiple of the image size");
    }
}

bool memimg_load_npmem(mem_image *img, const char *path, char *err, size_t err_len) {
    memset(img, 0, sizeof *img);
    npmem_reader r = {gzopen(path, "rb"), path, 0, err, err_len};
    if (!r.f) {
        snprintf(err, err_len, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    char magic[8];
    uint64_t version, reserved;
    bool ok = npmem_read(&r, magic, 8) && npmem_le(&r, 4, &version) && npmem_le(&r, 4, &reserved);
    if (ok && (memcmp(magic, "NPSIMTM1", 8) || version != 1)) ok = npmem_fail(&r, "not a version 1 memory.npmem");
    ok = ok && npmem_records(img, &r);
    gzclose(r.f);
    if (!ok) memimg_free(img);
    return ok;
}

void memimg_free(mem_image *img) {
    free(img->data);
    memset(img, 0, sizeof *img);
}

const uint8_t *memimg_line(const mem_image *img, uint64_t line_addr) {
    return img->data + (line_addr * 128u) % img->size;
}

const mem_region *memimg_find(const mem_image *img, const char *part) {
    for (unsigned i = 0; i < img->nregions; i++)
        if (strstr(img->region[i].name, part)) return &img->region[i];
    return NULL;
}
