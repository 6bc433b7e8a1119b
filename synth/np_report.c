/*
 * np_report: turns the per-top Yosys/ABC logs of `make synth` into report.json, report.md and the
 * closing summary (docs/synthesis.md says what each figure means).
 *
 *   np_report --synth-dir DIR --verify-dir DIR --published FILE --liberty PATH --clock-mhz F
 *             --clk-to-q-ps F --setup-ps F --json OUT --md OUT [--summary OUT]
 *             [--compare FILE] UNIT:TOP...
 *
 * --compare names pairs of our own tops to set side by side (synth/compare.tsv: e.g. the DPC
 * and DSM compressors on the same 128-byte line, where no published figures exist): the report
 * says which of the two is smaller and by how much. A pair with a top outside this run is
 * left out (a single-top report).
 *
 * Per top it reads DIR/TOP/yosys.log, written by one of two flows (docs/synthesis.md): the flat
 * flow, synth/np_synth.tcl, whose "NP-MARK" lines delimit the sections parsed here, or, for the
 * tops a unit lists in <unit>_SYNTH_HIER, the hierarchical flow, synth/np_synth_hier.tcl, which
 * logs "NP-METHOD hier" and its figures as "NP-HIER key=value" lines; DIR/TOP/runtime.txt (wall and CPU seconds) and, if it exists,
 * VERIFY/TOP.log (the Verilator harness: PASS, LATENCY, THROUGHPUT and failure lines). Anything it cannot
 * parse is reported as file:line and the program exits non-zero without writing outputs.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#define GENERATOR_NAME "np_report (nocpress synth/np_report.c)"
#define MAX_TOPS 64
#define MAX_PUBLISHED 64
#define MAX_COMPARISONS 64
#define MAX_WARNINGS_KEPT 8
#define MAX_SEEDS 16
#define MAX_SOURCES 128
#define NAME_LEN 128
#define TEXT_LEN 512

/* NAND2_X1 area in the liberty (synth/np_libgen.c); NAND2-eq = area / this. */
static const double kNand2AreaUm2 = 0.798;
/* Published NAND2-eq figures are rounded (23.2K for 0.0185 mm2): allow that much disagreement. */
static const double kPublishedRoundingTolerance = 0.02;

/* ------------------------------------------------------------------------------------------ */
/* Errors and small parsing helpers                                                            */

static _Noreturn void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("np_report: error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(EXIT_FAILURE);
}

static _Noreturn void die_at(const char *path, long line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "%s:%ld: error: ", path, line);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(EXIT_FAILURE);
}

/* Reads lines of any length; strips the line terminator. */
typedef struct {
  FILE *file;
  const char *path;
  long line_no;
  char *buf;
  size_t cap;
} line_reader;

static bool reader_open(line_reader *r, const char *path) {
  memset(r, 0, sizeof *r);
  r->path = path;
  r->file = fopen(path, "r");
  return r->file != NULL;
}

static void reader_close(line_reader *r) {
  if (r->file) fclose(r->file);
  free(r->buf);
  r->file = NULL;
  r->buf = NULL;
}

static void reader_grow(line_reader *r) {
  size_t cap = r->cap ? r->cap * 2 : 256;
  char *buf = realloc(r->buf, cap);
  if (!buf) die("out of memory reading %s", r->path);
  r->buf = buf;
  r->cap = cap;
}

static bool reader_next(line_reader *r) {
  size_t len = 0;
  int c;
  if (r->cap == 0) reader_grow(r);
  while ((c = fgetc(r->file)) != EOF && c != '\n') {
    if (len + 1 >= r->cap) reader_grow(r);
    r->buf[len++] = (char)c;
  }
  if (ferror(r->file)) die("%s: read error", r->path);
  if (c == EOF && len == 0) return false;
  if (len > 0 && r->buf[len - 1] == '\r') len--;
  r->buf[len] = '\0';
  r->line_no++;
  return true;
}

static const char *skip_spaces(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s;
}

static bool starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

static bool is_blank(const char *s) {
  return *skip_spaces(s) == '\0';
}

/* Parses a finite decimal number at s; on success stores it and where it ended. */
static bool parse_double(const char *s, double *out, const char **end) {
  char *stop;
  errno = 0;
  double v = strtod(s, &stop);
  if (stop == s || errno == ERANGE || !isfinite(v)) return false;
  *out = v;
  if (end) *end = stop;
  return true;
}

/* Parses a non-negative decimal integer at s; on success stores it and where it ended. */
static bool parse_count(const char *s, long long *out, const char **end) {
  char *stop;
  if (!isdigit((unsigned char)*s)) return false;
  errno = 0;
  long long v = strtoll(s, &stop, 10);
  if (errno == ERANGE) return false;
  *out = v;
  if (end) *end = stop;
  return true;
}

/* A whole-string number: nothing but the number (and trailing spaces). */
static bool parse_double_field(const char *s, double *out) {
  const char *end;
  return parse_double(s, out, &end) && *skip_spaces(end) == '\0';
}

static bool parse_count_field(const char *s, long long *out) {
  const char *end;
  return parse_count(s, out, &end) && *skip_spaces(end) == '\0';
}

static void copy_text(char *dst, size_t cap, const char *src) {
  snprintf(dst, cap, "%s", src);
}

static double round_to(double v, double step) {
  return round(v / step) * step;
}

/* Finds "key=<value>" among the space-separated tokens of line; copies the value. */
static bool find_token(const char *line, const char *key, char *value, size_t cap) {
  const size_t key_len = strlen(key);
  const char *s = line;
  while (*(s = skip_spaces(s))) {
    size_t n = strcspn(s, " \t");
    if (n > key_len && strncmp(s, key, key_len) == 0 && s[key_len] == '=') {
      size_t vlen = n - key_len - 1;
      if (vlen >= cap) return false;
      memcpy(value, s + key_len + 1, vlen);
      value[vlen] = '\0';
      return true;
    }
    s += n;
  }
  return false;
}

/* ------------------------------------------------------------------------------------------ */
/* Yosys/ABC log (synth/np_synth.tcl)                                                          */

typedef struct {
  char path[TEXT_LEN];
  char kind[16];           /* "rtl" (a file read by Yosys) or "flow" (liberty, scripts) */
  long long bytes;
  char sha256[72];
} source_file;

/* One ABC mapping (np_synth.tcl maps once per seed) and its OpenSTA stage time. */
typedef struct {
  long long seed;
  double abc_delay_ps; /* 0 when ABC had no combinational logic to map */
  double sta_stage_ps; /* < 0 until its NP-SEED line */
  bool abc_skipped;
  int abc_delay_lines;
} mapping;

/* The worst path of OpenSTA's report for the chosen mapping. */
typedef struct {
  char start[TEXT_LEN], start_kind[NAME_LEN];
  char end[TEXT_LEN], end_kind[NAME_LEN];
  long long logic_levels; /* cells on the path between its launch and its capture */
  bool have_start, have_end, have_arrival;
  bool start_kind_pending, end_kind_pending;
} critical_path;

typedef struct {
  long long cells, flops, tie_cells, buffer_cells;
  double area_um2, seq_area_um2;
  long long macros;       /* SRAM macro cells (synth/np_sram45.lib), 0 without */
  double macro_area_um2;  /* their area, part of area_um2 */
  long long logic_levels;
  mapping maps[MAX_SEEDS];
  int num_maps;
  int chosen;          /* index into maps */
  double sta_stage_ps; /* the chosen mapping's stage time */
  critical_path path;
  source_file sources[MAX_SOURCES];
  int num_sources;
  char git_revision[NAME_LEN], git_dirty[16];
  char opensta_version[NAME_LEN]; /* the timing engine of both flows */
  char abc_version[NAME_LEN];     /* hierarchical flow: ABC re-buffers the flattened netlist */
  bool hier;                      /* "NP-METHOD hier": np_synth_hier.tcl's log */
  unsigned hier_keys;             /* the NP-HIER keys seen, one bit each (kHierKeys) */
  int warnings;
  long warning_lines[MAX_WARNINGS_KEPT];
  char warning_text[MAX_WARNINGS_KEPT][TEXT_LEN];
  char yosys_version[NAME_LEN];
} synth_figures;

typedef enum {
  SEC_NONE, SEC_ABC, SEC_STAT_ALL, SEC_STAT_SEQ, SEC_STAT_MACRO, SEC_LTP, SEC_STA
} log_section;

typedef struct {
  const char *top;
  log_section section;
  bool in_cell_list;
  bool seen_stat_all, seen_ltp, seen_sta, seen_end_of_script, have_area;
  mapping *map; /* the mapping whose ABC section is being read */
  long long chosen_seed;
  bool seen_chosen;
} log_state;

static mapping *find_mapping(synth_figures *fig, long long seed) {
  for (int i = 0; i < fig->num_maps; i++)
    if (fig->maps[i].seed == seed) return &fig->maps[i];
  return NULL;
}

/* "NP-MARK abc seed=<n>": a new mapping. */
static void start_mapping(const line_reader *r, log_state *st, synth_figures *fig,
                          const char *args) {
  char value[NAME_LEN];
  long long seed;
  if (!find_token(args, "seed", value, sizeof value) || !parse_count_field(value, &seed))
    die_at(r->path, r->line_no, "'NP-MARK abc' without seed=<n>");
  if (find_mapping(fig, seed)) die_at(r->path, r->line_no, "seed %lld mapped twice", seed);
  if (fig->num_maps >= MAX_SEEDS) die_at(r->path, r->line_no, "more than %d mappings", MAX_SEEDS);
  st->map = &fig->maps[fig->num_maps++];
  memset(st->map, 0, sizeof *st->map);
  st->map->seed = seed;
  st->map->sta_stage_ps = -1;
}

