/* Mars StringMatch (sample_apps/StringMatch): find a keyword among the lines of a text. The
 * host cuts the file into records of about 1 KiB ending at a newline (main.cu); the map
 * scans its record line by line and emits (offset, size) for each line equal to the keyword;
 * MAP_ONLY. Input: Mars' sample (1 KiB of words x1024) is not redistributable; its stand-in
 * is Debian's american-english word list (985,084 B, one word per line), keyword "Borges"
 * (Mars ran "org"). As in the original, the map counts only the non-newline bytes against
 * the record size, so each thread reads on into the next record (a match there is emitted by
 * both threads); the device copy of the file ends with enough newlines for the last thread.
 * Scale s: the first 1/s of the file (cut at a newline). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "mars_rt.h"

#define SM_BLOCK 1024
#define SM_KEYWORD "Borges"

/* SM_KEY_T {char *ptrFile; char *ptrKeyword}; SM_VAL_T {keyword_size, linebuf_offset,
 * linebuf_size} (__align__(16): 16 bytes) */
typedef struct {
    int64_t file, keyword;
} sm_key;
typedef struct {
    int32_t keyword_size, linebuf_offset, linebuf_size, pad;
} sm_val;

/* The map's scan of one record, shared by MAP_COUNT_FUNC and MAP_FUNC. */
static void sm_scan(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val, int emit) {
    int buf_offset = ld_i32(val + 4);
    int buf_size = ld_i32(val + 8);
    simt_addr buf = (simt_addr)ld_i64(key) + (simt_addr)buf_offset;
    simt_addr keyword = (simt_addr)ld_i64(key + 8);
    int keyword_size = ld_i32(val + 0);
    int cur = 0;
    simt_addr p = buf, start = buf;
    for (;;) {
        for (; BR(ld_u8(p) != '\n'); ++p, ++cur) {
            alu(2);
        }
        ++p;
        alu(2);
        int word_size = (int)(p - start);
        int word_offset = buf_offset;
        if (BR(cur >= buf_size)) {
            break;
        }
        simt_addr k = keyword, s = start;
        if (BR(word_size == keyword_size)) {
            uint8_t sc, kc;
            for (; BR((sc = ld_u8(s)) == (kc = ld_u8(k))) && BR(kc != '\0'); s++, k++) {
                alu(2);
            }
            if (BR(ld_u8(s) == '\n')) {
                if (emit) {
                    uint32_t o_offset = mars_out_buf(t, 0), o_size = mars_out_buf(t, 4);
                    sts_i32(o_offset, word_offset);
                    sts_i32(o_size, word_size);
                    mars_emit_intermediate(t, c, o_offset, 1, o_size, 1, 4, 4);
                } else {
                    mars_emit_inter_count(t, c, 4, 4);
                }
            }
        }
        alu(1);
        start = p;
        buf_offset += word_size;
    }
}

static void sm_map_count(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val,
                         int key_size, int val_size) {
    (void)key_size;
    (void)val_size;
    sm_scan(t, c, key, val, 0);
}

static void sm_map(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val, int key_size,
                   int val_size) {
    (void)key_size;
    (void)val_size;
    sm_scan(t, c, key, val, 1);
}

#include "mars_rt_impl.h"

/* The same record scan on the host: the matches' (offset, size) in map order. */
static int sm_reference(const char *buf, const sm_val *recs, int n, int32_t *out) {
    int count = 0, ksize = (int)strlen(SM_KEYWORD) + 1;
    for (int r = 0; r < n; r++) {
        int off = recs[r].linebuf_offset, cur = 0;
        const char *p = buf + off, *start = p;
        for (;;) {
            for (; *p != '\n'; ++p, ++cur) {
            }
            ++p;
            int word_size = (int)(p - start);
            if (cur >= recs[r].linebuf_size) {
                break;
            }
            if (word_size == ksize && memcmp(start, SM_KEYWORD, (size_t)ksize - 1) == 0) {
                out[2 * count] = off;
                out[2 * count + 1] = word_size;
                count++;
            }
            start = p;
            off += word_size;
        }
    }
    return count;
}

