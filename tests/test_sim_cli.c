/* npsim as a user runs it (issue 15): the program itself, started with an argv (no shell), its
 * exit code, stdout and stderr checked. Numbers are strict everywhere, stray words and misplaced
 * options are usage errors, a named synth_report must be usable, output paths are checked before
 * the run, no path reaches a shell (gnuplot), config paths are relative to the config, the data
 * folder is read only when contents are needed, and every JSON carries its provenance, from which
 * `npsim run --from-json` makes the same run again. SIM_TEST_NPSIM names the program (sim.mk). */
#define _GNU_SOURCE /* unshare: a full file system in the child's own mount namespace */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <cJSON.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <signal.h>
#include <sched.h>
#include <sys/inotify.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sim_test_util.h"
#include "test_tty.h"

static char tmp[512];            /* this run's scratch folder */
static char npsim[PATH_MAX];         /* absolute: the child may run in another folder */
static char nocpress[PATH_MAX];      /* SIM_TEST_NOCPRESS: the other tool reading npsim's traces */
static const char *program = npsim;  /* what the next run starts (run_in resets it to npsim) */
static char data_dir[PATH_MAX];      /* absolute */
static char out_text[1 << 16], err_text[1 << 16];
/* Limits of the next run only (run_in clears them) */
static rlim_t child_fsize;           /* non-zero: the child's largest file (RLIMIT_FSIZE), a full disk */
static rlim_t child_memory;          /* non-zero: the child's address space (RLIMIT_AS), out of memory */
static const char *child_full_fs;    /* non-NULL: a full 64 KiB tmpfs mounted here for the child only */
#define CHILD_NO_MOUNT 124           /* the child could not mount it (not root, no namespaces) */

static void slurp(const char *path, char *buf, size_t n) {
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(buf, 1, n - 1, f) : 0;
    buf[got] = '\0';
    if (f) fclose(f);
}

/* In the child: a 64 KiB tmpfs over dir in a mount namespace of its own (the test's file system
 * is untouched), filled to the last block: a full disk, as a user has one. */
static bool mount_full_fs(const char *dir) {
    if (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
        mount("tmpfs", dir, "tmpfs", 0, "size=64k") != 0)
        return false;
    char fill[PATH_MAX + 8];
    snprintf(fill, sizeof fill, "%s/fill", dir);
    int fd = open(fill, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    static const char block[4096];
    while (fd >= 0 && write(fd, block, sizeof block) > 0) continue;
    return fd >= 0 && close(fd) == 0;
}

/* Run npsim with args (NULL-terminated) in folder cwd (NULL: this one); stdout and stderr land
 * in out_text / err_text. Returns the exit code. */
static int run_in(const char *cwd, const char *const *args) {
    char out_path[600], err_path[600];
    snprintf(out_path, sizeof out_path, "%s/stdout", tmp);
    snprintf(err_path, sizeof err_path, "%s/stderr", tmp);
    const char *argv[64] = {program};
    unsigned n = 1;
    for (; args[n - 1] && n < 63; n++) argv[n] = args[n - 1];
    argv[n] = NULL;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644), e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0 || (cwd && chdir(cwd) != 0)) _exit(126);
        alarm(300);                      /* a reader that hangs (a fifo) fails the test, never blocks it */
        if (child_fsize) {               /* writes past it fail with EFBIG, as on a full disk */
            struct rlimit rl = {child_fsize, child_fsize};
            signal(SIGXFSZ, SIG_IGN);
            if (setrlimit(RLIMIT_FSIZE, &rl) != 0) _exit(125);
        }
        if (child_memory) {
            struct rlimit rl = {child_memory, child_memory};
            if (setrlimit(RLIMIT_AS, &rl) != 0) _exit(125);
        }
        if (child_full_fs && !mount_full_fs(child_full_fs)) _exit(CHILD_NO_MOUNT);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    child_fsize = child_memory = 0;      /* the limits apply to one run */
    child_full_fs = NULL;
    program = npsim;
    int status;
    assert_true(waitpid(pid, &status, 0) == pid);
    slurp(out_path, out_text, sizeof out_text);
    slurp(err_path, err_text, sizeof err_text);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}
#define RUN(...) run_in(NULL, (const char *const[]){__VA_ARGS__, NULL})
#define RUN_IN(dir, ...) run_in(dir, (const char *const[]){__VA_ARGS__, NULL})

static void expect(int rc, int want_rc, const char *stream, const char *want) {
    if (rc != want_rc || !strstr(stream, want))
        fail_msg("rc %d (want %d), output lacks '%s':\nstdout: %.2000s\nstderr: %.2000s", rc, want_rc, want, out_text,
                 err_text);
}

