/* The SIMT runtime's device memory log (memory.npmem, byte layout in docs/kernels.md "Traces"):
 * every allocation, host copy and set, every kernel launch and every global store's values, in
 * program order. npsim reads the whole log, checks it (a version 2 log's KERNEL records carry
 * the runtime's CRC-32 of its device memory at that launch: the replay must reproduce it), and
 * then moves a memory image along it: the initial memory, each launch's start, each store's lanes
 * as the memory orders its line requests (docs/sim.md "Memory image"). Errors name the file and the byte offset of
 * the record in the (decompressed) file. */
#ifndef SIM_MEMLOG_H
#define SIM_MEMLOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct mem_image;
typedef struct memlog memlog;

/* One STORE record: a global store or atomic of one warp instruction. */
typedef struct {
    uint64_t at;          /* byte offset of the record's type byte in the file (messages) */
    uint64_t lanes;       /* byte offset of its addresses (then its data) */
    uint32_t launch;      /* 0-based (the KERNEL record's id - 1) */
    uint32_t block[3];    /* blockIdx x, y, z */
    uint32_t index;       /* the instruction's place in its warp's .traceg list */
    uint32_t mask;        /* active lanes */
    uint16_t warp;        /* warp within the block */
    uint8_t width;        /* bytes per lane */
    uint8_t even;         /* 1: first address + k x stride; 0: one address per lane */
} memlog_store;

/* Called for every image line (byte offset / 128 in the image) a replay or a store changes. */
typedef void (*memlog_changed)(void *ctx, uint64_t image_line);

/* Read and check the whole log (plain or gzip); builds `img` (memimg.h) at the initial device
 * memory: allocation i is region i (type "device") at its address minus the first allocation's,
 * image size a power of two dividing that address. The log stays attached to img (img->log). */
bool memlog_load_image(struct mem_image *img, const char *path, char *err, size_t err_len);
void memlog_free(memlog *log);

unsigned memlog_launches(const memlog *log);
size_t memlog_nstores(const memlog *log);
const memlog_store *memlog_store_at(const memlog *log, size_t i);
const char *memlog_path(const memlog *log);
/* Bring an image at the start of launch k - 1 (k >= 1) to the start of launch k: the stores of
 * launch k - 1 in the log's order (the runtime's), then the host's copies and sets before launch k. */
void memlog_enter_launch(const memlog *log, struct mem_image *img, unsigned k, memlog_changed changed, void *ctx);
/* The image holds the runtime's memory at launch k's start (0-based): its CRC-32 is the one the
 * runtime recorded (true without one: a version 1 log, k past the log's launches). */
bool memlog_launch_crc(const memlog *log, const struct mem_image *img, unsigned k, uint32_t *got, uint32_t *want);
/* Write store i's values into the image. */
void memlog_apply_store(const memlog *log, struct mem_image *img, size_t i, memlog_changed changed, void *ctx);
/* Write those of store i's lanes whose device address is in line `line` (address / 128; a lane is
 * in the line of its first byte: the runtime's lanes are aligned to their width); returns how many. */
unsigned memlog_apply_store_line(const memlog *log, struct mem_image *img, size_t i, uint64_t line,
                                 memlog_changed changed, void *ctx);

#endif
