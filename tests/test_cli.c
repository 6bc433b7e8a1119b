/* Tests of the nocpress command-line tool (docs/cli.md), run as a separate process:
 * NP_NOCPRESS names the binary (the plain or the sanitized build), NP_TEST_TMP a scratch
 * directory. Expected numbers are worked out here from docs/dsm.md, never read back from the
 * tool: an all-zero line is 82 bits, so 2 lines of zeros give a ratio of 2048 / 164. */
#define _DEFAULT_SOURCE /* wait4: the child's own peak resident set */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* posix_openpt (test_tty.h) */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "codec.h"
#include "dsm.h"
#include "np_version.h"
#include "test_nocpress_run.h"
#include "test_tty.h"

static uint8_t *read_bytes(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    uint8_t *buf = malloc(1 << 24);
    assert_non_null(buf);
    *n = fread(buf, 1, 1 << 24, f);
    fclose(f);
    return buf;
}

static uint64_t rng_state = 0xC11u;

static uint64_t rnd(void) {
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

#define assert_contains(text, needle)                                                         \
    do {                                                                                      \
        if (strstr((text), (needle)) == NULL) {                                               \
            fail_msg("expected \"%s\" in:\n%s", (needle), (text));                            \
        }                                                                                     \
    } while (0)

/* ---- usage ------------------------------------------------------------------------------ */

static void help_and_usage_errors(void **state) {
    (void)state;
    assert_int_equal(run("--help"), 0);
    assert_contains(out_text, "usage: nocpress COMMAND");
    assert_int_equal(run("%s", ""), 2);
    assert_contains(err_text, "usage: nocpress");
    assert_int_equal(run("frobnicate"), 2);
    assert_contains(err_text, "unknown command 'frobnicate'");
    static const char *const cmds[] = {"ratio", "ratio-table", "compress", "decompress", "vectors"};
    for (size_t i = 0; i < 5; i++) {
        assert_int_equal(run("%s --help", cmds[i]), 0);
        char want[64];
        snprintf(want, sizeof want, "usage: nocpress %s", cmds[i]);
        assert_contains(out_text, want);
    }
    assert_int_equal(run("--version"), 0);
    assert_contains(out_text, DSM_MODEL_VERSION);
    assert_int_equal(run("ratio"), 2);
    assert_contains(err_text, "no input file");
    assert_int_equal(run("ratio --approx 5 x"), 2);
    assert_contains(err_text, "--approx must be one of 0, 4, 8, 12, 16, 20");
    assert_int_equal(run("ratio --lane-bytes 96 x"), 2);
    assert_contains(err_text, "--lane-bytes must be 64 or 128");
    assert_int_equal(run("ratio --format html x"), 2);
    assert_int_equal(run("ratio --bogus 1 x"), 2);
    assert_contains(err_text, "unknown option '--bogus'");
    assert_int_equal(run("compress onlyone"), 2);
    assert_int_equal(run("decompress a b c"), 2);
    assert_int_equal(run("vectors --lane-bytes"), 2);
    assert_int_equal(run("ratio %s", tmp_path("does-not-exist.bin")), 1);
    assert_contains(err_text, "cannot open");
    assert_contains(err_text, "does-not-exist.bin");
}

/* One parser for every command (getopt_long, docs/cli.md "Options"): options after operands
 * are options, --opt=value equals --opt value, anything unknown is a usage error (exit 2),
 * never an operand. Each case here was wrong before the shared parser (issue 15). */
static void strict_arguments(void **state) {
    (void)state;
    static char expect[sizeof out_text];
    uint8_t zeros[129] = {0};
    write_bytes(tmp_path("late.uint8.bin"), zeros, sizeof zeros);
    /* an option after the file: was read as a file named '--lane-bytes' (exit 1, row at lane 64) */
    assert_int_equal(run("ratio --lane-bytes 128 --format md %s", tmp_path("late.uint8.bin")), 0);
    memcpy(expect, out_text, sizeof expect);
    assert_contains(expect, "| late.uint8.bin | uint8 | 2 | 256 | 162 | 21 | 12.642 |");
    assert_int_equal(run("ratio %s --lane-bytes 128 --format md", tmp_path("late.uint8.bin")), 0);
    assert_string_equal(out_text, expect);
    assert_string_equal(err_text, "");
    /* the same when POSIXLY_CORRECT asks getopt to stop at the first operand */
    assert_int_equal(setenv("POSIXLY_CORRECT", "1", 1), 0);
    int posix_rc = run("ratio %s --lane-bytes 128 --format md", tmp_path("late.uint8.bin"));
    assert_int_equal(unsetenv("POSIXLY_CORRECT"), 0);
    assert_int_equal(posix_rc, 0);
    assert_string_equal(out_text, expect);
    /* --opt=value: '--approx=12' was an unknown option */
    assert_int_equal(run("ratio --lane-bytes=128 --format=md %s", tmp_path("late.uint8.bin")), 0);
    assert_string_equal(out_text, expect);
    assert_int_equal(run("ratio --approx 12 %s", tmp_path("late.uint8.bin")), 0);
    memcpy(expect, out_text, sizeof expect);
    assert_int_equal(run("ratio --approx=12 %s", tmp_path("late.uint8.bin")), 0);
    assert_string_equal(out_text, expect);
    assert_int_equal(run("ratio --algo=dpc %s --seed=4", tmp_path("late.uint8.bin")), 0);
    assert_contains(out_text, "DPC model");
    /* every command has --help, before or after other arguments */
    static const char *const cmds[] = {"ratio",   "ratio-table", "compress", "decompress",
                                       "compare", "savings-table", "reuse", "vectors"};
    for (size_t i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "usage: nocpress %s", cmds[i]);
        assert_int_equal(run("%s --help", cmds[i]), 0);
        assert_contains(out_text, want);
        assert_int_equal(run("%s x -h", cmds[i]), 0);
        assert_contains(out_text, want);
        assert_int_equal(run("%s --no-such-option x", cmds[i]), 2);
        assert_contains(err_text, "unknown option '--no-such-option'");
    }
    /* --version: the tool, the library and every model */
    assert_int_equal(run("--version"), 0);
    assert_contains(out_text, NOCPRESS_VERSION);
    assert_contains(out_text, np_version_models());
    assert_int_equal(run("--version extra"), 2);
    assert_int_equal(run("--bogus"), 2);
    assert_contains(err_text, "unknown option '--bogus'");
    /* another command's option, a value where none is taken, an ambiguous prefix, no value */
    assert_int_equal(run("ratio-table --approx 8 %s", tmp_dir()), 2);
    assert_contains(err_text, "unknown option '--approx'");
    assert_int_equal(run("reuse --time=1 %s", tmp_path("late.uint8.bin")), 2);
    assert_contains(err_text, "option '--time' takes no value");
    assert_int_equal(run("ratio --a 4 %s", tmp_path("late.uint8.bin")), 2);
    assert_contains(err_text, "ambiguous option '--a' (--algo, --approx)");
    assert_int_equal(run("ratio %s --lane-bytes", tmp_path("late.uint8.bin")), 2);
    assert_contains(err_text, "option '--lane-bytes' needs a value");
    assert_int_equal(run("ratio -x %s", tmp_path("late.uint8.bin")), 2);
    assert_contains(err_text, "unknown option '-x'");
    /* options of the other unit of `ratio` */
    assert_int_equal(run("ratio --algo dpc --lane-bytes 64 %s", tmp_path("late.uint8.bin")), 2);
    assert_contains(err_text, "--lane-bytes applies to --algo dsm only");
    assert_int_equal(run("ratio --seed 3 %s", tmp_path("late.uint8.bin")), 2);
    assert_contains(err_text, "--seed applies to --algo dpc, dftruc and dfman only");
    /* operand counts */
    assert_int_equal(run("vectors extra"), 2);
    assert_contains(err_text, "unexpected argument 'extra'");
    assert_int_equal(run("compress a b c"), 2);
    assert_int_equal(run("decompress --bogus a b"), 2);
    assert_int_equal(run("reuse a b"), 2);
    assert_contains(err_text, "one TRACE only");
    /* after --, an operand that looks like an option is a file */
    assert_int_equal(run("ratio -- --lane-bytes"), 1);
    assert_contains(err_text, "--lane-bytes: cannot open");
}

