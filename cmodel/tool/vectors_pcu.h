/* Golden vectors of the PCU RTL top (docs/pcu.md section 7, docs/vectors.md): directed and
 * fixed-seed scenarios, one vector per clock cycle, expectations from the C model (pcu.h). */
#ifndef NP_VECTORS_PCU_H
#define NP_VECTORS_PCU_H

/* Writes pcu.hex into dir (which must exist). `command` is recorded in the header. Prints what
 * it wrote to stdout and any error to stderr; returns a process exit code. */
int vectors_pcu_write(const char *dir, const char *command);

#endif
