/* Mars WordCount (sample_apps/WordCount): the host upper-cases the text and cuts it into
 * records of about 2 KiB ending at a word boundary (a '\0' written there); the map walks its
 * record's words (runs of A-Z), writes '\0' after each, and emits (word, its size) for words
 * of at least six letters (wsize > 6 counts the '\0'); MAP_GROUP sorts the records by word
 * (compare.cu: strcmp on the '\0'-ended words) and groups them: each group's size is the
 * word's count. Input: Mars' sample (a Project Gutenberg e-mail, 21,877 B, run as 4 copies)
 * is not redistributable; its stand-in is the Debian Reference manual's text, of which we
 * take the first 87,508 B (the size of Mars' run: 4 x 21,877 B) so that the bitonic sort
 * stays in the trace budget. Scale s: the first 87,508 / s bytes (at least 4 KiB). The check:
 * the groups, in order, against the same map on the host + qsort + counting. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "mars_rt.h"

#define WC_BLOCK 2048
#define WC_BYTES 87508

typedef struct {
    int64_t file;
} wc_key; /* WC_KEY_T */
typedef struct {
    int32_t line_offset, line_size, pad[2];
} wc_val; /* WC_VAL_T: __align__(16) */

static int wc_is_upper(simt_thread *t, uint8_t c) {
    return BR(c >= 'A') && BR(c <= 'Z');
}

static void wc_scan(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val, int emit) {
    simt_addr ptr_buf = (simt_addr)ld_i64(key) + (simt_addr)ld_i32(val);
    int line_size = ld_i32(val + 4);
    simt_addr p = ptr_buf, start = ptr_buf;
    int lsize = 0, wsize = 0;
    for (;;) {
        for (; wc_is_upper(t, ld_u8(p)); p++, lsize++) {
            alu(2);
        }
        st_u8(p, '\0');
        ++p;
        ++lsize;
        alu(3);
        wsize = (int)(p - start);
        if (emit) {
            uint32_t o_val = mars_out_buf(t, 0);
            sts_i32(o_val, wsize);
            if (BR(wsize > 6)) {
                mars_emit_intermediate(t, c, start, 0, o_val, 1, wsize, 4);
            }
        } else if (BR(wsize > 6)) {
            mars_emit_inter_count(t, c, wsize, 4);
        }
        for (; BR(lsize < line_size) && !wc_is_upper(t, ld_u8(p)); p++, lsize++) {
            alu(2);
        }
        if (BR(lsize >= line_size)) {
            break;
        }
        start = p;
    }
}

static void wc_map_count(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val,
                         int key_size, int val_size) {
    (void)key_size;
    (void)val_size;
    wc_scan(t, c, key, val, 0);
}

static void wc_map(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val, int key_size,
                   int val_size) {
    (void)key_size;
    (void)val_size;
    wc_scan(t, c, key, val, 1);
}

/* compare.cu */
static int wc_compare(simt_thread *t, const void *user, simt_addr a, int len_a, simt_addr b, int len_b) {
    uint8_t x, y;
    (void)user;
    (void)len_a;
    (void)len_b;
    for (; BR((x = ld_u8(a)) != '\0') && BR((y = ld_u8(b)) != '\0') && BR(x == y); a++, b++) {
        alu(2);
    }
    x = ld_u8(a);
    y = ld_u8(b);
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
    const char *word;
} wc_word;

static int wc_cmp_words(const void *a, const void *b) {
    return strcmp(((const wc_word *)a)->word, ((const wc_word *)b)->word);
}

/* The host side of the same map: the words of at least six letters, sorted. */
static int wc_reference(char *text, const wc_val *recs, int n, wc_word *out) {
    int count = 0;
    for (int r = 0; r < n; r++) {
        char *p = text + recs[r].line_offset, *start = p;
        int lsize = 0;
        for (;;) {
            for (; *p >= 'A' && *p <= 'Z'; p++, lsize++) {
            }
            *p = '\0';
            ++p;
            ++lsize;
            if ((int)(p - start) > 6) {
                out[count++].word = start;
            }
            for (; lsize < recs[r].line_size && (*p < 'A' || *p > 'Z'); p++, lsize++) {
            }
            if (lsize >= recs[r].line_size) {
                break;
            }
            start = p;
        }
    }
    qsort(out, (size_t)count, sizeof(*out), wc_cmp_words);
    return count;
}

