/* Golden vectors of the multicast RC RTL tops (docs/mcast.md section 9, docs/vectors.md):
 * directed router positions and destination patterns, expectations from the C model (mcast.h). */
#ifndef NP_VECTORS_MCAST_H
#define NP_VECTORS_MCAST_H

/* Writes mcast_rc.hex and mcast_rc_lookahead.hex into dir (which must exist) for the RTL's
 * default 8 x 8 mesh. `command` is recorded in each file's header. Prints what it wrote to
 * stdout and any error to stderr; returns a process exit code. */
int vectors_mcast_write(const char *dir, const char *command);

#endif
