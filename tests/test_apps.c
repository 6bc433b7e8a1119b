/* apps/ (docs/approx.md): every kernel's exact path against a hand-worked answer, every
 * metric's formula on hand values, the approximation path against dsm_approx_apply line by
 * line, the predictor's determinism, and `nocpress approx-bits` end to end. */
#define _XOPEN_SOURCE 700 /* posix_openpt (test_tty.h) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fann.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apps.h"
#include "test_tty.h"

static void test_metric_nrmse(void **state) {
    (void)state;
    const float ref[] = {0, 1, 2, 3}, x[] = {0, 1, 2, 5};
    /* rmse = sqrt(4 / 4) = 1, range 3 */
    assert_float_equal(metric_nrmse(ref, x, 4), 1.0 / 3.0, 1e-12);
    assert_float_equal(metric_nrmse(ref, ref, 4), 0.0, 0.0);
    const float c[] = {2, 2}, cx[] = {2, 4}; /* constant reference: rmse sqrt(2) over max|ref| 2 */
    assert_float_equal(metric_nrmse(c, cx, 2), sqrt(2.0) / 2.0, 1e-12);
    const float bad[] = {0, NAN, 2, 3};
    assert_true(isinf(metric_nrmse(ref, bad, 4))); /* a broken-down run: infinite, not NaN */
}

static void test_metric_mre(void **state) {
    (void)state;
    const float ref[] = {1, 2, 0, 4}, x[] = {1.5f, 2, 7, 3};
    /* 0.5, 0, (ref 0 skipped), 0.25 -> 0.75 / 3 */
    assert_float_equal(metric_mre(ref, x, 4), 0.25, 1e-12);
    const float bad[] = {1, INFINITY, 0, 4};
    assert_true(isinf(metric_mre(ref, bad, 4)));
}

static void test_metric_linf(void **state) {
    (void)state;
    const float ref[] = {1, -4, 2}, x[] = {1.5f, -4, 1};
    assert_float_equal(metric_linf(ref, x, 3), 0.25, 1e-12);
    const float bad[] = {1, NAN, 2};
    assert_true(isinf(metric_linf(ref, bad, 3)));
}

static void test_metric_cluster_f(void **state) {
    (void)state;
    const int a[] = {0, 0, 1, 1}, b[] = {1, 1, 0, 0};
    assert_float_equal(metric_cluster_f(a, b, 4, 2), 1.0, 0.0); /* renumbered, same partition */
    const int r[] = {0, 0, 0, 1}, x[] = {0, 0, 1, 1};
    /* together in r: 3 pairs; in x: 2; in both: 1 -> P 1/2, R 1/3, F 2PR/(P+R) = 0.4 */
    assert_float_equal(metric_cluster_f(r, x, 4, 2), 0.4, 1e-12);
}

static void test_lud_hand(void **state) {
    (void)state;
    /* A = L U with L = [1 0 0; 2 1 0; 4 3 1], U = [2 1 1; 0 1 1; 0 0 2], as the leading block of a
     * 16 x 16 matrix (Rodinia lud's one tile) whose other diagonal elements are 3: the factors
     * are the block's and the identity times 3. */
    enum { N = 16 };
    static const float a3[9] = {2, 1, 1, 4, 3, 3, 8, 7, 9}, lu3[9] = {2, 1, 1, 2, 1, 1, 4, 3, 2};
    float a[N * N] = {0};
    for (int i = 0; i < N; i++) {
        a[i * N + i] = 3;
    }
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) {
            a[i * N + j] = a3[i * 3 + j];
        }
    }
    assert_true(lud_run(a, N, NULL));
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++) {
            float want = i < 3 && j < 3 ? lu3[i * 3 + j] : i == j ? 3.0f : 0.0f;
            assert_float_equal(a[i * N + j], want, 0.0f);
        }
    }
    float odd[20 * 20] = {0};
    assert_false(lud_run(odd, 20, NULL)); /* not a whole number of tiles */
}

