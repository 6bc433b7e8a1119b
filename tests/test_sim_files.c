/* Config and trace files: bad input gives file:line (or file:record) errors; trace text and
 * binary forms round-trip. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/config.h"
#include <lzma.h>
#include <zlib.h>

#include "mem/memimg.h"
#include "trace/trace.h"

static char dir[] = "/tmp/npsim_test_XXXXXX";

static const char *write_file(const char *name, const char *text, size_t len) {
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite(text, 1, len, f);
    fclose(f);
    return path;
}

static void expect_config_error(const char *text, const char *where, const char *what) {
    sim_config cfg;
    config_default(&cfg);
    char err[512];
    const char *path = write_file("bad.cfg", text, strlen(text));
    assert_false(config_load_file(&cfg, path, err, sizeof err));
    char expect[300];
    snprintf(expect, sizeof expect, "%s/bad.cfg:%s", dir, where);
    if (!strstr(err, expect) || !strstr(err, what)) fail_msg("error '%s' lacks '%s' / '%s'", err, expect, what);
}

static void test_config_errors_name_file_and_line(void **state) {
    (void)state;
    expect_config_error("# c\nmesh_k = 8\nvcs = four\n", "3:", "vcs");
    expect_config_error("\n\nnot_a_key = 1\n", "3:", "unknown key");
    expect_config_error("mesh_k 8\n", "1:", "expected 'key = value'");
    expect_config_error("mesh_k = 99\n", "1:", "[2, 16]");
    expect_config_error("routing_reply = zx\n", "1:", "xy | yx");
    expect_config_error("a=1\n", "1:", "unknown key");
    expect_config_error("injection_rate = 1.5\n", "1:", "injection_rate");
    expect_config_error("hot_nodes = 1, x\n", "1:", "hot_nodes");
}

static void test_config_good_file(void **state) {
    (void)state;
    const char *text = "# machine\ntopology = crossbar   # Fermi\nsms = 15\nmcs = 6\nrouting_reply = xy\n"
                       "hot_nodes = 1,2 3\ninjection_rate = 0.25\n";
    sim_config cfg;
    config_default(&cfg);
    char err[512];
    assert_true(config_load_file(&cfg, write_file("good.cfg", text, strlen(text)), err, sizeof err));
    assert_int_equal(cfg.topology, TOPO_CROSSBAR);
    assert_int_equal(config_channel_bits(&cfg), 256);
    assert_int_equal(config_nodes(&cfg), 21);
    assert_int_equal(cfg.hot_nodes.count, 3);
    assert_true(cfg.injection_rate == 0.25);
    assert_true(config_validate(&cfg, err, sizeof err));
    assert_true(config_set(&cfg, "argument 2", "vcs_request=3", err, sizeof err));
    assert_false(config_set(&cfg, "argument 3", "vcs=3", err, sizeof err) && config_validate(&cfg, err, sizeof err));
    assert_non_null(strstr(err, "vcs_request"));
}

static void expect_trace_error(const char *name, const char *text, size_t len, const char *where, const char *what) {
    trace_t t;
    trace_init(&t);
    char err[512];
    const char *path = write_file(name, text, len);
    assert_false(trace_load(&t, path, 56, 16, err, sizeof err));
    char expect[300];
    snprintf(expect, sizeof expect, "%s/%s:%s", dir, name, where);
    if (!strstr(err, expect) || !strstr(err, what)) fail_msg("error '%s' lacks '%s' / '%s'", err, expect, what);
    trace_free(&t);
}

static void test_trace_text_errors(void **state) {
    (void)state;
    const char *a = "# ok\n0 0 R 0x100 f\n1 2 X 0x100 f\n";
    expect_trace_error("a.txt", a, strlen(a), "3:", "R or W");
    const char *b = "0 0 R 0x100 f\n\n99 0 R 0x100 f\n";
    expect_trace_error("b.txt", b, strlen(b), "3:", "sm 99");
    const char *c = "0 0 R 0x100 0\n";
    expect_trace_error("c.txt", c, strlen(c), "1:", "mask");
    const char *d = "0 0 R 0x100\n";
    expect_trace_error("d.txt", d, strlen(d), "1:", "fields");
    const char *e = "0 16 W 12 1\n";
    expect_trace_error("e.txt", e, strlen(e), "1:", "warp 16");
}

static void test_trace_round_trip_and_binary_errors(void **state) {
    (void)state;
    trace_t t, back, back2;
    trace_init(&t);
    trace_init(&back);
    trace_init(&back2);
    for (unsigned i = 0; i < 100; i++)
        trace_push(&t, (trace_access){(uint64_t)i * 977 + 0x123456789ull, (uint16_t)(i % 56), (uint16_t)(i % 16),
                                      (uint8_t)(i % 3 == 0), (uint8_t)(1 + i % 15), 0});
    char err[512], txt[256], bin[256];
    snprintf(txt, sizeof txt, "%s/t.txt", dir);
    snprintf(bin, sizeof bin, "%s/t.bin", dir);
    assert_true(trace_save_text(&t, txt, err, sizeof err));
    assert_true(trace_save_binary(&t, bin, err, sizeof err));
    assert_true(trace_load(&back, txt, 56, 16, err, sizeof err));
    assert_true(trace_load(&back2, bin, 56, 16, err, sizeof err));
    assert_int_equal(back.count, 100);
    assert_int_equal(back2.count, 100);
    assert_memory_equal(back.a, t.a, 100 * sizeof *t.a);
    assert_memory_equal(back2.a, t.a, 100 * sizeof *t.a);
    /* binary: corrupt record 3's flags, then truncate */
    FILE *f = fopen(bin, "rb");
    char buf[16 + 100 * 16];
    assert_int_equal(fread(buf, 1, sizeof buf, f), sizeof buf);
    fclose(f);
    buf[16 + 2 * 16 + 12] = 4;
    expect_trace_error("flags.bin", buf, sizeof buf, "record 3", "flag");
    buf[16 + 2 * 16 + 12] = 0;
    expect_trace_error("short.bin", buf, 16 + 5 * 16 + 7, "record 6", "truncated");
    buf[8] = 9;
    expect_trace_error("ver.bin", buf, sizeof buf, "", "version");
    trace_free(&t);
    trace_free(&back);
    trace_free(&back2);
}