static const char *write_file(const char *name, const char *text) {
    static char path[8][700];
    static unsigned next;
    char *p = path[next++ % 8];
    snprintf(p, sizeof path[0], "%s/%s", tmp, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return p;
}

static const char *data_arg(void) {
    static char a[PATH_MAX + 16];
    snprintf(a, sizeof a, "data_dir=%s", data_dir);
    return a;
}

/* ---- numbers: one strict parser (textscan.c) for config, traces and the command line ---------- */

static void test_numbers(void **state) {
    (void)state;
    const char *lead = "a leading zero is refused rather than read as octal";
    expect(RUN("traffic", "mesh_k=010"), 2, err_text, lead);        /* was an 8x8 mesh */
    expect(RUN("traffic", "mesh_k=08"), 2, err_text, lead);
    expect(RUN("traffic", "injection_rate=nan"), 2, err_text, "not a finite number");
    expect(RUN("traffic", "mcast_fraction=nan"), 2, err_text, "not a finite number");
    expect(RUN("traffic", "injection_rate=inf"), 2, err_text, "not a finite number");
    expect(RUN("bench", "--cycles", "010"), 2, err_text, "no leading zero");
    expect(RUN("bench", "--cycles=+5"), 2, err_text, "no sign");
    expect(RUN("gen-trace", "--per-warp", "0x10", "--out", "x.trace"), 2, err_text, "--per-warp '0x10'");
    char where[700];
    const char *cfg = write_file("octal.cfg", "# a machine\nmesh_k = 010\n");
    snprintf(where, sizeof where, "%s:2: mesh_k = '010'", cfg);
    expect(RUN("traffic", "-c", cfg), 1, err_text, where);
    const char *trace = write_file("octal.trace", "0 0 R 0x100 f\n0 0 R 0100000 f\n");
    snprintf(where, sizeof where, "%s:2: bad address '0100000'", trace);
    expect(RUN("run", "--trace", trace), 1, err_text, where);       /* was read as 0x8000 */
    expect(RUN("run", "--trace", trace), 1, err_text, lead);
}

/* ---- the command line: getopt_long via cmodel/tool/cli_opts.c, nothing ignored ---------------- */

static void test_stray_words(void **state) {
    (void)state;
    expect(RUN("traffic", "injection_rate", "0.3"), 2, err_text, "'injection_rate' is a configuration key without a value");
    expect(RUN("traffic", "foo"), 2, err_text, "unexpected argument 'foo'");
    expect(RUN("traffic", "--trace", "x"), 2, err_text, "option --trace does not apply to traffic");
    expect(RUN("traffic", "--bogus"), 2, err_text, "unknown option '--bogus'");
    expect(RUN("run", "--pattern"), 2, err_text, "option '--pattern' needs a value");
    expect(RUN("frob"), 2, err_text, "unknown command 'frob'");
    expect(RUN("convert", "only-one"), 2, err_text, "expected 2 operands");
    expect(RUN("gen-trace", "--pattern", "stream"), 2, err_text, "--out FILE is required");
    /* --opt=value and --opt value, options after the operands */
    expect(RUN("bench", "mesh_k=4", "--cycles=200"), 0, out_text, "200 cycles");
    expect(RUN("bench", "--cycles", "300", "mesh_k=4"), 0, out_text, "300 cycles");
    static const char *const cmds[] = {"compare", "run", "traffic", "sweep", "bench", "gpu-bench", "core-compare",
                                       "gen-trace", "convert", "ba-compare", "pcu-sweep", "codecs", "help-config"};
    for (unsigned i = 0; i < sizeof cmds / sizeof cmds[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "usage: npsim %s", cmds[i]);
        expect(RUN(cmds[i], "--help"), 0, out_text, want);
    }
    expect(RUN("--version"), 0, out_text, "npsim ");
    expect(RUN("--version"), 0, out_text, "git ");
    expect(RUN("--help"), 0, out_text, "pcu-sweep");
}

/* ---- synth_report: a named one must be usable; the default may fall back ----------------------- */

static void test_synth_report(void **state) {
    (void)state;
    char arg[800];
    snprintf(arg, sizeof arg, "synth_report=%s", write_file("bad_report.json", "{\"units\": [ oops\n"));
    expect(RUN("codecs", arg), 1, err_text, "not valid JSON");
    snprintf(arg, sizeof arg, "synth_report=%s", write_file("no_units.json", "{\"x\": 1}\n"));
    expect(RUN("codecs", arg), 1, err_text, "no \"units\" array");
    snprintf(arg, sizeof arg, "synth_report=%s/missing.json", tmp);
    expect(RUN("codecs", arg), 1, err_text, "cannot open: No such file or directory");
    expect(RUN("run", arg, "--pattern", "stream"), 1, err_text, "synth_report = ");   /* before any simulation */
    assert_string_equal(out_text, "");
    expect(RUN("codecs", "synth_report="), 0, out_text, "published (seed 001 Table 6.4; no synthesis report)");
    /* a usable report: its figure, with the file as the source */
    snprintf(arg, sizeof arg, "synth_report=%s",
             write_file("good_report.json", "{\"units\": [{\"top\": \"dsm_compressor\", \"latency_cycles\": 7}]}\n"));
    expect(RUN("codecs", arg), 0, out_text, "compressor 7 (");
    expect(RUN("codecs", arg), 0, out_text, "good_report.json)");
    /* the default path may be missing: published figures, and the output says so */
    char dir[700];
    snprintf(dir, sizeof dir, "%s/nowhere", tmp);
    mkdir(dir, 0777);
    expect(RUN_IN(dir, "codecs"), 0, out_text, "build/synth/report.json: cannot open");
}

/* ---- output paths: checked before the run; folders made where a folder was asked for ------------ */

static void test_output_paths(void **state) {
    (void)state;
    expect(RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", "/nonexistent/r.json"), 1, err_text,
           "--out /nonexistent/r.json: cannot write: folder /nonexistent: No such file or directory");
    assert_string_equal(out_text, "");                          /* nothing was simulated */
    expect(RUN("run", data_arg(), "--out", tmp), 1, err_text, "is a folder");
    char trace[700], out[800], json[900];
    snprintf(trace, sizeof trace, "%s/tiny.trace", tmp);
    expect(RUN("gen-trace", data_arg(), "--pattern", "stream", "--per-warp", "1", "--out", trace), 0, out_text, "gen-trace");
    snprintf(out, sizeof out, "%s/new/deeper", tmp);            /* a folder that does not exist yet */
    expect(RUN("core-compare", "--trace", trace, "--out", out), 0, out_text, "core-compare");
    snprintf(json, sizeof json, "%s/core_compare.json", out);
    struct stat sb;
    assert_int_equal(stat(json, &sb), 0);
}

/* ---- issue 33: no partial result under the final name, outputs checked before the run ----------- */

/* Entries of folder dir whose name starts with prefix (a result or a temporary file left). */
static unsigned count_entries(const char *dir, const char *prefix) {
    DIR *d = opendir(dir);
    assert_non_null(d);
    unsigned n = 0;
    for (struct dirent *e; (e = readdir(d));) n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

/* Case 1: a write that fails part-way (RLIMIT_FSIZE: EFBIG like a full disk) leaves no file
 * under the final name and no temporary file; an existing result is left as it was. */
static void test_full_disk_leaves_nothing(void **state) {
    (void)state;
    char dir[700], trace[800], json[800];
    snprintf(dir, sizeof dir, "%s/full", tmp);
    mkdir(dir, 0777);
    snprintf(trace, sizeof trace, "%s/t.trace", dir);
    child_fsize = 64 * 1024;
    int rc = RUN("gen-trace", data_arg(), "--pattern", "stream", "--per-warp", "200", "--out", trace);
    expect(rc, 3, err_text, "t.trace: cannot write: File too large");      /* 3: a resource ran out */
    assert_int_equal(count_entries(dir, "t.trace"), 0);          /* was a partial trace, run with exit 0 */
    snprintf(json, sizeof json, "%s/r.json", dir);
    FILE *f = fopen(json, "w");
    assert_non_null(f);
    fputs("{\"old\": true}\n", f);
    fclose(f);
    child_fsize = 4096;
    rc = RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", json);
    expect(rc, 3, err_text, "r.json: cannot write: File too large");
    char text[64];
    slurp(json, text, sizeof text);
    assert_string_equal(text, "{\"old\": true}\n");               /* the old result, whole */
    assert_int_equal(count_entries(dir, "r.json"), 1);
    /* the same runs with room: whole files under the final names, nothing else */
    expect(RUN("gen-trace", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", trace), 0, out_text, "");
    expect(RUN("run", "--trace", trace, "--out", json), 0, out_text, "");
    cJSON *j = cJSON_Parse((slurp(json, out_text, sizeof out_text), out_text));
    assert_non_null(cJSON_GetObjectItem(j, "provenance"));
    cJSON_Delete(j);
    assert_int_equal(count_entries(dir, "t.trace"), 1);
    assert_int_equal(count_entries(dir, "r.json"), 1);
}

/* A fresh folder tmp/NAME and the path of r.json in it: the output of a case-1 test. */
static void scratch_out(const char *name, char dir[700], char json[800]) {
    snprintf(dir, 700, "%s/%s", tmp, name);
    mkdir(dir, 0777);
    snprintf(json, 800, "%s/r.json", dir);
}

/* Case 1: two runs writing the same --out at once. Each output appears under its final name only
 * by a rename of a whole temporary file (inotify sees the name only as IN_MOVED_TO, never created
 * or written in place: the in-place writes left an invalid JSON in 1 of 15 tries), so the file
 * that remains is one run's whole JSON, and no temporary file is left. */
static void test_concurrent_writers(void **state) {
    (void)state;
    char dir[700], json[800];
    scratch_out("race", dir, json);
    int in = inotify_init1(IN_NONBLOCK);
    assert_true(in >= 0);
    /* IN_MOVED_FROM too, though only the IN_MOVED_TO events are counted: the kernel merges an
     * event into the unread one before it when both have the same mask and name, cookie aside, so
     * the two runs' renames to r.json showed as one whenever they came back to back (the test
     * failed under load). Each rename's IN_MOVED_FROM, naming its own temporary file, sits
     * between them. */
    assert_true(inotify_add_watch(in, dir, IN_CREATE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO) >= 0);
    const char *argv[] = {npsim, "run", data_arg(), "--pattern", "mix", "--per-warp", "8", "--out", json, "--quiet", NULL};
    pid_t pid[2];
    for (unsigned i = 0; i < 2; i++) {
        pid[i] = fork();
        assert_true(pid[i] >= 0);
        if (pid[i] == 0) {
            int null = open("/dev/null", O_WRONLY);
            if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0) _exit(126);
            execv(npsim, (char *const *)argv);
            _exit(127);
        }
    }
    for (unsigned i = 0; i < 2; i++) {
        int status;
        assert_true(waitpid(pid[i], &status, 0) == pid[i]);
        assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    }
    char buf[1 << 16] __attribute__((aligned(__alignof__(struct inotify_event))));
    unsigned renamed = 0;
    for (ssize_t n; (n = read(in, buf, sizeof buf)) > 0;)
        for (char *p = buf; p < buf + n; p += sizeof(struct inotify_event) + ((struct inotify_event *)p)->len) {
            const struct inotify_event *e = (const struct inotify_event *)p;
            if (e->mask & IN_Q_OVERFLOW) fail_msg("inotify's queue overflowed: events were lost");
            if (e->len == 0 || strcmp(e->name, "r.json") != 0) continue;
            if (e->mask & (IN_CREATE | IN_MODIFY)) fail_msg("r.json was %s in place", e->mask & IN_CREATE ? "created" : "written");
            renamed += (e->mask & IN_MOVED_TO) != 0;
        }
    close(in);
    assert_int_equal(renamed, 2);                                   /* both runs, each by a rename */
    cJSON *j = cJSON_Parse((slurp(json, out_text, sizeof out_text), out_text));
    assert_non_null(j);
    assert_non_null(cJSON_GetObjectItem(j, "provenance"));
    cJSON_Delete(j);
    assert_int_equal(count_entries(dir, "r.json"), 1);             /* r.json alone: no r.json.XXXXXX left */
}

/* Case 1: a full file system (not a size limit) is found before the run, with the exit code of
 * an exhausted resource (3; it was 1, where the same disk full during the write gave 3). Needs a
 * mount namespace (root, as CI runs): skipped with the reason otherwise. */
static void test_full_file_system_up_front(void **state) {
    (void)state;
    char dir[700], json[800];
    scratch_out("fullfs", dir, json);
    child_full_fs = dir;
    int rc = RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "2000", "--out", json);
    if (rc == CHILD_NO_MOUNT) {
        print_message("skipped: cannot mount a tmpfs in a mount namespace of the child (not root?)\n");
        skip();
    }
    expect(rc, 3, err_text, "--out ");
    expect(rc, 3, err_text, "r.json: cannot write: No space left on device (the file system of ");
    assert_string_equal(out_text, "");                                 /* nothing was simulated */
}

/* Case 6: names that cannot be written are refused before the run: too long, a dangling link,
 * a loop of links. A link to a file is written through (the link stays). */
static void test_out_checked_up_front(void **state) {
    (void)state;
    char longname[700], dangling[700], loop_a[700], loop_b[700], target[700], link[700];
    int n = snprintf(longname, sizeof longname, "%s/", tmp);
    memset(longname + n, 'a', 300);
    snprintf(longname + n + 300, sizeof longname - (size_t)n - 300, ".json");
    expect(RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", longname), 1, err_text,
           "file name too long (305 characters");
    assert_string_equal(out_text, "");                                 /* nothing was simulated */
    snprintf(dangling, sizeof dangling, "%s/dangling.json", tmp);
    unlink(dangling);
    assert_int_equal(symlink("no/such/folder/x.json", dangling), 0);
    expect(RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", dangling), 1, err_text,
           "dangling.json: cannot write: a symbolic link to a missing file");
    assert_string_equal(out_text, "");
    snprintf(loop_a, sizeof loop_a, "%s/loop_a.json", tmp);
    snprintf(loop_b, sizeof loop_b, "%s/loop_b.json", tmp);
    unlink(loop_a);
    unlink(loop_b);
    assert_int_equal(symlink(loop_b, loop_a), 0);
    assert_int_equal(symlink(loop_a, loop_b), 0);
    expect(RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", loop_a), 1, err_text,
           "loop_a.json: cannot write: a loop of symbolic links");
    assert_string_equal(out_text, "");
    snprintf(target, sizeof target, "%s/target.json", tmp);
    snprintf(link, sizeof link, "%s/link.json", tmp);
    unlink(link);
    FILE *f = fopen(target, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(symlink("target.json", link), 0);
    expect(RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", link), 0, out_text, "");
    struct stat sb;
    assert_int_equal(lstat(link, &sb), 0);
    assert_true(S_ISLNK(sb.st_mode));
    assert_int_equal(stat(target, &sb), 0);
    assert_true(sb.st_size > 100);                                     /* the JSON went to the target */
}

/* Cases 2 and 4: readers take regular files only (a device never ends, a fifo without a writer
 * hangs), a JSON is one value and nothing after it, a key is set once per configuration file. */
static void test_readers_refuse_what_they_do_not_understand(void **state) {
    (void)state;
    char json[700], fifo[700];
    snprintf(json, sizeof json, "%s/rerun.json", tmp);
    expect(RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", json), 0, out_text, "");
    expect(RUN("run", "--from-json", json), 0, out_text, "workload: stream");
    FILE *f = fopen(json, "a");
    assert_non_null(f);
    fputs("garbage\n", f);
    fclose(f);
    expect(RUN("run", "--from-json", json), 1, err_text, "not valid JSON: error or trailing data at byte");
    expect(RUN("run", "--from-json", "/dev/zero"), 1, err_text,
           "--from-json /dev/zero: is a character device, not a regular file");
    expect(RUN("run", data_arg(), "-c", "/dev/zero"), 1, err_text, "/dev/zero: is a character device, not a regular file");
    snprintf(fifo, sizeof fifo, "%s/fifo", tmp);
    unlink(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    expect(RUN("traffic", "-c", fifo), 1, err_text, "fifo: is a fifo or pipe, not a regular file");
    expect(RUN("run", "--trace", fifo), 1, err_text, "fifo: is a fifo or pipe, not a regular file");
    expect(RUN("run", "--from-json", fifo), 1, err_text, "fifo: is a fifo or pipe, not a regular file");
    const char *cfg = write_file("twice.cfg", "mesh_k = 4\nvcs = 2\n# the same key again\nmesh_k = 8\n");
    char where[800];
    snprintf(where, sizeof where, "%s:4: mesh_k is set twice in this file (first at line 1)", cfg);
    expect(RUN("traffic", "-c", cfg), 1, err_text, where);
}

/* Case 9: the exit-status table (cli_opts.h): 0 success, 1 bad input or failed run, 2 bad
 * command line, 3 a resource ran out. */
static void test_exit_status_table(void **state) {
    (void)state;
    expect(RUN("run", "--pattern", "foo"), 2, err_text, "--pattern 'foo': unknown pattern (stream");   /* was 1 */
    expect(RUN("bench", "--cycles", "x"), 2, err_text, "--cycles 'x'");
    /* case 8: the option's range is measure_cycles' (10^18 was accepted and ran silently for ever) */
    expect(RUN("bench", "--cycles", "1000000000000000000"), 2, err_text, "in 1..100000000");
    expect(RUN("gpu-bench", "--cycles", "101"), 2, err_text, "in 1..100");
    expect(RUN("nosuchcommand"), 2, err_text, "unknown command");
    expect(RUN("run", "--trace", "/nonexistent.trace"), 1, err_text, "cannot open");
    child_memory = 256u << 20;                      /* the generated workload needs far more */
    int rc = RUN("run", data_arg(), "--pattern", "stream", "--per-warp", "1000000");
    expect(rc, 3, err_text, "out of memory");                                            /* was 2 */
}

/* Case 8: a long job shows a progress line on stderr when it is a terminal (a pty here), and
 * none with --quiet or when stderr is a file. Returns the exit code; what the terminal got is
 * in err_text. */
static int run_on_tty_npsim(const char *const *args) {
    const char *argv[64] = {npsim};
    unsigned n = 1;
    for (; args[n - 1] && n < 63; n++) argv[n] = args[n - 1];
    argv[n] = NULL;
    return run_on_tty(argv, err_text, sizeof err_text); /* tests/test_tty.h */
}

static void test_progress_on_a_terminal(void **state) {
    (void)state;
    const char *progress = "npsim: synthetic traffic: ";
    int rc = run_on_tty_npsim((const char *const[]){"bench", "--cycles", "600000", NULL});
    if (rc != 0 || !strstr(err_text, progress)) fail_msg("rc %d, no progress on the terminal: '%s'", rc, err_text);
    assert_non_null(strstr(err_text, "of 600000 cycles ("));
    rc = run_on_tty_npsim((const char *const[]){"bench", "--cycles", "600000", "--quiet", NULL});
    if (rc != 0 || strstr(err_text, progress)) fail_msg("rc %d, progress despite --quiet: '%s'", rc, err_text);
    expect(RUN("bench", "--cycles", "600000"), 0, out_text, "600000 cycles");
    if (strstr(err_text, progress)) fail_msg("progress into a file: '%s'", err_text);
}

/* A generated trace in both forms: tmp/NAME.trace (text, by gen-trace) and tmp/NAME.bin (convert). */
static void write_trace_pair(const char *name, const char *pattern, const char *per_warp, char text[700], char bin[700]) {
    snprintf(text, 700, "%s/%s.trace", tmp, name);
    snprintf(bin, 700, "%s/%s.bin", tmp, name);
    expect(RUN("gen-trace", data_arg(), "--pattern", pattern, "--per-warp", per_warp, "--out", text), 0, out_text, "");
    expect(RUN("convert", text, bin), 0, out_text, "");
}

/* Reading a trace reports the bytes read (a trace of gigabytes took minutes, silently), in both
 * tools, for the text and the binary form; NP_PROGRESS_AFTER=0 shows the line at once. */
static void test_progress_reading_a_trace(void **state) {
    (void)state;
    char text[700], bin[700];
    write_trace_pair("progress", "stream", "24", text, bin); /* > 65,536 lines and records: one report each */
    assert_int_equal(setenv("NP_PROGRESS_AFTER", "0", 1), 0);
    const char *traces[] = {text, bin};
    for (unsigned i = 0; i < 2; i++) {
        char want[800];
        snprintf(want, sizeof want, "nocpress: %s: ", traces[i]);
        int rc = run_on_tty((const char *const[]){nocpress, "reuse", traces[i], NULL}, err_text, sizeof err_text);
        if (rc != 0 || !strstr(err_text, want) || !strstr(err_text, " bytes ("))
            fail_msg("nocpress reuse %s: rc %d, no reading progress: '%s'", traces[i], rc, err_text);
        if (!strstr(err_text, "nocpress: reuse distances: 0 of "))
            fail_msg("nocpress reuse %s: no progress of the analysis: '%s'", traces[i], err_text);
        snprintf(want, sizeof want, "npsim: %s: ", traces[i]);
        rc = run_on_tty((const char *const[]){npsim, "run", "--trace", traces[i], "--quiet", NULL}, err_text,
                        sizeof err_text);
        if (rc != 0 || strstr(err_text, want)) fail_msg("npsim run --quiet %s: rc %d, progress: '%s'", traces[i], rc, err_text);
    }
    int rc = run_on_tty((const char *const[]){npsim, "run", "--trace", bin, NULL}, err_text, sizeof err_text);
    if (rc != 0 || !strstr(err_text, "npsim: ") || !strstr(err_text, "progress.bin: "))
        fail_msg("npsim run --trace: rc %d, no reading progress: '%s'", rc, err_text);
    assert_int_equal(unsetenv("NP_PROGRESS_AFTER"), 0);
}

/* Case 5: one trace parser. `nocpress reuse` reads traces with npsim's reader: the v2 text and
 * binary traces npsim writes (refused before), the same accesses from both, and the same refusal
 * of a leading zero (nocpress read 0400 as 400). */
static unsigned reuse_accesses(const char *trace) {
    program = nocpress;
    expect(RUN("reuse", trace), 0, out_text, " accesses analysed");
    unsigned n = 0;
    assert_int_equal(sscanf(strstr(out_text, ": ") + 2, "%u accesses analysed", &n), 1);
    return n;
}

static void test_one_trace_parser(void **state) {
    (void)state;
    char text[700], bin[700];
    write_trace_pair("v2", "mix", "4", text, bin);
    slurp(text, err_text, sizeof err_text);
    assert_non_null(strstr(err_text, "trace v2"));                     /* compute and registers: v2 */
    unsigned from_text = reuse_accesses(text), from_bin = reuse_accesses(bin);
    assert_true(from_text > 1000);
    assert_int_equal(from_text, from_bin);
    const char *octal = write_file("octal-addr.trace", "0 1 R 0400 f\n");
    expect(RUN("run", "--trace", octal), 1, err_text, "1: bad address '0400' (a leading zero is refused");
    program = nocpress;
    expect(RUN("reuse", octal), 1, err_text, "1: bad address '0400' (a leading zero is refused");
}

/* ---- no user string reaches a shell: gnuplot runs with an argv, the script on its stdin ---------- */

static void test_no_shell(void **state) {
    (void)state;
    char work[700], out[900], png[1000], pwned[800];
    snprintf(work, sizeof work, "%s/shell", tmp);
    mkdir(work, 0777);
    snprintf(pwned, sizeof pwned, "%s/PWNED", work);
    const char *name = "x$(touch PWNED)'q\"`touch PWNED`;touch PWNED";
    snprintf(out, sizeof out, "%s/s", name);
    char folder[900];
    snprintf(folder, sizeof folder, "%s/%s", work, name);
    assert_int_equal(mkdir(folder, 0777), 0);
    expect(RUN_IN(work, "sweep", "mesh_k=4", "warmup_cycles=100", "measure_cycles=300", "drain_cycles=2000", "--out", out),
           0, out_text, "sweep: wrote");
    struct stat sb;
    assert_int_not_equal(stat(pwned, &sb), 0);                 /* no command ran */
    snprintf(png, sizeof png, "%s/s.png", folder);
    assert_int_equal(stat(png, &sb), 0);                        /* and gnuplot drew the plot */
    assert_true(sb.st_size > 0);
}

/* Issue 33: a plot is written whole or not at all. A gnuplot that draws half an image and fails
 * (a crash, a full disk) must leave the previous image as it was and no temporary file; before,
 * gnuplot wrote the PNG in place. The fake gnuplot finds its output where either way of naming
 * it puts it: `set output 'PATH'` in the script on stdin, or np_out_1 = 'PATH' in -e. */
static unsigned entries_named(const char *dir, const char *prefix) {
    DIR *d = opendir(dir);
    assert_non_null(d);
    unsigned n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(d);
    return n;
}

static void test_plot_whole_or_nothing(void **state) {
    (void)state;
    char dir[700], prefix[800], png[900], bin[700], fake[800], path[4096];
    snprintf(dir, sizeof dir, "%s/plots", tmp);
    mkdir(dir, 0777);
    snprintf(prefix, sizeof prefix, "%s/s", dir);
    snprintf(png, sizeof png, "%s.png", prefix);
    const char *const sweep[] = {"sweep", "mesh_k=4", "warmup_cycles=100", "measure_cycles=300", "drain_cycles=2000",
                                 "--out", prefix, NULL};
    expect(run_in(NULL, sweep), 0, out_text, "sweep: wrote");
    static char good[1 << 20], after[1 << 20];
    struct stat sb;
    assert_int_equal(stat(png, &sb), 0);
    assert_true(sb.st_size > 8 && (size_t)sb.st_size < sizeof good);
    slurp(png, good, sizeof good);
    assert_int_equal(memcmp(good, "\x89PNG", 4), 0);
    /* gnuplot draws half an image, then fails */
    snprintf(bin, sizeof bin, "%s/fakebin", tmp);
    mkdir(bin, 0777);
    snprintf(fake, sizeof fake, "%s/gnuplot", bin);
    write_file("fakebin/gnuplot",
               "#!/bin/sh\nout=$(sed -n \"s/^set output '\\(.*\\)'$/\\1/p\")\n"
               "[ -n \"$out\" ] || out=$(printf '%s' \"$2\" | sed -n \"s/^np_out_1 = '\\(.*\\)'$/\\1/p\")\n"
               "printf 'HALF AN IMAGE' > \"$out\"\nexit 1\n");
    assert_int_equal(chmod(fake, 0755), 0);
    const char *old_path = getenv("PATH");
    char *saved = strdup(old_path ? old_path : "/usr/bin:/bin");
    snprintf(path, sizeof path, "%s:%s", bin, saved);
    setenv("PATH", path, 1);
    int rc = run_in(NULL, sweep);
    setenv("PATH", saved, 1);
    free(saved);
    expect(rc, 1, err_text, "gnuplot failed");
    slurp(png, after, sizeof after);
    if (memcmp(good, after, (size_t)sb.st_size) != 0 || strlen(after) != strlen(good))
        fail_msg("the old image was replaced by a failed plot: '%.20s'", after);
    assert_int_equal(entries_named(dir, "s.png."), 0);           /* no temporary file left */
    /* the script beside the plot redraws it by hand under its final name */
    char gp[900];
    snprintf(gp, sizeof gp, "%s.gp", prefix);
    slurp(gp, after, sizeof after);
    assert_non_null(strstr(after, "set output np_out_1"));
    assert_non_null(strstr(after, "if (!exists(\"np_out_1\")) np_out_1 = '"));
}

/* ---- config paths, data folder only when needed ---------------------------------------------------- */

static void test_paths_and_data(void **state) {
    (void)state;
    char sub[700], link[800], trace[700];
    snprintf(sub, sizeof sub, "%s/cfgdir", tmp);
    mkdir(sub, 0777);
    const char *cfg = write_file("cfgdir/rel.cfg", "data_dir = lines   # next to this file\n");
    char want[800];
    snprintf(want, sizeof want, "%s/lines", sub);               /* relative to the config, not the cwd */
    expect(RUN("run", "-c", cfg, "--pattern", "stream", "--per-warp", "1"), 1, err_text, want);
    expect(RUN("run", "-c", cfg, "--pattern", "stream", "--per-warp", "1"), 1, err_text, "set data_dir=");
    snprintf(link, sizeof link, "%s/lines", sub);
    assert_int_equal(symlink(data_dir, link), 0);
    expect(RUN("run", "-c", cfg, "--pattern", "stream", "--per-warp", "1"), 0, out_text, "memory image");
    /* the user's own trace with compressor none: no data folder needed, same result */
    snprintf(trace, sizeof trace, "%s/own.trace", tmp);
    expect(RUN("gen-trace", data_arg(), "--pattern", "stream", "--per-warp", "2", "--out", trace), 0, out_text, "gen-trace");
    expect(RUN("run", data_arg(), "--trace", trace), 0, out_text, "completion");
    char with_data[sizeof out_text];
    const char *row = strstr(out_text, "\nnone");
    assert_non_null(row);
    snprintf(with_data, sizeof with_data, "%s", row);
    expect(RUN("run", "data_dir=/nonexistent", "--trace", trace), 0, out_text, "memory image not read");
    row = strstr(out_text, "\nnone");
    assert_non_null(row);
    assert_string_equal(row, with_data);
    expect(RUN("run", "data_dir=/nonexistent", "compressor=dsm", "--trace", trace), 1, err_text,
           "compressor dsm reads the memory image; set data_dir=");
}

/* ---- provenance and rerunning from a JSON ---------------------------------------------------------- */

static cJSON *load_json(const char *path) {
    static char text[1 << 20];
    slurp(path, text, sizeof text);
    cJSON *j = cJSON_Parse(text);
    if (!j) fail_msg("%s: not JSON", path);
    return j;
}

static void check_provenance(const cJSON *root) {
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(root, "provenance");
    assert_non_null(p);
    static const char *const fields[] = {"tool", "version", "git_revision", "library", "models", "command", "date",
                                         "seed", "config", "workload", "inputs", "latencies"};
    for (unsigned i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (!cJSON_GetObjectItemCaseSensitive(p, fields[i])) fail_msg("provenance lacks %s", fields[i]);
    const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(p, "config");
    /* every key, defaults included */
    assert_non_null(cJSON_GetObjectItemCaseSensitive(cfg, "mesh_k"));
    assert_non_null(cJSON_GetObjectItemCaseSensitive(cfg, "dram_latency"));
    assert_non_null(cJSON_GetObjectItemCaseSensitive(cfg, "seed"));
    const cJSON *in;
    cJSON_ArrayForEach(in, cJSON_GetObjectItemCaseSensitive(p, "inputs"))
        if (!cJSON_GetObjectItemCaseSensitive(in, "bytes") || !cJSON_GetObjectItemCaseSensitive(in, "crc32"))
            fail_msg("an input without its size and CRC-32 (np_provenance.h)");
    const cJSON *lat;
    cJSON_ArrayForEach(lat, cJSON_GetObjectItemCaseSensitive(p, "latencies")) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(lat, "compressor");
        assert_true(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c, "source")));
    }
}

static void test_provenance_and_rerun(void **state) {
    (void)state;
    char a[700], b[700], cfgarg[800];
    snprintf(a, sizeof a, "%s/a.json", tmp);
    snprintf(b, sizeof b, "%s/b.json", tmp);
    /* a non-default configuration from a file and the command line, a non-default seed */
    const char *cfg = write_file("rerun.cfg", "injection_rate = 0.3333333333333333\nl2_hit_latency = 100\n");
    snprintf(cfgarg, sizeof cfgarg, "%s", cfg);
    expect(RUN("run", "-c", cfgarg, data_arg(), "compressor=dsm", "seed=7", "mesh_k=0x8", "--pattern", "graph",
               "--per-warp", "3", "--out", a), 0, out_text, "dsm");
    cJSON *ja = load_json(a);
    check_provenance(ja);
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(ja, "provenance");
    assert_int_equal((int)cJSON_GetObjectItemCaseSensitive(p, "seed")->valuedouble, 7);
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(p, "config"), "l2_hit_latency")
                            ->valuestring, "100");
    /* rerun from the JSON alone (no -c, no keys, no workload options): the same run */
    expect(RUN("run", "--from-json", a, "--out", b), 0, out_text, "dsm");
    cJSON *jb = load_json(b);
    check_provenance(jb);
    cJSON_DeleteItemFromObject(ja, "provenance");
    cJSON_DeleteItemFromObject(jb, "provenance");
    if (!cJSON_Compare(ja, jb, true)) fail_msg("rerun from %s differs", a);
    /* a key on the command line overrides the JSON's, and a changed run compares unequal (the
     * comparison above can fail) */
    expect(RUN("run", "--from-json", a, "l2_hit_latency=300", "--out", b), 0, out_text, "dsm");
    cJSON *jc = load_json(b);
    cJSON_DeleteItemFromObject(jc, "provenance");
    assert_false(cJSON_Compare(ja, jc, true));
    cJSON_Delete(ja);
    cJSON_Delete(jb);
    cJSON_Delete(jc);
    expect(RUN("run", "--from-json", cfg), 1, err_text, "not valid JSON");
    /* an Accel-Sim list: the kernel trace it names is an input, with its size */
    expect(RUN("run", "core=sm", "--trace", "tests/traces/tiny-accelsim/kernelslist.g", "--out", a), 0, out_text, "core");
    cJSON *jk = load_json(a);
    check_provenance(jk);
    bool kernel = false;
    const cJSON *in;
    cJSON_ArrayForEach(in, cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(jk, "provenance"), "inputs"))
        kernel |= strstr(cJSON_GetObjectItemCaseSensitive(in, "path")->valuestring, "kernel-1.traceg") != NULL;
    assert_true(kernel);
    cJSON_Delete(jk);
        /* the sweep's JSON carries it too */
    char prefix[700], sj[800];
    snprintf(prefix, sizeof prefix, "%s/sw", tmp);
    expect(RUN("sweep", "mesh_k=4", "warmup_cycles=100", "measure_cycles=300", "drain_cycles=2000", "--out", prefix), 0,
           out_text, "sweep: wrote");
    snprintf(sj, sizeof sj, "%s.json", prefix);
    cJSON *js = load_json(sj);
    check_provenance(js);
    cJSON_Delete(js);
}

/* ---- l1_reuse = 1: the run JSON's rd0/rd1/rd2 (seed 002 Table 1; make paper's rd1-heavy class) - */

static double json_number(const cJSON *o, const char *a, const char *b) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(o, a), b);
    if (!cJSON_IsNumber(x)) fail_msg("no number %s.%s", a, b);
    return x->valuedouble;
}

