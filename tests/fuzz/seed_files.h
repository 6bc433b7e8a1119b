/* What the seed-corpus writers share (make_seeds.c, fuzz_dpc_seeds.c): directories, one seed
 * file, and lines built from a per-word pattern. Errors name the calling program. */
#ifndef NP_FUZZ_SEED_FILES_H
#define NP_FUZZ_SEED_FILES_H

#include <stddef.h>
#include <stdint.h>

#define SEED_PATH_MAX 4096

/* Checks the command line (PROG OUTDIR) and creates OUTDIR/<dec_target> and OUTDIR/<rt_target>
 * (their paths in dec and rt, SEED_PATH_MAX chars each). Returns -1 when done, else the exit
 * code (2 bad usage, 1 a directory could not be made). */
int seed_make_corpus_dirs(const char *prog, int argc, char **argv, const char *dec_target,
                          char *dec, const char *rt_target, char *rt);
/* mkdir that accepts an existing directory; 1 after saying why on failure, else 0. */
int seed_make_dir(const char *prog, const char *path);
/* Writes n bytes to dir/name; 1 after saying why on failure, else 0. */
int seed_write_file(const char *prog, const char *dir, const char *name, const uint8_t *data,
                    size_t n);
/* The 32 little-endian words of a 128-byte line: word w = pattern(w). */
void seed_fill_line(uint8_t line[128], uint32_t (*pattern)(unsigned));

#endif
