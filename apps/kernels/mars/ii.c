/* Mars InvertedIndex (sample_apps/InvertedIndex): for every `<a ... href="url"` in a set of
 * HTML files, the list of files that link to the url. The host reads the files of a folder in
 * alphabetical order and cuts each into records of about 1 KiB ending at a newline (made
 * '\0'); the map runs the original's tag state machine over its record, ends each url with
 * '\0', writes the url's offset and hash (__HASH__ is on) into its key record and emits
 * (key, file id); MAP_GROUP sorts by (hash, url) and groups. Input: Mars' sample pages (3
 * pages x1024, not redistributable) are replaced by the 17 pages of the Debian FAQ
 * (inputs/mars/invertedindex/debian-faq, 310 KB; the state machine finds 322 `<a href` links),
 * each once. Scale s: the first
 * 17/s files (at least 2). The check: per group the url and the sorted file ids against the
 * same state machine on the host, qsort by (hash, url). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "mars_rt.h"

#define II_BLOCK 1024
#define II_MAX_FILES 64

enum { II_START, II_IN_TAG, II_IN_ATAG, II_FOUND_HREF, II_START_LINK };

typedef struct {
    int64_t file_buf;
    int32_t url_offset, url_hash;
} ii_key; /* II_KEY_T */
typedef struct {
    int32_t block_offset, block_size, file_id;
} ii_val; /* II_VAL_T */

static int32_t ii_hash_step(int32_t hash, uint8_t c) {
    return (int32_t)((uint32_t)hash << 4) ^ (hash >> 28) ^ (int32_t)(int8_t)c; /* str[i]: char */
}

static int32_t ii_hash_func(simt_thread *t, simt_addr str, int len) {
    int32_t hash = len;
    for (int i = 0; BR(i < len); i++) {
        alu(4);
        hash = ii_hash_step(hash, ld_u8(str + (simt_addr)i));
    }
    return hash;
}

/* The map's state machine over one record; emit 0: MAP_COUNT_FUNC, 1: MAP_FUNC. */
static void ii_scan(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val, int emit) {
    int block_offset = ld_i32(val);
    simt_addr buf = (simt_addr)ld_i64(key) + (simt_addr)block_offset;
    int size = ld_i32(val + 4);
    int state = II_START;
    for (int j = 0; BR(j < size); j++) {
        uint8_t ch = ld_u8(buf + (simt_addr)j);
        alu(1);
        if (BR(state == II_START)) {
            if (BR(ch == '<')) {
                state = II_IN_TAG;
            }
        } else if (BR(state == II_IN_TAG)) {
            state = BR(ch == 'a') ? II_IN_ATAG : BR(ch == ' ') ? II_IN_TAG : II_START;
        } else if (BR(state == II_IN_ATAG)) {
            if (BR(ch == 'h')) {
                static const char href[5] = {'h', 'r', 'e', 'f', '\0'};
                int x;
                for (x = 0; BR(x < 5); x++) {
                    if (BR((uint8_t)href[x] != ld_u8(buf + (simt_addr)(j + x)))) {
                        break;
                    }
                }
                if (BR(x < 5 && href[x] == '\0')) {
                    state = II_FOUND_HREF;
                    j += 3;
                } else {
                    state = II_START;
                }
            } else {
                state = BR(ch == ' ') ? II_IN_ATAG : II_START;
            }
        } else if (BR(state == II_FOUND_HREF)) {
            state = (BR(ch == ' ') || BR(ch == '=')) ? II_FOUND_HREF : BR(ch == '"') ? II_START_LINK : II_START;
        } else { /* II_START_LINK */
            simt_addr link_end = buf + (simt_addr)j;
            for (; BR(ld_u8(link_end) != '"'); link_end++) {
                alu(1);
            }
            if (emit) {
                st_u8(link_end, '\0');
                st_i32(key + 8, j + block_offset);
                st_i32(key + 12, ii_hash_func(t, buf + (simt_addr)j, (int)(link_end - (buf + (simt_addr)j))));
                mars_emit_intermediate(t, c, key, 0, val + 8, 0, (int)sizeof(ii_key), 4);
            } else {
                mars_emit_inter_count(t, c, (int)sizeof(ii_key), 4);
            }
            alu(2);
            j += (int)(link_end - (buf + (simt_addr)j));
            state = II_START;
        }
    }
}

static void ii_map_count(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val,
                         int key_size, int val_size) {
    (void)key_size;
    (void)val_size;
    ii_scan(t, c, key, val, 0);
}

static void ii_map(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val, int key_size,
                   int val_size) {
    (void)key_size;
    (void)val_size;
    ii_scan(t, c, key, val, 1);
}