static log_section section_from_mark(const line_reader *r, log_state *st, synth_figures *fig,
                                     const char *mark) {
  if (starts_with(mark, "abc seed=")) {
    start_mapping(r, st, fig, mark + strlen("abc "));
    return SEC_ABC;
  }
  if (strcmp(mark, "stat-all") == 0) return SEC_STAT_ALL;
  if (strcmp(mark, "stat-seq") == 0) return SEC_STAT_SEQ;
  if (strcmp(mark, "stat-macro") == 0) return SEC_STAT_MACRO;
  if (strcmp(mark, "ltp") == 0) return SEC_LTP;
  if (strcmp(mark, "sta") == 0) return SEC_STA;
  if (strcmp(mark, "abc-end") == 0 || strcmp(mark, "end") == 0) return SEC_NONE;
  die_at(r->path, r->line_no, "unknown marker 'NP-MARK %s' (np_synth.tcl and np_report.c disagree)",
         mark);
}

/* "ABC: WireLoad = ... Delay =  1234.56 ps ..." printed by `stime -p`. */
static void parse_abc_line(const line_reader *r, log_state *st) {
  const char *line = r->buf;
  if (strstr(line, "Don't call ABC as there is nothing to map")) {
    st->map->abc_skipped = true;
    return;
  }
  if (!starts_with(line, "ABC: WireLoad =")) return;
  const char *d = strstr(line, "Delay =");
  const char *end;
  if (!d || !parse_double(skip_spaces(d + strlen("Delay =")), &st->map->abc_delay_ps, &end) ||
      !starts_with(skip_spaces(end), "ps"))
    die_at(r->path, r->line_no, "ABC stime line without a 'Delay = <number> ps' figure");
  st->map->abc_delay_lines++;
}

/* A "<cell type> <count>" line of stat's per-type list. */
static void parse_cell_type_line(const line_reader *r, log_state *st, synth_figures *fig) {
  char name[NAME_LEN];
  long long count;
  const char *s = skip_spaces(r->buf);
  size_t n = strcspn(s, " \t");
  if (n == 0 || n >= sizeof name || !parse_count_field(skip_spaces(s + n), &count))
    die_at(r->path, r->line_no, "expected '<cell type> <count>' in the stat cell list");
  memcpy(name, s, n);
  name[n] = '\0';
  if (name[0] == '$')
    die_at(r->path, r->line_no,
           "cell type %s is not a liberty cell (unmapped logic, e.g. a latch or memory); the "
           "area would be wrong",
           name);
  if (st->section != SEC_STAT_ALL) return;
  if (strcmp(name, "LOGIC0_X1") == 0 || strcmp(name, "LOGIC1_X1") == 0) fig->tie_cells += count;
  if (strcmp(name, "BUF_X1") == 0) fig->buffer_cells += count;
}

static void parse_stat_line(const line_reader *r, log_state *st, synth_figures *fig) {
  const bool all = st->section == SEC_STAT_ALL;
  const char *s = skip_spaces(r->buf);
  if (st->in_cell_list) {
    if (is_blank(s)) {
      st->in_cell_list = false;
      return;
    }
    parse_cell_type_line(r, st, fig);
    return;
  }
  if (starts_with(s, "=== ")) {
    if (strncmp(s + 4, st->top, strlen(st->top)) != 0 || s[4 + strlen(st->top)] != ' ')
      die_at(r->path, r->line_no, "statistics are for another module (expected top %s)", st->top);
    return;
  }
  const bool macro = st->section == SEC_STAT_MACRO;
  if (starts_with(s, "Number of cells:")) {
    long long *dst = all ? &fig->cells : macro ? &fig->macros : &fig->flops;
    if (!parse_count_field(skip_spaces(s + strlen("Number of cells:")), dst))
      die_at(r->path, r->line_no, "'Number of cells:' without a count");
    st->in_cell_list = true;
    return;
  }
  if (starts_with(s, "Chip area for module")) {
    const char *colon = strstr(s, "': ");
    double *dst = all ? &fig->area_um2 : macro ? &fig->macro_area_um2 : &fig->seq_area_um2;
    if (!colon || !parse_double_field(colon + 3, dst))
      die_at(r->path, r->line_no, "'Chip area for module' without an area");
    if (all) st->have_area = true;
  }
}

/* "Longest topological path in <top> (length=N):" */
static void parse_ltp_line(const line_reader *r, log_state *st, synth_figures *fig) {
  const char *prefix = "Longest topological path in ";
  if (!starts_with(r->buf, prefix)) return;
  const char *len = strstr(r->buf, "(length=");
  const char *end;
  if (!len || !parse_count(len + strlen("(length="), &fig->logic_levels, &end) || *end != ')')
    die_at(r->path, r->line_no, "ltp line without '(length=<N>)'");
  st->seen_ltp = true;
}

/* A path end of OpenSTA's report: "u.data_q[3]\\DFF_X1 (rising edge-triggered flip-flop ...)"
 * or "in_i[2] (input port clocked by clk)"; the parenthesis may be on the next line when the
 * name is long. Flops are named <register bit>\DFF_X1 (np_synth.tcl renames them): the suffix is
 * dropped and the kind says "flip-flop". */
static void set_path_kind(char *kind, size_t cap, const char *s) {
  const char *open = strchr(s, '(');
  if (!open) {
    copy_text(kind, cap, "");
    return;
  }
  size_t n = strcspn(open + 1, ")");
  snprintf(kind, cap, "%.*s", (int)n, open + 1);
  char *clocked = strstr(kind, " clocked by");
  if (clocked) *clocked = '\0';
}

static void set_path_end(const line_reader *r, const char *s, char *name, char *kind,
                         bool *kind_pending) {
  size_t n = strcspn(s, " \t");
  if (n == 0 || n >= TEXT_LEN) die_at(r->path, r->line_no, "OpenSTA path end without a name");
  snprintf(name, TEXT_LEN, "%.*s", (int)n, s);
  /* np_synth.tcl names a flop "<register bit>\DFF_X1"; OpenSTA prints the backslash doubled. */
  const size_t len = strlen(name), sl = strlen("DFF_X1");
  if (len > sl && strcmp(name + len - sl, "DFF_X1") == 0 && name[len - sl - 1] == '\\') {
    size_t cut = len - sl;
    while (cut > 0 && name[cut - 1] == '\\') cut--;
    name[cut] = '\0';
  }
  set_path_kind(kind, NAME_LEN, s + n);
  *kind_pending = kind[0] == '\0';
}

/* A data-path line of report_checks: "  <delay> <time> ^ <inst>/<pin> (<cell>)". */
static bool is_cell_output_line(const char *s, char *cell, size_t cap) {
  double a, b;
  const char *end;
  if (!parse_double(s, &a, &end) || !parse_double(skip_spaces(end), &b, &end)) return false;
  s = skip_spaces(end);
  if (*s != '^' && *s != 'v') return false;
  s = skip_spaces(s + 1);
  size_t n = strcspn(s, " \t");
  if (!memchr(s, '/', n)) return false; /* a port: "in_i (in)" */
  const char *open = strchr(s + n, '(');
  if (!open) return false;
  size_t m = strcspn(open + 1, ")");
  snprintf(cell, cap, "%.*s", (int)m, open + 1);
  return true;
}

static void parse_sta_line(const line_reader *r, log_state *st, synth_figures *fig) {
  critical_path *p = &fig->path;
  char cell[NAME_LEN];
  if (!starts_with(r->buf, "STA: ")) return;
  const char *s = skip_spaces(r->buf + strlen("STA: "));
  st->seen_sta = true;
  if (p->start_kind_pending && *s == '(') {
    set_path_kind(p->start_kind, sizeof p->start_kind, s);
    p->start_kind_pending = false;
  } else if (p->end_kind_pending && *s == '(') {
    set_path_kind(p->end_kind, sizeof p->end_kind, s);
    p->end_kind_pending = false;
  } else if (starts_with(s, "Startpoint: ") && !p->have_start) {
    set_path_end(r, s + strlen("Startpoint: "), p->start, p->start_kind, &p->start_kind_pending);
    p->have_start = true;
  } else if (starts_with(s, "Endpoint: ") && !p->have_end) {
    set_path_end(r, s + strlen("Endpoint: "), p->end, p->end_kind, &p->end_kind_pending);
    p->have_end = true;
  } else if (strstr(s, "data arrival time")) {
    p->have_arrival = true;
  } else if (p->have_end && !p->have_arrival && is_cell_output_line(s, cell, sizeof cell) &&
             strcmp(cell, "DFF_X1") != 0) {
    p->logic_levels++; /* the launching flop's Q and the capturing flop's D are not levels */
  }
}

/* "NP-SOURCE <kind> bytes=<n> sha256=<hex> path=<file>" */
static void parse_source_line(const line_reader *r, synth_figures *fig) {
  char value[TEXT_LEN];
  if (fig->num_sources >= MAX_SOURCES)
    die_at(r->path, r->line_no, "more than %d source files", MAX_SOURCES);
  source_file *f = &fig->sources[fig->num_sources];
  const char *s = r->buf + strlen("NP-SOURCE ");
  size_t n = strcspn(s, " ");
  if (n == 0 || n >= sizeof f->kind) die_at(r->path, r->line_no, "NP-SOURCE without a kind");
  snprintf(f->kind, sizeof f->kind, "%.*s", (int)n, s);
  if (!find_token(s, "bytes", value, sizeof value) || !parse_count_field(value, &f->bytes))
    die_at(r->path, r->line_no, "NP-SOURCE without bytes=<n>");
  if (!find_token(s, "sha256", f->sha256, sizeof f->sha256) || strlen(f->sha256) != 64)
    die_at(r->path, r->line_no, "NP-SOURCE without a 64-digit sha256=");
  if (!find_token(s, "path", f->path, sizeof f->path))
    die_at(r->path, r->line_no, "NP-SOURCE without path=");
  fig->num_sources++;
}

