/* Golden vectors of the RCWM RTL top (docs/rcwm.md 6, docs/vectors.md): directed and fixed-seed
 * stimulus, expectations from the C model (rcwm.h). */
#ifndef NP_VECTORS_RCWM_H
#define NP_VECTORS_RCWM_H

/* Writes rcwm.hex into dir (which must exist). `command` is recorded in the header. Prints what
 * it wrote to stdout and any error to stderr; returns a process exit code. */
int vectors_rcwm_write(const char *dir, const char *command);

#endif
