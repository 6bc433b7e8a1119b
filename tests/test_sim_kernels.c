/* npsim on the SIMT runtime's kernels (docs/kernels.md "npsim follows the application's memory",
 * docs/sim.md "Memory image"): an application of two launches with host code between them runs
 * on the runtime, traced; npsim (core = sm, compressor bdi) must send in every read reply the
 * bytes the runtime's own memory held at that point: launch 2 reads launch 1's output and the
 * host's copy made between the launches, and a line a warp stores and then loads in the same
 * launch comes back with the stored values. Within a launch a store enters the memory where the
 * memory orders it (its L2 slice): another SM's load that gets there first reads the old line.
 * A damaged memory log is refused with its byte. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "simt.h"

#include "gpu/gpu.h"
#include "mem/memimg.h"
#include "trace/trace.h"

#define N 2048u /* elements: 64 warps, each owning one 128-byte line of every array */

typedef struct {
    simt_addr in, out, coef, out2, out3;
} two_args;

/* launch 1: out = 3 in + 1 */
static void k_scale(simt_thread *t, const void *args) {
    const two_args *a = args;
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = ld_f32(ELEM_F32(a->in, i));
    alu(1);
    st_f32(ELEM_F32(a->out, i), 3.0f * v + 1.0f);
}

/* launch 2: out2 = out + coef (launch 1's output and the host's copy), then out3 = 2 x out2 read
 * back: the warp loads the line it has just stored */
static void k_add(simt_thread *t, const void *args) {
    const two_args *a = args;
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    float o = ld_f32(ELEM_F32(a->out, i));
    float c = ld_f32(ELEM_F32(a->coef, i));
    alu(1);
    st_f32(ELEM_F32(a->out2, i), o + c);
    float back = ld_f32(ELEM_F32(a->out2, i));
    alu(1);
    st_f32(ELEM_F32(a->out3, i), 2.0f * back);
}

/* The runtime's device memory, origin .. end of the last allocation, at some point. */
typedef struct {
    uint8_t *bytes;
    size_t len;
} snapshot;

typedef struct {
    simt_addr origin;
    snapshot at_launch[2]; /* the memory each launch starts from */
    snapshot final;
    simt_addr out, out2;
    uint64_t replies, out_replies_launch2, out2_replies, wrong;
} expect;

static void take(simt_dev *d, simt_addr origin, size_t len, snapshot *s) {
    s->bytes = malloc(len);
    s->len = len;
    assert_non_null(s->bytes);
    simt_memcpy_dtoh(d, s->bytes, origin, len);
}

/* Runs the application traced into dir; records what each launch starts from. launches 1: k_add
 * alone (out is then zero), a single-launch trace that core = none can run. */
static void run_app(const char *dir, expect *e, unsigned launches) {
    simt_dev_opts o = {.trace_dir = dir};
    simt_dev *d = simt_dev_create(&o);
    two_args a;
    a.in = simt_malloc(d, N * 4, SIMT_FLOAT32, "in");
    a.out = simt_malloc(d, N * 4, SIMT_FLOAT32, "out");
    a.coef = simt_malloc(d, N * 4, SIMT_FLOAT32, "coef");
    a.out2 = simt_malloc(d, N * 4, SIMT_FLOAT32, "out2");
    a.out3 = simt_malloc(d, N * 4, SIMT_FLOAT32, "out3");
    float *h = malloc(N * 4);
    assert_non_null(h);
    for (uint32_t i = 0; i < N; i++) h[i] = (float)i * 0.25f + 1.0f;
    simt_memcpy_htod(d, a.in, h, N * 4);
    size_t len = (size_t)(a.out3 + N * 4 - a.in);
    e->origin = a.in;
    e->out = a.out;
    e->out2 = a.out2;
    if (launches == 2) {
        take(d, a.in, len, &e->at_launch[0]);
        simt_launch(d, "k_scale", k_scale, simt_dim(N / 256, 1, 1), simt_dim(256, 1, 1), 0, &a);
    }
    for (uint32_t i = 0; i < N; i++) h[i] = 100.0f - (float)i; /* host code between the launches */
    simt_memcpy_htod(d, a.coef, h, N * 4);
    take(d, a.in, len, &e->at_launch[launches - 1]);
    simt_launch(d, "k_add", k_add, simt_dim(N / 256, 1, 1), simt_dim(256, 1, 1), 0, &a);
    take(d, a.in, len, &e->final);
    float *got = (float *)(e->final.bytes + (a.out3 - a.in));
    for (uint32_t i = 0; i < N; i++) /* the application itself: out3 = 2 (3 in + 1 + coef), out = 0 alone */
        assert_true(got[i] == 2.0f * ((launches == 2 ? 3.0f * ((float)i * 0.25f + 1.0f) + 1.0f : 0.0f) +
                                      (100.0f - (float)i)));
    free(h);
    simt_dev_destroy(d);
}

