/* The latency rule of np_latency.h: synthesis report, then harness log, then the fallback. */
#define _POSIX_C_SOURCE 200809L
#include "np_latency.h"

#include "codec.h"
#include "np_fileio.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NP_LATENCY_MAX_TEXT (64u << 20)   /* a report is kilobytes; refuse anything absurd */

/* The whole file as a NUL-terminated string: a regular file only (np_fileio.h: a device or a
 * fifo is refused, never read forever). NULL with the reason in why. */
static char *read_text(const char *path, char *why, size_t why_len) {
    long long size = 0;
    FILE *f = np_open_regular(path, &size, why, why_len);
    if (!f) return NULL;
    char *text = size >= 0 && (unsigned long long)size < NP_LATENCY_MAX_TEXT ? malloc((size_t)size + 1) : NULL;
    size_t n = text ? fread(text, 1, (size_t)size, f) : 0;
    bool ok = text && n == (size_t)size && !ferror(f);
    fclose(f);
    if (!ok) {
        snprintf(why, why_len, "%s: cannot read (%s)", path, text ? "short read" : "too large or out of memory");
        free(text);
        return NULL;
    }
    text[n] = '\0';
    return text;
}

/* The parsed report; NULL with the reason in why. Trailing data after the JSON is refused. */
static cJSON *parse_report(const char *path, char *why, size_t len) {
    char *text = read_text(path, why, len);
    if (!text) return NULL;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithOpts(text, &end, 1);
    if (!root) {
        unsigned line = 1;                               /* where the JSON parser stopped */
        for (const char *p = text; end && p < end; p++) line += *p == '\n';
        snprintf(why, len, "%s is not valid JSON (line %u)", path, line);
    } else if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(root, "units"))) {
        snprintf(why, len, "%s has no \"units\" array (not a synthesis report)", path);
        cJSON_Delete(root);
        root = NULL;
    }
    free(text);
    return root;
}

/* latency_cycles of `top` in the parsed report; false with the reason in why. */
static bool report_latency(const cJSON *root, const char *top, unsigned *cycles, char *why, size_t len) {
    const cJSON *u;
    cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(root, "units")) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(u, "top");
        if (!cJSON_IsString(name) || strcmp(name->valuestring, top) != 0) continue;
        const cJSON *lat = cJSON_GetObjectItemCaseSensitive(u, "latency_cycles");
        if (!cJSON_IsNumber(lat) || lat->valuedouble < 0 || lat->valuedouble > 1e6 ||
            lat->valuedouble != (double)(unsigned)lat->valuedouble) {
            snprintf(why, len, "%s has no integer latency_cycles", top);
            return false;
        }
        *cycles = (unsigned)lat->valuedouble;
        return true;
    }
    snprintf(why, len, "%s not in the report", top);
    return false;
}

/* The harness's "LATENCY unit=<top> cycles=<n>" line of a run that passed ("PASS ..."), and
 * whether its THROUGHPUT probe (lines offered back to back) needed more than two cycles a line. */
static bool log_latency(const char *path, const char *top, unsigned *cycles, bool *one_at_a_time) {
    char err[400];
    long long size = 0;
    FILE *f = np_open_regular(path, &size, err, sizeof err);
    if (!f) return false;
    char want[160], thr[160], line[512];
    snprintf(want, sizeof want, "LATENCY unit=%s cycles=", top);
    snprintf(thr, sizeof thr, "THROUGHPUT unit=%s ", top);
    bool have = false, pass = false;
    *one_at_a_time = false;
    while (fgets(line, sizeof line, f)) {
        unsigned long long transfers = 0, valid = 0;
        if (strncmp(line, want, strlen(want)) == 0) have = sscanf(line + strlen(want), "%u", cycles) == 1;
        if (strncmp(line, thr, strlen(thr)) == 0 &&
            sscanf(line + strlen(thr), "transfers=%llu valid_cycles=%llu", &transfers, &valid) == 2)
            *one_at_a_time = valid > 2 * transfers;
        if (strncmp(line, "PASS ", 5) == 0) pass = true;
    }
    fclose(f);
    return have && pass;
}

void np_latency_resolve(np_latency *out, const char *top, const np_latency_sources *src, unsigned fallback_cycles,
                        const char *fallback_kind, const char *fallback_source) {
    memset(out, 0, sizeof *out);
    const char *report = src && src->report_path && *src->report_path ? src->report_path : NULL;
    const char *vdir = src && src->verify_dir && *src->verify_dir ? src->verify_dir : NULL;
    char log[512] = "";
    unsigned log_cycles = 0;
    bool have_log = false;
    if (top && vdir) {
        snprintf(log, sizeof log, "%s/%s.log", vdir, top);
        have_log = log_latency(log, top, &log_cycles, &out->one_at_a_time);
    }
    /* the throughput is the log's whichever source gives the latency (the report has none) */
    const char *thr = out->one_at_a_time ? ", one line at a time (THROUGHPUT in the harness log)" : "";
    char why[200];
    snprintf(why, sizeof why, "%s", !top ? "no RTL in nocpress" : "no synthesis report");
    if (top && report) {
        cJSON *root = parse_report(report, why, sizeof why);
        bool found = root && report_latency(root, top, &out->cycles, why, sizeof why);
        cJSON_Delete(root);
        if (found) {
            snprintf(out->source, sizeof out->source, "%s%s", report, thr);
            return;
        }
    }
    if (have_log) {
        out->cycles = log_cycles;
        snprintf(out->source, sizeof out->source, "%s LATENCY%s", log, thr);
        return;
    }
    out->cycles = fallback_cycles;
    snprintf(out->source, sizeof out->source, "%s (%s; %s)", fallback_kind, fallback_source, why);
}

bool np_latency_report_check(const char *path, char *err, size_t err_len) {
    char why[400];
    cJSON *root = parse_report(path, why, sizeof why);
    if (!root)
        snprintf(err, err_len, "synth_report = %s: %s (a named report must be usable; an empty synth_report= uses "
                 "the published latencies)", path, why);
    cJSON_Delete(root);
    return root != NULL;
}

void np_latency_resolve_codec(np_latency *out, const np_codec *c, bool decompressor, const np_latency_sources *src) {
    const char *source = NULL;
    unsigned fallback = np_codec_fallback_cycles(c, decompressor, &source);
    const np_published *p = np_codec_published(c, decompressor);
    np_latency_resolve(out, decompressor ? c->decomp_top : c->comp_top, src, fallback,
                       p && p->latency_cycles >= 0 ? "published" : "own figure", source);
}

void np_latency_resolve_top(np_latency *out, const char *top, const np_latency_sources *src) {
    const np_published *p = np_published_find(top);
    bool have = p && p->latency_cycles >= 0;
    np_latency_resolve(out, top, src, have ? (unsigned)p->latency_cycles : 0, have ? "published" : "none",
                       have ? p->source : "nothing published: 0");
}
