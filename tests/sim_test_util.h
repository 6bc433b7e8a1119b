/* sim_test_util.h: set-up shared by the simulator tests that run the GPU model on the real
 * cache lines (test_sim_gpu, test_sim_ba, test_sim_pcu). Header-only (static inline) because
 * sim/sim.mk builds each tests/test_sim_*.c as its own program. */
#ifndef NP_SIM_TEST_UTIL_H
#define NP_SIM_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#include "gpu/gpu.h"

/* make sim-test passes the data directory; a test run by hand from the repo root finds the
 * shared one. */
static inline const char *sim_test_data_dir(void) {
    const char *d = getenv("SIM_TEST_DATA_DIR");
    return d ? d : "../shared/data/lines";
}

/* The default configuration on the test data, with no synthesis report, so the latencies are the
 * simulator's documented defaults whatever build/synth holds. */
static inline void sim_test_base_config(sim_config *cfg) {
    config_default(cfg);
    snprintf(cfg->data_dir, sizeof cfg->data_dir, "%s", sim_test_data_dir());
    snprintf(cfg->synth_report, sizeof cfg->synth_report, "/nonexistent/report.json");
}

/* The memory image (the real lines) every test of the program reads; loaded once for the
 * group by sim_test_group_setup, freed by sim_test_group_teardown. */
static mem_image img;

/* cmocka group set-up: loads img, printing why when it cannot. */
static inline int sim_test_group_setup(void **state) {
    (void)state;
    char err[512];
    if (!memimg_load(&img, sim_test_data_dir(), err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static inline int sim_test_group_teardown(void **state) {
    (void)state;
    memimg_free(&img);
    return 0;
}

/* The partial-fill trace of seed 000 sec. 4 (docs/sim.md "Partial fills"): one warp reads
 * sub-block 0 of a line, then sub-block 2, then sub-block 0 again (run it with
 * warp_max_outstanding = 1 so each read follows the previous one's completion). t is initialised
 * here; the caller frees it. */
static inline void sim_test_partial_fill_trace(trace_t *t) {
    const mem_region *r = memimg_find(&img, "bfs65536_cost_init");
    assert_non_null(r);
    trace_init(t);
    static const uint8_t masks[] = {0x1, 0x4, 0x1};
    for (unsigned i = 0; i < 3; i++) trace_push(t, (trace_access){r->base, 3, 0, 0, masks[i], 0});
}

/* Manhattan distance between two nodes of the 8x8 mesh (node = y * 8 + x). */
static inline unsigned sim_test_hops8(unsigned a, unsigned b) {
    unsigned dx = a % 8 > b % 8 ? a % 8 - b % 8 : b % 8 - a % 8;
    unsigned dy = a / 8 > b / 8 ? a / 8 - b / 8 : b / 8 - a / 8;
    return dx + dy;
}

#endif
