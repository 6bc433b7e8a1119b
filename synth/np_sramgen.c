/*
 * np_sramgen: writes synth/np_sram45.lib, the liberty ESTIMATE MODEL of the SRAM macros the RTL
 * instantiates (rtl/common/np_sram.v), to stdout (docs/synthesis.md "SRAM macros").
 *
 *   np_sramgen PUBLISHED_TSV SHAPES_TSV > synth/np_sram45.lib
 *
 * PUBLISHED_TSV (synth/fakeram45.tsv) holds the published figures of the fakeram45 macros of
 * OpenROAD-flow-scripts' NanGate45 platform: words, bits, area, clk -> rd_out, min_period.
 * SHAPES_TSV (synth/np_sram_shapes.tsv) lists the macros the RTL needs: kind (sp: one
 * read/write port; dp: one read and one write port), words, bits.
 *
 * Model of a shape of W words x B bits (no interpolation between the published points: their
 * areas are not smooth in words and bits, e.g. 64x25, 64x28 and 64x32 have one area and 64x62
 * almost four times it, so a fitted surface would be off by 30-80 % at some published points):
 *   - built from copies of ONE published macro of w words x b bits: ceil(W / w) rows of
 *     ceil(B / b) macros side by side; the macro is the one that gives the least total area
 *     (ties: fewer copies, then the smaller macro). At a published shape that is the macro
 *     itself, exactly.
 *   - area = copies x the macro's area. With more than one row the read data is selected among
 *     rows by logic the RTL would hold; the model does not add it (a few gates per bit).
 *   - clk -> rd_out, min_period, pin capacitances, setup and hold: the macro's (copies side by
 *     side are clocked together; with more than one row the select adds the gates above).
 *   - dp (one read and one write port, e.g. a two-port register file): no dual-port macro is
 *     published for this platform; its area is the single-port figure x kDualPortAreaFactor =
 *     1.3, the 8T bit cell's area over the 6T's (L. Chang et al., "Stable SRAM cell design for
 *     the 32 nm node and beyond", Symp. VLSI Technology 2005: about 30 % larger), applied to the
 *     whole macro; its timing is the single-port macro's. An assumption, not a published figure.
 * Errors name the file and line; nothing is written then.
 *
 * Build: cc -std=c11 synth/np_sramgen.c -o np_sramgen
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_MACROS = 64, MAX_SHAPES = 64, LINE_LEN = 512 };

static const double kDualPortAreaFactor = 1.3;
/* Published constants of every fakeram45 macro (synth/fakeram45.tsv's header). */
static const double kSetupPs = 50.0, kHoldPs = 50.0;
static const double kClkCapFf = 25.0, kInputCapFf = 5.0, kMaxCapFf = 500.0;
static const double kOutSlewPs[2] = {9.0, 227.0}, kOutSlewLoadFf[2] = {5.0, 500.0};
static const double kNand2AreaUm2 = 0.798;

typedef struct {
  long words, bits;
  double area_um2, clk_to_q_ps, min_period_ps;
} macro;

typedef struct {
  char kind[4]; /* "sp" or "dp" */
  long words, bits;
  const macro *tile;
  long rows, cols;
  double area_um2;
} shape;

static void die_at(const char *path, long line, const char *msg) {
  fprintf(stderr, "%s:%ld: error: %s\n", path, line, msg);
  exit(1);
}

static FILE *open_or_die(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "np_sramgen: cannot open %s: %s\n", path, strerror(errno));
    exit(1);
  }
  return f;
}

/* Reads the next line that is neither blank nor a comment; 0 at end of file. */
static int next_data_line(FILE *f, const char *path, char *buf, long *line_no) {
  while (fgets(buf, LINE_LEN, f)) {
    (*line_no)++;
    if (!strchr(buf, '\n') && !feof(f)) die_at(path, *line_no, "line too long");
    const char *s = buf + strspn(buf, " \t");
    if (*s == '#' || *s == '\n' || *s == '\0') continue;
    return 1;
  }
  return 0;
}

static int read_macros(const char *path, macro *out) {
  FILE *f = open_or_die(path);
  char buf[LINE_LEN];
  long line_no = 0;
  int n = 0;
  while (next_data_line(f, path, buf, &line_no)) {
    macro m;
    char extra;
    if (sscanf(buf, "%ld %ld %lf %lf %lf %c", &m.words, &m.bits, &m.area_um2, &m.clk_to_q_ps,
               &m.min_period_ps, &extra) != 5)
      die_at(path, line_no, "expected 'words bits area_um2 clk_to_q_ps min_period_ps'");
    if (m.words < 2 || m.bits < 1 || m.area_um2 <= 0 || m.clk_to_q_ps <= 0 || m.min_period_ps <= 0)
      die_at(path, line_no, "figures must be positive (words >= 2)");
    if (n == MAX_MACROS) die_at(path, line_no, "too many macros");
    out[n++] = m;
  }
  fclose(f);
  if (n == 0) die_at(path, line_no, "no macros");
  return n;
}

