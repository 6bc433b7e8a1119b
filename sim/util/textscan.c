/* Shared line reader, tokenizer, strict number parser and error reporter; see textscan.h. */
#define _POSIX_C_SOURCE 200809L
#include "util/textscan.h"
#include "np_fileio.h"
#include "np_progress.h"

#include <errno.h>
#include <lzma.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The whole .xz file f (size bytes) decompressed into *text (*len bytes, NUL-terminated). */
static bool xz_decode_file(FILE *f, long long size, const char *path, char **text, size_t *len, char *err,
                           size_t err_len) {
    uint8_t *packed = malloc(size > 0 ? (size_t)size : 1u);
    size_t cap = 1u << 20, n = 0;
    char *out = malloc(cap);
    lzma_stream s = LZMA_STREAM_INIT;
    bool ok = packed && out && fread(packed, 1, (size_t)size, f) == (size_t)size &&
              lzma_stream_decoder(&s, UINT64_MAX, 0) == LZMA_OK;
    if (!ok) snprintf(err, err_len, "%s: xz: cannot read or start the decoder", path);
    s.next_in = packed;
    s.avail_in = ok ? (size_t)size : 0;
    lzma_ret r = LZMA_OK;
    while (ok && r == LZMA_OK) {
        if (n + 1 == cap) {
            char *grown = realloc(out, cap * 2);
            if (!grown) {
                snprintf(err, err_len, "%s: xz: out of memory", path);
                ok = false;
                break;
            }
            out = grown;
            cap *= 2;
        }
        s.next_out = (uint8_t *)out + n;
        s.avail_out = cap - 1 - n;
        r = lzma_code(&s, LZMA_FINISH);
        n = cap - 1 - s.avail_out;
        if (r != LZMA_OK && r != LZMA_STREAM_END) {
            snprintf(err, err_len, "%s: xz: %s", path, r == LZMA_DATA_ERROR || r == LZMA_FORMAT_ERROR ? "corrupt or not xz data" : r == LZMA_BUF_ERROR ? "truncated" : "decoder error");
            ok = false;
        }
    }
    lzma_end(&s);
    free(packed);
    if (!ok) {
        free(out);
        return false;
    }
    out[n] = '\0';
    *text = out;
    *len = n;
    return true;
}

bool ts_open(textscan *ts, const char *path, char *err, size_t err_len) {
    memset(ts, 0, sizeof *ts);
    ts->path = path;
    ts->err = err;
    ts->err_len = err_len;
    long long size = 0;
    ts->f = np_open_regular(path, &size, err, err_len); /* a device or fifo: refused, never a hang */
    ts->size = size;
    size_t n = strlen(path);
    if (!ts->f || n < 3 || strcmp(path + n - 3, ".xz")) return ts->f != NULL;
    char *text;
    size_t len;
    bool ok = xz_decode_file(ts->f, size, path, &text, &len, err, err_len);
    fclose(ts->f);
    ts->f = NULL;
    if (!ok) return false;
    ts->xz_text = text;
    ts->size = (long long)len;
    ts->f = fmemopen(text, len ? len : 1, "r");
    if (!ts->f) {
        snprintf(err, err_len, "%s: xz: cannot read the decompressed text: %s", path, strerror(errno));
        free(text);
        ts->xz_text = NULL;
        return false;
    }
    return true;
}

void ts_close(textscan *ts) {
    if (ts->f) fclose(ts->f);
    ts->f = NULL;
    free(ts->xz_text);
    ts->xz_text = NULL;
}

static bool vfail(char *err, size_t len, const char *where, const char *fmt, va_list ap) {
    char msg[768];
    vsnprintf(msg, sizeof msg, fmt, ap);
    snprintf(err, len, "%s: %s", where, msg);
    return false;
}

bool ts_fail(textscan *ts, const char *fmt, ...) {
    char where[600];
    snprintf(where, sizeof where, "%s:%u", ts->path, ts->line);
    va_list ap;
    va_start(ap, fmt);
    vfail(ts->err, ts->err_len, where, fmt, ap);
    va_end(ap);
    return false;
}

bool ts_fail_at(char *err, size_t err_len, const char *where, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfail(err, err_len, where, fmt, ap);
    va_end(ap);
    return false;
}

