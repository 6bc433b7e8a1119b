/* Golden vectors of the BDI RTL tops (docs/bdi.md section 9, docs/vectors.md): directed and
 * fixed-seed stimulus, expectations from the C model (bdi.h). */
#ifndef NP_VECTORS_BDI_H
#define NP_VECTORS_BDI_H

/* Writes bdi_compressor.hex and bdi_decompressor.hex into dir (which must exist). `command` is
 * recorded in each file's header. Prints what it wrote to stdout and any error to stderr;
 * returns a process exit code. */
int vectors_bdi_write(const char *dir, const char *command);

#endif