/* ---- ratio --------------------------------------------------------------------------- */

static void ratio_of_known_files(void **state) {
    (void)state;
    uint8_t zeros[256] = {0};
    write_bytes(tmp_path("zeros.int32.bin"), zeros, sizeof zeros);
    assert_int_equal(run("ratio %s", tmp_path("zeros.int32.bin")), 0);
    /* 2 lines, 256 bytes, 2 x 82 = 164 bits = 21 bytes, 2048/164 = 12.488, saving 92.0% */
    assert_contains(out_text, "zeros.int32.bin");
    assert_contains(out_text, "164");
    assert_contains(out_text, "12.488");
    assert_contains(out_text, "92.0%");
    assert_contains(out_text, "0.0%"); /* no raw lanes */
    /* 129 bytes: two lines (the second zero-padded); lane 128: 2 x 81 bits */
    write_bytes(tmp_path("short.uint8.bin"), zeros, 129);
    assert_int_equal(run("ratio --lane-bytes 128 --format md %s", tmp_path("short.uint8.bin")), 0);
    assert_contains(out_text, "| short.uint8.bin | uint8 | 2 | 256 | 162 | 21 | 12.642 |");
    /* approximation on a non-float file is allowed but warned about */
    assert_int_equal(run("ratio --approx 8 %s", tmp_path("zeros.int32.bin")), 0);
    assert_contains(err_text, "warning");
    /* one unreadable file among readable ones: rows for the others, exit 1 */
    assert_int_equal(run("ratio %s %s", tmp_path("zeros.int32.bin"), tmp_path("missing.bin")), 1);
    assert_contains(out_text, "zeros.int32.bin");
}