static void test_ge_hand(void **state) {
    (void)state;
    const float a[9] = {2, 1, 1, 4, 3, 3, 8, 7, 9}, b[3] = {7, 19, 49}; /* b = A [1 2 3]' */
    float x[3];
    assert_true(ge_run(a, b, 3, x, NULL));
    assert_float_equal(x[0], 1.0f, 1e-6f);
    assert_float_equal(x[1], 2.0f, 1e-6f);
    assert_float_equal(x[2], 3.0f, 1e-6f);
}

static void test_kmeans_separable(void **state) {
    (void)state;
    /* Three tight groups far apart, interleaved in memory: k-means must find them. */
    enum { N = 30, D = 2 };
    float p[N * D];
    int truth[N], m[N];
    static const float cx[3] = {0, 100, 0}, cy[3] = {0, 0, 100};
    for (int i = 0; i < N; i++) {
        truth[i] = i % 3;
        p[i * D] = cx[i % 3] + (float)(i % 5) * 0.1f;
        p[i * D + 1] = cy[i % 3] - (float)(i % 7) * 0.1f;
    }
    assert_true(km_run(p, N, D, 3, 30, NULL, m));
    assert_float_equal(metric_cluster_f(truth, m, N, 3), 1.0, 0.0);
}

static void test_sp_hand(void **state) {
    (void)state;
    const float a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
    float out[2];
    assert_true(sp_run(a, b, 2, 2, out, NULL));
    assert_float_equal(out[0], 17.0f, 0.0f);
    assert_float_equal(out[1], 53.0f, 0.0f);
}

static void test_hotspot_hand(void **state) {
    (void)state;
    /* A 4x4 chip at ambient (80) with power 1000 everywhere: no conduction, no loss to
     * ambient, so one step adds 1000 step / Cap = 1/48 (Rodinia's constants: Cap = 0.5 *
     * 1.75e6 * 0.0005 * 0.004^2 = 7e-3, step = 0.001 * 437.5 / 3e6 = 1.4583e-7). */
    float t[16], pw[16], out[16];
    for (int i = 0; i < 16; i++) {
        t[i] = 80.0f;
        pw[i] = 1000.0f;
    }
    assert_true(hotspot_run(t, pw, 4, 4, 1, out, NULL));
    for (int i = 0; i < 16; i++) {
        assert_float_equal(out[i], 80.0f + 1.0f / 48.0f, 2e-5f);
    }
    assert_true(hotspot_run(t, pw, 4, 4, 2, out, NULL)); /* still uniform: 2/48 */
    assert_float_equal(out[5], 80.0f + 2.0f / 48.0f, 2e-5f);
}

static void test_srad_hand(void **state) {
    (void)state;
    /* J = 32 x 32 (srad_v2's smallest: two 16x16 tiles a side), columns 0..15 = 1, 16..31 = 2;
     * lambda 0.5, q0^2 over the whole image = var/mean^2 = 0.25/2.25 = 1/9. Column 16 (west
     * neighbour 1): G2 = 1/4, L = -1/2, q^2 = (1/8 - 1/64)/(7/8)^2 = 1/7, c = 1/(1 +
     * (1/7-1/9)/(1/9*10/9)) = 35/44. Column 15 gains 0.25 * 0.5 * c(east = column 16) * 1,
     * column 16 loses 0.125 * its own c * 1: J = 1 + 35/352 and 2 - 35/352. Every other pixel
     * has no difference and stays. */
    enum { N = 32 };
    float img[N * N], out[N * N];
    for (int i = 0; i < N * N; i++) {
        img[i] = i % N < 16 ? 1.0f : 2.0f;
    }
    assert_true(srad_run(img, N, N, 1, 0.5f, out, NULL));
    for (int r = 0; r < N; r++) {
        for (int c = 0; c < N; c++) {
            float want = c == 15 ? 1.0f + 35.0f / 352.0f : c == 16 ? 2.0f - 35.0f / 352.0f : img[r * N + c];
            assert_float_equal(out[r * N + c], want, 1e-6f);
        }
    }
    assert_false(srad_run(img, 16, 64, 1, 0.5f, out, NULL)); /* one tile high */
}