/* "NP-SEED seed=<n> sta_stage_ps=<ps>" after each mapping; "NP-CHOSEN seed=<n> ..." once. */
static void parse_seed_line(const line_reader *r, log_state *st, synth_figures *fig,
                            bool chosen) {
  char value[NAME_LEN];
  long long seed;
  double stage;
  if (!find_token(r->buf, "seed", value, sizeof value) || !parse_count_field(value, &seed))
    die_at(r->path, r->line_no, "expected seed=<n>");
  if (!find_token(r->buf, "sta_stage_ps", value, sizeof value) ||
      !parse_double_field(value, &stage) || stage <= 0)
    die_at(r->path, r->line_no, "expected sta_stage_ps=<positive ps>");
  mapping *m = find_mapping(fig, seed);
  if (!m) die_at(r->path, r->line_no, "seed %lld has no 'NP-MARK abc seed=' section", seed);
  if (!chosen) {
    m->sta_stage_ps = stage;
    return;
  }
  if (st->seen_chosen) die_at(r->path, r->line_no, "a second NP-CHOSEN line");
  if (m->sta_stage_ps != stage)
    die_at(r->path, r->line_no, "NP-CHOSEN stage %.2f differs from seed %lld's %.2f", stage, seed,
           m->sta_stage_ps);
  st->seen_chosen = true;
  st->chosen_seed = seed;
  fig->chosen = (int)(m - fig->maps);
  fig->sta_stage_ps = stage;
}

/* The NP-HIER lines np_synth_hier.tcl logs (row.tsv's keys); every one must be present. The
 * critical path comes from its OpenSTA report (STA: lines), as in the flat flow. */
static const char *const kHierKeys[] = {"area_um2",     "seq_area_um2", "cells",
                                        "flops",        "buffer_cells", "tie_cells",
                                        "logic_levels", "abc_delay_ps", "sta_stage_ps",
                                        "macros",       "macro_area_um2"};
enum { kNumHierKeys = (int)(sizeof kHierKeys / sizeof kHierKeys[0]) };

/* "NP-HIER <key>=<value>": the hierarchical flow's figures. Keys it logs for its own table only
 * (sta_gates, sta_comb_area_um2, sta_ms, abc_ms, the path ends, top) are skipped. */
static void parse_hier_line(const line_reader *r, synth_figures *fig) {
  const char *s = r->buf + strlen("NP-HIER ");
  const char *eq = strchr(s, '=');
  if (!eq || eq == s) die_at(r->path, r->line_no, "expected 'NP-HIER <key>=<value>'");
  const size_t klen = (size_t)(eq - s);
  const char *v = eq + 1;
  int k = 0;
  while (k < kNumHierKeys && (strlen(kHierKeys[k]) != klen || strncmp(s, kHierKeys[k], klen) != 0))
    k++;
  if (k == kNumHierKeys) return;
  if (fig->hier_keys & (1u << k)) die_at(r->path, r->line_no, "a second NP-HIER %s line", kHierKeys[k]);
  fig->hier_keys |= 1u << k;
  bool ok = true;
  double d = 0;
  switch (k) {
    case 0: ok = parse_double_field(v, &fig->area_um2) && fig->area_um2 > 0; break;
    case 1: ok = parse_double_field(v, &fig->seq_area_um2) && fig->seq_area_um2 >= 0; break;
    case 2: ok = parse_count_field(v, &fig->cells); break;
    case 3: ok = parse_count_field(v, &fig->flops); break;
    case 4: ok = parse_count_field(v, &fig->buffer_cells); break;
    case 5: ok = parse_count_field(v, &fig->tie_cells); break;
    case 6: ok = parse_count_field(v, &fig->logic_levels); break;
    case 7:
      ok = parse_double_field(v, &d) && d > 0;
      fig->maps[0].abc_delay_ps = d;
      break;
    case 8:
      ok = parse_double_field(v, &d) && d > 0;
      fig->maps[0].sta_stage_ps = fig->sta_stage_ps = d;
      break;
    case 9: ok = parse_count_field(v, &fig->macros); break;
    case 10: ok = parse_double_field(v, &fig->macro_area_um2) && fig->macro_area_um2 >= 0; break;
  }
  if (!ok) die_at(r->path, r->line_no, "NP-HIER %s: bad value '%s'", kHierKeys[k], v);
}

static void parse_provenance_line(const line_reader *r, synth_figures *fig) {
  if (starts_with(r->buf, "NP-GIT ")) {
    if (!find_token(r->buf, "revision", fig->git_revision, sizeof fig->git_revision) ||
        !find_token(r->buf, "dirty", fig->git_dirty, sizeof fig->git_dirty))
      die_at(r->path, r->line_no, "expected 'NP-GIT revision=<rev> dirty=<0|1|unknown>'");
  } else if (starts_with(r->buf, "NP-TOOL ")) {
    /* The hierarchical flow names both tools: ABC re-buffers, OpenSTA times. */
    if (!find_token(r->buf, "opensta", fig->opensta_version, sizeof fig->opensta_version))
      die_at(r->path, r->line_no, "expected 'NP-TOOL opensta=<version> [abc=<version>]'");
    find_token(r->buf, "abc", fig->abc_version, sizeof fig->abc_version);
  }
}

static void note_warning(const line_reader *r, synth_figures *fig) {
  if (fig->warnings < MAX_WARNINGS_KEPT) {
    fig->warning_lines[fig->warnings] = r->line_no;
    copy_text(fig->warning_text[fig->warnings], TEXT_LEN, r->buf + strlen("Warning: "));
  }
  fig->warnings++;
}

static void parse_log_line(const line_reader *r, log_state *st, synth_figures *fig) {
  const char *s = skip_spaces(r->buf);
  /* The hierarchical flow's marks delimit its log; only its OpenSTA report is read by section. */
  if (starts_with(r->buf, "NP-MARK ") && fig->hier && strcmp(r->buf, "NP-MARK sta") != 0 &&
      strcmp(r->buf, "NP-MARK end") != 0)
    return;
  if (starts_with(r->buf, "NP-MARK ")) {
    st->section = section_from_mark(r, st, fig, r->buf + strlen("NP-MARK "));
    st->in_cell_list = false;
    if (st->section == SEC_STAT_ALL) st->seen_stat_all = true;
    return;
  }
  if (starts_with(r->buf, "NP-SOURCE ")) parse_source_line(r, fig);
  if (starts_with(r->buf, "NP-GIT ") || starts_with(r->buf, "NP-TOOL "))
    parse_provenance_line(r, fig);
  if (strcmp(r->buf, "NP-METHOD hier") == 0) fig->hier = true;
  if (starts_with(r->buf, "NP-HIER ")) parse_hier_line(r, fig);
  if (starts_with(r->buf, "NP-SEED ")) parse_seed_line(r, st, fig, false);
  if (starts_with(r->buf, "NP-CHOSEN ")) parse_seed_line(r, st, fig, true);
  if (starts_with(r->buf, "Warning: ")) note_warning(r, fig);
  if (starts_with(s, "Yosys ") && isdigit((unsigned char)s[6]) && !fig->yosys_version[0])
    copy_text(fig->yosys_version, sizeof fig->yosys_version, s);
  if (starts_with(r->buf, "End of script.")) st->seen_end_of_script = true;
  switch (st->section) {
    case SEC_ABC: parse_abc_line(r, st); break;
    case SEC_STAT_ALL:
    case SEC_STAT_SEQ:
    case SEC_STAT_MACRO: parse_stat_line(r, st, fig); break;
    case SEC_LTP: parse_ltp_line(r, st, fig); break;
    case SEC_STA: parse_sta_line(r, st, fig); break;
    case SEC_NONE: break;
  }
}

static void check_log_complete(const line_reader *r, const log_state *st,
                               const synth_figures *fig) {
  const long at = r->line_no;
  if (!st->seen_end_of_script)
    die_at(r->path, at, "log ends before 'End of script.' (yosys did not finish)");
  if (fig->num_sources == 0) die_at(r->path, at, "no NP-SOURCE lines (provenance)");
  if (!fig->git_revision[0]) die_at(r->path, at, "no NP-GIT line (provenance)");
  if (fig->hier) {
    for (int k = 0; k < kNumHierKeys; k++)
      if (!(fig->hier_keys & (1u << k)))
        die_at(r->path, at, "hierarchical flow's log without an NP-HIER %s line", kHierKeys[k]);
    if (!fig->abc_version[0] || !fig->opensta_version[0])
      die_at(r->path, at, "no 'NP-TOOL opensta=<v> abc=<v>' line (provenance)");
    if (!st->seen_sta || !fig->path.have_start || !fig->path.have_end || !fig->path.have_arrival)
      die_at(r->path, at, "no OpenSTA path (Startpoint, Endpoint, data arrival) after 'NP-MARK sta'");
    return;
  }
  if (fig->hier_keys) die_at(r->path, at, "NP-HIER lines without 'NP-METHOD hier'");
  if (fig->num_maps == 0)
    die_at(r->path, at, "no 'NP-MARK abc seed=' section (not np_synth.tcl's log?)");
  for (int i = 0; i < fig->num_maps; i++) {
    const mapping *m = &fig->maps[i];
    if (m->abc_delay_lines == 0 && !m->abc_skipped)
      die_at(r->path, at, "seed %lld: no ABC 'Delay = ... ps' line (was abc run with -constr?)",
             m->seed);
    if (m->abc_delay_lines > 1)
      die_at(r->path, at, "seed %lld: %d ABC delay lines; expected one (is the design flattened?)",
             m->seed, m->abc_delay_lines);
    if (m->sta_stage_ps < 0) die_at(r->path, at, "seed %lld: no NP-SEED line", m->seed);
  }
  if (!st->seen_chosen) die_at(r->path, at, "no NP-CHOSEN line (which mapping is reported?)");
  if (!st->seen_stat_all || !st->have_area)
    die_at(r->path, at, "no 'Chip area' in the 'NP-MARK stat-all' section");
  if (!st->seen_ltp) die_at(r->path, at, "no 'Longest topological path' line after 'NP-MARK ltp'");
  if (!st->seen_sta || !fig->path.have_start || !fig->path.have_end || !fig->path.have_arrival)
    die_at(r->path, at, "no OpenSTA path (Startpoint, Endpoint, data arrival) after 'NP-MARK sta'");
}