/* `compare`: one column per lossless registry codec; a cell is the library's own size. */
static void compare_codecs(void **state) {
    (void)state;
    uint8_t zeros[256] = {0};
    write_bytes(tmp_path("cmp.float32.bin"), zeros, sizeof zeros);
    assert_int_equal(run("compare --codecs dsm,dpc --approx 8 %s", tmp_path("cmp.float32.bin")), 0);
    char want[64];
    for (const char *name = "dsm"; name; name = strcmp(name, "dsm") == 0 ? "dpc" : NULL) {
        size_t bits = np_codec_bits(np_codec_find(name), NULL, NULL, zeros, NULL);
        snprintf(want, sizeof want, "%.3f", 2048.0 / (2.0 * (double)bits));
        assert_contains(out_text, want);
    }
    assert_contains(out_text, "12.488");   /* DSM: 82 bits per zero line */
    assert_contains(out_text, "dsm+a8");
    assert_contains(out_text, "published");
    /* a float64 array is grouped as float64 (the type from the file name), not as unknown */
    write_bytes(tmp_path("cmp.float64.bin"), zeros, sizeof zeros);
    assert_int_equal(run("compare --codecs dsm %s", tmp_path("cmp.float64.bin")), 0);
    assert_contains(out_text, "float64");
    assert_true(strstr(out_text, "unknown") == NULL);
    write_bytes(tmp_path("cmp.float16.bin"), zeros, sizeof zeros);
    assert_int_equal(run("compare --codecs dsm %s", tmp_path("cmp.float16.bin")), 0);
    assert_contains(out_text, "unknown");
    /* the default table names every lossless codec of the registry */
    assert_int_equal(run("compare %s", tmp_path("cmp.float32.bin")), 0);
    for (unsigned i = 0; i < np_codec_count(); i++)
        if (!(np_codec_at(i)->flags & NP_CODEC_FILTERS)) assert_contains(out_text, np_codec_at(i)->name);
    assert_int_equal(run("compare --codecs nosuch %s", tmp_path("cmp.float32.bin")), 2);
    assert_contains(err_text, "unknown codec 'nosuch'");
    assert_int_equal(run("compare --codecs df-truc %s", tmp_path("cmp.float32.bin")), 2);
    assert_contains(err_text, "savings-table");
    assert_int_equal(run("compare --approx 3 %s", tmp_path("cmp.float32.bin")), 2);
    assert_int_equal(run("compare --bogus %s", tmp_path("cmp.float32.bin")), 2);
    assert_int_equal(run("compare --codecs %s", ""), 2);
    assert_int_equal(run("compare %s", tmp_path("missing.bin")), 1);
}

static void ratio_table_groups_and_dashes(void **state) {
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/table", tmp_dir());
    mkdir(dir, 0777);
    uint8_t data[1024];
    for (size_t i = 0; i < sizeof data; i += 4) { /* floats near 1.0 */
        uint32_t v = 0x3F800000u | (uint32_t)(rnd() & 0x7FFFFFu);
        memcpy(data + i, &v, 4);
    }
    char path[1100];
    snprintf(path, sizeof path, "%s/b.float32.bin", dir);
    write_bytes(path, data, sizeof data);
    snprintf(path, sizeof path, "%s/a.uint8.bin", dir);
    write_bytes(path, data, 300);
    snprintf(path, sizeof path, "%s/c.int32.bin", dir);
    memset(data, 0, sizeof data);
    write_bytes(path, data, 512);
    assert_int_equal(run("ratio-table %s", dir), 0);
    char *int_at = strstr(out_text, "[int32]"), *float_at = strstr(out_text, "[float32]"),
         *byte_at = strstr(out_text, "[uint8]");
    assert_non_null(int_at);
    assert_non_null(float_at);
    assert_non_null(byte_at);
    assert_true(int_at < float_at && float_at < byte_at);
    /* integer row: lossless 12.488, uniform 100%, approximation columns '-' */
    char *row = strstr(out_text, "c.int32.bin");
    assert_non_null(row);
    char line[512];
    sscanf(row, "%511[^\n]", line);
    assert_contains(line, "12.488");
    assert_contains(line, "100.0%");
    assert_contains(line, "-");
    row = strstr(out_text, "b.float32.bin");
    sscanf(row, "%511[^\n]", line);
    assert_null(strstr(line, " -")); /* every approximation column has a ratio */
    assert_int_equal(run("ratio-table --format md %s", dir), 0);
    assert_contains(out_text, "### float32");
    assert_contains(out_text, "| file | lines | lossless |");
    char empty[1100];
    snprintf(empty, sizeof empty, "%s/empty", dir);
    mkdir(empty, 0777);
    assert_int_equal(run("ratio-table %s", empty), 1);
    assert_contains(err_text, "no data files");
    assert_int_equal(run("ratio-table %s/nope", dir), 1);
    assert_int_equal(run("ratio-table a b"), 2);
}

/* ---- container ------------------------------------------------------------------------ */

static void round_trip_sizes(void **state) {
    (void)state;
    static const size_t sizes[] = {0, 1, 127, 128, 129, 1000, 4096 + 5};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        for (unsigned lane = 64; lane <= 128; lane *= 2) {
            uint8_t *data = malloc(sizes[i] + 1);
            assert_non_null(data);
            for (size_t b = 0; b < sizes[i]; b++) { /* half structured, half random */
                data[b] = (uint8_t)(b % 8 < 4 ? b / 64 : rnd());
            }
            write_bytes(tmp_path("in.bin"), data, sizes[i]);
            assert_int_equal(run("compress --lane-bytes %u %s %s", lane, tmp_path("in.bin"),
                                 tmp_path("c.npds")), 0);
            assert_int_equal(run("decompress %s %s", tmp_path("c.npds"), tmp_path("out.bin")), 0);
            size_t n;
            uint8_t *back = read_bytes(tmp_path("out.bin"), &n);
            assert_int_equal(n, sizes[i]);
            assert_memory_equal(back, data, sizes[i]);
            free(back);
            free(data);
        }
    }
}

/* Lossy: the file comes back as the approximated data. */
static void round_trip_approximated(void **state) {
    (void)state;
    uint8_t data[128 * 5], expect[128 * 5];
    for (size_t b = 0; b < sizeof data; b++) {
        data[b] = (uint8_t)rnd();
    }
    for (size_t l = 0; l < 5; l++) {
        dsm_approx_apply(12, data + 128 * l, expect + 128 * l);
    }
    write_bytes(tmp_path("f.float32.bin"), data, sizeof data);
    assert_int_equal(run("compress --approx 12 %s %s", tmp_path("f.float32.bin"),
                         tmp_path("f.npds")), 0);
    assert_int_equal(run("decompress %s %s", tmp_path("f.npds"), tmp_path("f.out")), 0);
    size_t n;
    uint8_t *back = read_bytes(tmp_path("f.out"), &n);
    assert_int_equal(n, sizeof data);
    assert_memory_equal(back, expect, sizeof data);
    free(back);
}