/* The classes cover every read once, at the run's L1 (sets x ways), their fractions are theirs;
 * without the key there is no l1_reuse and, apart from it, the run is the same. */
static void test_l1_reuse_in_run_json(void **state) {
    (void)state;
    char a[700], b[700];
    snprintf(a, sizeof a, "%s/reuse.json", tmp);
    snprintf(b, sizeof b, "%s/plain.json", tmp);
    const char *trace = "tests/traces/tiny-accelsim/kernelslist.g";
    expect(RUN("run", "core=sm", "l1_kb=16", "l1_assoc=8", "l1_reuse=1", "--trace", trace, "--out", a), 0, out_text,
           "rd1 (miss, reused)");
    expect(RUN("run", "core=sm", "l1_kb=16", "l1_assoc=8", "--trace", trace, "--out", b), 0, out_text, "core");
    cJSON *ja = load_json(a), *jb = load_json(b);
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(ja, "l1_reuse");
    assert_non_null(r);
    assert_int_equal((int)cJSON_GetObjectItemCaseSensitive(r, "sets")->valuedouble, 16);
    assert_int_equal((int)cJSON_GetObjectItemCaseSensitive(r, "ways")->valuedouble, 8);
    double reads = cJSON_GetObjectItemCaseSensitive(r, "reads")->valuedouble, sum = 0;
    assert_true(reads > 0);
    static const char *const rd[3] = {"rd0", "rd1", "rd2"};
    for (unsigned i = 0; i < 3; i++) {
        double n = json_number(r, "per_set", rd[i]);
        sum += n;
        assert_true(fabs(json_number(r, "per_set_fraction", rd[i]) - n / reads) < 1e-12);
    }
    assert_true(sum == reads);
    assert_null(cJSON_GetObjectItemCaseSensitive(jb, "l1_reuse"));
    cJSON_DeleteItemFromObject(ja, "l1_reuse");
    cJSON_DeleteItemFromObject(ja, "provenance");
    cJSON_DeleteItemFromObject(jb, "provenance");
    if (!cJSON_Compare(ja, jb, true)) fail_msg("l1_reuse = 1 changed the run (%s against %s)", a, b);
    cJSON_Delete(ja);
    cJSON_Delete(jb);
    expect(RUN("run", "core=sm", "l1_reuse=1", "l1_compression=kernel-opt", "--trace", trace), 1, err_text, "kernel-opt");
}