/* Every read reply: the bytes the runtime held. out2 is read only after its warp stored it, so
 * its lines must hold the final values; every other line the launch's starting memory. */
static void on_reply(void *ctx, const gpu_mem_event *ev) {
    expect *e = ctx;
    if (ev->store) return;
    unsigned launch = ev->launch;
    const uint8_t *data = ev->data;
    uint64_t addr = ev->line * 128u;
    assert_true(launch < 2);
    assert_true(addr >= e->origin && addr - e->origin + 128u <= e->final.len);
    uint64_t off = addr - e->origin;
    bool out2 = addr >= e->out2 && addr < e->out2 + N * 4;
    const snapshot *want = out2 ? &e->final : &e->at_launch[launch];
    e->replies++;
    if (launch == 1 && addr >= e->out && addr < e->out + N * 4) e->out_replies_launch2++;
    if (out2) e->out2_replies++;
    if (memcmp(data, want->bytes + off, 128) != 0) {
        if (e->wrong++ < 3) fprintf(stderr, "launch %u line 0x%llx: reply differs from the runtime's memory\n",
                                    launch + 1, (unsigned long long)addr);
    }
}

static const char *tmp_dir(const char *leaf, char *buf, size_t len) {
    const char *base = getenv("SIM_TEST_TMP");
    snprintf(buf, len, "%s/%s", base ? base : "/tmp", leaf);
    return buf;
}

static void free_expect(expect *e) {
    free(e->at_launch[0].bytes);
    free(e->at_launch[1].bytes);
    free(e->final.bytes);
}

/* One traced run of the test app (LAUNCHES launches) in tmp folder NAME, loaded as npsim reads
 * it: configuration for CORE (BDI replies, 32 warps per SM), trace and memory image. */
typedef struct {
    sim_config cfg;
    trace_t t;
    mem_image img;
} traced_app;

/* The trace and memory log in dir, loaded as npsim reads them, with the test's configuration. */
static void traced_load(traced_app *a, const char *dir, sim_core core) {
    char list[700], mem[700], err[1024];
    snprintf(list, sizeof list, "%s/kernelslist.g", dir);
    snprintf(mem, sizeof mem, "%s/memory.npmem", dir);
    config_default(&a->cfg);
    snprintf(a->cfg.synth_report, sizeof a->cfg.synth_report, "/nonexistent/report.json");
    a->cfg.core = core;
    a->cfg.warps_per_sm = 32;
    snprintf(a->cfg.compressor, sizeof a->cfg.compressor, "bdi");
    trace_init(&a->t);
    /* core = sm schedules every warp slot of the trace; core = none only the configured ones */
    unsigned warps = core == CORE_SM ? CORE_MAX_WARPS : a->cfg.warps_per_sm;
    if (!trace_load(&a->t, list, a->cfg.sms, warps, err, sizeof err)) fail_msg("%s", err);
    if (!memimg_load_npmem(&a->img, mem, err, sizeof err)) fail_msg("%s", err);
}

static void traced_app_load(traced_app *a, const char *name, expect *e, unsigned launches, sim_core core) {
    char dir[600];
    tmp_dir(name, dir, sizeof dir);
    memset(e, 0, sizeof *e);
    run_app(dir, e, launches);
    traced_load(a, dir, core);
}

static void traced_app_free(traced_app *a) {
    memimg_free(&a->img);
    trace_free(&a->t);
}