/* CRC-32 (ISO-HDLC: reflected, polynomial 0xEDB88320, init and final xor 0xFFFFFFFF), bit by
 * bit: an independent reference for the container's checksums (the tool uses zlib's). */
static uint32_t ref_crc32(const uint8_t *p, size_t n) {
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++) {
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
        }
    }
    return ~c;
}

static uint32_t le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void put_le32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

/* The CRC of line record `index` (docs/cli.md): over the 16 header bytes, the index as 8
 * little-endian bytes, and the record's length field and stream bytes. */
static uint32_t record_crc(const uint8_t *c, size_t index, const uint8_t *rec, size_t n) {
    uint8_t buf[16 + 8 + 2 + 129];
    memcpy(buf, c, 16);
    for (int i = 0; i < 8; i++) {
        buf[16 + i] = (uint8_t)((uint64_t)index >> (8 * i));
    }
    memcpy(buf + 24, rec, n);
    return ref_crc32(buf, 24 + n);
}

/* Version 2 layout (docs/cli.md): 16 header bytes, their CRC, then records of a 16-bit bit
 * length L, ceil(L / 8) stream bytes and record_crc. Rewrites every CRC so that a deliberately
 * wrong field reaches the check behind the checksum. */
static void reseal(uint8_t *c, size_t n) {
    put_le32(c + 16, ref_crc32(c, 16));
    size_t index = 0;
    for (size_t pos = 20; pos + 2 <= n; index++) {
        size_t len = 2 + ((size_t)(c[pos] | c[pos + 1] << 8) + 7) / 8;
        if (len > 2 + 129 || pos + len + 4 > n) {
            break;
        }
        put_le32(c + pos + len, record_crc(c, index, c + pos, len));
        pos += len + 4;
    }
}

/* The container of docs/cli.md, checked field by field. */
static void container_layout(void **state) {
    (void)state;
    assert_int_equal(ref_crc32((const uint8_t *)"123456789", 9), 0xCBF43926u); /* the check value */
    uint8_t data[300] = {0};
    write_bytes(tmp_path("z.bin"), data, sizeof data);
    assert_int_equal(run("compress %s %s", tmp_path("z.bin"), tmp_path("z.npds")), 0);
    size_t n;
    uint8_t *c = read_bytes(tmp_path("z.npds"), &n);
    /* header 20 bytes + 3 lines x (2 + 11 + 4) bytes (82-bit all-zero streams) */
    assert_int_equal(n, 20 + 3 * 17);
    assert_memory_equal(c, "NPDS", 4);
    assert_int_equal(c[4], 2);   /* version */
    assert_int_equal(c[5], 64);  /* lane bytes */
    assert_int_equal(c[6], 0);   /* approximation */
    assert_int_equal(c[7], 0);   /* reserved */
    assert_int_equal(c[8] | c[9] << 8, 300);
    for (unsigned i = 10; i < 16; i++) {
        assert_int_equal(c[i], 0);
    }
    assert_int_equal(le32(c + 16), ref_crc32(c, 16));
    for (unsigned l = 0; l < 3; l++) {
        size_t rec = 20 + 17 * l;
        assert_int_equal(c[rec] | c[rec + 1] << 8, 82);
        assert_int_equal(le32(c + rec + 13), record_crc(c, l, c + rec, 13));
    }
    free(c);
}

/* Writes a corrupted copy of a valid container (resealed when `seal`) and expects a failure
 * naming the file and `needle`, with nothing written. */
static void expect_corrupt_sealed(const uint8_t *good, size_t n, size_t at, int delta, size_t new_len,
                                  bool seal, const char *needle) {
    uint8_t *bad = malloc(n + 16);
    assert_non_null(bad);
    memcpy(bad, good, n);
    if (at < n) {
        bad[at] = (uint8_t)(bad[at] + delta);
    }
    if (new_len > n) {
        memset(bad + n, 0x5A, new_len - n);
    }
    if (seal) {
        reseal(bad, new_len);
    }
    write_bytes(tmp_path("bad.npds"), bad, new_len);
    free(bad);
    remove(tmp_path("bad.out"));
    assert_int_equal(run("decompress %s %s", tmp_path("bad.npds"), tmp_path("bad.out")), 1);
    assert_contains(err_text, needle);
    assert_contains(err_text, tmp_path("bad.npds"));
    FILE *f = fopen(tmp_path("bad.out"), "rb");
    assert_null(f); /* nothing written on error */
}

static void expect_corrupt(const uint8_t *good, size_t n, size_t at, int delta, size_t new_len,
                           const char *needle) {
    expect_corrupt_sealed(good, n, at, delta, new_len, false, needle);
}

