/* nocpress --format json (docs/cli.md "JSON output"), run as a process (NP_NOCPRESS, NP_TEST_TMP
 * as test_cli): every result command writes one JSON document that cJSON parses with nothing
 * after it, on stdout or whole into --out; its provenance names the tool, the versions, the
 * command line as typed, the date and every input with its size and zlib CRC-32 (computed here
 * with zlib from the bytes this test wrote); the figures are the table's, as numbers. Expected
 * values come from docs/dsm.md (an all-zero line is 82 bits), never from the tool. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cJSON.h>
#include <cmocka.h>
#include <zlib.h>

#include "np_version.h"
#include "test_nocpress_run.h"

/* The whole text as exactly one JSON document (nothing but white space after it). */
static cJSON *parse_document(const char *text) {
    const char *end = NULL;
    cJSON *j = cJSON_ParseWithOpts(text, &end, true);
    if (j == NULL) fail_msg("not one JSON document (error near: %.40s):\n%.2000s", end ? end : "?", text);
    return j;
}

static const cJSON *member(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (v == NULL) fail_msg("no \"%s\" in %s", key, cJSON_PrintUnformatted(o));
    return v;
}

static const char *string_of(const cJSON *o, const char *key) {
    const cJSON *v = member(o, key);
    assert_true(cJSON_IsString(v));
    return v->valuestring;
}

static double number_of(const cJSON *o, const char *key) {
    const cJSON *v = member(o, key);
    if (!cJSON_IsNumber(v)) fail_msg("\"%s\" is not a number", key);
    return v->valuedouble;
}

static void assert_near(double got, double want) {
    if (got < want - 1e-9 || got > want + 1e-9) fail_msg("got %.9g, want %.9g", got, want);
}

/* The provenance every document carries: the tool, the versions, the command line exactly as
 * run (argv[1..] = args), and each input (path, bytes, crc32 of data). */
static void check_provenance(const cJSON *doc, const char *cmd, const char *const args[], int nargs,
                             const char *input, const uint8_t *data, size_t n) {
    assert_string_equal(string_of(doc, "schema"), "nocpress-result/1");
    assert_string_equal(string_of(doc, "command"), cmd);
    const cJSON *p = member(doc, "provenance");
    assert_string_equal(string_of(p, "tool"), "nocpress");
    assert_string_equal(string_of(p, "version"), NOCPRESS_VERSION);
    assert_string_equal(string_of(p, "library"), NOCPRESS_VERSION);
    assert_string_equal(string_of(p, "models"), NOCPRESS_MODELS);
    assert_true(strlen(string_of(p, "git_revision")) > 0);
    assert_string_equal(string_of(p, "command_name"), cmd);
    const cJSON *argv = member(p, "command");
    assert_int_equal(cJSON_GetArraySize(argv), nargs + 1);
    assert_string_equal(cJSON_GetArrayItem(argv, 0)->valuestring, tool());
    for (int i = 0; i < nargs; i++) assert_string_equal(cJSON_GetArrayItem(argv, i + 1)->valuestring, args[i]);
    const cJSON *inputs = member(p, "inputs");
    assert_int_equal(cJSON_GetArraySize(inputs), 1);
    const cJSON *in = cJSON_GetArrayItem(inputs, 0);
    assert_string_equal(string_of(in, "path"), input);
    assert_near(number_of(in, "bytes"), (double)n);
    char crc[16];
    snprintf(crc, sizeof crc, "%08lx", (unsigned long)crc32(crc32(0L, Z_NULL, 0), data, (uInt)n));
    assert_string_equal(string_of(in, "crc32"), crc);
}

/* `ratio`: the row's figures as numbers, the provenance, the command line as typed (the operand
 * before the options: the parser's reordering must not show), and the date from SOURCE_DATE_EPOCH. */