/* The run's length in each mechanism's units (docs/paper.md "Run lengths"): run_length.cycles is
 * the completion, its warp instructions the core's; a compressed L1 adds EPs and LATTE-CC periods
 * per SM, whose mean over the SMs is the controller's EP count over the SMs; a plain L1 has none. */
static void test_run_length_in_run_json(void **state) {
    (void)state;
    char a[700], b[700];
    snprintf(a, sizeof a, "%s/latte.json", tmp);
    snprintf(b, sizeof b, "%s/plain-length.json", tmp);
    const char *trace = "tests/traces/tiny-accelsim/kernelslist.g";
    expect(RUN("run", "core=sm", "l1_compression=latte-cc", "--trace", trace, "--out", a), 0, out_text,
           "L1 compression run length: EPs per SM min");
    expect(RUN("run", "core=sm", "--trace", trace, "--out", b), 0, out_text, "core");
    cJSON *ja = load_json(a), *jb = load_json(b);
    const cJSON *rl = cJSON_GetObjectItemCaseSensitive(ja, "run_length");
    assert_non_null(rl);
    assert_true(cJSON_GetObjectItemCaseSensitive(rl, "cycles")->valuedouble ==
                cJSON_GetObjectItemCaseSensitive(ja, "completion_cycles")->valuedouble);
    assert_true(cJSON_GetObjectItemCaseSensitive(rl, "warp_instructions")->valuedouble == json_number(ja, "core", "instructions"));
    assert_true(cJSON_GetObjectItemCaseSensitive(rl, "warm_up_cycles")->valuedouble == 0);
    double per_period = json_number(rl, "periods_per_sm", "eps_per_period");
    assert_true(per_period == 10);
    double eps_min = json_number(rl, "eps_per_sm", "min"), eps_mean = json_number(rl, "eps_per_sm", "mean");
    assert_true(eps_min <= eps_mean && eps_mean <= json_number(rl, "eps_per_sm", "max"));
    assert_true(json_number(rl, "periods_per_sm", "min") == eps_min / per_period);
    assert_true(fabs(json_number(rl, "periods_per_sm", "mean") - eps_mean / per_period) < 1e-12);
    double sms = json_number(rl, "eps_per_sm", "sms");
    assert_true(sms >= 1);
    assert_true(fabs(eps_mean * sms - json_number(ja, "l1_compression", "eps")) < 1e-6);
    double used = json_number(rl, "eps_per_sm", "sms_with_accesses");
    assert_true(used <= sms);
    assert_true(json_number(rl, "eps_per_sm", "min_with_accesses") >= eps_min);
    assert_true(json_number(rl, "periods_per_sm", "min_with_accesses") == json_number(rl, "eps_per_sm", "min_with_accesses") / per_period);
    const cJSON *plain = cJSON_GetObjectItemCaseSensitive(jb, "run_length");
    assert_non_null(plain);
    assert_null(cJSON_GetObjectItemCaseSensitive(plain, "periods_per_sm"));
    cJSON_Delete(ja);
    cJSON_Delete(jb);
}

