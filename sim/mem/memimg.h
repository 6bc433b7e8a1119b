/* Memory image: the contents the reply compressors see. Built from every *.bin file of a data
 * directory (../shared/data/lines by default), in name order. Region i starts at the first
 * 1 MiB boundary at or after the end of region i-1 (the first at address 0); bytes between
 * regions are zero. The image size S is the end of the last region rounded up to 1 MiB, and a
 * byte address A reads image byte A mod S, so every address a trace names has contents. */
#ifndef SIM_MEMIMG_H
#define SIM_MEMIMG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MEMIMG_ALIGN (1u << 20)
#define MEMIMG_MAX_REGIONS 256u /* data files of a directory; a SIMT log's allocations (Mars pvc has 72) */

typedef struct {
    char name[128];      /* file name without ".bin" */
    char type[16];       /* element type: float32, int32, uint8, ... (data files: the text after the last dot) */
    uint64_t base;       /* byte address of the first byte */
    uint64_t bytes;      /* file size */
} mem_region;

struct memlog;

typedef struct mem_image {
    uint8_t *data;
    uint64_t size;       /* multiple of MEMIMG_ALIGN */
    mem_region region[MEMIMG_MAX_REGIONS];
    unsigned nregions;
    struct memlog *log;  /* a SIMT trace's memory log (memlog.h), owned; NULL for data_dir images */
} mem_image;

bool memimg_load(mem_image *img, const char *dir, char *err, size_t err_len);
/* The initial device memory of a SIMT-runtime trace (memory.npmem, docs/kernels.md "Traces"):
 * its allocations, host copies and sets before the first kernel; the whole log is read, checked
 * and attached as img->log (memlog.h), which a core = sm run follows. Allocation i is region i (its
 * element type from a version 3 log, "device" from an older one) at its device address minus the
 * first allocation's; the image size S is a power of
 * two (at least MEMIMG_ALIGN) and divides the first allocation's address, so a trace address A
 * still reads image byte A mod S. path may be gzip-compressed (memory.npmem.gz). Errors name the
 * file and the record's byte offset. */
bool memimg_load_npmem(mem_image *img, const char *path, char *err, size_t err_len);
void memimg_free(mem_image *img);
/* The 128 bytes of line `line_addr` (byte address line_addr * 128, wrapped). */
const uint8_t *memimg_line(const mem_image *img, uint64_t line_addr);
/* The first region whose name contains `part`, or NULL. */
const mem_region *memimg_find(const mem_image *img, const char *part);

#endif
