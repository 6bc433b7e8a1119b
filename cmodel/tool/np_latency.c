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

/* A count field of a report unit: a non-negative integer up to 1e6. */
static bool unit_count(const cJSON *u, const char *key, unsigned *out) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(u, key);
    if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 1e6 ||
        v->valuedouble != (double)(unsigned)v->valuedouble)
        return false;
    *out = (unsigned)v->valuedouble;
    return true;
}

/* latency_cycles of `top` in the parsed report, and its ii_cycles (0 when the report has none:
 * an older report, or a top whose probe measured nothing); false with the reason in why. */
static bool report_latency(const cJSON *root, const char *top, unsigned *cycles, unsigned *ii, char *why,
                           size_t len) {
    const cJSON *u;
    cJSON_ArrayForEach(u, cJSON_GetObjectItemCaseSensitive(root, "units")) {
        const cJSON *name = cJSON_GetObjectItemCaseSensitive(u, "top");
        if (!cJSON_IsString(name) || strcmp(name->valuestring, top) != 0) continue;
        if (!unit_count(u, "latency_cycles", cycles)) {
            snprintf(why, len, "%s has no integer latency_cycles", top);
            return false;
        }
        if (!unit_count(u, "ii_cycles", ii)) *ii = 0;
        return true;
    }
    snprintf(why, len, "%s not in the report", top);
    return false;
}

/* The harness's "LATENCY unit=<top> cycles=<n>" line of a run that passed ("PASS ..."), and its
 * THROUGHPUT probe's ii_cycles (0 when absent; the slowest of several lines). */
static bool log_latency(const char *path, const char *top, unsigned *cycles, unsigned *ii) {
    char err[400];
    long long size = 0;
    FILE *f = np_open_regular(path, &size, err, sizeof err);
    if (!f) return false;
    char want[160], thr[160], line[512];
    snprintf(want, sizeof want, "LATENCY unit=%s cycles=", top);
    snprintf(thr, sizeof thr, "THROUGHPUT unit=%s ", top);
    bool have = false, pass = false;
    *ii = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, want, strlen(want)) == 0) have = sscanf(line + strlen(want), "%u", cycles) == 1;
        const char *at = strncmp(line, thr, strlen(thr)) == 0 ? strstr(line, " ii_cycles=") : NULL;
        unsigned v = 0;
        if (at && sscanf(at + strlen(" ii_cycles="), "%u", &v) == 1 && v > *ii) *ii = v;
        if (strncmp(line, "PASS ", 5) == 0) pass = true;
    }
    fclose(f);
    return have && pass;
}

/* The II part of a source: nothing for a full pipeline (II 1, measured or assumed). */
static void ii_note(char *buf, size_t len, unsigned ii) {
    if (ii > 1) snprintf(buf, len, ", II %u", ii);
    else buf[0] = '\0';
}

void np_latency_resolve(np_latency *out, const char *top, const np_latency_sources *src, unsigned fallback_cycles,
                        const char *fallback_kind, const char *fallback_source) {
    memset(out, 0, sizeof *out);
    const char *report = src && src->report_path && *src->report_path ? src->report_path : NULL;
    const char *vdir = src && src->verify_dir && *src->verify_dir ? src->verify_dir : NULL;
    char log[512] = "", note[96];
    unsigned log_cycles = 0, log_ii = 0;
    bool have_log = false;
    if (top && vdir) {
        snprintf(log, sizeof log, "%s/%s.log", vdir, top);
        have_log = log_latency(log, top, &log_cycles, &log_ii);
    }
    char why[200];
    snprintf(why, sizeof why, "%s", !top ? "no RTL in nocpress" : "no synthesis report");
    if (top && report) {
        cJSON *root = parse_report(report, why, sizeof why);
        unsigned ii = 0;
        bool found = root && report_latency(root, top, &out->cycles, &ii, why, sizeof why);
        cJSON_Delete(root);
        if (found) {
            /* an older report without ii_cycles: the harness log's, if any */
            if (ii == 0 && have_log) ii = log_ii;
            out->ii = ii ? ii : 1;
            ii_note(note, sizeof note, out->ii);
            snprintf(out->source, sizeof out->source, "%s%s", report, note);
            return;
        }
    }
    if (have_log) {
        out->cycles = log_cycles;
        out->ii = log_ii ? log_ii : 1;
        ii_note(note, sizeof note, out->ii);
        /* the source only describes where the figure came from: a log path too long for it is
         * cut and marked, never overflowed (using the result also tells GCC the cut is meant) */
        if (snprintf(out->source, sizeof out->source, "%s LATENCY%s", log, note) >= (int)sizeof out->source)
            memcpy(out->source + sizeof out->source - 4, "...", 4);
        return;
    }
    out->cycles = fallback_cycles;
    out->ii = 1;
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
