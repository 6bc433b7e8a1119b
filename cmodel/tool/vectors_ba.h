/* Golden vectors of the BA RTL tops (docs/ba.md section 7, docs/vectors.md): one continuous
 * request sequence from reset, directed scenarios (each starting with an invalidate-all) and
 * fixed-seed random traffic; expectations from the C model (ba.h). */
#ifndef NP_VECTORS_BA_H
#define NP_VECTORS_BA_H

/* Writes ba_tag_ba.hex and ba_tag_lru.hex into dir (which must exist). `command` is recorded
 * in each file's header. Prints what it wrote to stdout and any error to stderr; returns a
 * process exit code. */
int vectors_ba_write(const char *dir, const char *command);

#endif