static void ratio_document(void **state) {
    (void)state;
    uint8_t zeros[256] = {0};
    char *file = tmp_path("zeros.int32.bin");
    write_bytes(file, zeros, sizeof zeros);
    assert_int_equal(run_env("SOURCE_DATE_EPOCH=86400", "ratio %s --format json", file), 0);
    cJSON *doc = parse_document(out_text);
    const char *args[] = {"ratio", file, "--format", "json"};
    check_provenance(doc, "ratio", args, 4, file, zeros, sizeof zeros);
    assert_string_equal(string_of(member(doc, "provenance"), "date"), "1970-01-02T00:00:00Z");
    const cJSON *params = member(doc, "parameters");
    assert_string_equal(string_of(params, "algorithm"), "dsm");
    assert_near(number_of(params, "lane_bytes"), 64);
    const cJSON *results = member(doc, "results");
    assert_int_equal(cJSON_GetArraySize(member(results, "columns")), 9);
    const cJSON *rows = member(results, "rows");
    assert_int_equal(cJSON_GetArraySize(rows), 1);
    const cJSON *row = cJSON_GetArrayItem(rows, 0);
    /* 2 lines, 256 bytes, 2 x 82 = 164 bits = 21 bytes, 2048/164 = 12.488, saving 92.0%, no raw lanes */
    assert_string_equal(string_of(row, "file"), "zeros.int32.bin");
    assert_string_equal(string_of(row, "type"), "int32");
    assert_near(number_of(row, "lines"), 2);
    assert_near(number_of(row, "bytes"), 256);
    assert_near(number_of(row, "comp_bits"), 164);
    assert_near(number_of(row, "comp_bytes"), 21);
    assert_near(number_of(row, "ratio"), 12.488);
    assert_near(number_of(row, "saving"), 92.0);
    assert_near(number_of(row, "raw_lanes"), 0.0);
    cJSON_Delete(doc);
}

/* --out: the same document in the file, nothing on stdout; an unwritable --out fails before any
 * work; an incomplete result (an unreadable input) never gets --out's name. */
static void out_file_whole_or_nothing(void **state) {
    (void)state;
    uint8_t zeros[256] = {0};
    char *file = tmp_path("out.int32.bin"), *json = tmp_path("ratio.json");
    write_bytes(file, zeros, sizeof zeros);
    remove(json);
    assert_int_equal(run_env("", "ratio --format json --out %s %s", json, file), 0);
    assert_string_equal(out_text, "");
    static char doc_text[1 << 16];
    read_text(json, doc_text, sizeof doc_text);
    cJSON *doc = parse_document(doc_text);
    assert_near(number_of(cJSON_GetArrayItem(member(member(doc, "results"), "rows"), 0), "comp_bits"), 164);
    cJSON_Delete(doc);
    /* text goes to --out too */
    char *txt = tmp_path("ratio.txt");
    assert_int_equal(run_env("", "ratio --out %s %s", txt, file), 0);
    read_text(txt, doc_text, sizeof doc_text);
    assert_non_null(strstr(doc_text, "12.488"));
    /* a folder that does not exist: refused up front, exit 1 */
    assert_int_equal(run_env("", "ratio --format json --out %s/no/such/dir/x.json %s", tmp_dir(), file), 1);
    assert_non_null(strstr(err_text, "cannot write"));
    /* one input missing: the rows that were measured go to stdout as before, but no --out file */
    char *partial = tmp_path("partial.json");
    remove(partial);
    assert_int_equal(run_env("", "ratio --format json --out %s %s %s", partial, file, tmp_path("missing.bin")), 1);
    struct stat sb;
    assert_int_not_equal(stat(partial, &sb), 0);
    assert_non_null(strstr(err_text, "not written"));
    /* a bad --format is a command-line error naming the three forms */
    assert_int_equal(run_env("", "ratio --format yaml %s", file), 2);
    assert_non_null(strstr(err_text, "text, md or json"));
}