static void test_approx_path_equals_unit(void **state) {
    (void)state;
    enum { N = 1000 }; /* 31 full lines and a partial one */
    float src[N], got[N];
    app_rng r;
    app_rng_seed(&r, 7);
    for (int i = 0; i < N; i++) {
        src[i] = (float)(app_rng_normal(&r) * 1000.0);
    }
    for (unsigned bits = 0; bits <= 20; bits += 4) {
        apx_unit u;
        apx_unit_init(&u, bits);
        uint64_t b0, b1;
        assert_true(apx_region_add(&u, 4096, &b0));  /* a first region, so ours is not at 0 */
        assert_true(apx_region_add(&u, sizeof src, &b1));
        assert_int_equal(b0, 0);
        assert_int_equal(b1, APX_REGION_ALIGN);
        assert_int_equal(u.map.entry[1].start, APX_REGION_ALIGN / 128);
        assert_int_equal(u.map.entry[1].end, (APX_REGION_ALIGN + sizeof src - 1) / 128);
        memcpy(got, src, sizeof src);
        apx_read(&u, b1, got, N);
        size_t changed = 0;
        for (int l = 0; l * 32 < N; l++) {
            uint8_t line[128] = {0};
            int cnt = N - l * 32 < 32 ? N - l * 32 : 32;
            memcpy(line, src + l * 32, (size_t)cnt * 4);
            dsm_approx_apply(bits, line, line);
            assert_memory_equal(line, got + l * 32, (size_t)cnt * 4);
            changed += memcmp(src + l * 32, got + l * 32, (size_t)cnt * 4) != 0;
        }
        assert_true(bits == 0 ? changed == 0 : changed > 0);
        /* A read outside every entry passes unchanged (the map's bits 0). */
        memcpy(got, src, sizeof src);
        apx_read(&u, 100 * APX_REGION_ALIGN, got, N);
        assert_memory_equal(got, src, sizeof src);
    }
    apx_unit full;
    apx_unit_init(&full, 8);
    uint64_t b;
    for (int i = 0; i < 8; i++) {
        assert_true(apx_region_add(&full, 4, &b));
    }
    assert_false(apx_region_add(&full, 4, &b)); /* the map has 8 entries */
}

static void test_kernel_approx_changes_output(void **state) {
    (void)state;
    /* The kernels' loads go through the unit: 20 bits must move a dot product, and since
     * scalarProd only reads its inputs, its result equals the exact run on the inputs passed
     * through the unit line by line (apx_read; the allocations are line-aligned). */
    enum { V = 2, L = 1000 };
    static float a[V * L], bv[V * L], ta[V * L], tb[V * L];
    float e[V], x[V], t[V];
    for (int i = 0; i < V * L; i++) {
        a[i] = 1.0f + (float)i / 7.0f;
        bv[i] = 2.0f - (float)i / 11.0f;
    }
    apx_unit u;
    apx_unit_init(&u, 20);
    assert_true(sp_run(a, bv, V, L, e, NULL));
    assert_true(sp_run(a, bv, V, L, x, &u));
    assert_true(e[0] != x[0] && e[1] != x[1]);
    assert_int_equal(u.regions, 2);
    assert_true(u.lines > 0);
    uint64_t base0 = u.map.entry[0].start * 128, base1 = u.map.entry[1].start * 128;
    assert_int_equal(u.map.entry[0].end, (base0 + sizeof a - 1) / 128);
    memcpy(ta, a, sizeof a);
    memcpy(tb, bv, sizeof bv);
    apx_read(&u, base0, ta, V * L);
    apx_read(&u, base1, tb, V * L);
    assert_true(sp_run(ta, tb, V, L, t, NULL));
    assert_memory_equal(t, x, sizeof x);
}

static void toy_samples(pred_sample *s, size_t *n) {
    /* error grows 16x per 4 bits (as SRAD's does), four datasets */
    *n = 0;
    for (int d = 0; d < 4; d++) {
        for (unsigned b = 0; b < APP_NBITS; b++) {
            pred_sample *p = &s[(*n)++];
            memset(p, 0, sizeof *p);
            p->err = 1e-6 * pow(16.0, b) * (1.0 + 0.1 * d);
            p->bits = app_bits[b];
        }
    }
}