static void parse_synth_log(const char *path, const char *top, synth_figures *fig) {
  line_reader r;
  log_state st = {.top = top};
  memset(fig, 0, sizeof *fig);
  if (!reader_open(&r, path))
    die("cannot open %s: %s (run `make synth-%s`)", path, strerror(errno), top);
  while (reader_next(&r)) parse_log_line(&r, &st, fig);
  check_log_complete(&r, &st, fig);
  if (fig->hier) {
    /* One mapping, module by module; its figure is ABC's timing of the flattened netlist. */
    fig->num_maps = 1;
    fig->chosen = 0;
  }
  reader_close(&r);
}

/* runtime.txt: "wall_s=<s> user_s=<s> sys_s=<s>", bash's `time` around the yosys run. */
typedef struct {
  double wall_s, cpu_s;
} run_time;

static double time_token(const line_reader *r, const char *key) {
  char value[NAME_LEN];
  double v;
  if (!find_token(r->buf, key, value, sizeof value) || !parse_double_field(value, &v) || v < 0)
    die_at(r->path, r->line_no, "expected %s=<seconds> (format: wall_s=.. user_s=.. sys_s=..)",
           key);
  return v;
}

static run_time parse_runtime(const char *path) {
  line_reader r;
  run_time t = {-1.0, -1.0};
  if (!reader_open(&r, path)) die("cannot open %s: %s", path, strerror(errno));
  while (reader_next(&r)) {
    if (is_blank(r.buf)) continue;
    if (t.wall_s >= 0) die_at(path, r.line_no, "more than one line (did yosys write to it?)");
    t.wall_s = time_token(&r, "wall_s");
    t.cpu_s = time_token(&r, "user_s") + time_token(&r, "sys_s");
  }
  if (t.wall_s < 0) die_at(path, r.line_no, "empty; expected 'wall_s=.. user_s=.. sys_s=..'");
  reader_close(&r);
  return t;
}

/* ------------------------------------------------------------------------------------------ */
/* Verilator harness log                                                                       */

typedef enum { VERIFY_NOT_RUN, VERIFY_INCOMPLETE, VERIFY_PASS, VERIFY_FAIL } verify_status;

typedef struct {
  verify_status status;
  long long vectors_checked; /* sum over PASS lines */
  long long latency_cycles;  /* -1: no LATENCY line */
  long long ii_cycles;       /* -1: no THROUGHPUT line with ii_cycles; else the slowest port's */
} verify_figures;

static long long token_count(const line_reader *r, const char *line, const char *key) {
  char value[NAME_LEN];
  long long v;
  if (!find_token(line, key, value, sizeof value) || !parse_count_field(value, &v))
    die_at(r->path, r->line_no, "expected %s=<non-negative integer>", key);
  return v;
}

static bool line_is_for(const char *line, const char *top) {
  char unit[NAME_LEN];
  return find_token(line, "unit", unit, sizeof unit) && strcmp(unit, top) == 0;
}

/* The harness's failure lines (verilator_tb/common/harness.h): any of them fails the run. */
static bool is_failure_line(const char *s) {
  static const char *const kFailures[] = {"MISMATCH ", "PROTOCOL ", "TIMEOUT ",
                                          "STALE ",    "FAIL ",     "ERROR "};
  for (size_t i = 0; i < sizeof kFailures / sizeof kFailures[0]; i++)
    if (starts_with(s, kFailures[i])) return true;
  return false;
}

static void parse_verify_line(const line_reader *r, const char *top, verify_figures *v,
                              int *passes, bool *failed) {
  const char *s = skip_spaces(r->buf);
  if (starts_with(s, "PASS ") && line_is_for(s, top)) {
    v->vectors_checked += token_count(r, s, "checked");
    (*passes)++;
  } else if (starts_with(s, "LATENCY ") && line_is_for(s, top)) {
    long long cycles = token_count(r, s, "cycles");
    if (v->latency_cycles >= 0 && v->latency_cycles != cycles)
      die_at(r->path, r->line_no, "LATENCY cycles=%lld disagrees with an earlier cycles=%lld",
             cycles, v->latency_cycles);
    v->latency_cycles = cycles;
  } else if (starts_with(s, "THROUGHPUT ") && line_is_for(s, top)) {
    /* the harness's initiation interval (harness.h initiation_interval); absent when the probe
     * saw fewer than two transfers */
    char value[NAME_LEN];
    if (find_token(s, "ii_cycles", value, sizeof value)) {
      long long ii = token_count(r, s, "ii_cycles");
      if (ii == 0) die_at(r->path, r->line_no, "ii_cycles=0: an initiation interval is at least 1");
      if (ii > v->ii_cycles) v->ii_cycles = ii;
    }
  } else if (is_failure_line(s) && line_is_for(s, top)) {
    *failed = true;
  }
}

static void parse_verify_log(const char *path, const char *top, verify_figures *v) {
  line_reader r;
  int passes = 0;
  bool failed = false;
  v->status = VERIFY_NOT_RUN;
  v->vectors_checked = 0;
  v->latency_cycles = -1;
  v->ii_cycles = -1;
  if (!reader_open(&r, path)) {
    if (errno == ENOENT) return;
    die("cannot open %s: %s", path, strerror(errno));
  }
  while (reader_next(&r)) parse_verify_line(&r, top, v, &passes, &failed);
  reader_close(&r);
  if (failed)
    v->status = VERIFY_FAIL;
  else
    v->status = passes > 0 ? VERIFY_PASS : VERIFY_INCOMPLETE; /* still running, or killed */
}

static const char *verify_status_name(verify_status s) {
  switch (s) {
    case VERIFY_PASS: return "pass";
    case VERIFY_FAIL: return "fail";
    case VERIFY_INCOMPLETE: return "incomplete";
    case VERIFY_NOT_RUN: return "not run";
  }
  return "not run";
}

/* ------------------------------------------------------------------------------------------ */
/* Published figures (synth/published.tsv)                                                     */

typedef struct {
  char top[NAME_LEN];
  char source[NAME_LEN];
  long long latency_cycles;
  double comb_area_mm2, area_mm2;   /* 0 when the source gives a gate count only ("-") */
  long long nand2_eq;
} published_row;

typedef struct {
  published_row rows[MAX_PUBLISHED];
  int count;
} published_table;

static const char *const kPublishedColumns =
    "top\tlatency_cycles\tcomb_area_mm2\tarea_mm2\tnand2_eq\tsource";

enum { PUB_FIELDS = 6 };

/* Splits line in place at tabs; returns the number of fields. */
static int split_tabs(char *line, char **fields, int max) {
  int n = 0;
  char *s = line;
  while (n < max) {
    fields[n++] = s;
    char *tab = strchr(s, '\t');
    if (!tab) return n;
    *tab = '\0';
    s = tab + 1;
  }
  return strchr(s, '\t') ? max + 1 : n;
}

static void check_published_row(const line_reader *r, const published_row *row) {
  if (row->area_mm2 == 0) return;   /* a gate count only: nothing to cross-check */
  const double expect = row->area_mm2 * 1e6 / kNand2AreaUm2;
  if (row->comb_area_mm2 > row->area_mm2)
    die_at(r->path, r->line_no, "comb_area_mm2 is larger than area_mm2");
  if (fabs((double)row->nand2_eq - expect) > kPublishedRoundingTolerance * expect)
    die_at(r->path, r->line_no, "nand2_eq %lld does not match area_mm2 / 0.798 um2 = %.0f",
           row->nand2_eq, expect);
}

static void parse_published_row(const line_reader *r, published_table *t) {
  char *f[PUB_FIELDS + 1];
  if (t->count >= MAX_PUBLISHED) die_at(r->path, r->line_no, "more than %d rows", MAX_PUBLISHED);
  if (split_tabs(r->buf, f, PUB_FIELDS) != PUB_FIELDS)
    die_at(r->path, r->line_no, "expected %d tab-separated fields: %s", PUB_FIELDS,
           kPublishedColumns);
  published_row *row = &t->rows[t->count];
  if (!*f[0] || strlen(f[0]) >= sizeof row->top) die_at(r->path, r->line_no, "bad top name");
  if (!parse_count_field(f[1], &row->latency_cycles))
    die_at(r->path, r->line_no, "latency_cycles '%s' is not a non-negative integer", f[1]);
  /* "-" for both areas: the source publishes a gate count only (seed 001 sec. 6.7). */
  bool no_area = strcmp(f[2], "-") == 0 && strcmp(f[3], "-") == 0;
  row->comb_area_mm2 = row->area_mm2 = 0;
  if (!no_area && (!parse_double_field(f[2], &row->comb_area_mm2) || row->comb_area_mm2 <= 0))
    die_at(r->path, r->line_no, "comb_area_mm2 '%s' is not a positive number (or '-' with area_mm2 '-')", f[2]);
  if (!no_area && (!parse_double_field(f[3], &row->area_mm2) || row->area_mm2 <= 0))
    die_at(r->path, r->line_no, "area_mm2 '%s' is not a positive number (or '-' with comb_area_mm2 '-')", f[3]);
  /* "-" too when only a latency is published (then both areas are "-" as well). */
  row->nand2_eq = 0;
  if (!(no_area && strcmp(f[4], "-") == 0) && (!parse_count_field(f[4], &row->nand2_eq) || row->nand2_eq == 0))
    die_at(r->path, r->line_no, "nand2_eq '%s' is not a positive integer (or '-' with both areas '-')", f[4]);
  if (!*f[5] || strlen(f[5]) >= sizeof row->source) die_at(r->path, r->line_no, "bad source");
  for (int i = 0; i < t->count; i++)
    if (strcmp(t->rows[i].top, f[0]) == 0) die_at(r->path, r->line_no, "top %s listed twice", f[0]);
  copy_text(row->top, sizeof row->top, f[0]);
  copy_text(row->source, sizeof row->source, f[5]);
  check_published_row(r, row);
  t->count++;
}

