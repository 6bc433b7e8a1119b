/* The application table built from kernel_list.h. */
#include <string.h>

#include "kernels.h"

const np_kernel_entry np_kernels[] = {
#define NP_KERNEL(suite, name, fn, input) {#suite, #name, input, fn},
#include "kernel_list.h"
#undef NP_KERNEL
};

const size_t np_nkernels = sizeof np_kernels / sizeof np_kernels[0];

const np_kernel_entry *np_kernel_find(const char *name) {
    for (size_t i = 0; i < np_nkernels; i++)
        if (!strcmp(np_kernels[i].name, name)) return &np_kernels[i];
    return NULL;
}
