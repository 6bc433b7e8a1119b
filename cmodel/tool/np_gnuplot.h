/* Running gnuplot without a shell, for every tool that draws a plot (npsim, approx-error, nppaper).
 * The script is written to a file kept beside the plot (so the plot can be redrawn by hand:
 * `gnuplot FILE.gp`) and fed to gnuplot on its standard input through posix_spawnp with a fixed
 * argv: no path or name a user gave is ever parsed as a command. Scripts must not use gnuplot's
 * own '< command' data sources either; write the data to a file instead.
 *
 * The images are written whole or not at all, as every file of the tools (np_fileio.h): a script
 * names its outputs np_out_1, np_out_2, ... (`set output np_out_1`), never a path; the runner
 * opens each output through np_out_open (a temporary file beside it, removed on error or signal),
 * points np_out_K at the temporary name (gnuplot -e), and renames each over its final name only
 * when gnuplot succeeded and wrote it. The script file defines np_out_K as the final names when
 * gnuplot is run on it by hand. */
#ifndef NP_GNUPLOT_H
#define NP_GNUPLOT_H

#include <stdbool.h>
#include <stddef.h>

#define NP_GNUPLOT_MAX_OUTPUTS 8u

/* s as a gnuplot single-quoted string into out (n bytes): '' stands for a quote inside one, and
 * gnuplot does no backquote substitution in single-quoted strings, so any path or title is
 * inert. False for a newline (such a string cannot hold one) or when out is too small. */
bool np_gnuplot_quote(const char *s, char *out, size_t n);

/* Writes script (prefixed with the np_out_K definitions) to script_path and runs gnuplot on it,
 * its outputs[0 .. noutputs-1] being np_out_1 .. np_out_N. False with the reason in err; no
 * output is then changed (an old image stays as it was). */
bool np_run_gnuplot(const char *script_path, const char *script, const char *const outputs[], size_t noutputs,
                    char *err, size_t err_len);

#endif
