/* `nocpress compress` / `nocpress decompress`: a file as a sequence of DSM line streams in
 * the container defined in docs/cli.md (magic, version, lane size, approximation, original
 * length, then per line a 16-bit bit length and the stream bytes). Decompression validates
 * every field and names the offending line. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dsm.h"

#define CONTAINER_MAGIC "NPDS"
#define CONTAINER_VERSION 1u
#define HEADER_BYTES 16u
#define RECORD_LEN_BYTES 2u

static const char compress_usage[] =
    "usage: nocpress compress [--lane-bytes 64|128] [--approx BITS] IN OUT\n"
    "\n"
    "Compresses IN as 128-byte lines (the last partial line zero-padded, the original length\n"
    "recorded) with DSM into the container described in docs/cli.md.\n"
    "  --lane-bytes N  DSM lane size: 64 (default) or 128\n"
    "  --approx BITS   lossy: clear BITS mantissa LSBs of every 32-bit word before compressing\n"
    "                  (0,4,8,12,16,20; the input must hold float32 elements)\n";

static const char decompress_usage[] =
    "usage: nocpress decompress IN OUT\n"
    "\n"
    "Restores the file compressed into the container IN. Every field is validated; an error\n"
    "names the offending line (0-based) and its byte offset in IN. Nothing is written on error.\n";

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
    bool ok = key == OPT_LANE ? cli_parse_lane_bytes(a->cmd, val, &a->cfg->lane_bytes)
                              : cli_parse_approx_bits(a->cmd, val, a->approx);
    return ok ? -1 : NP_EXIT_USAGE;
}

static int parse_compress_args(int argc, char **argv, dsm_config *cfg, unsigned *approx,
                               int *first) {
    static const struct option opts[] = {
        {"lane-bytes", required_argument, NULL, OPT_LANE}, {"approx", required_argument, NULL, OPT_APPROX},
        {"help", no_argument, NULL, 'h'},                  {NULL, 0, NULL, 0}};
    dsm_config_default(cfg);
    *approx = 0;
    compress_args a = {argv[0], cfg, approx};
    int rc = cli_parse_options(argc, argv, opts, compress_usage, on_compress_option, &a, first);
    return rc >= 0 ? rc : cli_expect_operands(argv[0], argc - *first, 2, 2, "IN and OUT");
}

int cmd_compress(int argc, char **argv) {
    dsm_config cfg;
    unsigned approx;
    int first = 0;
    int rc = parse_compress_args(argc, argv, &cfg, &approx, &first);
    if (rc >= 0) {
        return rc;
    }
    cli_buffer in;
    if (!cli_read_file(argv[first], &in)) {
        return NP_EXIT_FAIL;
    }
    size_t lines = cli_line_count(in.size);
    size_t cap = HEADER_BYTES + lines * (RECORD_LEN_BYTES + DSM_MAX_BYTES);
    uint8_t *out = malloc(cap);
    if (out == NULL) {
        cli_buffer_free(&in);
        return cli_fail("out of memory");
    }
    memcpy(out, CONTAINER_MAGIC, 4);
    out[4] = CONTAINER_VERSION;
    out[5] = (uint8_t)cfg.lane_bytes;
    out[6] = (uint8_t)approx;
    out[7] = 0;
    put_le(out + 8, in.size, 8);
    size_t pos = HEADER_BYTES;
    for (size_t i = 0; i < lines; i++) {
        uint8_t line[DSM_LINE_BYTES];
        size_t bits;
        cli_get_line(&in, i, line);
        dsm_approx_apply(approx, line, line);
        np_result r = dsm_compress(&cfg, line, out + pos + RECORD_LEN_BYTES, DSM_MAX_BYTES, &bits);
        if (r != NP_OK) { /* cannot happen with a checked cfg and a DSM_MAX_BYTES buffer */
            free(out);
            cli_buffer_free(&in);
            return cli_fail("'%s': line %zu: dsm_compress failed (%s)", argv[first], i,
                            np_result_name(r));
        }
        put_le(out + pos, bits, RECORD_LEN_BYTES);
        pos += RECORD_LEN_BYTES + (bits + 7u) / 8u;
    }
    cli_buffer_free(&in);
    bool ok = cli_write_file(argv[first + 1], out, pos);
    free(out);
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}

/* ---- decompress ------------------------------------------------------------------------ */

