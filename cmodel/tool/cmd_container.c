/* `nocpress compress` / `nocpress decompress`: a file as a sequence of DSM line streams in
 * the container defined in docs/cli.md (version 2: magic, version, lane size, approximation,
 * original length, header CRC-32, then per line a 16-bit bit length, the stream bytes and a
 * CRC-32 over the header, the line's index and the record, so a record is bound to its place). Both commands stream: memory does not depend on the file's
 * size. Decompression validates the whole container before it writes anything (a first pass),
 * names the offending line and its offset, and writes through cli_out (never a partial OUT).
 * The checksums are zlib's CRC-32 (ISO-HDLC, the one of gzip and PNG), not a local copy. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <errno.h>
#include <string.h>
#include <zlib.h>

#include "cli.h"
#include "dsm.h"
#include "np_progress.h"

#define CONTAINER_MAGIC "NPDS"
#define CONTAINER_VERSION 2u
#define HEADER_FIELDS 16u          /* magic .. original length: what the header CRC covers */
#define CRC_BYTES 4u
#define HEADER_BYTES (HEADER_FIELDS + CRC_BYTES)
#define RECORD_LEN_BYTES 2u
#define MIN_RECORD_BYTES (RECORD_LEN_BYTES + 1u + CRC_BYTES)

static const char compress_usage[] =
    "usage: nocpress compress [--lane-bytes 64|128] [--approx BITS] [--quiet] IN OUT\n"
    "\n"
    "Compresses IN (a regular file) as 128-byte lines (the last partial line zero-padded, the\n"
    "original length recorded) with DSM into the container described in docs/cli.md (version 2,\n"
    "a CRC-32 over the header and after every line record).\n"
    "  --lane-bytes N  DSM lane size: 64 (default) or 128\n"
    "  --approx BITS   lossy: clear BITS mantissa LSBs of every 32-bit word before compressing\n"
    "                  (0,4,8,12,16,20; the input must hold float32 elements)\n"
    "  --quiet         no progress line (shown on stderr when it is a terminal, after 1 s)\n";

static const char decompress_usage[] =
    "usage: nocpress decompress [--quiet] IN OUT\n"
    "\n"
    "Restores the file compressed into the container IN. Every field and checksum is validated\n"
    "before anything is written; an error names the offending line (0-based) and its byte\n"
    "offset in IN. Nothing is written on error.\n"
    "  --quiet  no progress line (shown on stderr when it is a terminal, after 1 s)\n";

/* ---- little-endian fields ---------------------------------------------------------------- */

static void put_le(uint8_t *p, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) {
        p[i] = (uint8_t)(v >> (8u * i));
    }
}

static uint64_t get_le(const uint8_t *p, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint64_t)p[i] << (8u * i);
    }
    return v;
}

/* ---- compress -------------------------------------------------------------------------- */

typedef struct {
    const char *cmd;
    dsm_config *cfg;
    unsigned *approx;
} compress_args;

enum { OPT_LANE = 256, OPT_APPROX };

static int on_compress_option(void *ctx, int key, const char *val) {
    compress_args *a = ctx;
    if (key == CLI_OPT_QUIET) {
        cli_set_quiet();
        return -1;
    }
    bool ok = key == OPT_LANE ? cli_parse_lane_bytes(a->cmd, val, &a->cfg->lane_bytes)
                              : cli_parse_approx_bits(a->cmd, val, a->approx);
    return ok ? -1 : NP_EXIT_USAGE;
}