/* `compare`: the best of a row is a number with its column in "marked"; groups per row. */
static void compare_document(void **state) {
    (void)state;
    uint8_t zeros[256] = {0};
    char *file = tmp_path("cmp.float32.bin");
    write_bytes(file, zeros, sizeof zeros);
    assert_int_equal(run_env("", "compare --codecs dsm --approx 8 --format json %s", file), 0);
    cJSON *doc = parse_document(out_text);
    const char *args[] = {"compare", "--codecs", "dsm", "--approx", "8", "--format", "json", file};
    check_provenance(doc, "compare", args, 8, file, zeros, sizeof zeros);
    const cJSON *row = cJSON_GetArrayItem(member(member(doc, "results"), "rows"), 0);
    assert_string_equal(string_of(row, "group"), "float32");
    assert_near(number_of(row, "dsm"), 12.488);
    const cJSON *marked = member(row, "marked");
    assert_int_equal(cJSON_GetArraySize(marked), 1);
    assert_string_equal(cJSON_GetArrayItem(marked, 0)->valuestring, "dsm");
    cJSON_Delete(doc);
}

/* `ratio-table` and `savings-table` on a folder: one row per file, every file an input. */
static void table_documents(void **state) {
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/tables", tmp_dir());
    mkdir(dir, 0777);
    uint8_t zeros[384] = {0};
    char a[1100], b[1100];
    snprintf(a, sizeof a, "%s/a.int32.bin", dir);
    snprintf(b, sizeof b, "%s/b.float32.bin", dir);
    write_bytes(a, zeros, 256);
    write_bytes(b, zeros, 384);
    static const char *const cmds[] = {"ratio-table", "savings-table"};
    for (unsigned c = 0; c < 2; c++) {
        assert_int_equal(run_env("", "%s --format json %s", cmds[c], dir), 0);
        cJSON *doc = parse_document(out_text);
        assert_string_equal(string_of(doc, "command"), cmds[c]);
        assert_int_equal(cJSON_GetArraySize(member(member(doc, "provenance"), "inputs")), 2);
        const cJSON *rows = member(member(doc, "results"), "rows");
        assert_int_equal(cJSON_GetArraySize(rows), 2);
        assert_string_equal(string_of(cJSON_GetArrayItem(rows, 0), "group"), "int32");
        assert_near(number_of(cJSON_GetArrayItem(rows, 1), "lines"), 3);
        /* DSM's saving of zero lines: 1 - 82/1024 = 92.0% */
        assert_near(number_of(cJSON_GetArrayItem(rows, 0), c == 0 ? "saving" : "dsm"), 92.0);
        cJSON_Delete(doc);
    }
}

/* `reuse`: the same figures as its text form (every access of a first-touch trace is rd2). */
static void reuse_document(void **state) {
    (void)state;
    const char *trace = "tests/traces/tiny-accelsim/kernelslist.g";
    assert_int_equal(run_env("", "reuse %s", trace), 0);
    unsigned long long accesses = 0;
    const char *at = strstr(out_text, ": ");
    assert_non_null(at);
    assert_int_equal(sscanf(at, ": %llu accesses", &accesses), 1);
    assert_int_equal(run_env("", "reuse --format json %s", trace), 0);
    cJSON *doc = parse_document(out_text);
    const cJSON *r = member(doc, "results");
    assert_near(number_of(r, "accesses"), (double)accesses);
    assert_near(number_of(member(r, "fully_associative"), "rd2"), number_of(r, "distinct_lines"));
    /* the list and the kernel trace it names are inputs */
    assert_int_equal(cJSON_GetArraySize(member(member(doc, "provenance"), "inputs")), 2);
    assert_non_null(member(r, "tag_unit_ba"));
    cJSON_Delete(doc);
    assert_int_equal(run_env("", "reuse --format md %s", trace), 2);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ratio_document),   cmocka_unit_test(out_file_whole_or_nothing),
        cmocka_unit_test(compare_document), cmocka_unit_test(table_documents),
        cmocka_unit_test(reuse_document),
    };
    return cmocka_run_group_tests_name("nocpress_json", tests, NULL, NULL);
}
