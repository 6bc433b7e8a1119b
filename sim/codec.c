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

static size_t dpc_bits(const uint8_t line[128]) { return dpc_compressed_bits(line); }

/* DF-TRUC: the stream carries only the critical sub-blocks (docs/dpc.md sec. 4), so only those
 * are filled; with map 1111 the whole line. */
static size_t dftruc_bits(const uint8_t line[128], unsigned map, unsigned *fill) {
    *fill = map;
    return dftruc_compressed_bits(line, map);
}

/* DF-MAN: the shorter of the original and the manipulated line (docs/dpc.md sec. 5); the
 * manipulated copy has zeros in the non-critical sub-blocks, so only the critical ones fill. */
static size_t dfman_bits(const uint8_t line[128], unsigned map, unsigned *fill) {
    uint8_t stream[DPC_MAX_BYTES];
    size_t bits = 0;
    bool manipulated = false;
    if (dfman_compress(line, map, stream, sizeof stream, &bits, &manipulated) != NP_OK) return 0;
    *fill = manipulated ? map : DPC_MAP_FULL;
    return bits;
}

/* Default latencies, used only when the synthesis report does not give a number: seed 001
 * (DSM thesis) sec. 6: compressor 2 cycles, decompressor 1, approximation 2; DPC: the RTL's
 * latency targets in docs/dpc.md sec. 7 (compressor 2, decompressor 1). The DPC tops serve all
 * three DPC modes (a 2-bit mode input), so DF-TRUC and DF-MAN take the same latencies. */
static const codec_def codecs[] = {
    {"none", "no reply compression (baseline)", NULL, NULL, false, NULL, NULL, 0, 0},
    {"dsm", "DSM, two 64-byte lanes (docs/dsm.md)", dsm_bits, NULL, false, "dsm_compressor", "dsm_decompressor", 2, 1},
    {"dsm-approx", "DSM after FP approximation on approximable regions", dsm_bits, NULL, true, "dsm_compressor",
     "dsm_decompressor", 2, 1},
    {"dpc", "DPC, bit-plane dual-pattern compression of the line (docs/dpc.md sec. 3)", dpc_bits, NULL, false,
     "dpc_compressor", "dpc_decompressor", 2, 1},
    {"df-truc", "DF-TRUC: DPC of the critical sub-blocks only; partial fill (docs/dpc.md sec. 4)", NULL, dftruc_bits,
     false, "dpc_compressor", "dpc_decompressor", 2, 1},
    {"df-man", "DF-MAN: DPC of the line or of its critical sub-blocks, the shorter (docs/dpc.md sec. 5)", NULL,
     dfman_bits, false, "dpc_compressor", "dpc_decompressor", 2, 1},
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