static void load_published(const char *path, published_table *t) {
  line_reader r;
  bool header_seen = false;
  t->count = 0;
  if (!reader_open(&r, path)) die("cannot open %s: %s", path, strerror(errno));
  while (reader_next(&r)) {
    if (r.buf[0] == '#' || is_blank(r.buf)) continue;
    if (!header_seen) {
      if (strcmp(r.buf, kPublishedColumns) != 0)
        die_at(path, r.line_no, "expected the header line '%s' (tab-separated)", kPublishedColumns);
      header_seen = true;
      continue;
    }
    parse_published_row(&r, t);
  }
  if (!header_seen) die_at(path, r.line_no, "no header line");
  reader_close(&r);
}

static const published_row *find_published(const published_table *t, const char *top) {
  for (int i = 0; i < t->count; i++)
    if (strcmp(t->rows[i].top, top) == 0) return &t->rows[i];
  return NULL;
}

/* ------------------------------------------------------------------------------------------ */
/* Comparisons between our own tops (synth/compare.tsv)                                        */

typedef struct {
  char top[NAME_LEN];
  char baseline[NAME_LEN];
  char note[TEXT_LEN];
} compare_row;

typedef struct {
  compare_row rows[MAX_COMPARISONS];
  int count;
} compare_table;

static const char *const kCompareColumns = "top\tbaseline\tnote";

enum { CMP_FIELDS = 3 };

static void parse_compare_row(const line_reader *r, compare_table *t) {
  char *f[CMP_FIELDS + 1];
  if (t->count >= MAX_COMPARISONS)
    die_at(r->path, r->line_no, "more than %d rows", MAX_COMPARISONS);
  if (split_tabs(r->buf, f, CMP_FIELDS) != CMP_FIELDS)
    die_at(r->path, r->line_no, "expected %d tab-separated fields: %s", CMP_FIELDS,
           kCompareColumns);
  compare_row *row = &t->rows[t->count];
  if (!*f[0] || strlen(f[0]) >= sizeof row->top) die_at(r->path, r->line_no, "bad top name");
  if (!*f[1] || strlen(f[1]) >= sizeof row->baseline)
    die_at(r->path, r->line_no, "bad baseline name");
  if (strcmp(f[0], f[1]) == 0) die_at(r->path, r->line_no, "a top compared with itself");
  if (!*f[2] || strlen(f[2]) >= sizeof row->note) die_at(r->path, r->line_no, "bad note");
  copy_text(row->top, sizeof row->top, f[0]);
  copy_text(row->baseline, sizeof row->baseline, f[1]);
  copy_text(row->note, sizeof row->note, f[2]);
  t->count++;
}

static void load_compare(const char *path, compare_table *t) {
  line_reader r;
  bool header_seen = false;
  t->count = 0;
  if (!path) return;
  if (!reader_open(&r, path)) die("cannot open %s: %s", path, strerror(errno));
  while (reader_next(&r)) {
    if (r.buf[0] == '#' || is_blank(r.buf)) continue;
    if (!header_seen) {
      if (strcmp(r.buf, kCompareColumns) != 0)
        die_at(path, r.line_no, "expected the header line '%s' (tab-separated)", kCompareColumns);
      header_seen = true;
      continue;
    }
    parse_compare_row(&r, t);
  }
  if (!header_seen) die_at(path, r.line_no, "no header line");
  reader_close(&r);
}

/* ------------------------------------------------------------------------------------------ */
/* Figures per top                                                                             */

typedef struct {
  const char *synth_dir, *verify_dir, *published_path, *liberty, *compare_path;
  const char *json_out, *md_out, *summary_out;
  double clock_mhz, clk_to_q_ps, setup_ps;
  int num_tops;
  char unit[MAX_TOPS][NAME_LEN];
  char top[MAX_TOPS][NAME_LEN];
} options;

typedef struct {
  const char *unit, *top;
  synth_figures syn;
  verify_figures ver;
  run_time synth_time;
  double comb_area_um2, nand2_eq, fmax_mhz;
  double stage_ps;                   /* OpenSTA, the best of the mappings (hier: ABC's) */
  double stage_worst_ps;             /* the slowest of the mappings */
  double abc_delay_ps, abc_stage_ps; /* ABC's own estimate of the reported mapping */
  bool meets_target;
  const published_row *pub; /* NULL: no published figures */
} top_report;

static double clock_period_ps(const options *o) {
  return 1e6 / o->clock_mhz;
}

static void build_top_report(const options *o, const published_table *pub, int i, top_report *t) {
  char path[4 * NAME_LEN + 64];
  t->unit = o->unit[i];
  t->top = o->top[i];
  snprintf(path, sizeof path, "%s/%s/yosys.log", o->synth_dir, t->top);
  parse_synth_log(path, t->top, &t->syn);
  snprintf(path, sizeof path, "%s/%s/runtime.txt", o->synth_dir, t->top);
  t->synth_time = parse_runtime(path);
  snprintf(path, sizeof path, "%s/%s.log", o->verify_dir, t->top);
  parse_verify_log(path, t->top, &t->ver);
  if (t->syn.macro_area_um2 > t->syn.area_um2 - t->syn.seq_area_um2 + 0.001)
    die("%s: SRAM macro area %.3f um2 exceeds the area without flops", t->top, t->syn.macro_area_um2);
  t->comb_area_um2 = t->syn.area_um2 - t->syn.seq_area_um2 - t->syn.macro_area_um2;
  t->nand2_eq = t->syn.area_um2 / kNand2AreaUm2;
  const mapping *chosen = &t->syn.maps[t->syn.chosen];
  t->stage_ps = t->syn.sta_stage_ps; /* OpenSTA's, in both flows */
  t->stage_worst_ps = t->stage_ps;
  for (int m = 0; m < t->syn.num_maps; m++)
    if (t->syn.maps[m].sta_stage_ps > t->stage_worst_ps)
      t->stage_worst_ps = t->syn.maps[m].sta_stage_ps;
  for (int m = 0; m < t->syn.num_maps; m++)
    if (t->syn.maps[m].sta_stage_ps < t->stage_ps)
      die("%s: NP-CHOSEN seed %lld is not the fastest mapping (seed %lld)", t->top,
          chosen->seed, t->syn.maps[m].seed);
  t->abc_delay_ps = chosen->abc_delay_ps;
  t->abc_stage_ps = chosen->abc_delay_ps + o->clk_to_q_ps + o->setup_ps;
  t->fmax_mhz = 1e6 / t->stage_ps;
  t->meets_target = t->stage_ps <= clock_period_ps(o);
  t->pub = find_published(pub, t->top);
}

/* The pairs of synth/compare.tsv whose two tops are both in this run. */
typedef struct {
  const compare_row *row;
  const top_report *top, *baseline;
  double ratio;        /* top NAND2-eq / baseline NAND2-eq */
} comparison;

static const top_report *find_top(const options *o, const top_report *tops, const char *name) {
  for (int i = 0; i < o->num_tops; i++)
    if (strcmp(tops[i].top, name) == 0) return &tops[i];
  return NULL;
}

static int build_comparisons(const options *o, const top_report *tops, const compare_table *t,
                             comparison *out) {
  int n = 0;
  for (int i = 0; i < t->count; i++) {
    const top_report *a = find_top(o, tops, t->rows[i].top);
    const top_report *b = find_top(o, tops, t->rows[i].baseline);
    if (!a || !b || a->nand2_eq <= 0 || b->nand2_eq <= 0) continue;
    out[n].row = &t->rows[i];
    out[n].top = a;
    out[n].baseline = b;
    out[n].ratio = round(a->nand2_eq) / round(b->nand2_eq);
    n++;
  }
  return n;
}

/* "dsm_compressor is smaller by 37% (0.63x)": which top is smaller, and how much smaller it is
 * than the other, as a share of the larger one. */
static void fmt_smaller(char *buf, size_t cap, const comparison *c) {
  const double a = round(c->top->nand2_eq), b = round(c->baseline->nand2_eq);
  if (a == b) {
    snprintf(buf, cap, "equal");
    return;
  }
  const top_report *small = a < b ? c->top : c->baseline;
  const double lo = a < b ? a : b, hi = a < b ? b : a;
  snprintf(buf, cap, "%s is smaller by %.0f%% (%.2fx the other)", small->top,
           100.0 * (hi - lo) / hi, lo / hi);
}

/* ------------------------------------------------------------------------------------------ */
/* report.json                                                                                 */

static void add_rounded(cJSON *obj, const char *key, double v, double step) {
  cJSON_AddNumberToObject(obj, key, round_to(v, step));
}

static void add_count_or_null(cJSON *obj, const char *key, long long v, bool present) {
  if (present)
    cJSON_AddNumberToObject(obj, key, (double)v);
  else
    cJSON_AddNullToObject(obj, key);
}