int ts_next(textscan *ts, bool strip_comments) {
    if (!fgets(ts->buf, sizeof ts->buf, ts->f)) return 0;
    ts->line++;
    if ((ts->line & 0xFFFFu) == 0) np_progress(ts->path, (uint64_t)ftello(ts->f), (uint64_t)ts->size, "bytes");
    size_t n = strlen(ts->buf);
    if (n + 1 == sizeof ts->buf && ts->buf[n - 1] != '\n' && !feof(ts->f)) {
        ts_fail(ts, "line longer than %u characters", TS_LINE_MAX - 2);
        return -1;
    }
    /* fgets stops at NUL silently; a binary file must not pass as a short line */
    if (n + 1 < sizeof ts->buf && ts->buf[n ? n - 1 : 0] != '\n' && !feof(ts->f)) {
        ts_fail(ts, "NUL byte in a text file");
        return -1;
    }
    if (strip_comments) {
        char *hash = strchr(ts->buf, '#');
        if (hash) *hash = '\0';
    }
    ts->ntok = 0;
    ts->too_many = false;
    char *save = NULL;
    for (char *t = strtok_r(ts->buf, " \t\r\n\v\f", &save); t; t = strtok_r(NULL, " \t\r\n\v\f", &save)) {
        if (ts->ntok == TS_MAX_TOKENS) {
            ts->too_many = true;
            break;
        }
        ts->tok[ts->ntok++] = t;
    }
    return 1;
}

void ts_rest(const textscan *ts, unsigned from, char *out, size_t out_len) {
    if (!out_len) return;
    out[0] = '\0';
    for (unsigned i = from; i < ts->ntok; i++) {
        if (i > from) strncat(out, " ", out_len - strlen(out) - 1);
        strncat(out, ts->tok[i], out_len - strlen(out) - 1);
    }
}

bool ts_dec_u64(const char *s, uint64_t max, uint64_t *out) {
    if (!s || !*s) return false;
    if (s[0] == '0' && s[1]) return false;              /* "010": octal-looking, refused */
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return false;
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) return false;
        v = v * 10 + d;
    }
    if (v > max) return false;
    *out = v;
    return true;
}

bool ts_dec_i64(const char *s, int64_t *out) {
    if (!s) return false;
    bool neg = *s == '-';
    uint64_t v;
    if (!ts_dec_u64(s + neg, (uint64_t)INT64_MAX, &v)) return false;
    if (neg && v == 0) return false;                    /* "-0" */
    *out = neg ? -(int64_t)v : (int64_t)v;
    return true;
}

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool ts_hex_u64(const char *s, bool need_prefix, uint64_t max, uint64_t *out) {
    if (!s) return false;
    bool has = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (has != need_prefix) return false;
    const char *p = s + (has ? 2 : 0);
    size_t n = strlen(p);
    if (n == 0 || n > 16) return false;
    uint64_t v = 0;
    for (; *p; p++) {
        int d = hexval(*p);
        if (d < 0) return false;
        v = v << 4 | (uint64_t)d;
    }
    if (v > max) return false;
    *out = v;
    return true;
}

bool ts_num_u64(const char *s, uint64_t max, uint64_t *out) {
    if (s && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) return ts_hex_u64(s, true, max, out);
    return ts_dec_u64(s, max, out);
}

bool ts_double(const char *s, double *out) {
    if (!s || !*s) return false;
    for (const char *p = s; *p; p++)                    /* refuse nan, inf, hex floats */
        if (!strchr("0123456789+-.eE", *p)) return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !isfinite(v)) return false;
    *out = v;
    return true;
}

const char *ts_num_why(const char *s) {
    if (!s || !*s) return "";
    const char *p = s + (*s == '-' || *s == '+');
    if (p[0] == '0' && p[1] >= '0' && p[1] <= '9')
        return " (a leading zero is refused rather than read as octal: write decimal without it, hex with 0x)";
    if (strchr("nNiI", *p)) return " (not a finite number)";
    if (*s == '+' || *s == '-') return " (no sign)";
    for (; *p; p++)
        if (strchr("abcdefABCDEF", *p) && !strchr("eE", *p)) return " (hex is written with 0x)";
    return "";
}
