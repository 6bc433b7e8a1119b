/* Shared pieces of the nocpress command-line tool: error reporting, whole-file I/O, option
 * parsing helpers, element types from data file names, and the subcommand entry points. */
#ifndef NP_CLI_H
#define NP_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli_opts.h"
#include "np_fileio.h"

#define NP_CLI_NAME "nocpress"
/* cli_fail, cli_usage_error, cli_parse_options, cli_expect_operands, NP_EXIT_*: cli_opts.h */
/* A whole file in memory (`reuse`: the analysis keeps every access of the trace anyway). */
typedef struct {
    uint8_t *data;
    size_t size;
} cli_buffer;

/* Reads path into buf (malloc'd; free with cli_buffer_free). On failure prints why. Only a
 * regular file is read (a device such as /dev/zero never ends; cli_open_regular's message). */
bool cli_read_file(const char *path, cli_buffer *buf);

/* Opens path for reading when it is a regular file; else prints why (naming what it is:
 * directory, character device, fifo, ...) and returns NULL. *size gets its length. Regular
 * files only because every measurement reads its input more than once (trained codecs train
 * on the file, tables measure several settings) and needs the length before the first line. */
FILE *cli_open_regular(const char *path, uint64_t *size);

/* A file read as 128-byte lines, a chunk at a time: memory does not depend on the file's size.
 * Passes over the file (cli_lines_rewind) see the same lines; a file that changes length while
 * it is read is an error. */
#define CLI_CHUNK_LINES 512u
typedef struct {
    FILE *f;
    const char *path;
    uint64_t size;           /* bytes, when opened */
    uint64_t lines;          /* 128-byte lines in size bytes, a last partial one counted */
    uint64_t delivered;      /* lines returned in this pass */
    uint64_t bytes_read;     /* bytes read in this pass */
    uint8_t *chunk;          /* CLI_CHUNK_LINES lines */
    size_t have, at;         /* bytes in chunk, bytes consumed */
    char label[160];         /* the progress line's name for this file */
} cli_lines;
/* False (message printed) when path cannot be opened or is not a regular file. */
bool cli_lines_open(cli_lines *r, const char *path);
/* Back to line 0 for another pass. False (message printed) on a seek error. */
bool cli_lines_rewind(cli_lines *r);
/* 1: the next line is in out (a last partial line zero-padded); 0: every line was delivered;
 * -1: read error or the file changed length (message naming the file printed). */
int cli_lines_next(cli_lines *r, uint8_t out[128]);
void cli_lines_close(cli_lines *r);
void cli_buffer_free(cli_buffer *buf);

/* An output file written safely: np_outfile (np_fileio.h, the one writer of every tool): a
 * temporary file beside OUT renamed over it only by cli_out_commit, removed on error or on
 * SIGINT / SIGTERM, so an error or an interrupt never leaves a partial or clobbered OUT or a
 * stray OUT.XXXXXX. Every function prints why on failure. */
typedef np_outfile cli_out;
bool cli_out_open(cli_out *o, const char *path);
bool cli_out_write(cli_out *o, const void *data, size_t n);
bool cli_out_commit(cli_out *o);
void cli_out_abort(cli_out *o);

/* Progress (np_progress.h): a command that can run longer than a few seconds shows a progress
 * line on stderr when it is a terminal; every such command takes --quiet (CLI_QUIET_OPTION in
 * its option table, cli_set_quiet() on CLI_OPT_QUIET) to turn it off. nocpress's main enables
 * the line, erases it when the command ends. The line reader (cli_lines_next) reports the bytes
 * of the current pass, labelled by cli_progress_file (which file of how many) or the file name. */
#define CLI_OPT_QUIET 0x7100
#define CLI_QUIET_OPTION {"quiet", no_argument, NULL, CLI_OPT_QUIET}
void cli_set_quiet(void);
void cli_progress_file(size_t index, size_t count, const char *path);

/* Parses a decimal unsigned integer that must be all digits and <= max. */
bool cli_parse_uint(const char *text, unsigned long max, unsigned long *out);
/* --lane-bytes value: 64 or 128. */
bool cli_parse_lane_bytes(const char *cmd, const char *text, unsigned *out);
/* --approx value: 0, 4, 8, 12, 16 or 20 (docs/dsm.md 5.2). */
bool cli_parse_approx_bits(const char *cmd, const char *text, unsigned *out);
/* True when arg is -h or --help. */
bool cli_is_help(const char *arg);

/* Element type of a data file, from the second-to-last dot-separated part of its name
 * (/work/shared/data/README.md): "x.float32.bin" -> CLI_ELEM_FLOAT32. */
typedef enum { CLI_ELEM_INT32, CLI_ELEM_FLOAT32, CLI_ELEM_UINT8, CLI_ELEM_FLOAT64, CLI_ELEM_UNKNOWN } cli_elem_type;
#define CLI_ELEM_TYPES (CLI_ELEM_UNKNOWN + 1u)   /* every value above, unknown included */
cli_elem_type cli_elem_type_of(const char *path);
const char *cli_elem_type_name(cli_elem_type t);
/* File name without directories. */
const char *cli_basename(const char *path);

/* A file of a data directory and its element type. */
typedef struct {
    char *path;
    cli_elem_type type;
} data_file;
/* Regular, non-hidden files of dir, sorted by element type (enum order) and name; *out is
 * malloc'd (free with cli_free_data_files). On failure prints why. */
bool cli_list_data_files(const char *dir, data_file **out, size_t *count);
void cli_free_data_files(data_file *files, size_t n);


/* Subcommands: argv[0] is the subcommand name. Each returns a process exit code. */
int cmd_ratio(int argc, char **argv);
int cmd_ratio_table(int argc, char **argv);
int cmd_compress(int argc, char **argv);
int cmd_decompress(int argc, char **argv);
int cmd_vectors(int argc, char **argv);
/* DPC unit (cmd_dpc.c): `savings-table` (`ratio --algo dpc|dftruc|dfman`: report.h). */
int cmd_savings_table(int argc, char **argv);
/* Every lossless codec of the registry side by side per file (cmd_compare.c). */
int cmd_compare(int argc, char **argv);
/* BA unit (cmd_reuse.c): reuse-distance analysis of a trace, BA / LRU tag unit over it. */
int cmd_reuse(int argc, char **argv);
/* Approximation bits for an application error bound (cmd_approx.c, docs/approx.md). */
int cmd_approx_bits(int argc, char **argv);

#endif