static int parse_compress_args(int argc, char **argv, dsm_config *cfg, unsigned *approx,
                               int *first) {
    static const struct option opts[] = {
        {"lane-bytes", required_argument, NULL, OPT_LANE}, {"approx", required_argument, NULL, OPT_APPROX},
        CLI_QUIET_OPTION,                                  {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    dsm_config_default(cfg);
    *approx = 0;
    compress_args a = {argv[0], cfg, approx};
    int rc = cli_parse_options(argc, argv, opts, compress_usage, on_compress_option, &a, first);
    return rc >= 0 ? rc : cli_expect_operands(argv[0], argc - *first, 2, 2, "IN and OUT");
}

static uint32_t crc_of(uint32_t crc, const uint8_t *p, size_t n) {
    return (uint32_t)crc32(crc, p, (uInt)n);
}

/* A record's CRC: over the 16 header bytes (crc_header is their CRC-32), the line index as 8
 * little-endian bytes, then the record's length field and stream bytes. The header and index
 * are in it because a CRC chained over the file would not bind a record to its place: the CRC
 * of data followed by its own CRC is a constant, so every record would start from the same
 * state and two records could be swapped unnoticed. */
static uint32_t record_crc(uint32_t crc_header, uint64_t index, const uint8_t *rec, size_t n) {
    uint8_t idx[8];
    put_le(idx, index, 8);
    return crc_of(crc_of(crc_header, idx, 8), rec, n);
}

static bool put_crc(cli_out *out, uint32_t crc) {
    uint8_t field[CRC_BYTES];
    put_le(field, crc, CRC_BYTES);
    return cli_out_write(out, field, CRC_BYTES);
}

int cmd_compress(int argc, char **argv) {
    dsm_config cfg;
    unsigned approx;
    int first = 0;
    int rc = parse_compress_args(argc, argv, &cfg, &approx, &first);
    if (rc >= 0) {
        return rc;
    }
    const char *in_path = argv[first], *out_path = argv[first + 1];
    cli_lines in;
    if (!cli_lines_open(&in, in_path)) {
        return NP_EXIT_FAIL;
    }
    cli_out out;
    if (!cli_out_open(&out, out_path)) {
        cli_lines_close(&in);
        return NP_EXIT_FAIL;
    }
    uint8_t header[HEADER_FIELDS];
    memcpy(header, CONTAINER_MAGIC, 4);
    header[4] = CONTAINER_VERSION;
    header[5] = (uint8_t)cfg.lane_bytes;
    header[6] = (uint8_t)approx;
    header[7] = 0;
    put_le(header + 8, in.size, 8);
    uint32_t crc_header = crc_of(0, header, sizeof header);
    bool ok = cli_out_write(&out, header, sizeof header) && put_crc(&out, crc_header);
    uint8_t line[DSM_LINE_BYTES], rec[RECORD_LEN_BYTES + DSM_MAX_BYTES];
    int got = 0;
    for (size_t i = 0; ok && (got = cli_lines_next(&in, line)) > 0; i++) {
        size_t bits;
        dsm_approx_apply(approx, line, line);
        np_result r = dsm_compress(&cfg, line, rec + RECORD_LEN_BYTES, DSM_MAX_BYTES, &bits);
        if (r != NP_OK) { /* cannot happen with a checked cfg and a DSM_MAX_BYTES buffer */
            cli_fail("'%s': line %zu: dsm_compress failed (%s)", in_path, i, np_result_name(r));
            ok = false;
            break;
        }
        put_le(rec, bits, RECORD_LEN_BYTES);
        size_t n = RECORD_LEN_BYTES + (bits + 7u) / 8u;
        ok = cli_out_write(&out, rec, n) && put_crc(&out, record_crc(crc_header, i, rec, n));
    }
    ok = ok && got == 0 && cli_out_commit(&out);
    if (!ok) {
        cli_out_abort(&out);
    }
    cli_lines_close(&in);
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}

/* ---- decompress ------------------------------------------------------------------------ */

/* The container being read: a buffered stream and the offset of what was read. */
typedef struct {
    const char *path;
    FILE *f;
    uint64_t size;           /* of the file */
    uint64_t pos;            /* bytes read */
    uint32_t crc_header;     /* CRC-32 of the 16 header bytes */
    dsm_config cfg;
    uint64_t orig_len;
} container;

static int container_error(const container *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int container_error(const container *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, NP_CLI_NAME " decompress: '%s': ", c->path);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return NP_EXIT_FAIL;
}

/* Reads up to n bytes (fewer only at the end of the file). */
static size_t take(container *c, uint8_t *p, size_t n) {
    size_t got = fread(p, 1, n, c->f);
    c->pos += got;
    return got;
}

/* Reads a CRC field and compares it with expect (what = NULL: the header's). */
static int check_crc(container *c, uint32_t expect, const char *what, size_t index, uint64_t at) {
    uint8_t field[CRC_BYTES];
    size_t got = take(c, field, CRC_BYTES);
    char where[64] = "header";
    if (what != NULL) {
        snprintf(where, sizeof where, "line %zu (offset %llu)", index, (unsigned long long)at);
    }
    if (got < CRC_BYTES) {
        return container_error(c, "%s: truncated: no checksum", where);
    }
    uint32_t stored = (uint32_t)get_le(field, CRC_BYTES);
    if (stored != expect) {
        return container_error(c, "%s: checksum mismatch (stored 0x%08x, computed 0x%08x): the %s is "
                                  "corrupt", where, (unsigned)stored, (unsigned)expect,
                               what != NULL ? what : "header");
    }
    return NP_EXIT_OK;
}

static int check_header(container *c) {
    uint8_t h[HEADER_FIELDS];
    size_t got = take(c, h, sizeof h);
    if (got >= 4 && memcmp(h, CONTAINER_MAGIC, 4) != 0) {
        return container_error(c, "not a nocpress DSM container (magic is not \"%s\")",
                               CONTAINER_MAGIC);
    }
    if (got < HEADER_FIELDS || c->size < HEADER_BYTES) {
        return container_error(c, "truncated header: %llu bytes, a container has at least %u",
                               (unsigned long long)c->size, HEADER_BYTES);
    }
    if (h[4] == 1) {
        return container_error(c, "container version 1 (no checksums) is not read by this nocpress, "
                                  "which writes and reads version %u (docs/cli.md)", CONTAINER_VERSION);
    }
    if (h[4] != CONTAINER_VERSION) {
        return container_error(c, "unsupported container version %u (this tool reads %u)", h[4],
                               CONTAINER_VERSION);
    }
    c->crc_header = crc_of(0, h, sizeof h);
    int rc = check_crc(c, c->crc_header, NULL, 0, 0);
    if (rc != NP_EXIT_OK) {
        return rc;
    }
    /* The fields are checked after the CRC: a corrupt header is reported as corrupt; these
     * catch a writer that sealed wrong values. */
    if (h[5] != 64 && h[5] != 128) {
        return container_error(c, "header: lane size %u is not 64 or 128", h[5]);
    }
    if (h[6] > 20 || h[6] % 4 != 0) {
        return container_error(c, "header: approximation %u is not one of 0,4,8,12,16,20", h[6]);
    }
    if (h[7] != 0) {
        return container_error(c, "header: reserved byte 7 is %u, must be 0", h[7]);
    }
    c->cfg.lane_bytes = h[5];
    c->orig_len = get_le(h + 8, 8);
    /* Every line record takes at least MIN_RECORD_BYTES: bounds the line count. */
    uint64_t lines = c->orig_len / DSM_LINE_BYTES + (c->orig_len % DSM_LINE_BYTES != 0);
    if (lines > (c->size - HEADER_BYTES) / MIN_RECORD_BYTES) {
        return container_error(c, "header: original length %llu needs more lines than the "
                                  "file can hold", (unsigned long long)c->orig_len);
    }
    return NP_EXIT_OK;
}

/* Explains why dsm_decompress rejected a stream, lane by lane, with the stage functions. */
static void explain_bad_stream(const container *c, const uint8_t *src, size_t bits, char *msg,
                               size_t n) {
    unsigned lane_bytes = c->cfg.lane_bytes;
    unsigned num_segments = lane_bytes / DSM_SEGMENT_BYTES;
    np_bitreader r;
    np_br_init(&r, src, bits);
    for (unsigned k = 0; k < DSM_LINE_BYTES / lane_bytes; k++) {
        np_bitreader peek = r;
        size_t start = r.pos;
        uint64_t c_flag = np_br_get(&peek, 1);
        uint64_t es = np_br_get(&peek, num_segments);
        uint8_t lane[DSM_LINE_BYTES];
        if (dsm_unpack(&r, lane_bytes, lane) == NP_OK) {
            continue;
        }
        if (c_flag == 1 && !peek.overrun && es == 0) {
            snprintf(msg, n, "lane %u (bit %zu) has C=1 with ES=0", k, start);
        } else {
            snprintf(msg, n, "lane %u (bit %zu) is truncated", k, start);
        }
        return;
    }
    snprintf(msg, n, "%zu trailing bits after the last lane", np_br_remaining(&r));
}

static bool padding_is_zero(const uint8_t *src, size_t bits) {
    return bits % 8u == 0 || (src[bits / 8u] >> (bits % 8u)) == 0;
}

/* Decodes line record `index` (at the current position) into out[0..*keep). */
static int decode_record(container *c, size_t index, uint8_t out[DSM_LINE_BYTES], size_t *keep) {
    uint64_t at = c->pos;
    uint8_t len[RECORD_LEN_BYTES], src[DSM_MAX_BYTES];
    if (take(c, len, RECORD_LEN_BYTES) < RECORD_LEN_BYTES) {
        return container_error(c, "line %zu (offset %llu): record truncated: no bit length", index,
                               (unsigned long long)at);
    }
    size_t bits = (size_t)get_le(len, RECORD_LEN_BYTES);
    size_t bytes = (bits + 7u) / 8u;
    if (bits == 0 || bits > DSM_MAX_BITS) {
        return container_error(c, "line %zu (offset %llu): bit length %zu is outside 1..%u", index,
                               (unsigned long long)at, bits, DSM_MAX_BITS);
    }
    uint8_t rec[RECORD_LEN_BYTES + DSM_MAX_BYTES];
    memcpy(rec, len, RECORD_LEN_BYTES);
    size_t got = take(c, rec + RECORD_LEN_BYTES, bytes);
    memcpy(src, rec + RECORD_LEN_BYTES, got);
    if (got < bytes) {
        return container_error(c, "line %zu (offset %llu): stream of %zu bits truncated (%zu of %zu "
                                  "bytes present)", index, (unsigned long long)at, bits, got, bytes);
    }
    int rc = check_crc(c, record_crc(c->crc_header, index, rec, RECORD_LEN_BYTES + bytes), "record", index, at);
    if (rc != NP_EXIT_OK) {
        return rc;
    }
    if (!padding_is_zero(src, bits)) {
        return container_error(c, "line %zu (offset %llu): padding bits after bit %zu are not zero",
                               index, (unsigned long long)at, bits);
    }
    uint8_t line[DSM_LINE_BYTES];
    np_result r = dsm_decompress(&c->cfg, src, bits, line, sizeof line);
    if (r != NP_OK) {
        char why[96];
        explain_bad_stream(c, src, bits, why, sizeof why);
        return container_error(c, "line %zu (offset %llu): malformed DSM stream of %zu bits (%s): "
                                  "%s", index, (unsigned long long)at, bits, np_result_name(r), why);
    }
    uint64_t start = (uint64_t)index * DSM_LINE_BYTES;
    *keep = c->orig_len - start < DSM_LINE_BYTES ? (size_t)(c->orig_len - start) : DSM_LINE_BYTES;
    for (size_t b = *keep; b < DSM_LINE_BYTES; b++) {
        if (line[b] != 0) {
            return container_error(c, "line %zu (offset %llu): byte %zu past the original length "
                                      "is not zero padding", index, (unsigned long long)at, b);
        }
    }
    memcpy(out, line, *keep);
    return NP_EXIT_OK;
}

/* One pass over the whole container: validates everything, and writes the lines to out when
 * out is not NULL. */
static int decode_all(container *c, cli_out *out) {
    if (fseek(c->f, 0, SEEK_SET) != 0) {
        return container_error(c, "cannot rewind: %s", strerror(errno));
    }
    c->pos = 0;
    int rc = check_header(c);
    uint64_t lines = c->orig_len / DSM_LINE_BYTES + (c->orig_len % DSM_LINE_BYTES != 0);
    for (uint64_t i = 0; rc == NP_EXIT_OK && i < lines; i++) {
        uint8_t line[DSM_LINE_BYTES];
        size_t keep = 0;
        if ((i & 0x3FFu) == 0) {
            np_progress(out != NULL ? "decompressing" : "validating", c->pos, c->size, "bytes");
        }
        rc = decode_record(c, (size_t)i, line, &keep);
        if (rc == NP_EXIT_OK && out != NULL && !cli_out_write(out, line, keep)) {
            rc = NP_EXIT_FAIL;
        }
    }
    np_progress_end(); /* each pass is a job of its own */
    if (rc == NP_EXIT_OK && ferror(c->f)) {
        rc = container_error(c, "read error: %s", strerror(errno));
    }
    if (rc == NP_EXIT_OK && (c->pos != c->size || fgetc(c->f) != EOF)) {
        rc = c->pos < c->size ? container_error(c, "%llu trailing bytes after the last line (offset %llu)",
                                                (unsigned long long)(c->size - c->pos), (unsigned long long)c->pos)
                              : container_error(c, "changed length while being read");
    }
    return rc;
}

static int on_decompress_option(void *ctx, int key, const char *val) {
    (void)ctx, (void)key, (void)val; /* CLI_OPT_QUIET, the only option */
    cli_set_quiet();
    return -1;
}

int cmd_decompress(int argc, char **argv) {
    static const struct option opts[] = {CLI_QUIET_OPTION, {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    int first = 0;
    int rc = cli_parse_options(argc, argv, opts, decompress_usage, on_decompress_option, NULL, &first);
    if (rc < 0) {
        rc = cli_expect_operands(argv[0], argc - first, 2, 2, "IN and OUT");
    }
    if (rc >= 0) {
        return rc;
    }
    container c = {.path = argv[first]};
    c.f = cli_open_regular(c.path, &c.size);
    if (c.f == NULL) {
        return NP_EXIT_FAIL;
    }
    rc = decode_all(&c, NULL); /* validate everything before OUT is touched */
    if (rc == NP_EXIT_OK) {
        cli_out out;
        if (!cli_out_open(&out, argv[first + 1])) {
            rc = NP_EXIT_FAIL;
        } else {
            rc = decode_all(&c, &out);
            if (rc != NP_EXIT_OK || !cli_out_commit(&out)) {
                cli_out_abort(&out);
                rc = NP_EXIT_FAIL;
            }
        }
    }
    fclose(c.f);
    return rc;
}