static void test_predictor_deterministic(void **state) {
    (void)state;
    pred_sample s[32];
    size_t n;
    toy_samples(s, &n);
    unsigned e1, e2;
    double m1, m2;
    struct fann *a = pred_train(APP_SRAD, s, n, 5, &e1, &m1);
    struct fann *b = pred_train(APP_SRAD, s, n, 5, &e2, &m2);
    struct fann *c = pred_train(APP_SRAD, s, n, 6, NULL, NULL);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_int_equal(e1, e2);
    assert_true(m1 == m2);
    unsigned nc = fann_get_total_connections(a);
    struct fann_connection *ca = calloc(nc, sizeof *ca), *cb = calloc(nc, sizeof *cb), *cc = calloc(nc, sizeof *cc);
    assert_non_null(ca);
    assert_non_null(cb);
    assert_non_null(cc);
    fann_get_connection_array(a, ca);
    fann_get_connection_array(b, cb);
    fann_get_connection_array(c, cc);
    int differ = 0;
    for (unsigned i = 0; i < nc; i++) {
        assert_true(ca[i].weight == cb[i].weight);
        differ += ca[i].weight != cc[i].weight;
    }
    assert_true(differ > 0); /* the seed does reach the weights */
    /* Separable by the error alone: every training sample's class comes back. */
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(pred_bits(a, APP_SRAD, &s[i].f, s[i].err), s[i].bits);
    }
    free(ca);
    free(cb);
    free(cc);
    pred_free(a);
    pred_free(b);
    pred_free(c);
}

static void test_rows_roundtrip(void **state) {
    (void)state;
    char path[] = "/tmp/test_apps_rowsXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    app_row r[2];
    memset(r, 0, sizeof r);
    r[0].ds.kernel = APP_GE;
    snprintf(r[0].ds.name, sizeof r[0].ds.name, "spd n=64 log10cond=2");
    r[0].f = (app_features){4096, 2.5, 0};
    r[1].ds.kernel = APP_KMEANS;
    r[1].ds.heldout = true;
    r[1].f = (app_features){85000, 0, 5};
    for (int b = 0; b < APP_NBITS; b++) {
        r[0].err[b] = 1e-5 * (b + 1);
        r[1].err[b] = b == 4 ? INFINITY : 0.0;
    }
    assert_true(app_rows_write(path, r, 2));
    app_row *got;
    size_t n;
    assert_true(app_rows_read(path, &got, &n));
    assert_int_equal(n, 2);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(got[i].ds.kernel, r[i].ds.kernel);
        assert_int_equal(got[i].ds.heldout, r[i].ds.heldout);
        assert_string_equal(got[i].ds.name, r[i].ds.name);
        assert_true(got[i].f.S == r[i].f.S && got[i].f.CN == r[i].f.CN && got[i].f.AC == r[i].f.AC);
        for (int b = 0; b < APP_NBITS; b++) {
            assert_true(got[i].err[b] == r[i].err[b]);
        }
    }
    free(got);
    unlink(path);
}

