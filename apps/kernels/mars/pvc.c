/* Mars PageViewCount (sample_apps/PageViewCount): page views per url in a web log, counting
 * identical log entries once. Two MapReduces, as main.cu runs them: (1) MAP_REDUCE with the
 * whole entry as key (its hash, then the text, compare.cu): the groups are the distinct
 * entries, and the reduce emits each once, marked phase 1; (2) on that output, MAP_GROUP
 * with the url as key (the map ends url and ip with '\0' and emits the ip's offset): each
 * group is one url, its size the url's views. Input: Mars' GenWebLogSrc rule, seeded:
 * "http://www.abcdefg.com/<rand%1024>.html\t<a>.<b>.<c>.<d>\t<rand%1000>\n". Size: 4,096
 * entries (run.sh generates 1,000,000: two bitonic sorts of 2^20 records are far beyond the
 * trace budget); scale s: 4,096 / s (at least 512). The check: each group's url and count
 * against the host's distinct entries counted per url, in (hash, url) order. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "mars_rt.h"

#define PVC_ENTRIES 4096

typedef struct {
    int64_t file_buf;
    int32_t entry_offset, entry_hash;
} pvc_key; /* PVC_KEY_T */
typedef struct {
    int32_t entry_size, phase;
} pvc_val; /* PVC_VAL_T */

static int32_t pvc_hash_step(int32_t hash, uint8_t c) {
    return (int32_t)((uint32_t)hash << 4) ^ (hash >> 28) ^ (int32_t)(int8_t)c;
}

static int32_t pvc_hash_func(simt_thread *t, simt_addr str, int len) {
    int32_t hash = len;
    for (int i = 0; BR(i < len); i++) {
        alu(4);
        hash = pvc_hash_step(hash, ld_u8(str + (simt_addr)i));
    }
    return hash;
}

static void pvc_map_count(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val,
                          int key_size, int val_size) {
    (void)key;
    (void)key_size;
    (void)val_size;
    if (BR(ld_i32(val + 4) == 0)) {
        mars_emit_inter_count(t, c, (int)sizeof(pvc_key), (int)sizeof(pvc_val));
    } else {
        mars_emit_inter_count(t, c, (int)sizeof(pvc_key), 4);
    }
}

static void pvc_map(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val, int key_size,
                    int val_size) {
    (void)key_size;
    (void)val_size;
    int entry_offset = ld_i32(key + 8);
    simt_addr entry = (simt_addr)ld_i64(key) + (simt_addr)entry_offset;
    if (BR(ld_i32(val + 4) == 0)) {
        st_i32(key + 12, pvc_hash_func(t, entry, ld_i32(val)));
        mars_emit_intermediate(t, c, key, 0, val, 0, (int)sizeof(pvc_key), (int)sizeof(pvc_val));
    } else {
        simt_addr p = entry;
        int url_size = 1;
        for (; BR(ld_u8(p) != '\t'); p++, url_size++) {
            alu(2);
        }
        st_u8(p, '\0');
        alu(1);
        int ip_offset = entry_offset + url_size;
        for (; BR(ld_u8(p) != '\t'); p++) {
            alu(1);
        }
        st_u8(p, '\0');
        uint32_t o_ipoffset = mars_out_buf(t, 0);
        sts_i32(o_ipoffset, ip_offset);
        st_i32(key + 12, pvc_hash_func(t, entry, url_size));
        mars_emit_intermediate(t, c, key, 0, o_ipoffset, 1, (int)sizeof(pvc_key), 4);
    }
}

static void pvc_reduce_count(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr vals,
                             int key_size, int val_count) {
    (void)key;
    (void)vals;
    (void)key_size;
    (void)val_count;
    mars_emit_inter_count(t, c, (int)sizeof(pvc_key), (int)sizeof(pvc_val));
}

static void pvc_reduce(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr vals,
                       int key_size, int val_count) {
    (void)key_size;
    (void)val_count;
    st_i32(vals + 4, 1); /* pVal->phase = 1 */
    mars_emit_intermediate(t, c, key, 0, vals, 0, (int)sizeof(pvc_key), (int)sizeof(pvc_val));
}

/* compare.cu: hashes, then the '\0'-ended texts. */
static int pvc_compare(simt_thread *t, const void *user, simt_addr a, int len_a, simt_addr b, int len_b) {
    (void)user;
    (void)len_a;
    (void)len_b;
    int32_t h1 = ld_i32(a + 12), h2 = ld_i32(b + 12);
    if (BR(h1 > h2)) {
        return 1;
    } else if (BR(h1 < h2)) {
        return -1;
    }
    alu(2);
    simt_addr e1 = (simt_addr)ld_i64(a) + (simt_addr)ld_i32(a + 8);
    simt_addr e2 = (simt_addr)ld_i64(b) + (simt_addr)ld_i32(b + 8);
    uint8_t x, y;
    for (; BR((x = ld_u8(e1)) == (y = ld_u8(e2))) && BR(x != '\0') && BR(y != '\0'); e1++, e2++) {
        alu(2);
    }
    if (BR(x > y)) {
        return 1;
    }
    if (BR(x < y)) {
        return -1;
    }
    return 0;
}

#include "mars_rt_impl.h"

typedef struct {
    char url[64];
    int32_t hash;
    int views;
} pvc_page;