static int setup(void **state) {
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    const char *names[] = {"bad.cfg", "good.cfg", "a.txt", "b.txt", "c.txt", "d.txt", "e.txt", "t.txt", "t.bin",
                           "flags.bin", "short.bin", "ver.bin", "memory.npmem", "memory.npmem.gz", "kernel-1.traceg.xz",
                           "kernelslist.g"};
    char path[300];
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    return rmdir(dir);
}

/* memory.npmem (docs/kernels.md): the records before the first kernel build the image. */
static size_t npmem_le(uint8_t *p, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) p[i] = (uint8_t)(v >> (8 * i));
    return bytes;
}

static size_t npmem_alloc(uint8_t *p, uint64_t base, uint64_t bytes, const char *name) {
    size_t n = 0, len = strlen(name);
    p[n++] = 1;
    n += npmem_le(p + n, base, 8);
    n += npmem_le(p + n, bytes, 8);
    p[n++] = (uint8_t)len;
    memcpy(p + n, name, len);
    return n + len;
}

static void test_npmem_image(void **state) {
    (void)state;
    const uint64_t dev = UINT64_C(0x7f0000000000);
    uint8_t f[512];
    size_t n = 0;
    memcpy(f, "NPSIMTM1", 8);
    n = 8;
    n += npmem_le(f + n, 1, 4);
    n += npmem_le(f + n, 0, 4);
    n += npmem_alloc(f + n, dev, 400, "a");
    n += npmem_alloc(f + n, dev + 0x200, 8, "b");
    f[n++] = 2; /* COPY 3 bytes into a at +5 */
    n += npmem_le(f + n, dev + 5, 8);
    n += npmem_le(f + n, 3, 8);
    memcpy(f + n, "xyz", 3);
    n += 3;
    f[n++] = 3; /* SET b to 0x5a */
    n += npmem_le(f + n, dev + 0x200, 8);
    n += npmem_le(f + n, 8, 8);
    f[n++] = 0x5a;
    size_t kernel_at = n;
    f[n++] = 4; /* KERNEL 1: what follows is not the initial memory */
    n += npmem_le(f + n, 1, 4);
    f[n++] = 2;
    n += npmem_le(f + n, dev, 8);
    n += npmem_le(f + n, 1, 8);
    f[n++] = 'Q';
    mem_image img;
    char err[512];
    assert_true(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, n), err, sizeof err));
    assert_int_equal(img.size, MEMIMG_ALIGN);
    assert_int_equal(img.nregions, 2);
    assert_string_equal(img.region[1].name, "b");
    assert_string_equal(img.region[1].type, "device"); /* versions 1 and 2 carry no element type */
    assert_int_equal(img.region[1].base, 0x200);
    /* trace addresses are device addresses: line (dev + 0) / 128 is the image's line 0 */
    const uint8_t *l0 = memimg_line(&img, dev / 128);
    assert_memory_equal(l0 + 5, "xyz", 3);
    assert_int_equal(l0[0], 0); /* the post-kernel 'Q' is not initial memory */
    assert_int_equal(memimg_line(&img, (dev + 0x200) / 128)[7], 0x5a);
    assert_int_equal(memimg_line(&img, (dev + 0x200) / 128)[8], 0);
    memimg_free(&img);
    /* cut inside the COPY record: an error with the file and byte offset */
    assert_false(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, kernel_at - 20), err, sizeof err));
    if (!strstr(err, "memory.npmem: byte") || !strstr(err, "truncated")) fail_msg("error '%s'", err);
    memcpy(f, "NPSIMTM2", 8);
    assert_false(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, n), err, sizeof err));
    if (!strstr(err, "no 'NPSIMTM1' header")) fail_msg("error '%s'", err);
}

