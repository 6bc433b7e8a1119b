/* The provenance object every JSON result of the project's tools carries (npsim's runs, sweeps and
 * comparisons; nocpress --format json): how the result was made, so a reader can tell which build,
 * command and inputs produced it (docs/cli.md "JSON output", docs/sim.md "Provenance"):
 *   tool, version (NOCPRESS_VERSION), git_revision (`git describe` of the build), library and
 *   models (the libnocpress actually linked), command_name, command (the argv array, verbatim),
 *   cwd, date (UTC, ISO 8601; SOURCE_DATE_EPOCH when set, for reproducible output), inputs
 *   (role, path, bytes, crc32: zlib's CRC-32 of the content as 8 hex digits).
 * A tool adds its own keys beside these (npsim: the configuration, seed, workload, latencies).
 * Needs cJSON and zlib; reads inputs through np_open_regular (a device or fifo is never hashed). */
#ifndef NP_PROVENANCE_H
#define NP_PROVENANCE_H

#include <cJSON.h>

/* A new provenance object with the keys above and an empty "inputs" array. argv is the whole
 * command line (argv[0] the program). NULL when out of memory. */
cJSON *np_provenance_new(const char *tool, const char *git_revision, const char *command_name, int argc,
                         char *const argv[]);
/* Appends {role, path, bytes, crc32} to prov.inputs. An input that cannot be read (gone, not a
 * regular file) gets "error": the reason, instead of bytes / crc32. False when out of memory. */
bool np_provenance_add_input(cJSON *prov, const char *role, const char *path);
/* A trace input: np_provenance_add_input(prov, "trace", path), and when path is an Accel-Sim
 * kernelslist.g, each kernel-N.traceg[.xz] it names (beside it: the trace readers' rule) too. */
bool np_provenance_add_trace(cJSON *prov, const char *path);
/* zlib's CRC-32 of the regular file path (read in chunks) into *crc and its size into *bytes;
 * false with the reason in err. */
bool np_file_crc32(const char *path, unsigned long *crc, long long *bytes, char *err, size_t err_len);

#endif