static void decompress_rejects_corruption(void **state) {
    (void)state;
    /* 5 lines: zeros (82 bits each, 17-byte records) except line 3 = random (1026 bits) */
    uint8_t data[640] = {0};
    for (size_t b = 384; b < 512; b++) {
        data[b] = (uint8_t)rnd();
    }
    write_bytes(tmp_path("five.bin"), data, sizeof data);
    assert_int_equal(run("compress %s %s", tmp_path("five.bin"), tmp_path("five.npds")), 0);
    size_t n;
    uint8_t *good = read_bytes(tmp_path("five.npds"), &n);
    assert_int_equal(n, 20 + 4 * 17 + (2 + 129 + 4));
    size_t rec2 = 20 + 2 * 17, rec3 = 20 + 3 * 17;
    expect_corrupt(good, n, 0, 1, n, "not a nocpress DSM container");
    expect_corrupt(good, n, 4, 1, n, "unsupported container version 3");
    expect_corrupt(good, n, 4, -1, n, "container version 1 (no checksums) is not read");
    /* a corrupt header is reported as corrupt; the field checks behind the checksum */
    expect_corrupt(good, n, 5, 32, n, "header: checksum mismatch");
    expect_corrupt_sealed(good, n, 5, 32, n, true, "lane size 96");
    expect_corrupt_sealed(good, n, 6, 5, n, true, "approximation 5");
    expect_corrupt_sealed(good, n, 7, 1, n, true, "reserved byte 7");
    expect_corrupt(good, n, n, 0, 10, "truncated header");
    expect_corrupt(good, n, rec2, -82, n, "line 2 (offset 54): bit length 0");
    expect_corrupt(good, n, rec2 + 1, 4, n, "line 2 (offset 54): bit length 1106");
    expect_corrupt(good, n, rec3 + 2, 1, n, "line 3 (offset 71): checksum mismatch");
    expect_corrupt(good, n, rec3 + 2 + 129, 1, n, "line 3 (offset 71): checksum mismatch");
    expect_corrupt_sealed(good, n, rec3 + 2, 1, n, true, "line 3 (offset 71): malformed DSM stream");
    expect_corrupt_sealed(good, n, rec2 + 2 + 10, 4, n, true, "line 2 (offset 54): padding bits");
    expect_corrupt(good, n, n, 0, n - 1, "line 4 (offset 206): truncated: no checksum");
    expect_corrupt(good, n, n, 0, n + 3, "3 trailing bytes");
    expect_corrupt(good, n, 8, 1, n, "header: checksum mismatch");
    expect_corrupt_sealed(good, n, 8, 1, n, true, "line 5 (offset"); /* one more byte: a sixth line */
    expect_corrupt_sealed(good, n, 12, 1, n, true, "original length"); /* 2^32 + 640 bytes */
    /* two records swapped: each checksum covers the line's index, so order is checked */
    uint8_t *swapped = malloc(n);
    assert_non_null(swapped);
    memcpy(swapped, good, n);
    memcpy(swapped + 20, good + rec3, 135);
    memcpy(swapped + 20 + 135, good + 20, rec3 - 20);
    write_bytes(tmp_path("swap.npds"), swapped, n);
    free(swapped);
    assert_int_equal(run("decompress %s %s", tmp_path("swap.npds"), tmp_path("bad.out")), 1);
    assert_contains(err_text, "line 0 (offset 20): checksum mismatch");
    /* lane-level diagnosis: C = 1 with ES = 0 in lane 0 of line 0 (ES bits 1..8 cleared) */
    uint8_t *es0 = malloc(n);
    assert_non_null(es0);
    memcpy(es0, good, n);
    es0[22] = 0x01;
    es0[23] &= 0xFE;
    reseal(es0, n);
    write_bytes(tmp_path("es0.npds"), es0, n);
    free(es0);
    assert_int_equal(run("decompress %s %s", tmp_path("es0.npds"), tmp_path("bad.out")), 1);
    assert_contains(err_text, "line 0 (offset 20)");
    assert_contains(err_text, "lane 0 (bit 0) has C=1 with ES=0");
    /* the original length says the last line is partial, but its padding decodes non-zero */
    uint8_t tail[200];
    for (size_t b = 0; b < sizeof tail; b++) {
        tail[b] = (uint8_t)(1 + rnd() % 255);
    }
    write_bytes(tmp_path("tail.bin"), tail, sizeof tail);
    assert_int_equal(run("compress %s %s", tmp_path("tail.bin"), tmp_path("tail.npds")), 0);
    uint8_t *t = read_bytes(tmp_path("tail.npds"), &n);
    t[8] = (uint8_t)(t[8] - 10); /* claim 190 bytes: bytes 62..71 of line 1 must be padding */
    reseal(t, n);
    write_bytes(tmp_path("tail2.npds"), t, n);
    free(t);
    assert_int_equal(run("decompress %s %s", tmp_path("tail2.npds"), tmp_path("bad.out")), 1);
    assert_contains(err_text, "line 1");
    assert_contains(err_text, "not zero padding");
    free(good);
}

/* Every single-bit flip of a container is an error naming the file and where (the header or
 * the line), and nothing is written. Before the checksums, most flips of a stream byte decoded
 * "successfully" to other data (issue 15: 294 of 300). */