static void test_later_launch_sees_earlier_writes(void **state) {
    (void)state;
    char err[1024];
    expect e;
    traced_app a;
    traced_app_load(&a, "follow", &e, 2, CORE_SM);
    a.cfg.follow_check = 1; /* the image's CRC-32 at both launch starts is the runtime's */
    gpu_stats st;
    if (!gpu_run_replies(&a.cfg, &a.img, &a.t, &st, on_reply, &e, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(st.launches, 2);
    assert_int_equal(st.follow_checked, 2);
    assert_int_equal(e.wrong, 0);
    assert_true(e.out_replies_launch2 >= N * 4 / 128); /* launch 2 read all of launch 1's output */
    assert_true(e.out2_replies >= N * 4 / 128);        /* and every line it stored, back */
    assert_int_equal(st.stores_followed, 3u * N / 32u); /* every store instruction (each one line), ordered */
    /* the caller's image is not changed by the run: a second run sees the same */
    expect again = e;
    again.replies = again.wrong = again.out_replies_launch2 = again.out2_replies = 0;
    if (!gpu_run_replies(&a.cfg, &a.img, &a.t, &st, on_reply, &again, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(again.wrong, 0);
    assert_int_equal(again.replies, e.replies);
    traced_app_free(&a);
    free_expect(&e);
}

/* core = none (the memory-only model, one launch) follows the stores too: a warp's load of the line
 * it has just stored gets the stored values (its store was ordered first: the SM sent it first).
 * Without following, out2's replies would be the zeros the launch started from. */
static void test_core_none_follows_stores(void **state) {
    (void)state;
    char err[1024];
    expect e;
    traced_app a;
    traced_app_load(&a, "follow-none", &e, 1, CORE_NONE);
    gpu_stats st;
    if (!gpu_run_replies(&a.cfg, &a.img, &a.t, &st, on_reply, &e, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(e.wrong, 0);
    assert_true(e.out2_replies >= N * 4 / 128);         /* every line it stored, back */
    assert_int_equal(st.stores_followed, 2u * N / 32u); /* out2 and out3, every store instruction */
    traced_app_free(&a);
    free_expect(&e);
}

/* ---- a race: a store and other SMs' loads of its line in flight at the same time ----------------
 * Block 0's first warp stores line X after RACE_DELAY dependent ALU operations; RACE_LOADERS more
 * blocks of 32 warps each load X as their first instruction (l1_policy = bypass: every load is a
 * request of its own). The memory orders each request at its L2 access (docs/kernels.md): a load
 * ordered before the store's line request gets X's old contents, every later one the stored
 * values, whenever the store issued. Issuing the store's values (or applying them at its first
 * line request, core = none) would give the new values to the loads that left their SM after the
 * store and reached the slice before it. */
#define RACE_LOADERS 6u
#define RACE_DELAY 6u

typedef struct {
    simt_addr x, sink;
} race_args;

static void k_race(simt_thread *t, const void *args) {
    const race_args *a = args;
    uint32_t lane = threadIdx.x % 32u;
    if (blockIdx.x == 0) {
        if (threadIdx.x >= 32u) return;
        alu(RACE_DELAY);
        st_f32(ELEM_F32(a->x, lane), 1000.0f + (float)lane);
        return;
    }
    float v = ld_f32(ELEM_F32(a->x, lane));
    if (threadIdx.x == 0) st_f32(ELEM_F32(a->sink, blockIdx.x), v);
}

typedef struct {
    uint64_t x_line;
    uint8_t old[128], stored[128];
    uint64_t store_sent, store_ordered;  /* X's store line request (0: not seen yet) */
    unsigned stores;
    uint64_t replies, old_replies, between, wrong;
    uint64_t late_old;                   /* replies of loads sent after the store that carry the old X */
} race;

/* The store event comes when the store is ordered; a reply when it is formed, later than its
 * ordering: the replies are checked after the run. */
typedef struct {
    uint64_t ordered, sent;
    uint8_t data[128];
} race_reply;

typedef struct {
    race *r;
    race_reply rep[4096];
    unsigned n;
} race_seen;

static void on_race(void *ctx, const gpu_mem_event *ev) {
    race_seen *s = ctx;
    if (ev->line != s->r->x_line) return;
    if (ev->store) {
        s->r->stores++;
        s->r->store_sent = ev->sent;
        s->r->store_ordered = ev->ordered;
        return;
    }
    assert_true(s->n < 4096);
    s->rep[s->n].ordered = ev->ordered;
    s->rep[s->n].sent = ev->sent;
    memcpy(s->rep[s->n].data, ev->data, 128);
    s->n++;
}

static void run_race(sim_core core, race *r) {
    char dir[600], err[1024];
    tmp_dir(core == CORE_SM ? "race-sm" : "race-none", dir, sizeof dir);
    simt_dev_opts o = {.trace_dir = dir};
    simt_dev *d = simt_dev_create(&o);
    race_args a;
    a.x = simt_malloc(d, 128, SIMT_FLOAT32, "x");
    a.sink = simt_malloc(d, 4 * (RACE_LOADERS + 1), SIMT_FLOAT32, "sink");
    float h[32];
    for (uint32_t i = 0; i < 32; i++) h[i] = (float)i + 0.5f;
    simt_memcpy_htod(d, a.x, h, sizeof h);
    simt_launch(d, "k_race", k_race, simt_dim(RACE_LOADERS + 1, 1, 1), simt_dim(1024, 1, 1), 0, &a);
    simt_dev_destroy(d);
    memset(r, 0, sizeof *r);
    r->x_line = a.x / 128u;
    memcpy(r->old, h, sizeof h);
    for (uint32_t i = 0; i < 32; i++) h[i] = 1000.0f + (float)i;
    memcpy(r->stored, h, sizeof h);

    traced_app app;
    traced_load(&app, dir, core);
    app.cfg.l1_policy = L1_BYPASS;
    /* The window needs a load that leaves its SM after the store and reaches the slice before it:
     * the network's timing opens it with the sequential VC allocator (npsim's default until
     * docs/router.md 11); with the separable default none of RACE_DELAY 4..8 does (0 such loads
     * each), so the race runs on the sequential one: the ordering checked is the memory's */
    app.cfg.va_alloc = VA_SEQUENTIAL;
    race_seen *seen = calloc(1, sizeof *seen);
    assert_non_null(seen);
    seen->r = r;
    gpu_stats st;
    if (!gpu_run_replies(&app.cfg, &app.img, &app.t, &st, on_race, seen, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(r->stores, 1);
    for (unsigned i = 0; i < seen->n; i++) {
        const race_reply *p = &seen->rep[i];
        assert_true(p->ordered != r->store_ordered);   /* one L2 access per cycle and port */
        bool before = p->ordered < r->store_ordered;
        r->replies++;
        r->old_replies += before;
        if (before && p->sent > r->store_sent) r->between++;   /* left its SM after the store, arrived before it */
        if (memcmp(p->data, before ? r->old : r->stored, 128) != 0) r->wrong++;
        if (p->sent > r->store_sent && memcmp(p->data, r->old, 128) == 0) r->late_old++;
    }
    traced_app_free(&app);
    free(seen);
}

static void test_store_enters_memory_at_its_slice(void **state) {
    (void)state;
    race r;
    run_race(CORE_SM, &r);
    fprintf(stderr, "core = sm: %llu replies of x, %llu before the store, %llu sent after it and ordered before\n",
            (unsigned long long)r.replies, (unsigned long long)r.old_replies, (unsigned long long)r.between);
    assert_int_equal(r.replies, RACE_LOADERS * 32u);
    assert_int_equal(r.wrong, 0);
    assert_true(r.between >= 1);                       /* the window the old rule got wrong: */
    assert_int_equal(r.late_old, r.between);           /* those loads read the old X */
    assert_true(r.old_replies < r.replies);            /* and loads after the store see it */
    run_race(CORE_NONE, &r);
    fprintf(stderr, "core = none: %llu replies of x, %llu before the store, %llu sent after it and ordered before\n",
            (unsigned long long)r.replies, (unsigned long long)r.old_replies, (unsigned long long)r.between);
    assert_int_equal(r.wrong, 0);
    assert_true(r.between >= 1);
    assert_int_equal(r.late_old, r.between);
    assert_true(r.old_replies < r.replies);
}

/* ---- atomics at the L2: every warp's atomic add on one counter reaches the slice ----------------
 * ATOMG goes past the L1 (docs/sim.md "Atomics"): none is an L1 hit, each is an L2 access whose
 * reply carries the counter as it was before the warp's 32 adds, so the replies carry 0, 32, 64,
 * ... once each, in the order the slice took them. Through the L1 most would be hits (the line
 * stays in it) and their adds would never reach the memory's order. */
#define COUNT_BLOCKS 4u
#define COUNT_ROUNDS 2u

typedef struct {
    simt_addr counter;
} count_args;

static void k_count(simt_thread *t, const void *args) {
    const count_args *a = args;
    for (uint32_t r = 0; r < COUNT_ROUNDS; r++) atomic_add_u32(a->counter, 1u);
}

typedef struct {
    uint64_t line;
    uint32_t seen[COUNT_BLOCKS * 8u * COUNT_ROUNDS];
    unsigned n, stores;
} count_seen;

static void on_count(void *ctx, const gpu_mem_event *ev) {
    count_seen *c = ctx;
    if (ev->line != c->line) return;
    if (ev->store) {
        c->stores++;
        return;
    }
    assert_true(c->n < COUNT_BLOCKS * 8u * COUNT_ROUNDS);
    memcpy(&c->seen[c->n++], ev->data, 4);
}

static int u32_order(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static void test_atomics_at_the_l2(void **state) {
    (void)state;
    char dir[600], err[1024];
    tmp_dir("atomics", dir, sizeof dir);
    simt_dev_opts o = {.trace_dir = dir};
    simt_dev *d = simt_dev_create(&o);
    count_args a = {simt_malloc(d, 128, SIMT_UINT32, "counter")};
    simt_memset(d, a.counter, 0, 128);
    simt_launch(d, "k_count", k_count, simt_dim(COUNT_BLOCKS, 1, 1), simt_dim(256, 1, 1), 0, &a);
    simt_dev_destroy(d);
    traced_app app;
    traced_load(&app, dir, CORE_SM);
    count_seen *c = calloc(1, sizeof *c);
    assert_non_null(c);
    c->line = a.counter / 128u;
    gpu_stats st;
    if (!gpu_run_replies(&app.cfg, &app.img, &app.t, &st, on_count, c, err, sizeof err)) fail_msg("%s", err);
    unsigned warps = COUNT_BLOCKS * 8u * COUNT_ROUNDS;
    assert_int_equal(st.atomics, warps);
    assert_int_equal(st.l1_hits, 0);
    assert_int_equal(c->stores, warps);
    assert_int_equal(c->n, warps);
    qsort(c->seen, c->n, sizeof c->seen[0], u32_order);
    for (unsigned i = 0; i < warps; i++) assert_int_equal(c->seen[i], 32u * i);
    traced_app_free(&app);
    free(c);
}

/* A store value changed in the log: the replay no longer gives the runtime's memory at launch 2
 * (its CRC-32), and the reader says where. A cut log is truncated at a byte. */
static void test_damaged_log_refused(void **state) {
    (void)state;
    char dir[600], mem[700], err[1024];
    tmp_dir("follow", dir, sizeof dir); /* written by the test above */
    snprintf(mem, sizeof mem, "%s/memory.npmem", dir);
    FILE *f = fopen(mem, "rb");
    assert_non_null(f);
    static uint8_t buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    assert_true(n > 1000 && n < sizeof buf);
    mem_image img;
    char bad[700];
    snprintf(bad, sizeof bad, "%s/bad.npmem", dir);
    buf[n - 1] ^= 0x40; /* the last byte: a value of the last store of launch 2 -> no CRC covers it */
    f = fopen(bad, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    assert_true(memimg_load_npmem(&img, bad, err, sizeof err)); /* nothing after launch 2 checks it */
    memimg_free(&img);
    buf[n - 1] ^= 0x40;
    /* a byte the host copied before launch 2: launch 2's recorded CRC-32 no longer matches */
    /* KERNEL 2's record (docs/kernels.md): the header, five ALLOCs (19 bytes + "float32" + the
     * name), the COPY of in, KERNEL 1, launch 1's 64 STOREs (29 bytes, first address and stride,
     * 32 x 4 bytes), the COPY of coef; the byte before it is coef's last */
    size_t k2 = 16 + (5 * (19 + 7) + 17) + (17 + N * 4) + 17 + 64 * (29 + 16 + 128) + (17 + N * 4);
    assert_true(k2 + 2 < n && buf[k2] == 4 && buf[k2 + 1] == 2);
    buf[k2 - 1] ^= 0x01;
    f = fopen(bad, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    assert_false(memimg_load_npmem(&img, bad, err, sizeof err));
    if (!strstr(err, "bad.npmem: byte ") || !strstr(err, "kernel 2") || !strstr(err, "CRC-32"))
        fail_msg("error '%s'", err);
    buf[k2 - 1] ^= 0x01;
    f = fopen(bad, "wb");
    fwrite(buf, 1, n - 3, f);
    fclose(f);
    assert_false(memimg_load_npmem(&img, bad, err, sizeof err));
    if (!strstr(err, "bad.npmem: byte ") || !strstr(err, "truncated")) fail_msg("error '%s'", err);
    buf[16] = 9;
    f = fopen(bad, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    assert_false(memimg_load_npmem(&img, bad, err, sizeof err));
    if (!strstr(err, "bad.npmem: byte 16: the first record is not an allocation")) fail_msg("error '%s'", err);
}

/* ---- element types: DSM+APPROX approximates the float allocations of a kernel ---------------- */

typedef struct {
    simt_addr f, k;
} mix_args;

/* f[i] *= k[i]: a float32 and an int32 allocation, both read by every warp */
static void k_mix(simt_thread *t, const void *args) {
    const mix_args *a = args;
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = ld_f32(ELEM_F32(a->f, i));
    int32_t k = ld_i32(ELEM_I32(a->k, i));
    alu(1);
    st_f32(ELEM_F32(a->f, i), v * (float)k);
}

typedef struct {
    simt_addr f, k;
    uint64_t f_replies, k_replies;
} mix_count;

static void count_mix_reply(void *ctx, const gpu_mem_event *ev) {
    mix_count *c = ctx;
    if (ev->store) return;
    uint64_t addr = ev->line * 128u;
    if (addr >= c->f && addr < c->f + N * 4) c->f_replies++;
    if (addr >= c->k && addr < c->k + N * 4) c->k_replies++;
}

/* The runtime writes each allocation's element type into memory.npmem (version 3), npsim's
 * image gives it to the region, and approx_regions picks the regions the approximation map
 * covers: with float32 exactly the float array's replies are approximated (and DSM sends fewer
 * flits for them: their low mantissa bits differ), with int32 exactly the int array's, with a
 * type no allocation has none. */
static void test_approx_finds_float_allocations(void **state) {
    (void)state;
    char dir[600], list[700], mem[700], err[1024];
    tmp_dir("approx-types", dir, sizeof dir);
    simt_dev_opts o = {.trace_dir = dir};
    simt_dev *d = simt_dev_create(&o);
    mix_args a = {simt_malloc(d, N * 4, SIMT_FLOAT32, "f"), simt_malloc(d, N * 4, SIMT_INT32, "k")};
    float *hf = malloc(N * 4);
    int32_t *hk = malloc(N * 4);
    assert_non_null(hf);
    assert_non_null(hk);
    for (uint32_t i = 0; i < N; i++) {
        hf[i] = 1.0f + (float)((i * 2654435761u) % 4096u) * 1e-6f; /* one exponent, scattered low bits */
        hk[i] = (int32_t)(i % 7u);
    }
    simt_memcpy_htod(d, a.f, hf, N * 4);
    simt_memcpy_htod(d, a.k, hk, N * 4);
    simt_launch(d, "k_mix", k_mix, simt_dim(N / 256, 1, 1), simt_dim(256, 1, 1), 0, &a);
    simt_dev_destroy(d);
    free(hf);
    free(hk);
    snprintf(list, sizeof list, "%s/kernelslist.g", dir);
    snprintf(mem, sizeof mem, "%s/memory.npmem", dir);
    sim_config cfg;
    config_default(&cfg);
    snprintf(cfg.synth_report, sizeof cfg.synth_report, "/nonexistent/report.json");
    cfg.core = CORE_SM;
    cfg.warps_per_sm = 32;
    snprintf(cfg.compressor, sizeof cfg.compressor, "dsm-approx");
    trace_t tr;
    mem_image img;
    trace_init(&tr);
    if (!trace_load(&tr, list, cfg.sms, CORE_MAX_WARPS, err, sizeof err)) fail_msg("%s", err);
    if (!memimg_load_npmem(&img, mem, err, sizeof err)) fail_msg("%s", err);
    assert_string_equal(img.region[0].type, "float32");
    assert_string_equal(img.region[1].type, "int32");
    static const char *const types[] = {"float32", "int32", "float64"};
    gpu_stats st[3];
    for (unsigned i = 0; i < 3; i++) {
        snprintf(cfg.approx_regions, sizeof cfg.approx_regions, "%s", types[i]);
        mix_count c = {a.f, a.k, 0, 0};
        if (!gpu_run_replies(&cfg, &img, &tr, &st[i], count_mix_reply, &c, err, sizeof err)) fail_msg("%s", err);
        assert_true(c.f_replies >= N * 4 / 128 && c.k_replies >= N * 4 / 128);
        uint64_t want = i == 0 ? c.f_replies : i == 1 ? c.k_replies : 0;
        assert_int_equal(st[i].approximated_replies, want);
    }
    assert_true(st[0].reply_flits < st[2].reply_flits); /* the float lines compress once approximated */
    memimg_free(&img);
    trace_free(&tr);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_later_launch_sees_earlier_writes),
        cmocka_unit_test(test_core_none_follows_stores),
        cmocka_unit_test(test_store_enters_memory_at_its_slice),
        cmocka_unit_test(test_atomics_at_the_l2),
        cmocka_unit_test(test_damaged_log_refused),
        cmocka_unit_test(test_approx_finds_float_allocations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