static cJSON *published_json(const published_row *p) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "source", p->source);
  cJSON_AddNumberToObject(o, "latency_cycles", (double)p->latency_cycles);
  if (p->nand2_eq > 0)
    cJSON_AddNumberToObject(o, "nand2_eq", (double)p->nand2_eq);
  else
    cJSON_AddNullToObject(o, "nand2_eq");   /* latency only */
  if (p->area_mm2 > 0) {
    cJSON_AddNumberToObject(o, "area_mm2", p->area_mm2);
    cJSON_AddNumberToObject(o, "comb_area_mm2", p->comb_area_mm2);
  } else {
    cJSON_AddNullToObject(o, "area_mm2");   /* gate count only */
    cJSON_AddNullToObject(o, "comb_area_mm2");
  }
  return o;
}

static cJSON *warnings_json(const synth_figures *s) {
  cJSON *arr = cJSON_CreateArray();
  for (int i = 0; i < s->warnings && i < MAX_WARNINGS_KEPT; i++)
    cJSON_AddItemToArray(arr, cJSON_CreateString(s->warning_text[i]));
  return arr;
}

static cJSON *critical_path_json(const critical_path *p) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "start", p->start);
  cJSON_AddStringToObject(o, "start_kind", p->start_kind);
  cJSON_AddStringToObject(o, "end", p->end);
  cJSON_AddStringToObject(o, "end_kind", p->end_kind);
  cJSON_AddNumberToObject(o, "levels", (double)p->logic_levels); /* scripts grep "logic_levels" */
  return o;
}

/* Which of the two flows produced a top's figures (docs/synthesis.md). */
static const char *synth_flow_name(const top_report *t) {
  return t->syn.hier ? "hierarchical (synth/np_synth_hier.tcl)" : "flat (synth/np_synth.tcl)";
}

/* How the stage time was obtained: one timing engine and SDC for every top; what it timed
 * differs by flow (docs/synthesis.md "Two flows"). */
static const char *timing_method(const top_report *t) {
  return t->syn.hier ? "OpenSTA, synth/np_sta.sdc, on the hierarchically mapped netlist "
                       "flattened and re-buffered by ABC (one mapping)"
                     : "OpenSTA, synth/np_sta.sdc, on the flat netlist (best of the ABC mappings)";
}

/* Every mapping tried, so the figure's spread can be read beside it (one for the hierarchical
 * flow, which maps each module once). */
static cJSON *timing_json(const top_report *t) {
  cJSON *o = cJSON_CreateObject();
  char engine[2 * NAME_LEN];
  snprintf(engine, sizeof engine, "OpenSTA %s", t->syn.opensta_version);
  cJSON_AddStringToObject(o, "engine", engine);
  cJSON_AddStringToObject(o, "method", timing_method(t));
  cJSON_AddStringToObject(o, "flow", synth_flow_name(t));
  cJSON_AddNumberToObject(o, "chosen_seed", (double)t->syn.maps[t->syn.chosen].seed);
  add_rounded(o, "stage_worst_ps", t->stage_worst_ps, 0.01);
  add_rounded(o, "spread_pct", 100.0 * (t->stage_worst_ps - t->stage_ps) / t->stage_ps, 0.01);
  cJSON *arr = cJSON_AddArrayToObject(o, "mappings");
  for (int i = 0; i < t->syn.num_maps; i++) {
    const mapping *m = &t->syn.maps[i];
    cJSON *e = cJSON_CreateObject();
    cJSON_AddNumberToObject(e, "seed", (double)m->seed);
    add_rounded(e, "abc_ps", m->abc_delay_ps, 0.01); /* not "abc_delay_ps": scripts grep that */
    add_rounded(e, "sta_stage_ps", m->sta_stage_ps, 0.01);
    cJSON_AddItemToArray(arr, e);
  }
  return o;
}

/* What the figures were computed from: every input file's size and hash, and the revision. */
static cJSON *provenance_json(const synth_figures *s) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "git_revision", s->git_revision);
  if (strcmp(s->git_dirty, "0") == 0 || strcmp(s->git_dirty, "1") == 0)
    cJSON_AddBoolToObject(o, "git_dirty", s->git_dirty[0] == '1');
  else
    cJSON_AddNullToObject(o, "git_dirty"); /* not a git checkout */
  cJSON_AddStringToObject(o, "yosys", s->yosys_version);
  cJSON_AddStringToObject(o, "opensta", s->opensta_version);
  if (s->hier) cJSON_AddStringToObject(o, "abc", s->abc_version);
  cJSON *arr = cJSON_AddArrayToObject(o, "inputs");
  for (int i = 0; i < s->num_sources; i++) {
    const source_file *f = &s->sources[i];
    cJSON *e = cJSON_CreateObject();
    cJSON_AddStringToObject(e, "path", f->path);
    cJSON_AddStringToObject(e, "kind", f->kind);
    cJSON_AddNumberToObject(e, "bytes", (double)f->bytes);
    cJSON_AddStringToObject(e, "sha256", f->sha256);
    cJSON_AddItemToArray(arr, e);
  }
  return o;
}

static cJSON *top_json(const top_report *t) {
  cJSON *o = cJSON_CreateObject();
  cJSON_AddStringToObject(o, "top", t->top);
  cJSON_AddStringToObject(o, "unit", t->unit);
  add_count_or_null(o, "latency_cycles", t->ver.latency_cycles, t->ver.latency_cycles >= 0);
  add_count_or_null(o, "ii_cycles", t->ver.ii_cycles, t->ver.ii_cycles >= 0);
  add_count_or_null(o, "vectors_checked", t->ver.vectors_checked, t->ver.status == VERIFY_PASS);
  cJSON_AddStringToObject(o, "verify_status", verify_status_name(t->ver.status));
  cJSON_AddNumberToObject(o, "cells", (double)t->syn.cells);
  cJSON_AddNumberToObject(o, "flops", (double)t->syn.flops);
  cJSON_AddNumberToObject(o, "buffer_cells", (double)t->syn.buffer_cells);
  cJSON_AddNumberToObject(o, "tie_cells", (double)t->syn.tie_cells);
  add_rounded(o, "area_um2", t->syn.area_um2, 0.001);
  add_rounded(o, "seq_area_um2", t->syn.seq_area_um2, 0.001);
  add_rounded(o, "comb_area_um2", t->comb_area_um2, 0.001);
  /* SRAM macros (synth/np_sram45.lib) apart from the logic: area_um2 = logic + macros. */
  cJSON_AddNumberToObject(o, "macro_cells", (double)t->syn.macros);
  add_rounded(o, "macro_area_um2", t->syn.macro_area_um2, 0.001);
  add_rounded(o, "logic_area_um2", t->syn.area_um2 - t->syn.macro_area_um2, 0.001);
  cJSON_AddNumberToObject(o, "nand2_eq", round(t->nand2_eq));
  cJSON_AddNumberToObject(o, "logic_levels", (double)t->syn.logic_levels);
  add_rounded(o, "abc_delay_ps", t->abc_delay_ps, 0.01);
  add_rounded(o, "abc_stage_ps", t->abc_stage_ps, 0.01);
  add_rounded(o, "stage_ps", t->stage_ps, 0.01);
  add_rounded(o, "fmax_mhz_est", t->fmax_mhz, 0.1);
  cJSON_AddItemToObject(o, "critical_path", critical_path_json(&t->syn.path));
  cJSON_AddItemToObject(o, "timing", timing_json(t));
  cJSON_AddBoolToObject(o, "meets_target", t->meets_target);
  add_rounded(o, "synth_seconds", t->synth_time.wall_s, 0.1);
  add_rounded(o, "synth_cpu_seconds", t->synth_time.cpu_s, 0.1);
  cJSON_AddNumberToObject(o, "yosys_warnings", t->syn.warnings);
  cJSON_AddItemToObject(o, "yosys_warning_samples", warnings_json(&t->syn));
  if (t->pub)
    cJSON_AddItemToObject(o, "published", published_json(t->pub));
  else
    cJSON_AddNullToObject(o, "published");
  cJSON_AddItemToObject(o, "provenance", provenance_json(&t->syn));
  return o;
}

static void write_text_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f) die("cannot write %s: %s", path, strerror(errno));
  fputs(text, f);
  if (fclose(f) != 0) die("error writing %s", path);
}

static cJSON *comparisons_json(const comparison *cmp, int n) {
  cJSON *arr = cJSON_CreateArray();
  for (int i = 0; i < n; i++) {
    const comparison *c = &cmp[i];
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "top", c->top->top);
    cJSON_AddStringToObject(o, "baseline", c->baseline->top);
    cJSON_AddNumberToObject(o, "nand2_eq", round(c->top->nand2_eq));
    cJSON_AddNumberToObject(o, "baseline_nand2_eq", round(c->baseline->nand2_eq));
    add_rounded(o, "ratio", c->ratio, 0.001);
    cJSON_AddStringToObject(o, "smaller",
                            c->ratio < 1 ? c->top->top : c->ratio > 1 ? c->baseline->top : "");
    cJSON_AddStringToObject(o, "note", c->row->note);
    cJSON_AddItemToArray(arr, o);
  }
  return arr;
}

