/* Golden vectors of the DPC RTL tops (docs/dpc.md section 7, docs/vectors.md): directed and
 * fixed-seed stimulus, expectations from the C model (dpc.h, dft.h). */
#ifndef NP_VECTORS_DPC_H
#define NP_VECTORS_DPC_H

/* Writes dpc_compressor.hex, dpc_decompressor.hex and dpc_filter_table.hex into dir (which
 * must exist). `command` is recorded in each file's header. Prints what it wrote to stdout and
 * any error to stderr; returns a process exit code. */
int vectors_dpc_write(const char *dir, const char *command);

#endif
