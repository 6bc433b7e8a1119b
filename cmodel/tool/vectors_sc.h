/* Golden vectors of the SC RTL tops (docs/sc.md, docs/vectors.md): the DeLUT image of a table
 * the C model trains on fixed-seed lines, then directed and damaged streams decoded with it. */
#ifndef NP_VECTORS_SC_H
#define NP_VECTORS_SC_H

/* Writes sc_decompressor.hex and sc_compressor.hex into dir (which must exist). `command` is recorded in the
 * header. Prints what it wrote to stdout and any error to stderr; returns a process exit
 * code. */
int vectors_sc_write(const char *dir, const char *command);

#endif
