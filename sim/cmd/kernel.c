/* workload = kernel:NAME (docs/sim.md "Kernel workloads"): the SIMT runtime runs the application
 * NAME of apps/kernels (its check must pass) and traces it into a temporary folder; the command
 * then reads that folder's kernelslist.g and memory.npmem as it reads any --trace, and the folder
 * is removed when the command ends. One implementation serves npkernel and npsim: the ports and
 * the runtime are linked into npsim. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/npsim_cmd.h"
#include "kernels.h"

#define KERNEL_PREFIX "kernel:"

/* NAME of workload = kernel:NAME, or NULL when the key is empty. */
static const char *kernel_name(const options *o) {
    return o->cfg.workload[0] ? o->cfg.workload + strlen(KERNEL_PREFIX) : NULL;
}

bool kernel_workload_check(const options *o, char *err) {
    const char *w = o->cfg.workload;
    if (!w[0]) return true;
    if (strncmp(w, KERNEL_PREFIX, strlen(KERNEL_PREFIX)) || !np_kernel_find(kernel_name(o))) {
        snprintf(err, ERR_LEN, "workload = '%.60s': expected kernel:NAME with NAME an application of `npkernel list` "
                 "(e.g. kernel:bfs)", w);
        return false;
    }
    if (!(o->allowed & OPT_TRACE)) {
        snprintf(err, ERR_LEN, "workload = %.60s does not apply to %s (the GPU commands that take --trace run it)", w,
                 o->cmd);
        return false;
    }
    if (o->trace || o->pattern_given) {
        snprintf(err, ERR_LEN, "workload = %.60s and %s name two workloads: give one", w,
                 o->trace ? "--trace" : "--pattern");
        return false;
    }
    return true;
}

/* rm -r of the folder the tracer wrote (files only, no subfolders). */
static void remove_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (d) {
        for (struct dirent *e; (e = readdir(d));) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char path[SIM_PATH_MAX + 300];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
}

bool kernel_workload_trace(options *o, char *err) {
    const char *name = kernel_name(o);
    if (!name) return true;
    const np_kernel_entry *k = np_kernel_find(name);
    const char *tmp = getenv("TMPDIR");
    int n = snprintf(o->kernel_dir, sizeof o->kernel_dir, "%s/npsim-kernel-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
    if (n < 0 || (size_t)n >= sizeof o->kernel_dir || !mkdtemp(o->kernel_dir)) {
        snprintf(err, ERR_LEN, "workload = %s: cannot create a temporary folder %.300s: %s", o->cfg.workload,
                 o->kernel_dir, strerror(errno));
        o->kernel_dir[0] = '\0';
        return false;
    }
    simt_dev_opts dopt = {.trace_dir = o->kernel_dir};
    simt_app_opts app = {o->cfg.kernel_input_dir, o->cfg.kernel_scale, o->cfg.kernel_seed, 0, 1};
    double t0 = cpu_seconds();
    simt_dev *d = simt_dev_create(&dopt);
    int bad = k->fn(d, &app);
    simt_stats s = *simt_dev_stats(d);
    simt_dev_destroy(d);            /* closes the trace files */
    if (bad) {
        snprintf(err, ERR_LEN, "workload = %s: the application failed (the message above; npkernel run %s "
                 "--scale %u --seed %llu --input-dir %.300s shows the same)", o->cfg.workload, name,
                 o->cfg.kernel_scale, (unsigned long long)o->cfg.kernel_seed, o->cfg.kernel_input_dir);
        kernel_workload_remove(o);
        return false;
    }
    snprintf(o->kernel_list, sizeof o->kernel_list, "%s/kernelslist.g", o->kernel_dir);
    o->trace = o->kernel_list;
    o->kernel_trace_cpu = cpu_seconds() - t0;
    o->kernel_warp_insts = s.warp_insts;
    o->kernel_launches = s.launches;
    return true;
}

void kernel_workload_remove(options *o) {
    if (!o->kernel_dir[0]) return;
    remove_dir(o->kernel_dir);
    o->kernel_dir[0] = '\0';
}
