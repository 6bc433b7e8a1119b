/* Request controller (RC) and windows manager (WM) of seed 000 ch. 4 (Byoun 2018, Figs. 4.3-4.5,
 * Table 5.1): C golden model of docs/rcwm.md.
 *
 * One RC and one WM per SM. The WM keeps four FIFO windows of the most recent events: three ICA
 * ratio windows (blocks whose reads used 64, 96 and 128 bytes: was the access pattern
 * inconsistent?) and one FDR ratio window (did the reads need the whole block?). The RC decides,
 * for every L1 read miss that sends a request, whether to ask the MC for the whole line (an FDR,
 * map 1111) or only the read's critical sub-blocks (a PDR): whole when the FDR ratio exceeds its
 * threshold, when the miss found an MSHR whose requests do not cover it, or when the ICA ratio of
 * its size class exceeds its threshold; partial otherwise.
 *
 * Two levels of API, as dft.h:
 * - rcwm_event / rcwm_decide: one transaction each, strict about arguments (NP_BAD_PARAM).
 * - rcwm_cycle: one rising edge of the RTL top rcwm, with the hardware's rules for every input
 *   value: the accepted event first, then the accepted request decided against the windows after
 *   it. The harness and the vectors check the RTL against this.
 * No global state: the caller owns the rcwm_state. */
#ifndef RCWM_H
#define RCWM_H

#include <stdbool.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RCWM_MODEL_VERSION "1.0"

/* Table 5.1: windows 8, 16 (default), 32; ICA thresholds 25, 50 (default), 75 %; FDR 30, 60, 90
 * (default) %. Any window of 1..32 and any threshold of 0..100 % is accepted. */
#define RCWM_MAX_WINDOW 32u
#define RCWM_DEFAULT_WINDOW 16u
#define RCWM_DEFAULT_ICA_PCT 50u
#define RCWM_DEFAULT_FDR_PCT 90u

/* The four windows (docs/rcwm.md 2). */
enum { RCWM_WIN_ICA64 = 0, RCWM_WIN_ICA96 = 1, RCWM_WIN_ICA128 = 2, RCWM_WIN_FDR = 3, RCWM_WINDOWS = 4 };

/* Why the RC chose its map (RTL dec_reason_o, docs/rcwm.md 3), in the order the RC tests. */
typedef enum {
    RCWM_PDR = 0,         /* partial: the read's critical map */
    RCWM_FULL_MAP = 1,    /* the read needs the whole line already (map 1111; 0000 reads as 1111) */
    RCWM_FDR_WINDOW = 2,  /* the FDR ratio exceeds its threshold */
    RCWM_MSHR = 3,        /* an MSHR for the line exists and its requests do not cover the read */
    RCWM_ICA_WINDOW = 4   /* the ICA ratio of the read's size class exceeds its threshold */
} rcwm_reason;
#define RCWM_REASONS 5u

typedef struct {
    unsigned window;      /* events per window, 1..RCWM_MAX_WINDOW */
    unsigned ica_pct;     /* ICA threshold, 0..100 (%) */
    unsigned fdr_pct;     /* FDR threshold, 0..100 (%) */
} rcwm_config;

typedef struct {
    rcwm_config cfg;
    uint32_t win[RCWM_WINDOWS];   /* bit 0 = the newest event, bits >= window are 0 */
} rcwm_state;

typedef struct {
    unsigned map;         /* the request's map: the read's map (PDR) or 1111 */
    rcwm_reason reason;
} rcwm_decision;

/* Table 5.1 defaults: window 16, ICA 50 %, FDR 90 %. */
void rcwm_config_default(rcwm_config *cfg);
np_result rcwm_config_check(const rcwm_config *cfg);
np_result rcwm_init(rcwm_state *s, const rcwm_config *cfg);
/* Empties every window (the state after reset). */
void rcwm_reset(rcwm_state *s);

/* A window's limit: it is "over" when it holds more than this many ones,
 * floor(pct * window / 100) (ones * 100 > pct * window, docs/rcwm.md 2). */
unsigned rcwm_limit(unsigned window, unsigned pct);
unsigned rcwm_ones(const rcwm_state *s, unsigned w);
bool rcwm_over(const rcwm_state *s, unsigned w);
/* The ICA window a read of map `map` consults, or -1 when none (map 1111 or 0000). */
int rcwm_ica_window_of_read(unsigned map);

/* WM (Fig. 4.4): an MSHR completes (its last reply) or an L1 block is evicted, with the OR of
 * its reads' critical maps and its consistency bit (1 = inconsistent). map 1..15; NP_BAD_PARAM
 * (nothing changes) for map 0 or above 15. */
np_result rcwm_event(rcwm_state *s, unsigned map, bool inconsistent);
/* RC (Fig. 4.5): a read miss with critical map `map` (1..15) that sends a request; mshr_short =
 * it found an MSHR for its line whose requests do not cover it. NP_BAD_PARAM (map 1111) for map
 * 0 or above 15. */
np_result rcwm_decide(const rcwm_state *s, unsigned map, bool mshr_short, rcwm_decision *d);
const char *rcwm_reason_name(rcwm_reason r);   /* "pdr", "full-map", "fdr-window", "mshr", "ica-window" */

/* ---- cycle level (the RTL top's semantics, docs/rcwm.md 4) --------------------------------- */
typedef struct {
    bool ev_valid;
    unsigned ev_map;      /* 4 bits: 0000 changes nothing */
    bool ev_ica;
    bool rq_valid;
    unsigned rq_map;      /* 4 bits: 0000 reads as 1111 */
    bool rq_mshr;
} rcwm_cycle_in;

typedef struct {
    bool st_valid;                     /* the event's answer: the windows after it */
    unsigned st_over;                  /* bit w: window w over its limit */
    unsigned st_ones[RCWM_WINDOWS];    /* ones in each window */
    bool dec_valid;
    rcwm_decision dec;
} rcwm_cycle_out;

void rcwm_cycle(rcwm_state *s, const rcwm_cycle_in *in, rcwm_cycle_out *out);
/* Width of the RTL's st_ones fields: bits to count 0..window. */
unsigned rcwm_count_bits(unsigned window);

#ifdef __cplusplus
}
#endif
#endif