/* compare.cu with __HASH__: the hashes, then the urls. */
static int ii_compare(simt_thread *t, const void *user, simt_addr a, int len_a, simt_addr b, int len_b) {
    (void)user;
    (void)len_a;
    (void)len_b;
    int32_t ha = ld_i32(a + 12), hb = ld_i32(b + 12);
    if (BR(ha > hb)) {
        return 1;
    }
    if (BR(ha < hb)) {
        return -1;
    }
    alu(2);
    simt_addr u1 = (simt_addr)ld_i64(a) + (simt_addr)ld_i32(a + 8);
    simt_addr u2 = (simt_addr)ld_i64(b) + (simt_addr)ld_i32(b + 8);
    uint8_t x, y;
    for (; BR((x = ld_u8(u1)) == (y = ld_u8(u2))) && BR(x != '\0') && BR(y != '\0'); u1++, u2++) {
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
    const char *url;
    int32_t hash, file_id;
} ii_link;

static int ii_cmp_links(const void *pa, const void *pb) {
    const ii_link *a = pa, *b = pb;
    if (a->hash != b->hash) {
        return a->hash > b->hash ? 1 : -1;
    }
    int c = strcmp(a->url, b->url);
    return c ? c : a->file_id - b->file_id;
}

/* The state machine on the host copy of one record (urls are '\0'-ended in place). */
static int ii_reference_record(char *buf, int size, int file_id, ii_link *out) {
    int n = 0, state = II_START;
    for (int j = 0; j < size; j++) {
        char ch = buf[j];
        if (state == II_START) {
            state = ch == '<' ? II_IN_TAG : II_START;
        } else if (state == II_IN_TAG) {
            state = ch == 'a' ? II_IN_ATAG : ch == ' ' ? II_IN_TAG : II_START;
        } else if (state == II_IN_ATAG) {
            if (ch == 'h') {
                state = strncmp(buf + j, "href", 4) == 0 ? II_FOUND_HREF : II_START;
                j += state == II_FOUND_HREF ? 3 : 0;
            } else {
                state = ch == ' ' ? II_IN_ATAG : II_START;
            }
        } else if (state == II_FOUND_HREF) {
            state = (ch == ' ' || ch == '=') ? II_FOUND_HREF : ch == '"' ? II_START_LINK : II_START;
        } else {
            char *end = strchr(buf + j, '"');
            int32_t hash = (int32_t)(end - (buf + j));
            *end = '\0';
            for (char *p = buf + j; p < end; p++) {
                hash = ii_hash_step(hash, (uint8_t)*p);
            }
            out[n].url = buf + j;
            out[n].hash = hash;
            out[n++].file_id = file_id;
            j += (int)(end - (buf + j));
            state = II_START;
        }
    }
    return n;
}

static int ii_cmp_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* makeup(): the folder's files in alphabetical order (scandir + alphasort). */
static int ii_list_files(const char *dir, char **names) {
    DIR *dp = opendir(dir);
    struct dirent *e;
    int n = 0;
    if (!dp) {
        perror(dir);
        return -1;
    }
    while ((e = readdir(dp)) != NULL && n < II_MAX_FILES) {
        if (e->d_name[0] != '.') {
            names[n++] = strdup(e->d_name);
        }
    }
    closedir(dp);
    qsort(names, (size_t)n, sizeof(char *), ii_cmp_names);
    return n;
}

static int ii_int_cmp(const void *a, const void *b) {
    return *(const int32_t *)a - *(const int32_t *)b;
}

int app_ii(simt_dev *d, const simt_app_opts *o) {
    char dir[1024], path[2048];
    char *names[II_MAX_FILES];
    if (kin_input_path(dir, sizeof(dir), o, "mars/invertedindex/debian-faq") != 0) {
        return 1;
    }
    int all = ii_list_files(dir, names);
    if (all < 1) {
        fprintf(stderr, "%s: no files\n", dir);
        return 1;
    }
    int nfiles = (int)kin_scaled(o, (size_t)all, 2);
    if (nfiles > all) {
        nfiles = all;
    }
    mars_spec s;
    mars_init(&s, ii_map_count, ii_map, ii_compare, NULL);
    char *host[II_MAX_FILES];
    int sizes[II_MAX_FILES], total = 0, rc = 1;
    ii_link *want = NULL;
    for (int i = 0; i < nfiles; i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        if (!f) {
            perror(path);
            return 1;
        }
        fseek(f, 0, SEEK_END);
        sizes[i] = (int)ftell(f) + 1;
        rewind(f);
        host[i] = kin_alloc((size_t)sizes[i] + 1, 1); /* main.cu's record loop reads one past */
        if (fread(host[i], 1, (size_t)sizes[i] - 1, f) != (size_t)sizes[i] - 1) {
            fprintf(stderr, "%s: cannot read\n", path);
            fclose(f);
            return 1;
        }
        fclose(f);
        host[i][sizes[i] - 1] = '\0';
        host[i][sizes[i]] = '\0';
        total += sizes[i];
        simt_addr data = simt_malloc(d, (size_t)sizes[i], SIMT_INT8, names[i]);
        ii_key key = {(int64_t)data, 0, 0};
        ii_val val = {0, 0, i};
        char *p = host[i], *start = p;
        for (int offset = 0;;) { /* main.cu's ~1 KiB records */
            int block = II_BLOCK;
            if (offset + block > sizes[i]) {
                block = sizes[i] - offset;
            }
            p += block;
            for (; *p != '\n' && *p != '\0'; p++) {
            }
            val.block_offset = offset;
            if (*p != '\0') {
                *p = '\0';
                ++p;
                val.block_size = (int)(p - start);
                mars_add_input(&s, &key, sizeof(key), &val, sizeof(val));
                offset += val.block_size;
                start = p;
            } else {
                val.block_size = sizes[i] - offset;
                mars_add_input(&s, &key, sizeof(key), &val, sizeof(val));
                break;
            }
        }
        simt_memcpy_htod(d, data, host[i], (size_t)sizes[i]);
    }
    /* host reference on the same records */
    want = kin_alloc((size_t)total / 8 + 1, sizeof(ii_link));
    int want_n = 0;
    for (int r = 0; r < s.in_count; r++) {
        const ii_val *v = (const ii_val *)(s.in_vals + s.in_offsets[4 * r + 2]);
        want_n += ii_reference_record(host[v->file_id] + v->block_offset, v->block_size, v->file_id,
                                      want + want_n);
    }
    qsort(want, (size_t)want_n, sizeof(ii_link), ii_cmp_links);
    if (mars_map(d, &s) != 0) {
        printf("kernel ii: check failed at 0: got no links want %d\n", want_n);
        goto out;
    }
    mars_group(d, &s);
    {
        int32_t *off = kin_alloc((size_t)s.inter_count * 4, sizeof(int32_t));
        ii_key *keys = kin_alloc((size_t)s.inter_count, sizeof(ii_key));
        int32_t *fids = kin_alloc((size_t)s.inter_count, sizeof(int32_t));
        simt_memcpy_dtoh(d, off, s.inter_offsets, 16 * (size_t)s.inter_count);
        rc = 0;
        int w = 0;
        for (int g = 0; rc == 0 && g < s.groups; g++) {
            int first = s.ranges[2 * g], n = s.ranges[2 * g + 1] - first;
            for (int k = 0; k < n; k++) {
                simt_memcpy_dtoh(d, &keys[k], s.inter_keys + (simt_addr)off[4 * (first + k)], sizeof(ii_key));
                simt_memcpy_dtoh(d, &fids[k], s.inter_vals + (simt_addr)off[4 * (first + k) + 2], 4);
            }
            qsort(fids, (size_t)n, sizeof(int32_t), ii_int_cmp);
            /* the group's url, read back from the device copy of its file */
            char url[512];
            simt_memcpy_dtoh(d, url, (simt_addr)keys[0].file_buf + (simt_addr)keys[0].url_offset, 1);
            int len = 0;
            while (len < (int)sizeof(url) - 1) {
                simt_memcpy_dtoh(d, &url[len], (simt_addr)keys[0].file_buf + (simt_addr)keys[0].url_offset + (simt_addr)len, 1);
                if (url[len] == '\0') {
                    break;
                }
                len++;
            }
            url[len] = '\0';
            int same = 0;
            while (w + same < want_n && strcmp(want[w + same].url, want[w].url) == 0) {
                same++;
            }
            int bad = w >= want_n || same != n || strcmp(url, want[w].url) != 0;
            for (int k = 0; !bad && k < n; k++) {
                bad = fids[k] != want[w + k].file_id;
            }
            if (bad) {
                printf("kernel ii: check failed at %d: got %s x%d want %s x%d\n", g, url, n,
                       w < want_n ? want[w].url : "(none)", same);
                rc = 1;
            }
            w += same;
        }
        if (rc == 0 && w != want_n) {
            printf("kernel ii: check failed at %d: got %d groups, links left over\n", s.groups, s.groups);
            rc = 1;
        }
        if (o->verbose) {
            printf("ii: %d files, %d records, %d links, %d urls\n", nfiles, s.in_count, s.inter_count, s.groups);
        }
        free(off);
        free(keys);
        free(fids);
    }
out:
    for (int i = 0; i < nfiles; i++) {
        free(host[i]);
    }
    for (int i = 0; i < all; i++) {
        free(names[i]);
    }
    mars_free(&s);
    free(want);
    return rc;
}
