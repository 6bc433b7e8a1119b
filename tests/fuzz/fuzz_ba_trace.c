/* libFuzzer target: the trace parser (reuse_trace_parse) on arbitrary bytes, text or binary
 * (docs/ba.md 6). A parse either fails with a file:line / file:record message or yields
 * accesses that the analyzer and the BA tag unit then process; checks: no out-of-bounds
 * access (ASan), the message names the file, the analyzer's classes add up to the count, the
 * tag unit's outcome counts add up to the accesses. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ba.h"
#include "reuse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    reuse_trace t;
    reuse_trace_init(&t);
    char err[256] = "";
    const np_result r = reuse_trace_parse(data, size, "fuzz", &t, err, sizeof err);
    if (r != NP_OK) {
        if (r != NP_BAD_DATA || strncmp(err, "fuzz:", 5) != 0) abort();
        reuse_trace_free(&t);
        return 0;
    }
    reuse_report rep;
    if (reuse_analyze(t.line, t.count, 4, 2, &rep, NULL, NULL) != NP_OK) abort();
    if (rep.rd_set[0] + rep.rd_set[1] + rep.rd_set[2] != t.count) abort();
    if (rep.rd_fa[0] + rep.rd_fa[1] + rep.rd_fa[2] != t.count) abort();
    ba_config cfg;
    ba_config_default(&cfg, 2, BA_MODE_BA);
    cfg.sets = 4;
    ba_cache c;
    if (ba_init(&c, &cfg) != NP_OK) abort();
    for (size_t i = 0; i < t.count; i++) {
        ba_access(&c, t.line[i], t.write[i] ? BA_OP_WRITE : BA_OP_READ);
    }
    uint64_t total = 0;
    for (unsigned k = 0; k < BA_OUTCOMES; k++) total += c.count[k];
    if (total != t.count) abort();
    ba_free(&c);
    reuse_trace_free(&t);
    return 0;
}
