/* Reply compressor table and synthesis-latency lookup; see codec.h. */
#include "codec.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIM_WHY_LEN 600

static size_t dsm_bits(const uint8_t line[128]) {
    dsm_config cfg;
    dsm_config_default(&cfg);
    return dsm_compressed_bits(&cfg, line);
}

/* Default latencies: seed 001 (DSM thesis) sec. 6: compressor 2 cycles, decompressor 1,
 * approximation 2. They are used only when the synthesis report does not give a number. */
static const codec_def codecs[] = {
    {"none", "no reply compression (baseline)", NULL, false, NULL, NULL, 0, 0},
    {"dsm", "DSM, two 64-byte lanes (docs/dsm.md)", dsm_bits, false, "dsm_compressor", "dsm_decompressor", 2, 1},
    {"dsm-approx", "DSM after FP approximation on approximable regions", dsm_bits, true, "dsm_compressor",
     "dsm_decompressor", 2, 1},
};

unsigned codec_count(void) { return (unsigned)(sizeof codecs / sizeof codecs[0]); }
const codec_def *codec_at(unsigned i) { return i < codec_count() ? &codecs[i] : NULL; }

const codec_def *codec_find(const char *name) {
    for (unsigned i = 0; i < codec_count(); i++)
        if (strcmp(codecs[i].name, name) == 0) return &codecs[i];
    return NULL;
}

static char *read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *text = size >= 0 ? malloc((size_t)size + 1) : NULL;
    if (text) text[fread(text, 1, (size_t)size, f)] = '\0';
    fclose(f);
    return text;
}

/* latency_cycles of `top` in the parsed report; false with the reason in why. */
static bool report_latency(const cJSON *root, const char *top, unsigned *cycles, char *why, size_t len) {
    const cJSON *units = cJSON_GetObjectItemCaseSensitive(root, "units");
    if (!cJSON_IsArray(units)) {
        snprintf(why, len, "no \"units\" array");
        return false;
    }
    const cJSON *u;
    cJSON_ArrayForEach(u, units) {
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

static void lookup(codec_latency *out, const cJSON *root, const char *report_path, const char *why_missing,
                   const char *top, unsigned def) {
    char why[128];
    if (!top) {
        out->cycles = 0;
        snprintf(out->source, sizeof out->source, "none (no unit)");
        return;
    }
    if (root && report_latency(root, top, &out->cycles, why, sizeof why)) {
        snprintf(out->source, sizeof out->source, "%s", report_path);
        return;
    }
    out->cycles = def;
    snprintf(out->source, sizeof out->source, "default (%s)", root ? why : why_missing);
}

void codec_timing_load(codec_timing *t, const codec_def *def, const char *report_path) {
    memset(t, 0, sizeof *t);
    t->def = def;
    char *text = read_text(report_path);
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    char why[SIM_WHY_LEN];
    snprintf(why, sizeof why, text ? "%s is not valid JSON" : "%s not found", report_path);
    lookup(&t->comp, root, report_path, why, def->comp_top, def->comp_default);
    lookup(&t->decomp, root, report_path, why, def->decomp_top, def->decomp_default);
    if (def->approximates) lookup(&t->approx, root, report_path, why, "dsm_approx", CODEC_APPROX_DEFAULT);
    else snprintf(t->approx.source, sizeof t->approx.source, "none (no approximation)");
    cJSON_Delete(root);
    free(text);
}