static void every_bit_flip_detected(void **state) {
    (void)state;
    /* one partial line (2 bytes + zero padding), 67 bytes in all, so the 536 runs stay within
     * seconds under ASan */
    const uint8_t data[2] = {0xA5, 0x3C};
    uint8_t line[128] = {0xA5, 0x3C};
    dsm_config cfg;
    dsm_config_default(&cfg);
    size_t bits = dsm_compressed_bits(&cfg, line);
    write_bytes(tmp_path("flip.bin"), data, sizeof data);
    assert_int_equal(run("compress %s %s", tmp_path("flip.bin"), tmp_path("flip.npds")), 0);
    size_t n;
    uint8_t *good = read_bytes(tmp_path("flip.npds"), &n);
    assert_int_equal(n, 20 + 2 + (bits + 7) / 8 + 4); /* header, length, stream, CRC */
    unsigned detected = 0;
    for (size_t bit = 0; bit < 8 * n; bit++) {
        good[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        write_bytes(tmp_path("flipped.npds"), good, n);
        good[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        remove(tmp_path("flip.out"));
        int rc = run("decompress %s %s", tmp_path("flipped.npds"), tmp_path("flip.out"));
        FILE *f = fopen(tmp_path("flip.out"), "rb");
        if (rc != 1 || f != NULL || strstr(err_text, tmp_path("flipped.npds")) == NULL ||
            strstr(err_text, bit / 8 < 20 ? (bit / 8 < 4 ? "magic" : bit / 8 == 4 ? "version" : "header") : "line ") == NULL) {
            fail_msg("bit %zu (byte %zu) of %zu bytes: rc %d, output %s, stderr: %s", bit, bit / 8, n, rc,
                     f != NULL ? "written" : "absent", err_text);
        }
        detected++;
    }
    assert_int_equal(detected, 8 * n);
    assert_int_equal(run("decompress %s %s", tmp_path("flip.npds"), tmp_path("flip.out")), 0);
    free(good);
}

/* ---- bounded memory --------------------------------------------------------------------- */

/* `test_cli --peak-rss FILE SECONDS TOOL ARGS...`: runs TOOL (fork + exec, no shell), killed by
 * SIGALRM after SECONDS, writes its peak resident set in KB (wait4) to FILE and exits with its
 * status (125 when it was killed). A fresh, small process does the fork: a child forked from
 * the test itself would count the test's own memory (ASan's quarantine, 16 MB read buffers) in
 * its peak, since the resident set before exec is part of it. */
static int peak_rss_main(char **argv) {
    pid_t pid = fork();
    if (pid < 0) {
        return 126;
    }
    if (pid == 0) {
        alarm((unsigned)atoi(argv[1]));
        execv(argv[2], argv + 2);
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid) {
        return 126;
    }
    FILE *f = fopen(argv[0], "w");
    if (f == NULL || fprintf(f, "%ld\n", ru.ru_maxrss) < 0 || fclose(f) != 0) {
        return 126;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 125;
}

/* Runs the tool (args[0] is the subcommand) through peak_rss_main, stdout and stderr to files.
 * Returns the exit status (-1 when it was killed), *max_kb its peak resident set. */
static int run_bounded(unsigned seconds, long *max_kb, const char *const *args) {
    char out_path[1024], err_path[1024], rss_path[1024], secs[16];
    snprintf(out_path, sizeof out_path, "%s/stdout.txt", tmp_dir());
    snprintf(err_path, sizeof err_path, "%s/stderr.txt", tmp_dir());
    snprintf(rss_path, sizeof rss_path, "%s/rss.txt", tmp_dir());
    snprintf(secs, sizeof secs, "%u", seconds);
    const char *argv[24] = {"test_cli", "--peak-rss", rss_path, secs, tool()};
    for (size_t i = 0; args[i] != NULL && i + 6 < 24; i++) {
        argv[i + 5] = args[i];
    }
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (out < 0 || err < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) {
            _exit(126);
        }
        execv("/proc/self/exe", (char *const *)argv);
        _exit(126);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    read_text(out_path, out_text, sizeof out_text);
    read_text(err_path, err_text, sizeof err_text);
    char rss[32];
    read_text(rss_path, rss, sizeof rss);
    *max_kb = atol(rss);
    assert_true(*max_kb > 0);
    assert_true(WEXITSTATUS(status) != 126 && WEXITSTATUS(status) != 127);
    return WEXITSTATUS(status) == 125 ? -1 : WEXITSTATUS(status);
}

/* Files are read a chunk of lines at a time: a 64 MiB file (sparse: no disk used) is measured
 * with a peak resident set far below its size (the old whole-file read needed more than the
 * file: 67 MB here), trained codecs included (two passes, no copy). Devices, fifos and pipes are
 * refused at once with a message, where the old read grew without bound (/dev/zero) or waited
 * for a writer (a fifo). */
static void bounded_memory(void **state) {
    (void)state;
    const uint64_t size = UINT64_C(64) << 20;
    const char *big = tmp_path("sparse.int32.bin");
    FILE *f = fopen(big, "wb");
    assert_non_null(f);
    assert_int_equal(ftruncate(fileno(f), (off_t)size), 0);
    assert_int_equal(fclose(f), 0);
    const long limit_kb = (long)(size / 1024 / 2);
    uint8_t zero[128] = {0};
    dsm_config cfg;
    dsm_config_default(&cfg);
    char lines[32], bits[32];
    snprintf(lines, sizeof lines, " %llu ", (unsigned long long)(size / 128));
    snprintf(bits, sizeof bits, " %llu ", (unsigned long long)(size / 128 * dsm_compressed_bits(&cfg, zero)));
    long kb = 0;
    const char *ratio[] = {"ratio", big, NULL};
    assert_int_equal(run_bounded(120, &kb, ratio), 0);
    assert_contains(out_text, lines);
    assert_contains(out_text, bits);
    if (kb >= limit_kb) {
        fail_msg("ratio of a %llu-byte file peaked at %ld KB", (unsigned long long)size, kb);
    }
    const char *compare[] = {"compare", "--codecs", "sc", "--approx", "0", big, NULL};
    assert_int_equal(run_bounded(120, &kb, compare), 0);
    assert_contains(out_text, lines);
    if (kb >= limit_kb) {
        fail_msg("compare --codecs sc of a %llu-byte file peaked at %ld KB", (unsigned long long)size, kb);
    }
    remove(big);
    /* not regular files: refused within seconds, the other files' rows still printed */
    uint8_t small[256] = {0};
    write_bytes(tmp_path("small.int32.bin"), small, sizeof small);
    const char *fifo = tmp_path("a.fifo");
    remove(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    const char *devices[] = {"/dev/zero", fifo, tmp_dir()};
    const char *kinds[] = {"is a character device", "is a fifo or pipe", "is a directory"};
    for (size_t i = 0; i < 3; i++) {
        const char *args[] = {"ratio", devices[i], tmp_path("small.int32.bin"), NULL};
        assert_int_equal(run_bounded(20, &kb, args), 1);
        assert_contains(err_text, kinds[i]);
        assert_contains(err_text, devices[i]);
        assert_contains(out_text, "small.int32.bin");
        const char *cmp[] = {"compare", "--codecs", "dsm", devices[i], tmp_path("small.int32.bin"), NULL};
        assert_int_equal(run_bounded(20, &kb, cmp), 1);
        assert_contains(err_text, kinds[i]);
        const char *comp[] = {"compress", devices[i], tmp_path("dev.npds"), NULL};
        assert_int_equal(run_bounded(20, &kb, comp), 1);
        assert_contains(err_text, kinds[i]);
        assert_null(fopen(tmp_path("dev.npds"), "rb")); /* nothing written */
    }
    remove(fifo);
}

/* ---- vectors ----------------------------------------------------------------------------- */

static void vectors_written_and_reproducible(void **state) {
    (void)state;
    char a[1100], b[1100];
    snprintf(a, sizeof a, "%s/va/sub", tmp_dir());
    snprintf(b, sizeof b, "%s/vb", tmp_dir());
    assert_int_equal(run("vectors --out %s", a), 0);
    assert_int_equal(run("vectors --out %s", b), 0);
    static const char *const files[] = {"dsm_compressor.hex", "dsm_decompressor.hex",
                                        "dsm_approx.hex", "dsm_lane_pair_decompressor.hex"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char pa[1200], pb[1200];
        snprintf(pa, sizeof pa, "%s/%s", a, files[i]);
        snprintf(pb, sizeof pb, "%s/%s", b, files[i]);
        size_t na, nb;
        uint8_t *fa = read_bytes(pa, &na), *fb = read_bytes(pb, &nb);
        assert_int_equal(na, nb); /* the output does not depend on --out */
        assert_memory_equal(fa, fb, na);
        fa[na < 4000 ? na : 4000 - 1] = '\0';
        assert_contains((char *)fa, "// command: nocpress vectors ");
        free(fa);
        free(fb);
    }
    assert_int_equal(run("vectors --lane-bytes 128 --out %s/v128", tmp_dir()), 0);
    assert_contains(out_text, "dsm_approx.hex");
    assert_false(strstr(out_text, "dsm_lane_pair_decompressor.hex")); /* two 64-byte lanes only */
    assert_int_equal(run("vectors --out /proc/nocpress-cannot-write"), 1);
}

/* Issue 33 case 7: an interrupted compress (SIGINT, SIGTERM) leaves no OUT.XXXXXX temporary
 * file (tens of MB) and no OUT. The signal is sent once the temporary file exists; the input (a
 * sparse 256 MiB file) takes far longer to compress than that. */
static unsigned entries_starting(const char *dir, const char *prefix) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | grep -c '^%s' > '%s/count.txt'", dir, prefix, tmp_dir());
    if (system(cmd) == -1) {
        fail_msg("cannot run ls");
    }
    char text[32];
    read_text(tmp_path("count.txt"), text, sizeof text);
    return (unsigned)strtoul(text, NULL, 10);
}

static void interrupted_compress_leaves_nothing(void **state) {
    (void)state;
    static const int sigs[] = {SIGINT, SIGTERM};
    char dir[1100], in[1200], out[1200];
    snprintf(dir, sizeof dir, "%s/interrupted", tmp_dir());
    mkdir(dir, 0777);
    snprintf(in, sizeof in, "%s/big.bin", dir);
    int fd = open(in, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(ftruncate(fd, 256 << 20), 0);
    close(fd);
    snprintf(out, sizeof out, "%s/out.dsm", dir);
    for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) {
        pid_t pid = fork();
        assert_true(pid >= 0);
        if (pid == 0) {
            int null = open("/dev/null", O_WRONLY);
            if (null < 0 || dup2(null, 1) < 0) {
                _exit(126);
            }
            /* The tool keeps a signal its caller ignores ignored (np_fileio.c), and a test run
             * started in the background by a shell without job control inherits SIGINT
             * ignored: the case is about the tool's own handling, so it starts from the default. */
            signal(sigs[k], SIG_DFL);
            execl(tool(), tool(), "compress", in, out, (char *)NULL);
            _exit(127);
        }
        unsigned waited = 0;
        while (entries_starting(dir, "out.dsm.") == 0 && waited++ < 20000) {
            usleep(500);
        }
        assert_int_equal(kill(pid, sigs[k]), 0);
        int status;
        assert_int_equal(waitpid(pid, &status, 0), pid);
        if (!WIFSIGNALED(status) || WTERMSIG(status) != sigs[k]) {
            fail_msg("compress was not ended by signal %d (status 0x%x)", sigs[k], status);
        }
        assert_int_equal(entries_starting(dir, "out.dsm"), 0);
    }
    unlink(in);
}

/* Issue 33 case 9: one exit-status table for every tool (cli_opts.h, docs/cli.md): 0 success,
 * 1 bad input or failed run, 2 bad command line, 3 a resource ran out. */
static void exit_status_table(void **state) {
    (void)state;
    char *empty = tmp_path("empty.float32.bin");
    static const uint8_t nothing[1];
    write_bytes(empty, nothing, 0);
    /* a bad input file is 1, not a command-line error (was 2) */
    assert_int_equal(run("approx-bits --kernel ge --max-error 0.01 --data %s", empty), 1);
    assert_contains(err_text, "empty.float32.bin: the input's shape");
    /* the same shape named on the command line is 2 */
    assert_int_equal(run("approx-bits --kernel ge --max-error 0.01 --rows 4 --cols 8"), 2);
    assert_int_equal(run("compress --bogus x y"), 2);
    assert_int_equal(run("decompress %s %s", empty, tmp_path("never.bin")), 1);
    /* a full disk (a file size limit: EFBIG) is 3, and leaves no OUT and no temporary file */
    uint8_t lines[64 * 128];
    for (size_t i = 0; i < sizeof lines; i++) {
        lines[i] = (uint8_t)rnd();
    }
    char *in = tmp_path("random.bin"), *out = tmp_path("limited.dsm");
    write_bytes(in, lines, sizeof lines);
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "trap '' XFSZ; ulimit -f 2; exec %s compress %s %s 2>%s", tool(), in, out,
             tmp_path("stderr_limited.txt"));
    int status = system(cmd);
    read_text(tmp_path("stderr_limited.txt"), err_text, sizeof err_text);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) != 3) {
        fail_msg("compress past the file size limit: exit %d, want 3: %s", WEXITSTATUS(status), err_text);
    }
    assert_contains(err_text, "File too large");
    assert_int_equal(entries_starting(tmp_dir(), "limited.dsm"), 0);
}

