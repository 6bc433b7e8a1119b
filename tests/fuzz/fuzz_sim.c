/* libFuzzer targets of npsim's parsers (issue 15), one source built once per target with
 * FUZZ_SIM_KIND (sim/sim.mk):
 *   fuzz_sim_config       the configuration parser (config_load_file, then config_validate)
 *   fuzz_sim_trace_text   trace_load on arbitrary bytes (text; a leading NPTRACE1 goes binary)
 *   fuzz_sim_trace_bin    trace_load with the binary magic in front: every input reaches the
 *                         binary (v1 / v2) reader
 *   fuzz_sim_traceg       trace_load of an Accel-Sim .traceg file
 * The parsers read files (their errors name file:line), so each input is written to one file
 * per process. Checks beyond ASan/UBSan: a refused input's message starts with the file's name;
 * an accepted trace passes trace_check, and written as text and read back it gives the same
 * instructions and accesses (the text form is the one users edit); an accepted configuration
 * prints and reads back to the same values. */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/config.h"
#include "trace/trace.h"

#ifndef FUZZ_SIM_KIND
#error "FUZZ_SIM_KIND: fuzz_sim_config, fuzz_sim_trace_text, fuzz_sim_trace_bin or fuzz_sim_traceg"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char in_path[512], out_path[512];

static void remove_files(void) {
    unlink(in_path);
    unlink(out_path);
}

/* Where the per-input files go: a memory file system when there is one. Every input writes one
 * or two files and reads them back; on the disk-backed /tmp of the 2-core machine that made a run
 * wait on the file system for most of its time (fuzz_sim_traceg, 30,000 inputs: 15.9 s wall for
 * 2.7 + 5.4 CPU s in /tmp, 3.0 s wall for 1.5 + 1.3 in /dev/shm), a core of make test's pool idle. */
static const char *scratch_dir(void) {
    if (access("/dev/shm", W_OK | X_OK) == 0) return "/dev/shm";
    const char *tmp = getenv("TMPDIR");
    return tmp && *tmp && strlen(tmp) < 400 ? tmp : "/tmp";   /* 400: the paths fit in_path */
}

static void paths(void) {
    if (in_path[0]) return;
    atexit(remove_files);                 /* libFuzzer ends with exit(): no files left behind */
    const char *ext = !strcmp(FUZZ_SIM_KIND, "fuzz_sim_traceg") ? ".traceg" : !strcmp(FUZZ_SIM_KIND, "fuzz_sim_config")
                                                                                 ? ".cfg" : ".trace";
    const char *dir = scratch_dir();
    snprintf(in_path, sizeof in_path, "%s/%s.%ld%s", dir, FUZZ_SIM_KIND, (long)getpid(), ext);
    snprintf(out_path, sizeof out_path, "%s/%s.%ld.out", dir, FUZZ_SIM_KIND, (long)getpid());
}

static void put(const char *path, const void *prefix, size_t plen, const uint8_t *data, size_t size) {
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (plen) fwrite(prefix, 1, plen, f);
    fwrite(data, 1, size, f);
    fclose(f);
}

static void refused(const char *err) {
    if (strncmp(err, in_path, strlen(in_path)) != 0) abort();    /* the message names the file */
}

static int fuzz_config(const uint8_t *data, size_t size) {
    put(in_path, NULL, 0, data, size);
    sim_config cfg;
    config_default(&cfg);
    char err[1024] = "";
    if (!config_load_file(&cfg, in_path, err, sizeof err)) {
        refused(err);
        return 0;
    }
    char verr[1024];
    (void)config_validate(&cfg, verr, sizeof verr);
    /* print every key and read the text back: the same configuration */
    FILE *f = fopen(out_path, "w");
    if (!f) abort();
    config_print(&cfg, f);
    fclose(f);
    sim_config again;
    config_default(&again);
    if (!config_load_file(&again, out_path, err, sizeof err)) {
        /* config_print writes doubles with %g: a value whose 6-digit form leaves the key's
         * range cannot happen (ranges are [0, 1] or integers), so any refusal is a bug */
        abort();
    }
    return 0;
}

static int fuzz_trace(const uint8_t *data, size_t size) {
    static const char magic[8] = {'N', 'P', 'T', 'R', 'A', 'C', 'E', '1'};
    bool bin = !strcmp(FUZZ_SIM_KIND, "fuzz_sim_trace_bin");
    put(in_path, magic, bin ? sizeof magic : 0, data, size);
    trace_t t;
    trace_init(&t);
    char err[1024] = "";
    const unsigned sms = 64, warps = 64;
    if (!trace_load(&t, in_path, sms, warps, err, sizeof err)) {
        refused(err);
        trace_free(&t);
        return 0;
    }
    if (!trace_check(&t, sms, warps, err, sizeof err)) abort();
    if (!trace_save_text(&t, out_path, err, sizeof err)) abort();
    trace_t back;
    trace_init(&back);
    if (!trace_load(&back, out_path, sms, warps, err, sizeof err)) abort();
    if (back.nin != t.nin || back.count != t.count) abort();
    for (size_t i = 0; i < t.count; i++)
        if (back.a[i].addr != t.a[i].addr || back.a[i].mask != t.a[i].mask || back.a[i].write != t.a[i].write) abort();
    trace_free(&back);
    trace_free(&t);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    paths();
    if (size > (1u << 16)) return 0;      /* the parsers are line/record based: longer adds nothing */
    return !strcmp(FUZZ_SIM_KIND, "fuzz_sim_config") ? fuzz_config(data, size) : fuzz_trace(data, size);
}
