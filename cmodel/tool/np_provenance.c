/* The provenance object of every JSON result (np_provenance.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stddef.h>

#include "np_provenance.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "np_fileio.h"
#include "np_version.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Now, or SOURCE_DATE_EPOCH (reproducible-builds.org) when it holds a plain number. */
static void utc_date(char *out, size_t n) {
    time_t t = time(NULL);
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    if (sde != NULL && *sde != '\0') {
        char *end;
        errno = 0;
        long long v = strtoll(sde, &end, 10);
        if (errno == 0 && *end == '\0' && v >= 0) t = (time_t)v;
    }
    struct tm tm;
    if (gmtime_r(&t, &tm) == NULL || strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0) snprintf(out, n, "unknown");
}

cJSON *np_provenance_new(const char *tool, const char *git_revision, const char *command_name, int argc,
                         char *const argv[]) {
    cJSON *p = cJSON_CreateObject();
    if (p == NULL) return NULL;
    char date[32], cwd[PATH_MAX];
    utc_date(date, sizeof date);
    bool ok = cJSON_AddStringToObject(p, "tool", tool) && cJSON_AddStringToObject(p, "version", NOCPRESS_VERSION) &&
              cJSON_AddStringToObject(p, "git_revision", git_revision) &&
              cJSON_AddStringToObject(p, "library", np_version()) &&
              cJSON_AddStringToObject(p, "models", np_version_models()) &&
              cJSON_AddStringToObject(p, "command_name", command_name);
    cJSON *command = ok ? cJSON_AddArrayToObject(p, "command") : NULL;
    for (int i = 0; command != NULL && i < argc; i++) {
        cJSON *arg = cJSON_CreateString(argv[i]);
        ok = arg != NULL && cJSON_AddItemToArray(command, arg);
        if (!ok) break;
    }
    ok = ok && command != NULL;
    if (ok && getcwd(cwd, sizeof cwd) != NULL) ok = cJSON_AddStringToObject(p, "cwd", cwd) != NULL;
    ok = ok && cJSON_AddStringToObject(p, "date", date) && cJSON_AddArrayToObject(p, "inputs");
    if (!ok) {
        cJSON_Delete(p);
        return NULL;
    }
    return p;
}

bool np_file_crc32(const char *path, unsigned long *crc, long long *bytes, char *err, size_t err_len) {
    FILE *f = np_open_regular(path, bytes, err, err_len);
    if (f == NULL) return false;
    static unsigned char buf[1 << 16];
    uLong c = crc32(0L, Z_NULL, 0);
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0) c = crc32(c, buf, (uInt)got);
    bool ok = !ferror(f);
    if (!ok) snprintf(err, err_len, "%.900s: cannot read: %s", path, strerror(errno));
    fclose(f);
    *crc = (unsigned long)c;
    return ok;
}

bool np_provenance_add_input(cJSON *prov, const char *role, const char *path) {
    cJSON *inputs = cJSON_GetObjectItemCaseSensitive(prov, "inputs");
    cJSON *o = cJSON_CreateObject();
    if (o == NULL || inputs == NULL) {
        cJSON_Delete(o);
        return false;
    }
    cJSON_AddItemToArray(inputs, o);
    char err[1200], hex[16];
    unsigned long crc;
    long long bytes;
    bool ok = cJSON_AddStringToObject(o, "role", role) && cJSON_AddStringToObject(o, "path", path);
    if (!ok) return false;
    if (!np_file_crc32(path, &crc, &bytes, err, sizeof err)) return cJSON_AddStringToObject(o, "error", err) != NULL;
    snprintf(hex, sizeof hex, "%08lx", crc & 0xFFFFFFFFul);
    return cJSON_AddNumberToObject(o, "bytes", (double)bytes) && cJSON_AddStringToObject(o, "crc32", hex);
}

bool np_provenance_add_trace(cJSON *prov, const char *path) {
    if (!np_provenance_add_input(prov, "trace", path)) return false;
    size_t tl = strlen(path);
    static const char list[] = "kernelslist.g";
    if (tl < sizeof list - 1 || strcmp(path + tl - (sizeof list - 1), list) != 0) return true;
    /* one kernel-N.traceg line per launch, no folder part, beside the list (sim/trace/traceg.c) */
    char err[1200];
    long long size;
    FILE *kl = np_open_regular(path, &size, err, sizeof err);
    char line[512];
    bool ok = true;
    while (ok && kl != NULL && fgets(line, sizeof line, kl) != NULL) {
        line[strcspn(line, " \t\r\n")] = '\0';
        size_t n = strlen(line);
        bool traceg = (n >= 8 && strcmp(line + n - 7, ".traceg") == 0) || (n >= 11 && strcmp(line + n - 10, ".traceg.xz") == 0);
        if (strncmp(line, "kernel-", 7) != 0 || !traceg || strchr(line, '/') != NULL) continue;
        char kernel[PATH_MAX + 512];
        snprintf(kernel, sizeof kernel, "%.*s%s", (int)(tl - (sizeof list - 1)), path, line);
        ok = np_provenance_add_input(prov, "trace", kernel);
    }
    if (kl != NULL) fclose(kl);
    return ok;
}
