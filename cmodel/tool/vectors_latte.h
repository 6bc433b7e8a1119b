/* Golden vectors of the LATTE-CC RTL tops (docs/latte.md 10, docs/vectors.md): one event /
 * request sequence from reset per top, directed scenarios and fixed-seed random traffic;
 * expectations from the C model (latte.h). */
#ifndef NP_VECTORS_LATTE_H
#define NP_VECTORS_LATTE_H

/* Writes latte_ctrl.hex and latte_tags.hex into dir (which must exist). `command` is recorded
 * in each file's header. Prints what it wrote to stdout and any error to stderr; returns a
 * process exit code. */
int vectors_latte_write(const char *dir, const char *command);

#endif