/* A version 2 log (docs/kernels.md "Traces"): an ALLOC of 256 bytes (19 bytes), KERNEL 1 with the
 * CRC-32 of its 256 zero bytes, then `tail` (n bytes). Returns the file's length. */
static size_t npmem_v2(uint8_t *f, const uint8_t *tail, size_t n, uint32_t crc_xor) {
    const uint64_t dev = UINT64_C(0x7f0000000000);
    static const uint8_t zeros[256];
    size_t m = 0;
    memcpy(f, "NPSIMTM1", 8);
    m = 8;
    m += npmem_le(f + m, 2, 4);
    m += npmem_le(f + m, 0, 4);
    m += npmem_alloc(f + m, dev, 256, "a");
    f[m++] = 4;
    m += npmem_le(f + m, 1, 4);
    m += npmem_le(f + m, 256, 8);
    m += npmem_le(f + m, (uint32_t)crc32(crc32(0L, Z_NULL, 0), zeros, 256) ^ crc_xor, 4);
    memcpy(f + m, tail, n);
    return m + n;
}

/* One STORE of kernel `id`, one lane (mask 1) of 4 bytes at `addr` (first address, stride 0). */
static size_t npmem_store(uint8_t *p, uint32_t id, uint64_t addr) {
    size_t n = 0;
    p[n++] = 5;
    n += npmem_le(p + n, id, 4);
    for (unsigned k = 0; k < 3; k++) n += npmem_le(p + n, 0, 4); /* block 0,0,0 */
    n += npmem_le(p + n, 0, 2);  /* warp */
    n += npmem_le(p + n, 0, 4);  /* instruction */
    p[n++] = 4;
    n += npmem_le(p + n, 1, 4);
    p[n++] = 1;
    n += npmem_le(p + n, addr, 8);
    n += npmem_le(p + n, 0, 8);
    return n + npmem_le(p + n, 0x11223344u, 4);
}

/* The strict reader: each damage is refused with the file, the record's byte and the reason. */
static void test_npmem_v2_errors(void **state) {
    (void)state;
    const uint64_t dev = UINT64_C(0x7f0000000000);
    uint8_t f[512], tail[128];
    mem_image img;
    char err[512];
    const size_t at = 16 + 19 + 17; /* header, ALLOC "a", KERNEL 1: the tail's first record */
    size_t n = npmem_store(tail, 1, dev + 8);
    assert_true(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, npmem_v2(f, tail, n, 0)), err,
                                  sizeof err));
    assert_int_equal(memimg_line(&img, dev / 128)[8], 0); /* the store is launch 1's, not initial memory */
    memimg_free(&img);
    static const struct {
        uint32_t crc_xor;
        uint32_t id;
        uint64_t addr;
        const char *want;
        size_t byte;
    } cases[] = {
        {1, 1, 8, "kernel 1: the replayed device memory's CRC-32 is", 16 + 19},
        {0, 2, 8, "store of kernel 2 outside that kernel's launch", at},
        {0, 1, 254, "store: address 0x7f00000000fe + 4 bytes is outside the allocations", at},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        n = npmem_store(tail, cases[i].id, dev + cases[i].addr);
        assert_false(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f,
                                                        npmem_v2(f, tail, n, cases[i].crc_xor)), err, sizeof err));
        char where[64];
        snprintf(where, sizeof where, "memory.npmem: byte %zu: ", cases[i].byte);
        if (!strstr(err, where) || !strstr(err, cases[i].want)) fail_msg("case %u: error '%s'", i, err);
    }
    tail[0] = 7; /* an unknown record type */
    assert_false(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, npmem_v2(f, tail, 1, 0)), err,
                                   sizeof err));
    if (!strstr(err, "memory.npmem: byte 52: unknown record type 7")) fail_msg("error '%s'", err);
    tail[0] = 4; /* KERNEL 3 after KERNEL 1 */
    n = 1 + npmem_le(tail + 1, 3, 4);
    n += npmem_le(tail + n, 256, 8);
    n += npmem_le(tail + n, 0, 4);
    assert_false(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, npmem_v2(f, tail, n, 0)), err,
                                   sizeof err));
    if (!strstr(err, "memory.npmem: byte 52: kernel id 3 where 2 was expected")) fail_msg("error '%s'", err);
}