/* Progress (issue 33 case 8): the long commands show a progress line on stderr when it is a
 * terminal (a pty here; NP_PROGRESS_AFTER=0 shows it at once instead of after 1 s), none with
 * --quiet or when stderr is a file. */
static void progress_on_a_terminal(void **state) {
    (void)state;
    static uint8_t data[1u << 20];
    for (size_t i = 0; i < sizeof data; i++) {
        data[i] = (uint8_t)rnd();
    }
    char *in = tmp_path("progress.int32.bin"), *packed = tmp_path("progress.dsm"), *back = tmp_path("progress.out");
    write_bytes(in, data, sizeof data);
    setenv("NP_PROGRESS_AFTER", "0", 1);
    const char *ratio[] = {tool(), "ratio", in, NULL, NULL};
    assert_int_equal(run_on_tty(ratio, err_text, sizeof err_text), 0);
    assert_contains(err_text, "nocpress: file 1 of 1, progress.int32.bin: ");
    assert_contains(err_text, " of 1048576 bytes (");
    const char *compress[] = {tool(), "compress", in, packed, NULL, NULL};
    assert_int_equal(run_on_tty(compress, err_text, sizeof err_text), 0);
    assert_contains(err_text, "nocpress: progress.int32.bin: ");
    const char *decompress[] = {tool(), "decompress", packed, back, NULL, NULL};
    assert_int_equal(run_on_tty(decompress, err_text, sizeof err_text), 0);
    assert_contains(err_text, "nocpress: validating: ");
    assert_contains(err_text, "nocpress: decompressing: ");
    /* --quiet: nothing on the terminal */
    ratio[3] = compress[4] = decompress[4] = "--quiet";
    const char *const *quiet[] = {ratio, compress, decompress};
    for (unsigned c = 0; c < 3; c++) {
        assert_int_equal(run_on_tty(quiet[c], err_text, sizeof err_text), 0);
        if (strstr(err_text, "nocpress:") != NULL) fail_msg("%s: progress despite --quiet: '%s'", quiet[c][1], err_text);
    }
    /* stderr a file: no line either */
    assert_int_equal(run("ratio %s", in), 0);
    if (strstr(err_text, "nocpress:") != NULL) fail_msg("progress into a file: '%s'", err_text);
    unsetenv("NP_PROGRESS_AFTER");
}

int main(int argc, char **argv) {
    if (argc >= 5 && strcmp(argv[1], "--peak-rss") == 0) {
        return peak_rss_main(argv + 2);
    }
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "mkdir -p %s", tmp_dir());
    if (system(cmd) != 0) {
        fprintf(stderr, "test_cli: cannot create %s\n", tmp_dir());
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(help_and_usage_errors),
        cmocka_unit_test(strict_arguments),
        cmocka_unit_test(ratio_of_known_files),
        cmocka_unit_test(ratio_table_groups_and_dashes),
        cmocka_unit_test(compare_codecs),
        cmocka_unit_test(round_trip_sizes),
        cmocka_unit_test(round_trip_approximated),
        cmocka_unit_test(container_layout),
        cmocka_unit_test(decompress_rejects_corruption),
        cmocka_unit_test(every_bit_flip_detected),
        cmocka_unit_test(bounded_memory),
        cmocka_unit_test(vectors_written_and_reproducible),
        cmocka_unit_test(interrupted_compress_leaves_nothing),
        cmocka_unit_test(exit_status_table),
        cmocka_unit_test(progress_on_a_terminal),
    };
    return cmocka_run_group_tests_name("nocpress_cli", tests, NULL, NULL);
}
