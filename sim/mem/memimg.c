/* Memory image from data files; layout in memimg.h and docs/sim.md. */
#define _DEFAULT_SOURCE
#include "mem/memimg.h"
#include "mem/memlog.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

bool memimg_load_npmem(mem_image *img, const char *path, char *err, size_t err_len) {
    return memlog_load_image(img, path, err, err_len);
}

void memimg_free(mem_image *img) {
    memlog_free(img->log);
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