/* A version 3 ALLOC record: base, bytes, the element type's length and text, the name's. */
static size_t npmem_alloc3(uint8_t *p, uint64_t base, uint64_t bytes, const char *type, const char *name) {
    size_t n = 0, tlen = strlen(type), len = strlen(name);
    p[n++] = 1;
    n += npmem_le(p + n, base, 8);
    n += npmem_le(p + n, bytes, 8);
    p[n++] = (uint8_t)tlen;
    memcpy(p + n, type, tlen);
    n += tlen;
    p[n++] = (uint8_t)len;
    memcpy(p + n, name, len);
    return n + len;
}

/* A version 3 log: three allocations (float32 "x" of 512 bytes, int32 "idx" of 256, then
 * `type` "v" of `bytes`) and KERNEL 1 over their zeros. Returns the length; *v_at: the offset of
 * the third ALLOC record. */
static size_t npmem_v3(uint8_t *f, const char *type, uint64_t bytes, size_t *v_at) {
    const uint64_t dev = UINT64_C(0x7f0000000000);
    static const uint8_t zeros[1024];
    size_t m = 8;
    memcpy(f, "NPSIMTM1", 8);
    m += npmem_le(f + m, 3, 4);
    m += npmem_le(f + m, 0, 4);
    m += npmem_alloc3(f + m, dev, 512, "float32", "x");
    m += npmem_alloc3(f + m, dev + 512, 256, "int32", "idx");
    *v_at = m;
    m += npmem_alloc3(f + m, dev + 768, bytes, type, "v");
    f[m++] = 4;
    m += npmem_le(f + m, 1, 4);
    m += npmem_le(f + m, 768 + bytes, 8);
    return m + npmem_le(f + m, (uint32_t)crc32(crc32(0L, Z_NULL, 0), zeros, (uInt)(768 + bytes)), 4);
}

/* Version 3: every allocation carries its element type, which becomes its region's type (what
 * approx_regions selects); a type outside the vocabulary, bytes that are not whole elements and
 * an unknown version are refused with the file and the record's byte. */
static void test_npmem_v3_types(void **state) {
    (void)state;
    uint8_t f[512];
    mem_image img;
    char err[512], where[64];
    size_t v_at;
    assert_true(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, npmem_v3(f, "uint8", 5, &v_at)),
                                  err, sizeof err));
    assert_int_equal(img.nregions, 3);
    assert_string_equal(img.region[0].type, "float32");
    assert_string_equal(img.region[1].type, "int32");
    assert_string_equal(img.region[1].name, "idx");
    assert_string_equal(img.region[2].type, "uint8");
    assert_int_equal(img.region[2].base, 768);
    assert_int_equal(img.region[2].bytes, 5);
    memimg_free(&img);
    static const struct {
        const char *type;
        uint64_t bytes;
        const char *want;
    } cases[] = {
        {"float33", 8, "allocation 'v': element type 'float33' is not one of int8, uint8, int16, uint16, int32, "
                       "uint32, int64, uint64, float32, float64, mixed"},
        {"", 8, "allocation 'v': element type '' is not one of"},
        {"float\x01", 8, "element type 'float\\x01' is not one of"}, /* a control byte, shown escaped */
        {"float32x", 8, "element type 'float32x' is not one of"},
        {"float64", 12, "allocation 'v': 12 bytes are not a whole number of float64 elements"},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = npmem_v3(f, cases[i].type, cases[i].bytes, &v_at);
        assert_false(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, n), err, sizeof err));
        snprintf(where, sizeof where, "memory.npmem: byte %zu: ", v_at);
        if (!strstr(err, where) || !strstr(err, cases[i].want)) fail_msg("case %u: error '%s'", i, err);
    }
    /* every allocation becomes a region: more than the table holds is refused, not left untyped */
    static uint8_t many[16 + (MEMIMG_MAX_REGIONS + 1) * 32];
    size_t m = 8, last = 0;
    memcpy(many, "NPSIMTM1", 8);
    m += npmem_le(many + m, 3, 4);
    m += npmem_le(many + m, 0, 4);
    for (unsigned i = 0; i <= MEMIMG_MAX_REGIONS; i++) {
        last = m;
        m += npmem_alloc3(many + m, UINT64_C(0x7f0000000000) + 256u * i, 4, "float32", "r");
    }
    assert_false(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)many, m), err, sizeof err));
    snprintf(where, sizeof where, "memory.npmem: byte %zu: more than %u allocations", last, MEMIMG_MAX_REGIONS);
    if (!strstr(err, where)) fail_msg("error '%s'", err);
    assert_true(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)many, last), err, sizeof err));
    assert_int_equal(img.nregions, MEMIMG_MAX_REGIONS);
    memimg_free(&img);
    size_t n = npmem_v3(f, "int8", 3, &v_at);
    f[8] = 4; /* version 4 */
    assert_false(memimg_load_npmem(&img, write_file("memory.npmem", (const char *)f, n), err, sizeof err));
    if (!strstr(err, "memory.npmem: byte 0: not a version 1, 2 or 3 memory.npmem (version 4)")) fail_msg("error '%s'", err);
}

