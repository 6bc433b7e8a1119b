/* Memory-access traces (docs/sim.md, "Traces").
 * Text: one access per line, `sm warp R|W address mask`, address in hex (0x...) or decimal,
 *   mask = hex map of the 32-byte sub-blocks of the address's 128-byte line that are touched
 *   (bit i = bytes 32i..32i+31; 1..f). `#` starts a comment. Errors: file:line.
 * Binary: 16-byte header "NPTRACE1" + uint32 version (1) + uint32 record size (16), then
 *   records of 16 bytes, little-endian: uint64 address, uint16 sm, uint16 warp, uint8 flags
 *   (bit 0: write; others 0), uint8 mask, uint16 zero. Errors: file:record N. */
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
} trace_access;

typedef struct {
    trace_access *a;
    size_t count, cap;
} trace_t;

void trace_init(trace_t *t);
void trace_free(trace_t *t);
void trace_push(trace_t *t, trace_access a);

/* Load either form (detected by the magic). max_sm/max_warp bound the ids (exclusive). */
bool trace_load(trace_t *t, const char *path, unsigned max_sm, unsigned max_warp, char *err, size_t err_len);
bool trace_save_text(const trace_t *t, const char *path, char *err, size_t err_len);
bool trace_save_binary(const trace_t *t, const char *path, char *err, size_t err_len);

#endif