/* main.cu's records: ~2 KiB each, ending at the first non-letter after it (made '\0'). */
static int wc_records(char *buf, int file_size, wc_val *recs) {
    int n = 0, offset = 0;
    char *p = buf, *start = buf;
    for (;;) {
        int block = WC_BLOCK;
        if (offset + block > file_size) {
            block = file_size - offset;
        }
        p += block;
        for (; *p >= 'A' && *p <= 'Z'; p++) {
        }
        if (*p != '\0') {
            *p = '\0';
            ++p;
            block = (int)(p - start);
            recs[n].line_offset = offset;
            recs[n++].line_size = block;
            offset += block;
            start = p;
        } else {
            *p = '\0';
            recs[n].line_offset = offset;
            recs[n++].line_size = file_size - offset;
            return n;
        }
    }
}

int app_wc(simt_dev *d, const simt_app_opts *o) {
    char path[1024];
    if (kin_input_path(path, sizeof(path), o, "mars/wordcount/debian-reference.en.txt") != 0) {
        return 1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    int want_bytes = (int)kin_scaled(o, WC_BYTES, 4096);
    char *buf = kin_alloc((size_t)want_bytes + 2, 1); /* + the '\0' and a sentinel after it */
    int got_bytes = (int)fread(buf, 1, (size_t)want_bytes, f);
    fclose(f);
    if (got_bytes != want_bytes) {
        fprintf(stderr, "%s: shorter than %d bytes\n", path, want_bytes);
        free(buf);
        return 1;
    }
    int file_size = want_bytes + 1; /* ftell + 1 in main.cu: a terminating '\0' */
    buf[want_bytes] = '\0';
    buf[want_bytes + 1] = '\0'; /* main.cu's record loop reads one byte past its buffer */
    for (int i = 0; i < file_size; i++) {
        buf[i] = (char)toupper((unsigned char)buf[i]);
    }
    wc_val *recs = kin_alloc((size_t)(file_size / WC_BLOCK + 2), sizeof(wc_val));
    int nrec = wc_records(buf, file_size, recs);

    simt_addr d_file = simt_malloc(d, (size_t)file_size, SIMT_INT8, "d_filebuf");
    simt_memcpy_htod(d, d_file, buf, (size_t)file_size);
    mars_spec s;
    mars_init(&s, wc_map_count, wc_map, wc_compare, NULL);
    wc_key key = {(int64_t)d_file};
    for (int r = 0; r < nrec; r++) {
        mars_add_input(&s, &key, sizeof(key), &recs[r], sizeof(recs[r]));
    }
    int rc = 1;
    char *host_text = kin_alloc((size_t)file_size, 1);
    memcpy(host_text, buf, (size_t)file_size);
    wc_word *want = kin_alloc((size_t)file_size / 2 + 1, sizeof(wc_word));
    int want_n = wc_reference(host_text, recs, nrec, want);
    if (mars_map(d, &s) != 0) {
        printf("kernel wc: check failed at 0: got no words want %d\n", want_n);
        goto out;
    }
    mars_group(d, &s);
    {
        int32_t *off = kin_alloc((size_t)s.inter_count * 4, sizeof(int32_t));
        char *keys = kin_alloc((size_t)s.inter_key_bytes, 1);
        simt_memcpy_dtoh(d, off, s.inter_offsets, 16 * (size_t)s.inter_count);
        simt_memcpy_dtoh(d, keys, s.inter_keys, (size_t)s.inter_key_bytes);
        rc = 0;
        int w = 0;
        for (int g = 0; rc == 0 && g < s.groups; g++) {
            int first = s.ranges[2 * g], end = s.ranges[2 * g + 1];
            const char *word = keys + off[4 * first];
            int n = 0;
            while (w + n < want_n && strcmp(want[w + n].word, want[w].word) == 0) {
                n++;
            }
            if (w >= want_n || strcmp(word, want[w].word) != 0 || end - first != n) {
                printf("kernel wc: check failed at %d: got %s x%d want %s x%d\n", g, word, end - first,
                       w < want_n ? want[w].word : "(none)", n);
                rc = 1;
            }
            w += n;
        }
        if (rc == 0 && w != want_n) {
            printf("kernel wc: check failed at %d: got %d groups, words left over\n", s.groups, s.groups);
            rc = 1;
        }
        if (o->verbose) {
            printf("wc: %d records, %d words of 6+ letters, %d distinct\n", nrec, s.inter_count, s.groups);
        }
        free(off);
        free(keys);
    }
out:
    mars_free(&s);
    free(recs);
    free(want);
    free(host_text);
    free(buf);
    return rc;
}
