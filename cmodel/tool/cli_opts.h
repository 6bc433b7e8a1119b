/* Command-line parsing shared by the project's tools, nocpress and npsim: one getopt_long
 * parser with the same rules and messages in both (--opt value and --opt=value, options after
 * operands, unknown or misplaced options are usage errors). Only libc: npsim links
 * cmodel/tool/cli_opts.c without the rest of the nocpress tool. */
#ifndef NP_CLI_OPTS_H
#define NP_CLI_OPTS_H

/* The exit status of every tool of the project (nocpress, npsim; docs/cli.md "Exit status"),
 * enforced by tests/test_cli.c and tests/test_sim_cli.c:
 *   0  success
 *   1  bad input (a file that is not what it should be) or a failed run (I/O error, internal
 *      error)
 *   2  bad command line (unknown option or command, a value outside its range, missing operands)
 *   3  a resource ran out: memory, disk space, a file size or quota limit */
#define NP_EXIT_OK 0
#define NP_EXIT_FAIL 1
#define NP_EXIT_USAGE 2
#define NP_EXIT_RESOURCE 3

/* NP_EXIT_RESOURCE when message reports an exhausted resource (out of memory, ENOMEM, ENOSPC,
 * EFBIG, EDQUOT as strerror words them), else NP_EXIT_FAIL: every failure message goes through
 * cli_fail (nocpress) or die (npsim), which both return this. */
int np_exit_status_of(const char *message);
/* True once cli_fail printed such a message: a command that returns NP_EXIT_FAIL after it
 * exits NP_EXIT_RESOURCE (nocpress's main applies it). */
extern int cli_resource_exhausted;

/* The tool's name at the start of every message ("nocpress" unless main sets it). */
extern const char *cli_tool_name;

/* Prints "<tool>: <message>" to stderr. Returns np_exit_status_of(message): NP_EXIT_FAIL, or
 * NP_EXIT_RESOURCE for memory or disk exhaustion. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "<tool> <cmd>: <message>" plus a hint to run --help. Returns NP_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The one option parser of every subcommand (getopt_long): `--opt value` and `--opt=value`;
 * options before or after the operands, even under POSIXLY_CORRECT (argv is rearranged so the
 * operands come last, in their order); `--` ends the options; an unambiguous prefix of a long
 * name is accepted. An unknown or ambiguous
 * option, a missing value, or a value given to an option that takes none is a usage error
 * (message, exit NP_EXIT_USAGE), never an operand. longopts ends with a zero entry and holds
 * {"help", no_argument, NULL, 'h'}; -h is its short form. When usage is not NULL, --help prints
 * it to stdout and returns NP_EXIT_OK; with usage NULL, 'h' goes to on_option like any other.
 * on_option(ctx, val, value) returns -1 to go on or an exit code to stop with (it prints its
 * own message). Returns -1 with *first the index of the first operand, else an exit code.
 * short_opts: further short options ("c:" for -c FILE), NULL for none. */
struct option;
int cli_parse_options(int argc, char **argv, const struct option *longopts, const char *usage,
                      int (*on_option)(void *ctx, int key, const char *value), void *ctx, int *first);
int cli_parse_options_short(int argc, char **argv, const char *short_opts, const struct option *longopts,
                            const char *usage, int (*on_option)(void *ctx, int key, const char *value), void *ctx,
                            int *first);
/* A usage error unless the command got between min and max operands (max < 0: no limit);
 * what names them ("FILE...", "IN and OUT"). Returns -1 when the count is right. */
int cli_expect_operands(const char *cmd, int count, int min, int max, const char *what);

#endif