/* ---- workload = kernel:NAME: npsim runs a suite application itself --------------------------- */

/* The same run as tracing with npkernel and giving npsim the files: every result equal; the
 * temporary trace folder is gone afterwards; --from-json traces it again; bad names are usage
 * errors. */
static void test_kernel_workload(void **state) {
    (void)state;
    char k[700], t[700], r[700], dir[700], list[800], tmpdir[700], npkernel[PATH_MAX + 16];
    snprintf(k, sizeof k, "%s/kernel.json", tmp);
    snprintf(t, sizeof t, "%s/trace.json", tmp);
    snprintf(r, sizeof r, "%s/rerun.json", tmp);
    snprintf(dir, sizeof dir, "%s/npkernel", tmp);
    snprintf(list, sizeof list, "%s/red/kernelslist.g", dir);
    snprintf(tmpdir, sizeof tmpdir, "%s/tmpdir", tmp);
    assert_int_equal(mkdir(tmpdir, 0777), 0);
    assert_int_equal(setenv("TMPDIR", tmpdir, 1), 0);
    expect(RUN("run", "--kernel", "red", "kernel_scale=8", "core=sm", "compressor=bdi", "warps_per_sm=32", "--out", k), 0,
           out_text, "workload: kernel:red");
    assert_int_equal(count_entries(tmpdir, "npsim-kernel-"), 0);      /* the temporary trace is removed */
    snprintf(npkernel, sizeof npkernel, "%.*s/npkernel", (int)(strrchr(npsim, '/') - npsim), npsim);
    program = npkernel;
    expect(RUN("run", "red", "--scale", "8", "--trace", dir), 0, out_text, "red");
    expect(RUN("run", "--trace", list, "core=sm", "compressor=bdi", "warps_per_sm=32", "--out", t), 0, out_text, "bdi");
    cJSON *jk = load_json(k), *jt = load_json(t);
    check_provenance(jk);
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(jk, "provenance"), "workload");
    assert_string_equal(cJSON_GetObjectItemCaseSensitive(w, "kernel")->valuestring, "kernel:red");
    assert_int_equal((int)cJSON_GetObjectItemCaseSensitive(w, "launches")->valuedouble, 2);
    cJSON_DeleteItemFromObject(jk, "provenance");
    cJSON_DeleteItemFromObject(jt, "provenance");
    if (!cJSON_Compare(jk, jt, true)) fail_msg("kernel:red and npkernel's trace of red give different runs");
    expect(RUN("run", "--from-json", k, "--out", r), 0, out_text, "workload: kernel:red");
    cJSON *jr = load_json(r);
    cJSON_DeleteItemFromObject(jr, "provenance");
    if (!cJSON_Compare(jk, jr, true)) fail_msg("the rerun of %s differs", k);
    cJSON_Delete(jk);
    cJSON_Delete(jt);
    cJSON_Delete(jr);
    expect(RUN("run", "--kernel", "nope"), 2, err_text, "workload = 'kernel:nope': expected kernel:NAME");
    expect(RUN("run", "--kernel", "red", "--trace", list), 2, err_text, "name two workloads");
    expect(RUN("traffic", "workload=kernel:red"), 2, err_text, "does not apply to traffic");
    expect(RUN("run", "--kernel", "bfs", "kernel_input_dir=/nonexistent"), 1, err_text, "the application failed");
    assert_int_equal(count_entries(tmpdir, "npsim-kernel-"), 0);
    unsetenv("TMPDIR");
}