/* .traceg.xz (a kernelslist.g naming kernel-1.traceg.xz) imports as the plain trace; a corrupt
 * one is an error naming the file. memory.npmem.gz loads as the plain side file. */
static void test_xz_trace_and_gz_image(void **state) {
    (void)state;
    static uint8_t text[1 << 16], packed[1 << 16];
    FILE *f = fopen("tests/traces/tiny-accelsim/kernel-1.traceg", "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text, f);
    fclose(f);
    size_t npacked = 0;
    assert_int_equal(lzma_easy_buffer_encode(0, LZMA_CHECK_CRC64, NULL, text, n, packed, &npacked, sizeof packed),
                     LZMA_OK);
    write_file("kernel-1.traceg.xz", (const char *)packed, npacked);
    const char *list_text = "MemcpyHtoD,0x0000000000010000,512\nkernel-1.traceg.xz\n";
    char list[300];
    snprintf(list, sizeof list, "%s", write_file("kernelslist.g", list_text, strlen(list_text)));
    trace_t plain, xz;
    char err[512];
    trace_init(&plain);
    trace_init(&xz);
    assert_true(trace_load(&plain, "tests/traces/tiny-accelsim/kernelslist.g", 16, 64, err, sizeof err));
    if (!trace_load(&xz, list, 16, 64, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(xz.nin, plain.nin);
    assert_int_equal(xz.count, plain.count);
    assert_memory_equal(xz.in, plain.in, plain.nin * sizeof *plain.in);
    assert_memory_equal(xz.a, plain.a, plain.count * sizeof *plain.a);
    trace_free(&xz);
    trace_free(&plain);
    packed[npacked / 2] ^= 0x55u;
    write_file("kernel-1.traceg.xz", (const char *)packed, npacked);
    trace_init(&xz);
    assert_false(trace_load(&xz, list, 16, 64, err, sizeof err));
    if (!strstr(err, "kernel-1.traceg.xz: xz:")) fail_msg("error '%s'", err);
    trace_free(&xz);
    /* the side file through zlib */
    uint8_t rec[64];
    size_t m = 0;
    memcpy(rec, "NPSIMTM1", 8);
    m = 8;
    m += npmem_le(rec + m, 1, 4);
    m += npmem_le(rec + m, 0, 4);
    m += npmem_alloc(rec + m, UINT64_C(0x7f0000000000), 4, "x");
    rec[m++] = 3;
    m += npmem_le(rec + m, UINT64_C(0x7f0000000000), 8);
    m += npmem_le(rec + m, 4, 8);
    rec[m++] = 0x77;
    char gzpath[300];
    snprintf(gzpath, sizeof gzpath, "%s/memory.npmem.gz", dir);
    gzFile gz = gzopen(gzpath, "wb1");
    assert_non_null(gz);
    assert_int_equal(gzwrite(gz, rec, (unsigned)m), (int)m);
    gzclose(gz);
    mem_image img;
    if (!memimg_load_npmem(&img, gzpath, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(memimg_line(&img, UINT64_C(0x7f0000000000) / 128)[3], 0x77);
    memimg_free(&img);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_errors_name_file_and_line),
        cmocka_unit_test(test_config_good_file),
        cmocka_unit_test(test_trace_text_errors),
        cmocka_unit_test(test_trace_round_trip_and_binary_errors),
        cmocka_unit_test(test_npmem_image),
        cmocka_unit_test(test_npmem_v2_errors),
        cmocka_unit_test(test_npmem_v3_types),
        cmocka_unit_test(test_xz_trace_and_gz_image),
    };
    return cmocka_run_group_tests_name("sim_files", tests, setup, teardown);
}