typedef struct {
    const char *path;
    const cli_buffer *in;
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

static int check_header(container *c) {
    const uint8_t *h = c->in->data;
    if (c->in->size < HEADER_BYTES) {
        return container_error(c, "truncated header: %zu bytes, a container has at least %u",
                               c->in->size, HEADER_BYTES);
    }
    if (memcmp(h, CONTAINER_MAGIC, 4) != 0) {
        return container_error(c, "not a nocpress DSM container (magic is not \"%s\")",
                               CONTAINER_MAGIC);
    }
    if (h[4] != CONTAINER_VERSION) {
        return container_error(c, "unsupported container version %u (this tool reads %u)", h[4],
                               CONTAINER_VERSION);
    }
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
    /* Every line record takes at least 3 bytes: bounds the line count before any allocation. */
    if (c->orig_len / DSM_LINE_BYTES > c->in->size) {
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

/* Decodes the line record at *pos into out (the part of the line inside orig_len). */
static int decode_record(const container *c, size_t index, size_t *pos, uint8_t *out) {
    const cli_buffer *in = c->in;
    size_t at = *pos;
    if (in->size - at < RECORD_LEN_BYTES) {
        return container_error(c, "line %zu (offset %zu): record truncated: no bit length", index,
                               at);
    }
    size_t bits = (size_t)get_le(in->data + at, RECORD_LEN_BYTES);
    size_t bytes = (bits + 7u) / 8u;
    if (bits == 0 || bits > DSM_MAX_BITS) {
        return container_error(c, "line %zu (offset %zu): bit length %zu is outside 1..%u", index,
                               at, bits, DSM_MAX_BITS);
    }
    if (in->size - at - RECORD_LEN_BYTES < bytes) {
        return container_error(c, "line %zu (offset %zu): stream of %zu bits truncated (%zu of %zu "
                                  "bytes present)", index, at, bits,
                               in->size - at - RECORD_LEN_BYTES, bytes);
    }
    const uint8_t *src = in->data + at + RECORD_LEN_BYTES;
    if (!padding_is_zero(src, bits)) {
        return container_error(c, "line %zu (offset %zu): padding bits after bit %zu are not zero",
                               index, at, bits);
    }
    uint8_t line[DSM_LINE_BYTES];
    np_result r = dsm_decompress(&c->cfg, src, bits, line, sizeof line);
    if (r != NP_OK) {
        char why[96];
        explain_bad_stream(c, src, bits, why, sizeof why);
        return container_error(c, "line %zu (offset %zu): malformed DSM stream of %zu bits (%s): "
                                  "%s", index, at, bits, np_result_name(r), why);
    }
    uint64_t start = (uint64_t)index * DSM_LINE_BYTES;
    size_t keep = c->orig_len - start < DSM_LINE_BYTES ? (size_t)(c->orig_len - start)
                                                        : DSM_LINE_BYTES;
    for (size_t b = keep; b < DSM_LINE_BYTES; b++) {
        if (line[b] != 0) {
            return container_error(c, "line %zu (offset %zu): byte %zu past the original length "
                                      "is not zero padding", index, at, b);
        }
    }
    memcpy(out, line, keep);
    *pos = at + RECORD_LEN_BYTES + bytes;
    return NP_EXIT_OK;
}

int cmd_decompress(int argc, char **argv) {
    static const struct option opts[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    int first = 0;
    int rc = cli_parse_options(argc, argv, opts, decompress_usage, NULL, NULL, &first);
    if (rc < 0) {
        rc = cli_expect_operands(argv[0], argc - first, 2, 2, "IN and OUT");
    }
    if (rc >= 0) {
        return rc;
    }
    const char *in_path = argv[first], *out_path = argv[first + 1];
    cli_buffer in;
    if (!cli_read_file(in_path, &in)) {
        return NP_EXIT_FAIL;
    }
    container c = {.path = in_path, .in = &in};
    rc = check_header(&c);
    uint8_t *out = NULL;
    if (rc == NP_EXIT_OK) {
        out = malloc(c.orig_len > 0 ? (size_t)c.orig_len : 1u);
        if (out == NULL) {
            rc = cli_fail("out of memory");
        }
    }
    size_t pos = HEADER_BYTES;
    size_t lines = (size_t)cli_line_count((size_t)c.orig_len);
    for (size_t i = 0; rc == NP_EXIT_OK && i < lines; i++) {
        rc = decode_record(&c, i, &pos, out + i * DSM_LINE_BYTES);
    }
    if (rc == NP_EXIT_OK && pos != in.size) {
        rc = container_error(&c, "%zu trailing bytes after the last line (offset %zu)",
                             in.size - pos, pos);
    }
    if (rc == NP_EXIT_OK && !cli_write_file(out_path, out, (size_t)c.orig_len)) {
        rc = NP_EXIT_FAIL;
    }
    free(out);
    cli_buffer_free(&in);
    return rc;
}