/* Runs a shell command line; returns its exit status. */
static int run(const char *cmd) {
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_cli_approx_bits(void **state) {
    (void)state;
    const char *np = getenv("NP_NOCPRESS");
    if (np == NULL) {
        skip();
    }
    char table[] = "/tmp/test_apps_tableXXXXXX", conf[] = "/tmp/test_apps_confXXXXXX";
    int fd = mkstemp(table);
    assert_true(fd >= 0);
    close(fd);
    fd = mkstemp(conf);
    assert_true(fd >= 0);
    close(fd);
    /* A training table for sp whose error grows 16x per 4 bits from 1e-5. */
    app_row r[4];
    memset(r, 0, sizeof r);
    for (int d = 0; d < 4; d++) {
        r[d].ds.kernel = APP_SP;
        snprintf(r[d].ds.name, sizeof r[d].ds.name, "toy %d", d);
        for (int b = 0; b < APP_NBITS; b++) {
            r[d].err[b] = 1e-5 * pow(16.0, b) * (1.0 + 0.05 * d);
        }
    }
    assert_true(app_rows_write(table, r, 4));
    char cmd[1024], line[256];
    snprintf(cmd, sizeof cmd, "%s approx-bits --kernel sp --max-error 0.01 --rows 16 --cols 512 --table %s "
             "--config-out %s > %s.out", np, table, conf, conf);
    assert_int_equal(run(cmd), 0);
    /* The answer and the configuration agree, and the configuration is npsim's keys. */
    snprintf(cmd, sizeof cmd, "%s.out", conf);
    FILE *f = fopen(cmd, "r");
    assert_non_null(f);
    int answer = -1;
    while (fgets(line, sizeof line, f) != NULL) {
        sscanf(line, "answer %d", &answer);
    }
    fclose(f);
    unlink(cmd);
    assert_true(answer >= 0 && answer <= 20 && answer % 4 == 0);
    f = fopen(conf, "r");
    assert_non_null(f);
    int cfg_bits = -1, dsm = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        sscanf(line, "approx_bits = %d", &cfg_bits);
        dsm += strcmp(line, "compressor = dsm-approx\n") == 0;
    }
    fclose(f);
    assert_int_equal(cfg_bits, answer);
    assert_int_equal(dsm, 1);
    /* Progress (issue 33 case 8): training shows a progress line on a terminal (at once with
     * NP_PROGRESS_AFTER=0), none with --quiet; the answer above was read from a file, no line. */
    static char tty[1 << 16];
    setenv("NP_PROGRESS_AFTER", "0", 1);
    const char *argv[] = {np, "approx-bits", "--kernel", "sp", "--max-error", "0.01", "--rows", "16", "--cols", "512",
                          "--table", table, NULL, NULL};
    assert_int_equal(run_on_tty(argv, tty, sizeof tty), 0);
    if (strstr(tty, "nocpress: training the bits predictor: ") == NULL) fail_msg("no progress line: '%s'", tty);
    argv[12] = "--quiet";
    assert_int_equal(run_on_tty(argv, tty, sizeof tty), 0);
    if (strstr(tty, "training") != NULL) fail_msg("a progress line despite --quiet: '%s'", tty);
    unsetenv("NP_PROGRESS_AFTER");
    /* A device as the training table is refused at once (np_open_regular), never read forever */
    snprintf(cmd, sizeof cmd, "timeout 60 %s approx-bits --kernel sp --max-error 0.01 --rows 16 --cols 512 --table /dev/zero "
             "2>%s.err", np, conf);
    assert_int_equal(run(cmd), 1);
    snprintf(cmd, sizeof cmd, "%s.err", conf);
    f = fopen(cmd, "r");
    assert_non_null(f);
    bool refused = false;
    while (fgets(line, sizeof line, f) != NULL) refused |= strstr(line, "/dev/zero: is a character device") != NULL;
    fclose(f);
    unlink(cmd);
    assert_true(refused);
    snprintf(cmd, sizeof cmd, "%s approx-bits --kernel nope --max-error 1 2>/dev/null", np);
    assert_int_equal(run(cmd), 2);
    snprintf(cmd, sizeof cmd, "%s approx-bits --kernel sp 2>/dev/null", np);
    assert_int_equal(run(cmd), 2);
    unlink(table);
    unlink(conf);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_metric_nrmse),        cmocka_unit_test(test_metric_mre),
        cmocka_unit_test(test_metric_linf),         cmocka_unit_test(test_metric_cluster_f),
        cmocka_unit_test(test_lud_hand),            cmocka_unit_test(test_ge_hand),
        cmocka_unit_test(test_kmeans_separable),    cmocka_unit_test(test_sp_hand),
        cmocka_unit_test(test_hotspot_hand),        cmocka_unit_test(test_srad_hand),
        cmocka_unit_test(test_approx_path_equals_unit), cmocka_unit_test(test_kernel_approx_changes_output),
        cmocka_unit_test(test_predictor_deterministic), cmocka_unit_test(test_rows_roundtrip),
        cmocka_unit_test(test_cli_approx_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