int main(void) {
    const char *np = getenv("SIM_TEST_NOCPRESS");
    if (!realpath(np ? np : "build/bin/nocpress", nocpress)) {
        fprintf(stderr, "test_sim_cli: %s: not found (SIM_TEST_NOCPRESS)\n", np ? np : "build/bin/nocpress");
        return 1;
    }
    const char *prog = getenv("SIM_TEST_NPSIM");
    if (!prog) prog = "build/bin/npsim";
    if (!realpath(prog, npsim)) {
        fprintf(stderr, "test_sim_cli: %s: not found (SIM_TEST_NPSIM)\n", prog);
        return 1;
    }
    if (!realpath(sim_test_data_dir(), data_dir)) {
        fprintf(stderr, "test_sim_cli: data folder %s not found (SIM_TEST_DATA_DIR)\n", sim_test_data_dir());
        return 1;
    }
    const char *base = getenv("SIM_TEST_TMP");
    char made[400];
    snprintf(made, sizeof made, "%s", base ? base : "/tmp");
    mkdir(made, 0777);
    snprintf(tmp, sizeof tmp, "%.400s/test_sim_cli_XXXXXX", made);
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 1;
    }
    char abs[PATH_MAX];
    if (realpath(tmp, abs) && strlen(abs) < sizeof tmp) memcpy(tmp, abs, strlen(abs) + 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_stray_words),
        cmocka_unit_test(test_synth_report),
        cmocka_unit_test(test_output_paths),
        cmocka_unit_test(test_full_disk_leaves_nothing),
        cmocka_unit_test(test_out_checked_up_front),
        cmocka_unit_test(test_full_file_system_up_front),
        cmocka_unit_test(test_concurrent_writers),
        cmocka_unit_test(test_readers_refuse_what_they_do_not_understand),
        cmocka_unit_test(test_exit_status_table),
        cmocka_unit_test(test_progress_on_a_terminal),
        cmocka_unit_test(test_progress_reading_a_trace),
        cmocka_unit_test(test_one_trace_parser),
        cmocka_unit_test(test_no_shell),
        cmocka_unit_test(test_plot_whole_or_nothing),
        cmocka_unit_test(test_paths_and_data),
        cmocka_unit_test(test_provenance_and_rerun),
        cmocka_unit_test(test_kernel_workload),
        cmocka_unit_test(test_l1_reuse_in_run_json),
        cmocka_unit_test(test_run_length_in_run_json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