/* The cheapest tiling of a W x B shape by copies of one published macro. */
static void choose_tile(shape *s, const macro *macros, int num_macros) {
  s->tile = NULL;
  for (int i = 0; i < num_macros; i++) {
    const macro *m = &macros[i];
    const long rows = (s->words + m->words - 1) / m->words;
    const long cols = (s->bits + m->bits - 1) / m->bits;
    const double area = (double)(rows * cols) * m->area_um2;
    const int better =
        !s->tile || area < s->area_um2 ||
        (area == s->area_um2 && (rows * cols < s->rows * s->cols ||
                                 (rows * cols == s->rows * s->cols && m->area_um2 < s->tile->area_um2)));
    if (better) {
      s->tile = m;
      s->rows = rows;
      s->cols = cols;
      s->area_um2 = area;
    }
  }
  if (strcmp(s->kind, "dp") == 0) s->area_um2 *= kDualPortAreaFactor;
}

static int read_shapes(const char *path, shape *out, const macro *macros, int num_macros) {
  FILE *f = open_or_die(path);
  char buf[LINE_LEN];
  long line_no = 0;
  int n = 0;
  while (next_data_line(f, path, buf, &line_no)) {
    shape s;
    char extra;
    memset(&s, 0, sizeof s);
    if (sscanf(buf, "%3s %ld %ld %c", s.kind, &s.words, &s.bits, &extra) != 3 ||
        (strcmp(s.kind, "sp") != 0 && strcmp(s.kind, "dp") != 0))
      die_at(path, line_no, "expected 'sp|dp words bits'");
    if (s.words < 2 || (s.words & (s.words - 1)) != 0 || s.bits < 1 || s.bits > 4096)
      die_at(path, line_no, "words must be a power of two >= 2, bits 1..4096");
    for (int i = 0; i < n; i++)
      if (strcmp(out[i].kind, s.kind) == 0 && out[i].words == s.words && out[i].bits == s.bits)
        die_at(path, line_no, "shape listed twice");
    if (n == MAX_SHAPES) die_at(path, line_no, "too many shapes");
    choose_tile(&s, macros, num_macros);
    out[n++] = s;
  }
  fclose(f);
  return n;
}

static int addr_bits(long words) {
  int b = 0;
  while ((1L << b) < words) b++;
  return b;
}

static void print_header(const char *published_path, const char *shapes_path) {
  printf("/*\n");
  printf(" * np_sram45.lib: nocpress liberty ESTIMATE MODEL of SRAM macros for the 45 nm cell model\n");
  printf(" * (synth/nangate45_np.lib). Built from the published fakeram45 macros of\n");
  printf(" * OpenROAD-flow-scripts' NanGate45 platform (%s: source, commit, figures) for the\n", published_path);
  printf(" * shapes in %s: each shape is tiled from copies of one published macro\n", shapes_path);
  printf(" * (the least area); dual-port (dp) area x %.1f (8T over 6T bit cell). Model and\n", kDualPortAreaFactor);
  printf(" * citations: synth/np_sramgen.c, docs/synthesis.md \"SRAM macros\". No power.\n");
  printf(" * Generated by synth/np_sramgen.c; do not edit by hand (make synth-liberty-check).\n");
  printf(" */\n");
  printf("library (np_sram45) {\n");
  printf("  delay_model : table_lookup;\n");
  printf("  time_unit : \"1ps\";\n");
  printf("  voltage_unit : \"1V\";\n");
  printf("  current_unit : \"1uA\";\n");
  printf("  pulling_resistance_unit : \"1kohm\";\n");
  printf("  capacitive_load_unit (1, ff);\n");
  printf("  nom_process : 1.0;\n  nom_voltage : 1.1;\n  nom_temperature : 25.0;\n");
  printf("  input_threshold_pct_rise : 50;\n  input_threshold_pct_fall : 50;\n");
  printf("  output_threshold_pct_rise : 50;\n  output_threshold_pct_fall : 50;\n");
  printf("  slew_lower_threshold_pct_rise : 20;\n  slew_upper_threshold_pct_rise : 80;\n");
  printf("  slew_lower_threshold_pct_fall : 20;\n  slew_upper_threshold_pct_fall : 80;\n");
  printf("  default_max_transition : 250;\n");
  printf("  operating_conditions (typical) {\n    process : 1.0;\n    voltage : 1.1;\n"
         "    temperature : 25.0;\n  }\n");
  printf("  default_operating_conditions : typical;\n\n");
  printf("  lu_table_template (sram_out_slew_tmpl) {\n");
  printf("    variable_1 : total_output_net_capacitance;\n");
  printf("    index_1 (\"%.0f, %.0f\");\n  }\n", kOutSlewLoadFf[0], kOutSlewLoadFf[1]);
}

