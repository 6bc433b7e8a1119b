/* The approximation path of the study's kernels: the unit's C model (dsm_approx_map,
 * dsm_approx_lookup, dsm_approx_apply) on every 128-byte line a kernel reads from an
 * approximable region (apx_filter_line is the SIMT device's read filter, apps/kernels.c).
 * No truncation is written here: the unit's model does it. */
#include "apps.h"

#include <stdlib.h>
#include <string.h>

void apx_unit_init(apx_unit *u, unsigned bits) {
    memset(u, 0, sizeof *u);
    dsm_approx_map_init(&u->map);
    u->bits = bits;
}

bool apx_region_add(apx_unit *u, size_t bytes, uint64_t *base) {
    if (u->regions >= DSM_APPROX_ENTRIES || bytes == 0) {
        return false;
    }
    uint64_t b = u->next_base;
    uint64_t start = b / DSM_LINE_BYTES, end = (b + bytes - 1) / DSM_LINE_BYTES;
    if (dsm_approx_map_set(&u->map, u->regions, start, end, u->bits) != NP_OK) {
        return false;
    }
    u->regions++;
    /* Next region on the next 1 MiB boundary after this one, as sim/mem/memimg.h lays them out. */
    u->next_base = (b + bytes + APX_REGION_ALIGN - 1) / APX_REGION_ALIGN * APX_REGION_ALIGN;
    *base = b;
    return true;
}

bool apx_region_map(apx_unit *u, uint64_t base, size_t bytes) {
    if (u->regions >= DSM_APPROX_ENTRIES || bytes == 0) {
        return false;
    }
    uint64_t start = base / DSM_LINE_BYTES, end = (base + bytes - 1) / DSM_LINE_BYTES;
    if (dsm_approx_map_set(&u->map, u->regions, start, end, u->bits) != NP_OK) {
        return false;
    }
    u->regions++;
    return true;
}

void apx_filter_line(void *unit, uint64_t line_addr, uint8_t line[DSM_LINE_BYTES]) {
    apx_unit *u = unit;
    dsm_approx_apply(dsm_approx_lookup(&u->map, line_addr / DSM_LINE_BYTES), line, line);
    u->lines++;
}

void apx_read(apx_unit *u, uint64_t base, float *data, size_t n) {
    if (u == NULL || n == 0) {
        return;
    }
    uint8_t line[DSM_LINE_BYTES];
    const size_t per_line = DSM_LINE_BYTES / sizeof(float);
    /* Regions start on line boundaries (apx_region_add), so float i is in line i / 32. */
    for (size_t i = 0; i < n; i += per_line) {
        size_t cnt = n - i < per_line ? n - i : per_line;
        memset(line, 0, sizeof line);
        memcpy(line, data + i, cnt * sizeof(float));
        uint64_t addr = (base + i * sizeof(float)) / DSM_LINE_BYTES;
        dsm_approx_apply(dsm_approx_lookup(&u->map, addr), line, line);
        memcpy(data + i, line, cnt * sizeof(float));
        u->lines++;
    }
}
