/* Text, Markdown or JSON results on stdout or --out (cli_result.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli_result.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "np_progress.h"
#include "np_provenance.h"

static int command_argc;
static char **command_argv;
static const char *command_git_revision = "unknown";

void cli_result_command_line(int argc, char **argv, const char *git_revision) {
    /* A copy of the pointers: the option parser permutes argv (operands last), and the
     * provenance records the command as typed. Without memory, the permuted argv will do. */
    static char **copy;
    free(copy);
    copy = malloc(((size_t)argc + 1u) * sizeof *copy);
    if (copy != NULL) memcpy(copy, argv, ((size_t)argc + 1u) * sizeof *copy);
    command_argc = argc;
    command_argv = copy != NULL ? copy : argv;
    command_git_revision = git_revision;
}

bool cli_parse_result_format(const char *cmd, const char *value, table_format *format) {
    if (table_parse_format(value, format)) return true;
    cli_usage_error(cmd, "--format must be text, md or json, not '%s'", value);
    return false;
}

int cli_result_start(cli_result *r, const char *cmd, table_format format, const char *out) {
    *r = (cli_result){cmd, format, out, cJSON_CreateObject(), cJSON_CreateArray()};
    if (r->params == NULL || r->input_paths == NULL) {
        cli_result_discard(r);
        return cli_fail("out of memory");
    }
    char err[1200];
    if (out != NULL && !np_out_check(out, err, sizeof err)) {
        cli_result_discard(r);
        return cli_fail("--out %s", err);
    }
    return -1;
}

void cli_result_input(cli_result *r, const char *role, const char *path) {
    cJSON *pair = cJSON_CreateArray();
    if (pair == NULL) return; /* provenance only; out of memory shows when the document is built */
    cJSON_AddItemToArray(pair, cJSON_CreateString(role));
    cJSON_AddItemToArray(pair, cJSON_CreateString(path));
    cJSON_AddItemToArray(r->input_paths, pair);
}

void cli_result_discard(cli_result *r) {
    cJSON_Delete(r->params);
    cJSON_Delete(r->input_paths);
    r->params = r->input_paths = NULL;
}

/* The whole JSON document; takes results. NULL when out of memory. */
static cJSON *result_document(cli_result *r, cJSON *results) {
    cJSON *doc = cJSON_CreateObject();
    cJSON *prov = np_provenance_new("nocpress", command_git_revision, r->cmd, command_argc, command_argv);
    bool ok = doc != NULL && prov != NULL && cJSON_AddStringToObject(doc, "schema", CLI_RESULT_SCHEMA) &&
              cJSON_AddStringToObject(doc, "command", r->cmd);
    const cJSON *pair;
    cJSON_ArrayForEach(pair, r->input_paths) {
        const char *role = cJSON_GetArrayItem(pair, 0)->valuestring, *path = cJSON_GetArrayItem(pair, 1)->valuestring;
        ok = ok && (strcmp(role, "trace") == 0 ? np_provenance_add_trace(prov, path)
                                               : np_provenance_add_input(prov, role, path));
    }
    if (ok) {
        cJSON_AddItemToObject(doc, "provenance", prov);
        cJSON_AddItemToObject(doc, "parameters", r->params);
        r->params = NULL;
        prov = NULL;
        if (results != NULL) cJSON_AddItemToObject(doc, "results", results);
        results = NULL;
    }
    cJSON_Delete(prov);
    cJSON_Delete(results);
    if (!ok) {
        cJSON_Delete(doc);
        return NULL;
    }
    return doc;
}

/* Renders the result into f. False when out of memory (message printed). */
static bool render(cli_result *r, FILE *f, void (*text)(const void *ctx, FILE *f), const void *ctx,
                   cJSON **results) {
    if (r->format != TABLE_JSON) {
        text(ctx, f);
        return true;
    }
    cJSON *doc = result_document(r, *results);
    *results = NULL;
    char *json = doc != NULL ? cJSON_Print(doc) : NULL;
    cJSON_Delete(doc);
    if (json == NULL) {
        cli_fail("out of memory building the JSON result");
        return false;
    }
    fputs(json, f);
    fputc('\n', f);
    free(json);
    return true;
}

