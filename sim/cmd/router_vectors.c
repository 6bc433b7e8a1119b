/* npsim router-vectors --out DIR: the router's golden vectors, DIR/router_mcast.hex (docs/vectors.md
 * "router_mcast.hex"): one vector per cycle of router_mcast, the inputs sim/net/router_stim.h
 * drives and the outputs npsim's router model (sim/net/router.c) expects, for the Icarus replay
 * (verilator_tb/iverilog/router_mcast_tb.v). make vectors writes vectors/router with it. */
#include <string.h>

#include "cmd/npsim_cmd.h"
#include "hexvec.h"
#include "net/router_stim.h"

/* A short run of the equivalence check's traffic (make verify's is 10^6 flits): 3,000 flits,
 * every kind of packet, long multicast packets through the replication buffers, stalls. */
#define RV_SEED 20240601u
#define RV_FLITS 3000u
#define RV_LAYOUT                                                                                        \
    "{in_valid[4:0], in_vc[9:0], in_head[4:0], in_tail[4:0], in_data[639:0], out_credit[79:0], "          \
    "out_release[19:0], exp_out_valid[4:0], exp_out_vc[9:0], exp_out_head[4:0], exp_out_tail[4:0], "     \
    "exp_out_data[639:0], exp_in_credit[79:0], exp_in_release[19:0]}"
#define RV_FLIT_BITS (32u * RSTIM_FLIT_WORDS)
#define RV_SIDE_BITS (3u * RSTIM_PORTS + 2u * RSTIM_PORTS + RSTIM_PORTS * RV_FLIT_BITS + 4u * RSTIM_PORTS * RSTIM_VCS + \
                      RSTIM_PORTS * RSTIM_VCS)
#define RV_BITS (2u * RV_SIDE_BITS)

static const char kNotes[] =
    "// One vector per clock cycle of router_mcast (router_vc at its defaults: K = 8, 4 VCs of 8 flits,\n"
    "// 128-bit flits) at x = 3, y = 4 (cur_x_i = 3, cur_y_i = 4, in_link_i = 0), after two cycles\n"
    "// of reset. The inputs are the pins of the cycle; exp_* are the outputs during the cycle (all\n"
    "// registered). A bus holds port p (or input VC i = p * 4 + v) at bits p * width; the fields of\n"
    "// an invalid input or output are 0. Traffic: sim/net/router_stim.h, seed 20240601, 3000 flits.\n";

/* One side of a cycle (the inputs, or the expected outputs): flits, then credits, then releases. */
static void put_side(hexvec *h, const rstim_flit *fl, const unsigned *credit, uint32_t release) {
    unsigned valid = 0, head = 0, tail = 0;
    for (unsigned p = 0; p < RSTIM_PORTS; p++) {
        valid |= (unsigned)fl[p].valid << p;
        head |= (unsigned)fl[p].head << p;
        tail |= (unsigned)fl[p].tail << p;
    }
    hexvec_field(h, valid, RSTIM_PORTS);
    for (unsigned p = RSTIM_PORTS; p-- > 0;) hexvec_field(h, fl[p].vc, 2);
    hexvec_field(h, head, RSTIM_PORTS);
    hexvec_field(h, tail, RSTIM_PORTS);
    for (unsigned p = RSTIM_PORTS; p-- > 0;)
        for (unsigned k = RSTIM_FLIT_WORDS; k-- > 0;) hexvec_field(h, fl[p].data[k], 32);
    for (unsigned i = RSTIM_PORTS * RSTIM_VCS; i-- > 0;) hexvec_field(h, credit[i], 4);
    hexvec_field(h, release, RSTIM_PORTS * RSTIM_VCS);
}

/* The records of one run: their count (out == NULL) or the vectors written to out. False (err)
 * when the model hangs or a vector does not fill its layout. */
static bool run_records(FILE *out, size_t *count, char *err) {
    rstim_params p = rstim_default_params(RV_SEED, RV_FLITS);
    router_stim *s = rstim_create(&p, err, ERR_LEN);
    if (!s) return false;
    rstim_cycle c;
    rstim_status st;
    size_t n = 0;
    bool ok = true;
    while (ok && (st = rstim_next(s, &c)) == RSTIM_CYCLE) {
        if (out) {
            hexvec h;
            hexvec_init(&h, RV_BITS);
            put_side(&h, c.in, c.out_credit, c.out_release);
            put_side(&h, c.out, c.in_credit, c.in_release);
            if (!hexvec_complete(&h)) {
                snprintf(err, ERR_LEN, "router-vectors: internal error: cycle %zu does not fill the layout", n);
                ok = false;
                break;
            }
            fprintf(out, "// %zu cycle\n", n);
            hexvec_print(&h, out);
        }
        n++;
    }
    if (ok && st == RSTIM_HANG) {
        snprintf(err, ERR_LEN, "router-vectors: the model hung: %s", rstim_hang_reason(s));
        ok = false;
    }
    if (ok && !out) {
        const rstim_totals *t = rstim_totals_of(s);
        printf("router-vectors: %zu cycles, %llu flits in, %llu out, %llu packets (%llu multicast, %llu longer than a VC, "
               "%llu held downstream)\n", n, (unsigned long long)t->flits_in, (unsigned long long)t->flits_out,
               (unsigned long long)t->packets, (unsigned long long)t->mcast, (unsigned long long)t->long_mcast,
               (unsigned long long)t->holds);
    }
    rstim_destroy(s);
    *count = n;
    return ok;
}

int cmd_router_vectors(options *o) {
    char err[ERR_LEN];
    if (!o->out) return die("router-vectors: --out DIR is required");
    size_t count = 0;
    if (!run_records(NULL, &count, err)) return die(err);
    char path[SIM_PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/router_mcast.hex", o->out);
    np_outfile f;
    if (!np_out_open(&f, path, err, ERR_LEN)) return die(err);
    hexvec_file_header(f.f, "router_mcast", "docs/vectors.md, docs/router.md 6",
                       "npsim's router model (sim/net/router.c) driven by sim/net/router_stim.c",
                       "npsim router-vectors --out vectors/router", RV_LAYOUT, RV_BITS, kNotes, count);
    size_t written = 0;
    bool ok = run_records(f.f, &written, err);
    if (ok && written != count) {
        snprintf(err, ERR_LEN, "router-vectors: internal error: %zu cycles, then %zu", count, written);
        ok = false;
    }
    if (!ok) {
        np_out_abort(&f);
        return die(err);
    }
    if (ferror(f.f)) {
        np_out_abort(&f);
        return die("router-vectors: error writing the vectors");
    }
    if (!np_out_commit(&f, err, ERR_LEN)) return die(err);
    printf("wrote %s (%zu vectors)\n", path, count);
    return 0;
}
