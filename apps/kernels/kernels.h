/* The benchmark applications (kernel_list.h) as a table, and every app function's prototype.
 * A port includes this header (it brings simt.h and kernel_inputs.h). */
#ifndef NP_KERNELS_H
#define NP_KERNELS_H

#include <stddef.h>

#include "kernel_inputs.h"
#include "simt.h"

typedef int (*np_app_fn)(simt_dev *d, const simt_app_opts *o);

#define NP_KERNEL(suite, name, fn, input) int fn(simt_dev *d, const simt_app_opts *o);
#include "kernel_list.h"
#undef NP_KERNEL

typedef struct {
    const char *suite, *name, *input;
    np_app_fn fn;
} np_kernel_entry;

extern const np_kernel_entry np_kernels[];
extern const size_t np_nkernels;
/* The entry called name, or NULL. */
const np_kernel_entry *np_kernel_find(const char *name);

#endif