int app_sm(simt_dev *d, const simt_app_opts *o) {
    char path[1024];
    if (kin_input_path(path, sizeof(path), o, "mars/stringmatch/american-english") != 0) {
        return 1;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long full = ftell(f);
    rewind(f);
    char *buf = kin_alloc((size_t)full + SM_BLOCK + 1, 1);
    if (full <= 0 || fread(buf, 1, (size_t)full, f) != (size_t)full) {
        fprintf(stderr, "%s: cannot read\n", path);
        fclose(f);
        free(buf);
        return 1;
    }
    fclose(f);
    int file_size = (int)kin_scaled(o, (size_t)full, 4096);
    while (file_size < full && buf[file_size - 1] != '\n') {
        file_size++;
    }
    memset(buf + file_size, '\n', SM_BLOCK + 1); /* the tail the last thread reads */

    simt_addr d_file = simt_malloc(d, (size_t)file_size + SM_BLOCK + 1, SIMT_INT8, "d_filebuf");
    simt_memcpy_htod(d, d_file, buf, (size_t)file_size + SM_BLOCK + 1);
    simt_addr d_keyword = simt_malloc(d, sizeof(SM_KEYWORD), SIMT_INT8, "d_keyword");
    simt_memcpy_htod(d, d_keyword, SM_KEYWORD, sizeof(SM_KEYWORD));

    mars_spec s;
    mars_init(&s, sm_map_count, sm_map, NULL, NULL);
    sm_key key = {(int64_t)d_file, (int64_t)d_keyword};
    sm_val val = {(int32_t)sizeof(SM_KEYWORD), 0, 0, 0};
    int nrec = 0, cap = file_size / SM_BLOCK + 2;
    sm_val *recs = kin_alloc((size_t)cap, sizeof(sm_val));
    for (int offset = 0; offset < file_size;) { /* main.cu's records: ~1 KiB up to a newline */
        int end = offset + SM_BLOCK < file_size ? offset + SM_BLOCK : file_size;
        while (end < file_size && buf[end] != '\n') {
            end++;
        }
        if (end < file_size) {
            end++;
        }
        val.linebuf_offset = offset;
        val.linebuf_size = end - offset;
        mars_add_input(&s, &key, sizeof(key), &val, sizeof(val));
        recs[nrec++] = val;
        offset = end;
    }
    int32_t *want = kin_alloc((size_t)file_size, sizeof(int32_t));
    int want_n = sm_reference(buf, recs, nrec, want);
    int rc = 0;
    if (mars_map(d, &s) == 0) {
        int32_t *got = kin_alloc((size_t)s.inter_count * 2, sizeof(int32_t));
        int32_t *off = kin_alloc((size_t)s.inter_count * 4, sizeof(int32_t));
        simt_memcpy_dtoh(d, off, s.inter_offsets, 16 * (size_t)s.inter_count);
        for (int i = 0; i < s.inter_count; i++) { /* key: the offset, value: the size */
            simt_memcpy_dtoh(d, &got[2 * i], s.inter_keys + (simt_addr)off[4 * i], 4);
            simt_memcpy_dtoh(d, &got[2 * i + 1], s.inter_vals + (simt_addr)off[4 * i + 2], 4);
        }
        if (s.inter_count != want_n) {
            printf("kernel sm: check failed at %d: got %d matches want %d\n", 0, s.inter_count, want_n);
            rc = 1;
        } else {
            rc = kin_check_i32("sm", got, want, 2 * (size_t)want_n);
        }
        if (o->verbose) {
            printf("sm: %d records, %d matches of \"%s\"\n", nrec, s.inter_count, SM_KEYWORD);
        }
        free(got);
        free(off);
    } else if (want_n != 0) {
        printf("kernel sm: check failed at 0: got 0 matches want %d\n", want_n);
        rc = 1;
    }
    mars_free(&s);
    free(recs);
    free(want);
    free(buf);
    return rc;
}