static int pvc_cmp_lines(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int pvc_cmp_pages(const void *pa, const void *pb) {
    const pvc_page *a = pa, *b = pb;
    if (a->hash != b->hash) {
        return a->hash > b->hash ? 1 : -1;
    }
    return strcmp(a->url, b->url);
}

/* The expected groups: distinct entries, counted per url, in the sort's order. */
static int pvc_reference(char **lines, int n, pvc_page *pages) {
    int np = 0;
    qsort(lines, (size_t)n, sizeof(char *), pvc_cmp_lines);
    for (int i = 0; i < n; i++) {
        if (i > 0 && strcmp(lines[i], lines[i - 1]) == 0) {
            continue;
        }
        int len = (int)strcspn(lines[i], "\t");
        int k = 0;
        while (k < np && (strncmp(pages[k].url, lines[i], (size_t)len) != 0 || pages[k].url[len] != '\0')) {
            k++;
        }
        if (k == np) {
            memcpy(pages[np].url, lines[i], (size_t)len);
            pages[np].url[len] = '\0';
            int32_t h = len + 1;
            for (int j = 0; j <= len; j++) { /* url_size counts the '\0', hashed too */
                h = pvc_hash_step(h, (uint8_t)pages[np].url[j]);
            }
            pages[np].hash = h;
            pages[np++].views = 0;
        }
        pages[k].views++;
    }
    qsort(pages, (size_t)np, sizeof(pvc_page), pvc_cmp_pages);
    return np;
}

int app_pvc(simt_dev *d, const simt_app_opts *o) {
    const int entries = (int)kin_scaled(o, PVC_ENTRIES, 512);
    size_t cap = (size_t)entries * 64 + 2;
    char *buf = kin_alloc(cap, 1);
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    size_t len = 0;
    for (int i = 0; i < entries; i++) { /* GenWebLogSrc "count" */
        unsigned u = kin_rand_below(&rng, 1024), a = kin_rand_below(&rng, 256), b = kin_rand_below(&rng, 256);
        unsigned c = kin_rand_below(&rng, 256), e = kin_rand_below(&rng, 256), v = kin_rand_below(&rng, 1000);
        len += (size_t)snprintf(buf + len, cap - len, "http://www.abcdefg.com/%u.html\t%u.%u.%u.%u\t%u\n", u, a, b, c, e, v);
    }
    int file_size = (int)len + 1; /* ftell + 1, the last byte '\n' */
    buf[file_size - 1] = '\n';
    char **lines = kin_alloc((size_t)entries, sizeof(char *));
    char *copy = kin_alloc((size_t)file_size, 1);
    simt_addr d_file = simt_malloc(d, (size_t)file_size, SIMT_INT8, "d_filebuf");
    mars_spec s;
    mars_init(&s, pvc_map_count, pvc_map, pvc_compare, NULL);
    s.reduce_count = pvc_reduce_count;
    s.reduce = pvc_reduce;
    pvc_key key = {(int64_t)d_file, 0, 0};
    pvc_val val = {0, 0};
    int nlines = 0;
    for (char *p = buf, *start = buf; ; start = p) { /* main.cu: one record per line */
        for (; *p != '\n'; ++p) {
        }
        *p = '\0';
        p++;
        key.entry_offset = (int32_t)(start - buf);
        val.entry_size = (int32_t)(p - start);
        if (key.entry_offset + val.entry_size >= file_size) {
            break;
        }
        mars_add_input(&s, &key, sizeof(key), &val, sizeof(val));
        lines[nlines++] = copy + (start - buf);
    }
    memcpy(copy, buf, (size_t)file_size);
    simt_memcpy_htod(d, d_file, buf, (size_t)file_size);
    pvc_page *want = kin_alloc((size_t)entries, sizeof(pvc_page));
    int want_n = pvc_reference(lines, nlines, want);
    int rc = 1;
    if (mars_map(d, &s) != 0) {
        goto out;
    }
    mars_group(d, &s);
    mars_reduce(d, &s);
    int distinct = s.out_count;
    mars_output_to_input(d, &s);
    if (mars_map(d, &s) != 0) {
        goto out;
    }
    mars_group(d, &s);
    {
        int32_t *off = kin_alloc((size_t)s.inter_count * 4, sizeof(int32_t));
        simt_memcpy_dtoh(d, off, s.inter_offsets, 16 * (size_t)s.inter_count);
        rc = s.groups != want_n;
        if (rc) {
            printf("kernel pvc: check failed at 0: got %d urls want %d\n", s.groups, want_n);
        }
        for (int g = 0; rc == 0 && g < s.groups; g++) {
            int first = s.ranges[2 * g], views = s.ranges[2 * g + 1] - first;
            pvc_key k;
            char url[64];
            simt_memcpy_dtoh(d, &k, s.inter_keys + (simt_addr)off[4 * first], sizeof(k));
            size_t n = sizeof(url) - 1;
            if ((size_t)(file_size - k.entry_offset) < n) {
                n = (size_t)(file_size - k.entry_offset);
            }
            simt_memcpy_dtoh(d, url, (simt_addr)k.file_buf + (simt_addr)k.entry_offset, n);
            url[n] = '\0';
            if (strcmp(url, want[g].url) != 0 || views != want[g].views) {
                printf("kernel pvc: check failed at %d: got %s x%d want %s x%d\n", g, url, views, want[g].url,
                       want[g].views);
                rc = 1;
            }
        }
        if (o->verbose) {
            printf("pvc: %d entries, %d distinct, %d urls\n", nlines, distinct, s.groups);
        }
        free(off);
    }
out:
    if (rc && s.inter_count == 0) {
        printf("kernel pvc: check failed at 0: got no output want %d urls\n", want_n);
    }
    mars_free(&s);
    free(want);
    free(lines);
    free(copy);
    free(buf);
    return rc;
}
