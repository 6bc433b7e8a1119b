/* Golden vectors of the DSM RTL tops (docs/vectors.md): directed and seeded-random stimulus,
 * expectations from the C model. */
#ifndef NP_VECTORS_DSM_H
#define NP_VECTORS_DSM_H

/* Writes dsm_compressor.hex, dsm_decompressor.hex, dsm_approx.hex and (lane_bytes 64 only)
 * dsm_lane_pair_decompressor.hex into dir (which must exist) for the given lane size. `command`
 * is recorded in each file's header. Prints what it wrote to stdout and any error to stderr;
 * returns a process exit code. */
int vectors_dsm_write_lanes(const char *dir, unsigned lane_bytes, const char *command);
/* The default configuration (64-byte lanes): every unit's entry point (cmd_vectors.c). */
int vectors_dsm_write(const char *dir, const char *command);

#endif
