/* The one line reader, tokenizer, number parser and error reporter of every text the simulator
 * reads as a trace: the project's text traces (trace.c) and Accel-Sim's .traceg / kernelslist.g
 * (traceg.c). Errors always read "file:line: message". Numbers are strict: decimal never has a
 * leading zero (so "010" is an error, neither octal 8 nor decimal 10: a trace that means one of
 * them must say so), hex is read only where the format says hex, no sign unless the field is
 * signed, no NaN, no trailing characters. */
#ifndef SIM_TEXTSCAN_H
#define SIM_TEXTSCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TS_MAX_TOKENS 64u
#define TS_LINE_MAX 8192u

typedef struct {
    FILE *f;
    void *xz_text;               /* a .xz file's decompressed text (f reads it), freed by ts_close */
    const char *path;
    long long size;              /* bytes of text (the decompressed length of a .xz): progress */
    unsigned line;               /* number of the line in buf (1-based) */
    char buf[TS_LINE_MAX];
    char *tok[TS_MAX_TOKENS];    /* tokens of the current line */
    unsigned ntok;
    bool too_many;               /* the line had more than TS_MAX_TOKENS tokens */
    char *err;
    size_t err_len;
} textscan;

/* Open path for reading; false with "path: cannot open: ..." in err. A path ending in ".xz" is
 * decompressed (liblzma) into memory first and read from there; errors say "path: xz: ...". */
bool ts_open(textscan *ts, const char *path, char *err, size_t err_len);
void ts_close(textscan *ts);
/* Next line: strips a `#` comment when strip_comments, splits on blanks into tok/ntok. Reports
 * progress (np_progress.h: bytes read of the file, on a terminal) every 65,536 lines: a trace of
 * gigabytes takes minutes to read.
 * Returns 1 for a line (possibly with 0 tokens), 0 at the end, -1 on an error (message set:
 * a line longer than TS_LINE_MAX, or a NUL byte). */
int ts_next(textscan *ts, bool strip_comments);
/* The raw text of the current line before tokenizing is gone; ts_rest joins tok[from..] with
 * single blanks into out (for names that contain blanks, e.g. "-kernel name = ..."). */
void ts_rest(const textscan *ts, unsigned from, char *out, size_t out_len);
/* Set err to "path:line: <fmt>" and return false. */
bool ts_fail(textscan *ts, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same for a location the caller names ("file:line"). */
bool ts_fail_at(char *err, size_t err_len, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Unsigned decimal: [0-9]+, no leading zero unless the number is 0, <= max. */
bool ts_dec_u64(const char *s, uint64_t max, uint64_t *out);
/* Signed decimal: optional '-', then as ts_dec_u64; |v| <= 2^63 - 1. */
bool ts_dec_i64(const char *s, int64_t *out);
/* Hex digits, with a 0x prefix when need_prefix (then required), else without one (then
 * forbidden), at most 16 digits, <= max. */
bool ts_hex_u64(const char *s, bool need_prefix, uint64_t max, uint64_t *out);
/* Address or count in either written form: "0x..." hex, else strict decimal. */
bool ts_num_u64(const char *s, uint64_t max, uint64_t *out);
/* A finite decimal number (strtod syntax, but no NaN, no infinity, no hex float). */
bool ts_double(const char *s, double *out);

/* Why s is not a number of the strict syntax, for messages ("" when no better reason than the
 * expected form): a leading zero (never read as octal, nor silently as decimal), nan / inf, a
 * sign, hex without 0x. */
const char *ts_num_why(const char *s);

#endif