static void print_bus_type(const char *name, int width) {
  printf("  type (%s) {\n    base_type : array;\n    data_type : bit;\n    bit_width : %d;\n"
         "    bit_from : %d;\n    bit_to : 0;\n    downto : true;\n  }\n",
         name, width, width - 1);
}

static void print_constraints(void) {
  static const char *const kTypes[2] = {"setup_rising", "hold_rising"};
  const double values[2] = {kSetupPs, kHoldPs};
  for (int t = 0; t < 2; t++)
    printf("      timing () {\n        related_pin : \"clk\";\n        timing_type : %s;\n"
           "        rise_constraint (scalar) { values (\"%.1f\"); }\n"
           "        fall_constraint (scalar) { values (\"%.1f\"); }\n      }\n",
           kTypes[t], values[t], values[t]);
}

/* An input pin or bus of the macro with its setup and hold to clk. */
static void print_input(const char *name, const char *bus_type) {
  if (bus_type)
    printf("    bus (%s) {\n      bus_type : %s;\n", name, bus_type);
  else
    printf("    pin (%s) {\n", name);
  printf("      direction : input;\n      capacitance : %.3f;\n", kInputCapFf);
  print_constraints();
  printf("    }\n");
}

static void print_cell(const shape *s) {
  char name[128], data_t[160], addr_t[160];
  const int dual = strcmp(s->kind, "dp") == 0;
  const macro *m = s->tile;
  snprintf(name, sizeof name, "np_sram_%s_%ldx%ld", s->kind, s->words, s->bits);
  snprintf(data_t, sizeof data_t, "%s_data", name);
  snprintf(addr_t, sizeof addr_t, "%s_addr", name);
  printf("\n  /* %s: %ld words x %ld bits, %s; %ld x %ld copies of fakeram45_%ldx%ld "
         "(%.3f um2, clk->q %.0f ps, min period %.0f ps)%s: %.3f um2 = %.0f NAND2-eq */\n",
         name, s->words, s->bits, dual ? "one read and one write port" : "one read/write port",
         s->rows, s->cols, m->words, m->bits, m->area_um2, m->clk_to_q_ps, m->min_period_ps,
         dual ? " x 1.3 (dual port)" : "", s->area_um2, s->area_um2 / kNand2AreaUm2);
  print_bus_type(data_t, (int)s->bits);
  print_bus_type(addr_t, addr_bits(s->words));
  printf("  cell (%s) {\n    area : %.3f;\n    dont_use : true;\n    interface_timing : true;\n",
         name, s->area_um2);
  printf("    pin (clk) {\n      direction : input;\n      capacitance : %.3f;\n"
         "      clock : true;\n      min_period : %.1f;\n    }\n",
         kClkCapFf, m->min_period_ps);
  print_input("ce_in", NULL);
  print_input("we_in", NULL);
  if (dual) {
    print_input("rd_addr_in", addr_t);
    print_input("wr_addr_in", addr_t);
  } else {
    print_input("addr_in", addr_t);
  }
  print_input("wd_in", data_t);
  print_input("w_mask_in", data_t);
  printf("    bus (rd_out) {\n      bus_type : %s;\n      direction : output;\n"
         "      max_capacitance : %.1f;\n      timing () {\n        related_pin : \"clk\";\n"
         "        timing_type : rising_edge;\n        timing_sense : non_unate;\n"
         "        cell_rise (scalar) { values (\"%.1f\"); }\n"
         "        cell_fall (scalar) { values (\"%.1f\"); }\n"
         "        rise_transition (sram_out_slew_tmpl) { values (\"%.1f, %.1f\"); }\n"
         "        fall_transition (sram_out_slew_tmpl) { values (\"%.1f, %.1f\"); }\n"
         "      }\n    }\n  }\n",
         data_t, kMaxCapFf, m->clk_to_q_ps, m->clk_to_q_ps, kOutSlewPs[0], kOutSlewPs[1],
         kOutSlewPs[0], kOutSlewPs[1]);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PUBLISHED_TSV SHAPES_TSV > np_sram45.lib\n", argv[0]);
    return 2;
  }
  static macro macros[MAX_MACROS];
  static shape shapes[MAX_SHAPES];
  const int num_macros = read_macros(argv[1], macros);
  const int num_shapes = read_shapes(argv[2], shapes, macros, num_macros);
  print_header(argv[1], argv[2]);
  for (int i = 0; i < num_shapes; i++) print_cell(&shapes[i]);
  printf("}\n");
  return 0;
}
