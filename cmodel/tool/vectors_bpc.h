/* Golden vectors of the BPC RTL tops (docs/bpc.md section 9, docs/vectors.md): directed and
 * fixed-seed stimulus, expectations from the C model (bpc.h). */
#ifndef NP_VECTORS_BPC_H
#define NP_VECTORS_BPC_H

/* Writes bpc_compressor.hex and bpc_decompressor.hex into dir (which must exist). `command`
 * is recorded in each file's header. Prints what it wrote to stdout and any error to stderr;
 * returns a process exit code. */
int vectors_bpc_write(const char *dir, const char *command);

#endif