static void write_json(const options *o, const top_report *tops, const comparison *cmp,
                       int n_cmp) {
  cJSON *root = cJSON_CreateObject();
  cJSON_AddStringToObject(root, "generator", GENERATOR_NAME);
  cJSON_AddStringToObject(root, "liberty", o->liberty);
  cJSON_AddStringToObject(root, "note",
                          "Estimates from a liberty model derived from public NanGate 45nm "
                          "figures (Yosys + ABC); not tape-out results.");
  cJSON_AddStringToObject(root, "yosys", o->num_tops ? tops[0].syn.yosys_version : "");
  cJSON_AddNumberToObject(root, "clock_target_mhz", o->clock_mhz);
  add_rounded(root, "clock_period_ps", clock_period_ps(o), 0.01);
  cJSON_AddNumberToObject(root, "dff_clk_to_q_ps", o->clk_to_q_ps);
  cJSON_AddNumberToObject(root, "dff_setup_ps", o->setup_ps);
  cJSON_AddNumberToObject(root, "nand2_area_um2", kNand2AreaUm2);
  cJSON *units = cJSON_AddArrayToObject(root, "units");
  for (int i = 0; i < o->num_tops; i++) cJSON_AddItemToArray(units, top_json(&tops[i]));
  cJSON_AddItemToObject(root, "comparisons", comparisons_json(cmp, n_cmp));
  char *text = cJSON_Print(root);
  if (!text) die("out of memory printing JSON");
  write_text_file(o->json_out, text);
  cJSON_free(text);
  cJSON_Delete(root);
}

/* ------------------------------------------------------------------------------------------ */
/* report.md and the summary                                                                   */

static void fmt_latency(char *buf, size_t cap, const top_report *t) {
  if (t->ver.latency_cycles >= 0)
    snprintf(buf, cap, "%lld", t->ver.latency_cycles);
  else
    snprintf(buf, cap, "not measured");
}

static void fmt_ii(char *buf, size_t cap, const top_report *t) {
  if (t->ver.ii_cycles >= 0)
    snprintf(buf, cap, "%lld", t->ver.ii_cycles);
  else
    snprintf(buf, cap, "not measured");
}

static void fmt_vectors(char *buf, size_t cap, const top_report *t) {
  switch (t->ver.status) {
    case VERIFY_PASS: snprintf(buf, cap, "%lld", t->ver.vectors_checked); break;
    case VERIFY_FAIL: snprintf(buf, cap, "FAILED"); break;
    case VERIFY_INCOMPLETE: snprintf(buf, cap, "incomplete"); break;
    case VERIFY_NOT_RUN: snprintf(buf, cap, "not run"); break;
  }
}

static void fmt_pub_latency(char *buf, size_t cap, const top_report *t) {
  if (t->pub)
    snprintf(buf, cap, "%lld", t->pub->latency_cycles);
  else
    snprintf(buf, cap, "-");
}

static void fmt_pub_nand2(char *buf, size_t cap, const top_report *t) {
  if (t->pub && t->pub->nand2_eq > 0)
    snprintf(buf, cap, "%lld", t->pub->nand2_eq);
  else
    snprintf(buf, cap, "-");
}

static void fmt_ratio(char *buf, size_t cap, const top_report *t) {
  if (t->pub && t->pub->nand2_eq > 0)
    snprintf(buf, cap, "%.2f", round(t->nand2_eq) / (double)t->pub->nand2_eq);
  else
    snprintf(buf, cap, "-");
}

static void fmt_pub_area(char *buf, size_t cap, const top_report *t) {
  if (t->pub && t->pub->area_mm2 > 0)
    snprintf(buf, cap, "%.0f", t->pub->area_mm2 * 1e6);
  else
    snprintf(buf, cap, "-");
}

static void fmt_pub_seq_share(char *buf, size_t cap, const top_report *t) {
  if (t->pub && t->pub->area_mm2 > 0)
    snprintf(buf, cap, "%.0f%%",
             100.0 * (t->pub->area_mm2 - t->pub->comb_area_mm2) / t->pub->area_mm2);
  else
    snprintf(buf, cap, "-");
}

static double seq_share_pct(const top_report *t) {
  return t->syn.area_um2 > 0 ? 100.0 * t->syn.seq_area_um2 / t->syn.area_um2 : 0.0;
}

static void md_header(FILE *f, const options *o, const top_report *tops) {
  fprintf(f, "# nocpress synthesis report\n\n");
  fprintf(f,
          "**These are estimates from a liberty model, not tape-out results.** Liberty: `%s`, "
          "derived from public NanGate 45nm figures (areas exact, delays rebuilt from three "
          "figures per cell). %s, ABC mapping, OpenSTA timing. No wire load, no placement. See "
          "docs/synthesis.md.\n\n",
          o->liberty, o->num_tops ? tops[0].syn.yosys_version : "Yosys");
  fprintf(
      f,
      "Clock target %.0f MHz (%.0f ps). Stage = OpenSTA's worst register-to-register time (launch, "
      "logic, setup; a port is launched %.0f ps after the clock and captured %.0f ps before it) "
      "of the best of the ABC mappings; the spread column says how much slower the worst mapping "
      "was. Read two stage times as different only when they differ by more than the "
      "tolerance in docs/synthesis.md. ABC stage = ABC's own delay + %.0f + %.0f ps, the figure "
      "reported before. Tops marked `hier` in the flow column (the largest, listed in their "
      "unit's <unit>_SYNTH_HIER) are synthesised module by module (one mapping); their netlist "
      "is flattened and re-buffered by ABC for its real fanout and timed by the same OpenSTA "
      "and SDC (docs/synthesis.md gives that flow's error against the flat one). "
      "est. fmax = 1 / stage. NAND2-eq = area / %.3f um2. Latency and vectors "
      "come from the Verilator harness logs (`make verify`).\n\n",
      o->clock_mhz, clock_period_ps(o), o->clk_to_q_ps, o->setup_ps, o->clk_to_q_ps, o->setup_ps,
      kNand2AreaUm2);
}