int cli_result_emit(cli_result *r, void (*text)(const void *ctx, FILE *f), const void *ctx, cJSON *results,
                    bool complete) {
    int rc = NP_EXIT_OK;
    np_progress_end(); /* the result starts on a clean line */
    if (r->out == NULL) {
        if (!render(r, stdout, text, ctx, &results)) rc = NP_EXIT_FAIL;
        else if (fflush(stdout) != 0 || ferror(stdout)) rc = cli_fail("cannot write the result: %s", strerror(errno));
    } else if (!complete) {
        rc = cli_fail("--out %s not written: the result is incomplete (the errors above)", r->out);
    } else {
        cli_out o;
        if (!cli_out_open(&o, r->out)) rc = NP_EXIT_FAIL;
        else if (!render(r, o.f, text, ctx, &results)) {
            cli_out_abort(&o);
            rc = NP_EXIT_FAIL;
        } else if (!cli_out_commit(&o)) rc = NP_EXIT_FAIL;
    }
    cJSON_Delete(results);
    cli_result_discard(r);
    if (rc == NP_EXIT_FAIL && cli_resource_exhausted) rc = NP_EXIT_RESOURCE;
    return rc;
}

/* ---- tables ---------------------------------------------------------------------------------- */

typedef struct {
    const table *t;
    table_format format;
    void (*preamble)(const void *ctx, FILE *f);
    const void *ctx;
} table_text;

static void print_table_text(const void *ctx, FILE *f) {
    const table_text *tt = ctx;
    if (tt->preamble != NULL) tt->preamble(tt->ctx, f);
    table_print(tt->t, f, tt->format);
}

int cli_result_table(cli_result *r, const table *t, void (*preamble)(const void *ctx, FILE *f), const void *ctx,
                     bool complete) {
    table_text tt = {t, r->format, preamble, ctx};
    cJSON *results = NULL;
    if (r->format == TABLE_JSON && (results = table_to_json(t)) == NULL) {
        cli_result_discard(r);
        return cli_fail("out of memory building the JSON result");
    }
    return cli_result_emit(r, print_table_text, &tt, results, complete);
}

/* A whole cell as a finite number (strtod's syntax, nothing after it); false otherwise. */
static bool cell_number(const char *s, size_t len, double *v) {
    char buf[64];
    if (len == 0 || len >= sizeof buf) return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    *v = strtod(buf, &end);
    return end == buf + len && errno == 0 && isfinite(*v) && (buf[0] == '-' || (buf[0] >= '0' && buf[0] <= '9'));
}

/* One cell as its JSON value (table_to_json's rules); *marked: it carried the '*' mark. */
static cJSON *cell_json(const char *s, bool *marked) {
    size_t len = strlen(s);
    double v;
    *marked = false;
    if (len == 0 || strcmp(s, "-") == 0) return cJSON_CreateNull();
    if (cell_number(s, len, &v)) return cJSON_CreateNumber(v);
    if ((s[len - 1] == '%' || s[len - 1] == '*') && cell_number(s, len - 1, &v)) {
        *marked = s[len - 1] == '*';
        return cJSON_CreateNumber(v);
    }
    return cJSON_CreateString(s);
}

static cJSON *row_json(const table *t, size_t r, const char *group) {
    cJSON *row = cJSON_CreateObject(), *marked = NULL;
    bool ok = row != NULL && (group == NULL || cJSON_AddStringToObject(row, "group", group));
    for (unsigned c = 0; ok && c < t->ncols; c++) {
        bool mark;
        cJSON *v = cell_json(t->cells[r * t->ncols + c], &mark);
        ok = v != NULL && cJSON_AddItemToObject(row, t->header[c], v);
        if (ok && mark) {
            if (marked == NULL) ok = (marked = cJSON_AddArrayToObject(row, "marked")) != NULL;
            ok = ok && cJSON_AddItemToArray(marked, cJSON_CreateString(t->header[c]));
        }
    }
    if (!ok) {
        cJSON_Delete(row);
        return NULL;
    }
    return row;
}

cJSON *table_to_json(const table *t) {
    cJSON *j = cJSON_CreateObject();
    cJSON *cols = j != NULL ? cJSON_AddArrayToObject(j, "columns") : NULL;
    cJSON *rows = cols != NULL ? cJSON_AddArrayToObject(j, "rows") : NULL;
    bool ok = rows != NULL;
    for (unsigned c = 0; ok && c < t->ncols; c++) ok = cJSON_AddItemToArray(cols, cJSON_CreateString(t->header[c]));
    const char *group = NULL;
    for (size_t r = 0; ok && r < t->nrows; r++) {
        if (t->group[r] != NULL) {
            group = t->group[r];
            continue;
        }
        cJSON *row = row_json(t, r, group);
        ok = row != NULL && cJSON_AddItemToArray(rows, row);
    }
    if (!ok) {
        cJSON_Delete(j);
        return NULL;
    }
    return j;
}
