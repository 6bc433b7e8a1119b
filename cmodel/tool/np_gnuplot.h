/* Running gnuplot without a shell, for every tool that draws a plot (npsim, approx-error). The
 * script is written to a file kept beside the plot (so the plot can be redrawn by hand) and fed
 * to gnuplot on its standard input through posix_spawnp with a fixed argv: no path or name a
 * user gave is ever parsed as a command. Scripts must not use gnuplot's own '< command' data
 * sources either; write the data to a file instead. */
#ifndef NP_GNUPLOT_H
#define NP_GNUPLOT_H

#include <stdbool.h>
#include <stddef.h>

/* s as a gnuplot single-quoted string into out (n bytes): '' stands for a quote inside one, and
 * gnuplot does no backquote substitution in single-quoted strings, so any path or title is
 * inert. False for a newline (such a string cannot hold one) or when out is too small. */
bool np_gnuplot_quote(const char *s, char *out, size_t n);

/* Writes script to script_path and runs gnuplot on it. False with the reason in err. */
bool np_run_gnuplot(const char *script_path, const char *script, char *err, size_t err_len);

#endif
