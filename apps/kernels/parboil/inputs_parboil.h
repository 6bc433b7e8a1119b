/* Parboil SPMV's input: Matrix Market files (coordinate real/pattern, array real), read with
 * every line checked (errors name file:line). */
#ifndef NP_INPUTS_PARBOIL_H
#define NP_INPUTS_PARBOIL_H

#include "kernel_inputs.h"

typedef struct {
    int rows, cols, nnz;
    int *row, *col; /* 0-based, file order */
    float *val;     /* 1.0 for a pattern matrix */
} mm_coo;

/* Reads <input_dir>/parboil/<rel> (a coordinate matrix); -1 with a message on bad input. */
int mm_read_coo(const simt_app_opts *o, const char *rel, mm_coo *out);
/* The same for a file path. */
int mm_read_coo_path(const char *path, mm_coo *out);
void mm_coo_free(mm_coo *m);

/* Reads <input_dir>/parboil/<rel> (an `array` matrix of `want` values, column-major) into
 * out[want]; -1 with a message on bad input. */
int mm_read_array(const simt_app_opts *o, const char *rel, float *out, int want);
int mm_read_array_path(const char *path, float *out, int want);

#endif
