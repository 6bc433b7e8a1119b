/* Traces: warps' instruction streams and the memory accesses of their global loads and stores
 * (docs/sim.md, "Traces").
 * Text (one record a line, `#` starts a comment, errors name file:line; textscan.h's tokenizer
 * and numbers):
 *   SM WARP R|W ADDR MASK [ADDR MASK ...] [d=rN[xK]] [s=rA[,rB...]]
 *       a global load (R) or store (W) instruction; each ADDR MASK pair is one coalesced line
 *       request: ADDR a byte address (0x hex or decimal, < 2^48), MASK the hex map (1..f) of the
 *       32-byte sub-blocks of its 128-byte line that are touched (bit i = bytes 32i..32i+31).
 *       A v1 line (`SM WARP R|W ADDR MASK`) is a load/store with no registers.
 *   SM WARP alu|sfu|other|lds|sts|bar|exit [d=rN[xK]] [s=...]
 *       compute (latency class), shared-memory load/store, barrier, exit.
 *   block SM FIRST NWARPS [LAUNCH]
 *       warps FIRST..FIRST+NWARPS-1 of SM form one thread block (barrier scope) of kernel launch
 *       LAUNCH (0-based, default 0); a warp in no block is a block of its own in launch 0.
 *   Registers: rN with N in 0..254 (r255 is RZ, the zero register, and is not tracked); d=rNxK
 *   writes rN..rN+K-1 (K = 1..4: .64 and .128 results).
 * Binary: 16-byte header "NPTRACE1" + uint32 version + uint32 record size (16), then 16-byte
 *   little-endian records. Version 1: uint64 address, uint16 sm, uint16 warp, uint8 flags (bit 0:
 *   write), uint8 mask, uint16 zero (each record a load/store without registers). Version 2 adds
 *   instruction and block records (layout in trace.c and docs/sim.md). Errors: file:record N. */
#ifndef SIM_TRACE_H
#define SIM_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t addr;
    uint16_t sm, warp;
    uint8_t write;
    uint8_t mask;
    uint8_t atomic;              /* a line request of a global atomic (trace_inst.atomic) */
} trace_access;

/* Instruction classes. ALU/SFU/OTHER take their latency and initiation interval from the
 * config's table; LD/ST go through the L1 (their line requests are trace accesses); SLD/SST are
 * shared-memory accesses (smem_latency, no L1 request); BAR waits for the thread block; EXIT
 * ends the warp. */
typedef enum { OP_ALU = 0, OP_SFU, OP_OTHER, OP_LD, OP_ST, OP_SLD, OP_SST, OP_BAR, OP_EXIT, OP_CLASSES } trace_op;

#define TRACE_MAX_SRC 4u
#define TRACE_RZ 255u            /* the zero register: never written, never waited for */
#define TRACE_MAX_LAUNCHES 65536u   /* kernel launches of one trace (trace_block.launch) */

typedef struct {
    uint32_t first_acc;          /* LD / ST: line requests a[first_acc .. first_acc + nacc) */
    uint16_t nacc;
    uint16_t sm, warp;
    uint8_t op;                  /* trace_op */
    uint8_t dst, ndst;           /* writes registers dst .. dst + ndst - 1 (ndst 0: none) */
    uint8_t nsrc;
    uint8_t src[TRACE_MAX_SRC];
    uint8_t atomic;              /* LD: a global atomic (Accel-Sim's ATOM, ATOMG): performed at the L2, past the L1 */
} trace_inst;

typedef struct {
    uint16_t sm, first_warp, nwarps;
    uint16_t launch;             /* kernel launch (0-based): the core model starts launch k + 1's
                                    blocks once every block of launch k has retired */
    uint32_t idx[3];             /* blockIdx x, y, z (Accel-Sim traces; 0 in the other formats):
                                    ties a SIMT trace's store records to its instructions */
} trace_block;

typedef struct {
    trace_access *a;             /* every line request, in trace order (the memory-only mode's input) */
    size_t count, cap;
    trace_inst *in;              /* every instruction, in trace order */
    size_t nin, incap;
    trace_block *blk;
    size_t nblk, blkcap;
    bool has_compute;            /* some instruction is not a register-free load/store (v1 cannot hold it) */
} trace_t;

void trace_init(trace_t *t);
void trace_free(trace_t *t);
/* One access = one load/store instruction without registers (the v1 record). */
void trace_push(trace_t *t, trace_access a);
/* An instruction and, for LD/ST, its line requests (n of them; sm/warp/write taken from inst). */
void trace_push_inst(trace_t *t, trace_inst inst, const trace_access *acc, unsigned n);
void trace_push_block(trace_t *t, trace_block b);
const char *trace_op_name(unsigned op);

/* Load a text or binary trace (detected by the magic), or an Accel-Sim trace (a path ending in
 * ".traceg" or "kernelslist.g": traceg.c). max_sm/max_warp bound the ids (exclusive). */
bool trace_load(trace_t *t, const char *path, unsigned max_sm, unsigned max_warp, char *err, size_t err_len);
bool trace_save_text(const trace_t *t, const char *path, char *err, size_t err_len);
/* Version 1 when every instruction is a register-free load/store (byte-identical to before),
 * else version 2. */
bool trace_save_binary(const trace_t *t, const char *path, char *err, size_t err_len);
/* Check ids, register ranges and blocks against a machine (trace_load does this). */
bool trace_check(const trace_t *t, unsigned max_sm, unsigned max_warp, char *err, size_t err_len);

#endif