static void md_area_table(FILE *f, const options *o, const top_report *tops) {
  char vec[64], lat[64], plat[64], ii[64], parea[64], pn[64], ratio[64], pseq[64];
  fprintf(f, "## Area and latency beside the published figures\n\n");
  fprintf(f,
          "| unit | top | vectors checked | latency (cycles) | pub. latency | II (cycles) | "
          "area um2 | of it SRAM macros um2 | pub. area um2 | NAND2-eq | pub. NAND2-eq | "
          "ours / pub. | seq. share | pub. seq. share |\n");
  fprintf(f, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  for (int i = 0; i < o->num_tops; i++) {
    const top_report *t = &tops[i];
    fmt_vectors(vec, sizeof vec, t);
    fmt_latency(lat, sizeof lat, t);
    fmt_pub_latency(plat, sizeof plat, t);
    fmt_ii(ii, sizeof ii, t);
    fmt_pub_area(parea, sizeof parea, t);
    fmt_pub_nand2(pn, sizeof pn, t);
    fmt_ratio(ratio, sizeof ratio, t);
    fmt_pub_seq_share(pseq, sizeof pseq, t);
    fprintf(f, "| %s | %s | %s | %s | %s | %s | %.1f | %.1f | %s | %.0f | %s | %s | %.0f%% | %s |\n",
            t->unit, t->top, vec, lat, plat, ii, t->syn.area_um2, t->syn.macro_area_um2, parea,
            t->nand2_eq, pn, ratio, seq_share_pct(t), pseq);
  }
  fprintf(f, "\n");
}

static void md_timing_table(FILE *f, const options *o, const top_report *tops) {
  fprintf(f, "## Structure and timing\n\n");
  fprintf(f,
          "| top | cells | buffers | flops | comb. area um2 | seq. area um2 | SRAM macros: "
          "cells, area um2 | logic levels | "
          "stage ps | est. fmax MHz | meets %.0f MHz | flow: mappings, spread | ABC stage ps | "
          "synth s (CPU) |\n",
          o->clock_mhz);
  fprintf(f, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|\n");
  for (int i = 0; i < o->num_tops; i++) {
    const top_report *t = &tops[i];
    fprintf(f,
            "| %s | %lld | %lld | %lld | %.1f | %.1f | %lld, %.1f | %lld | %.1f | %.0f | %s | %s: %d, "
            "+%.1f%% | %.1f | %.1f (%.1f) |\n",
            t->top, t->syn.cells, t->syn.buffer_cells, t->syn.flops, t->comb_area_um2,
            t->syn.seq_area_um2, t->syn.macros, t->syn.macro_area_um2, t->syn.logic_levels, t->stage_ps, t->fmax_mhz,
            t->meets_target ? "yes" : "no", t->syn.hier ? "hier" : "flat", t->syn.num_maps,
            100.0 * (t->stage_worst_ps - t->stage_ps) / t->stage_ps, t->abc_stage_ps,
            t->synth_time.wall_s, t->synth_time.cpu_s);
  }
  fprintf(f, "\n");
}

static void md_critical_paths(FILE *f, const options *o, const top_report *tops) {
  fprintf(f, "## Critical paths (OpenSTA's worst setup path of the reported netlist, both "
             "flows)\n\n");
  fprintf(f, "| top | stage ps | start | end | cells on the path |\n");
  fprintf(f, "|---|---:|---|---|---:|\n");
  for (int i = 0; i < o->num_tops; i++) {
    const critical_path *p = &tops[i].syn.path;
    fprintf(f, "| %s | %.1f | `%s` (%s) | `%s` (%s) | %lld |\n", tops[i].top, tops[i].stage_ps,
            p->start, p->start_kind, p->end, p->end_kind, p->logic_levels);
  }
  fprintf(f, "\n");
}

/* Lists each distinct published source once, in the order the tops use them. */
static void md_published_sources(FILE *f, const options *o, const top_report *tops) {
  int listed = 0;
  for (int i = 0; i < o->num_tops; i++) {
    if (!tops[i].pub) continue;
    bool seen = false;
    for (int k = 0; k < i; k++)
      seen |= tops[k].pub && strcmp(tops[k].pub->source, tops[i].pub->source) == 0;
    if (seen) continue;
    if (listed == 0)
      fprintf(f, "Published figures (`%s`): ", o->published_path);
    else
      fprintf(f, "; ");
    fprintf(f, "%s", tops[i].pub->source);
    listed++;
  }
  if (listed)
    fprintf(f, ". They come from other tools, cell libraries and RTL (for the DSM rows: Synopsys "
               "DC, the real NanGate 45nm library, 800 MHz, the thesis's own pipeline), so a "
               "ratio compares tools, libraries and pipelining as well as designs "
               "(docs/synthesis.md).\n\n");
}

static void md_warnings(FILE *f, const options *o, const top_report *tops) {
  for (int i = 0; i < o->num_tops; i++) {
    const top_report *t = &tops[i];
    if (t->syn.warnings == 0) continue;
    fprintf(f, "Yosys warnings for %s: %d (see `%s/%s/yosys.log`)", t->top, t->syn.warnings,
            o->synth_dir, t->top);
    for (int w = 0; w < t->syn.warnings && w < MAX_WARNINGS_KEPT; w++)
      fprintf(f, "%s line %ld: %s", w ? ";" : ":", t->syn.warning_lines[w], t->syn.warning_text[w]);
    fprintf(f, "\n\n");
  }
}

static void md_compare_table(FILE *f, const options *o, const comparison *cmp, int n) {
  char smaller[2 * NAME_LEN];
  if (n == 0) return;
  fprintf(f, "## Our tops side by side (`%s`)\n\n", o->compare_path);
  fprintf(f, "| top | NAND2-eq | latency | est. fmax MHz | baseline | NAND2-eq | latency | "
             "est. fmax MHz | top / baseline | smaller | note |\n");
  fprintf(f, "|---|---:|---:|---:|---|---:|---:|---:|---:|---|---|\n");
  for (int i = 0; i < n; i++) {
    const comparison *c = &cmp[i];
    char la[64], lb[64];
    fmt_latency(la, sizeof la, c->top);
    fmt_latency(lb, sizeof lb, c->baseline);
    fmt_smaller(smaller, sizeof smaller, c);
    fprintf(f, "| %s | %.0f | %s | %.0f | %s | %.0f | %s | %.0f | %.2f | %s | %s |\n",
            c->top->top, c->top->nand2_eq, la, c->top->fmax_mhz, c->baseline->top,
            c->baseline->nand2_eq, lb, c->baseline->fmax_mhz, c->ratio, smaller, c->row->note);
  }
  fprintf(f, "\n");
}

static void write_md(const options *o, const top_report *tops, const comparison *cmp, int n_cmp) {
  FILE *f = fopen(o->md_out, "w");
  if (!f) die("cannot write %s: %s", o->md_out, strerror(errno));
  md_header(f, o, tops);
  md_area_table(f, o, tops);
  md_timing_table(f, o, tops);
  md_critical_paths(f, o, tops);
  md_compare_table(f, o, cmp, n_cmp);
  md_published_sources(f, o, tops);
  md_warnings(f, o, tops);
  if (fclose(f) != 0) die("error writing %s", o->md_out);
}

static void write_summary(const options *o, const top_report *tops, const comparison *cmp,
                          int n_cmp) {
  char vec[64], lat[64], plat[64], ii[64], pn[64], clock[64], meets[32];
  FILE *f = fopen(o->summary_out, "w");
  if (!f) die("cannot write %s: %s", o->summary_out, strerror(errno));
  fprintf(f,
          "nocpress summary. Vectors: RTL outputs the Verilator harness checked against the C "
          "model (make verify).\nArea and clock: estimates from a liberty model built from "
          "public NanGate 45nm figures, not tape-out (details: %s).\n\n",
          o->md_out);
  snprintf(meets, sizeof meets, "meets %.0f", o->clock_mhz);
  /* The top column is as wide as the longest name, so long synthesis-only names keep the
   * columns aligned. */
  int top_w = (int)strlen("top");
  for (int i = 0; i < o->num_tops; i++) {
    const int len = (int)strlen(tops[i].top);
    if (len > top_w) top_w = len;
  }
  fprintf(f, "%-5s %-*s %15s %10s %9s %9s %12s %8s %12s %10s %9s\n", "unit", top_w, "top",
          "vectors checked", "area um2", "NAND2-eq", "pub.", "latency", "pub.", "II", "est. clock",
          meets);
  for (int i = 0; i < o->num_tops; i++) {
    const top_report *t = &tops[i];
    fmt_vectors(vec, sizeof vec, t);
    fmt_latency(lat, sizeof lat, t);
    fmt_pub_latency(plat, sizeof plat, t);
    fmt_pub_nand2(pn, sizeof pn, t);
    fmt_ii(ii, sizeof ii, t);
    snprintf(clock, sizeof clock, "%.0f MHz", t->fmax_mhz);
    fprintf(f, "%-5s %-*s %15s %10.1f %9.0f %9s %12s %8s %12s %10s %9s\n", t->unit, top_w, t->top,
            vec, t->syn.area_um2, t->nand2_eq, pn, lat, plat, ii, clock,
            t->meets_target ? "yes" : "no");
  }
  fprintf(f, "(pub.: %s; latency and II (initiation interval: cycles from one accepted line to the "
             "next) in cycles, measured in RTL simulation)\n", o->published_path);
  for (int i = 0; i < n_cmp; i++) {
    char smaller[2 * NAME_LEN];
    fmt_smaller(smaller, sizeof smaller, &cmp[i]);
    fprintf(f, "%s%s %.0f vs %s %.0f NAND2-eq: %s (%s)\n", i ? "" : "\n", cmp[i].top->top,
            cmp[i].top->nand2_eq, cmp[i].baseline->top, cmp[i].baseline->nand2_eq, smaller,
            cmp[i].row->note);
  }
  if (fclose(f) != 0) die("error writing %s", o->summary_out);
}

/* ------------------------------------------------------------------------------------------ */
/* Command line                                                                                */

static void usage(void) {
  fprintf(stderr,
          "usage: np_report --synth-dir DIR --verify-dir DIR --published FILE --liberty PATH\n"
          "                 --clock-mhz F --clk-to-q-ps F --setup-ps F --json OUT --md OUT\n"
          "                 [--summary OUT] [--compare FILE] UNIT:TOP...\n");
  exit(EXIT_FAILURE);
}

static double positive_arg(const char *opt, const char *value) {
  double v;
  if (!parse_double_field(value, &v) || v <= 0)
    die("%s needs a positive number, got '%s'", opt, value);
  return v;
}

static void add_top_arg(options *o, const char *arg) {
  const char *colon = strchr(arg, ':');
  if (!colon || colon == arg || !colon[1]) die("expected UNIT:TOP, got '%s'", arg);
  if (o->num_tops >= MAX_TOPS) die("more than %d tops", MAX_TOPS);
  size_t ulen = (size_t)(colon - arg);
  if (ulen >= NAME_LEN || strlen(colon + 1) >= NAME_LEN) die("name too long in '%s'", arg);
  memcpy(o->unit[o->num_tops], arg, ulen);
  o->unit[o->num_tops][ulen] = '\0';
  copy_text(o->top[o->num_tops], NAME_LEN, colon + 1);
  o->num_tops++;
}

static bool take_option(options *o, const char *opt, const char *value) {
  const char **str_dst = NULL;
  if (strcmp(opt, "--synth-dir") == 0)
    str_dst = &o->synth_dir;
  else if (strcmp(opt, "--verify-dir") == 0)
    str_dst = &o->verify_dir;
  else if (strcmp(opt, "--published") == 0)
    str_dst = &o->published_path;
  else if (strcmp(opt, "--liberty") == 0)
    str_dst = &o->liberty;
  else if (strcmp(opt, "--json") == 0)
    str_dst = &o->json_out;
  else if (strcmp(opt, "--md") == 0)
    str_dst = &o->md_out;
  else if (strcmp(opt, "--summary") == 0)
    str_dst = &o->summary_out;
  else if (strcmp(opt, "--compare") == 0)
    str_dst = &o->compare_path;
  if (str_dst) {
    *str_dst = value;
    return true;
  }
  if (strcmp(opt, "--clock-mhz") == 0)
    o->clock_mhz = positive_arg(opt, value);
  else if (strcmp(opt, "--clk-to-q-ps") == 0)
    o->clk_to_q_ps = positive_arg(opt, value);
  else if (strcmp(opt, "--setup-ps") == 0)
    o->setup_ps = positive_arg(opt, value);
  else
    return false;
  return true;
}

static void parse_args(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    if (strncmp(argv[i], "--", 2) != 0) {
      add_top_arg(o, argv[i]);
      continue;
    }
    if (i + 1 >= argc || !take_option(o, argv[i], argv[i + 1])) usage();
    i++;
  }
  if (!o->synth_dir || !o->verify_dir || !o->published_path || !o->liberty || !o->json_out ||
      !o->md_out || o->clock_mhz <= 0 || o->clk_to_q_ps <= 0 || o->setup_ps <= 0 ||
      o->num_tops == 0)
    usage();
}

int main(int argc, char **argv) {
  options opt;
  static published_table pub;
  static compare_table cmp_rows;
  static top_report tops[MAX_TOPS];
  static comparison cmp[MAX_COMPARISONS];
  parse_args(argc, argv, &opt);
  load_published(opt.published_path, &pub);
  load_compare(opt.compare_path, &cmp_rows);
  for (int i = 0; i < opt.num_tops; i++) build_top_report(&opt, &pub, i, &tops[i]);
  const int n_cmp = build_comparisons(&opt, tops, &cmp_rows, cmp);
  write_json(&opt, tops, cmp, n_cmp);
  write_md(&opt, tops, cmp, n_cmp);
  if (opt.summary_out) write_summary(&opt, tops, cmp, n_cmp);
  return EXIT_SUCCESS;
}
