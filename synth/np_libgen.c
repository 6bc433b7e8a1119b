/*
 * np_libgen: writes synth/nangate45_np.lib, the project's liberty ESTIMATE MODEL, to stdout.
 *
 * The figures below are copied from /work/shared/reference/nangate45_figures.md (public NanGate
 * 45nm Open Cell Library figures, typical corner, 1.1 V, 25 C, rise and fall averaged). This is
 * not the NanGate library: every timing table is rebuilt from three numbers per cell, so the
 * output is good for area (exact) and for a logic-depth delay estimate, nothing finer.
 *
 * Delay model (one table for every arc of a cell; rise = fall because the figures are averaged):
 *   d0   delay at input slew S0 = 1 ps and load C0 = 0.4 fF
 *   dmid delay at input slew SM = 17 ps and load CM = 3.8 fF
 *   R    load slope (kOhm = ps/fF): delay grows by R x C
 *   delay(s, c) = d0 + K (s - S0) + load_term(c)
 *   load_term grows at R above CM. Between C0 and CM it grows at R1 = min(R, (dmid - d0)/(CM - C0))
 *   and the slew slope K = (dmid - d0 - R1 (CM - C0)) / (SM - S0) takes the rest, so K >= 0 and
 *   the table passes exactly through both published points. For most cells R1 = R. For NOR2-4,
 *   XOR2, XNOR2, AOI21, AOI22 and OAI22, R x 3.4 fF alone exceeds dmid - d0 (their averaged R is
 *   dominated by a slow series stack), so they get R1 < R and K = 0, not a negative slew slope.
 * Output transition (not in the figures; an assumption): 2 ps + 2 R C, which gives ~17 ps for an
 * X1 gate (R ~ 2 kOhm) driving 3.8 fF, the mid slew the figures were measured at.
 * Grid points are chosen so that bilinear interpolation reproduces the model exactly.
 *
 * Build: cc -std=c11 synth/np_libgen.c -o np_libgen; ./np_libgen > synth/nangate45_np.lib
 */
#include <stdio.h>
#include <stdlib.h>

enum { NUM_SLEW = 5, NUM_LOAD = 5, MAX_INPUTS = 4 };

/* Table axes. S0/SM and C0/CM must be grid points (see the delay model above). */
static const double kSlewPs[NUM_SLEW] = {1.0, 17.0, 40.0, 100.0, 250.0};
static const double kLoadFf[NUM_LOAD] = {0.4, 3.8, 10.0, 25.0, 60.0};
static const double kS0 = 1.0, kSM = 17.0, kC0 = 0.4, kCM = 3.8;
static const double kTransitionFloorPs = 2.0;
static const double kTransitionPerRc = 2.0;
static const double kDffSetupPs = 40.0;
static const double kNand2AreaUm2 = 0.798;

typedef enum { SENSE_NEG, SENSE_POS, SENSE_NON } timing_sense;

typedef struct {
  const char *name;
  double area_um2;
  double cap_ff; /* every input pin */
  double d0_ps, dmid_ps, r_kohm;
  const char *inputs[MAX_INPUTS];
  const char *output;
  const char *function; /* liberty boolean expression of the output */
  timing_sense sense;
} comb_cell;

/* Values exactly as in nangate45_figures.md; pin names and functions as in NanGate's library. */
static const comb_cell kCombCells[] = {
    {"INV_X1", 0.532, 1.70, 4.5, 17.8, 1.95, {"A"}, "ZN", "!A", SENSE_NEG},
    {"BUF_X1", 0.798, 0.98, 17.6, 32.7, 1.97, {"A"}, "Z", "A", SENSE_POS},
    {"NAND2_X1", 0.798, 1.63, 8.0, 22.5, 2.25, {"A1", "A2"}, "ZN", "!(A1 & A2)", SENSE_NEG},
    {"NAND3_X1", 1.064, 1.62, 11.8, 27.2, 2.70, {"A1", "A2", "A3"}, "ZN", "!(A1 & A2 & A3)",
     SENSE_NEG},
    {"NAND4_X1", 1.330, 1.60, 16.7, 32.9, 3.16, {"A1", "A2", "A3", "A4"}, "ZN",
     "!(A1 & A2 & A3 & A4)", SENSE_NEG},
    {"NOR2_X1", 0.798, 1.68, 10.0, 20.1, 3.47, {"A1", "A2"}, "ZN", "!(A1 | A2)", SENSE_NEG},
    {"NOR3_X1", 1.064, 1.68, 17.1, 26.9, 4.92, {"A1", "A2", "A3"}, "ZN", "!(A1 | A2 | A3)",
     SENSE_NEG},
    {"NOR4_X1", 1.330, 1.66, 27.5, 37.4, 6.34, {"A1", "A2", "A3", "A4"}, "ZN",
     "!(A1 | A2 | A3 | A4)", SENSE_NEG},
    {"AND2_X1", 1.064, 0.95, 23.2, 38.7, 2.05, {"A1", "A2"}, "ZN", "(A1 & A2)", SENSE_POS},
    {"AND3_X1", 1.330, 0.92, 30.1, 46.1, 2.20, {"A1", "A2", "A3"}, "ZN", "(A1 & A2 & A3)",
     SENSE_POS},
    {"AND4_X1", 1.596, 0.91, 37.5, 54.1, 2.36, {"A1", "A2", "A3", "A4"}, "ZN",
     "(A1 & A2 & A3 & A4)", SENSE_POS},
    {"OR2_X1", 1.064, 0.94, 28.4, 43.9, 2.18, {"A1", "A2"}, "ZN", "(A1 | A2)", SENSE_POS},
    {"OR3_X1", 1.330, 0.94, 42.5, 58.6, 2.40, {"A1", "A2", "A3"}, "ZN", "(A1 | A2 | A3)",
     SENSE_POS},
    {"OR4_X1", 1.596, 0.93, 57.5, 74.1, 2.58, {"A1", "A2", "A3", "A4"}, "ZN",
     "(A1 | A2 | A3 | A4)", SENSE_POS},
    {"XOR2_X1", 1.596, 2.32, 27.4, 37.7, 3.63, {"A", "B"}, "Z", "(A ^ B)", SENSE_NON},
    {"XNOR2_X1", 1.596, 2.40, 22.7, 33.0, 3.06, {"A", "B"}, "ZN", "!(A ^ B)", SENSE_NON},
    {"AOI21_X1", 1.064, 1.65, 14.6, 25.0, 3.42, {"A", "B1", "B2"}, "ZN", "!(A | (B1 & B2))",
     SENSE_NEG},
    {"OAI21_X1", 1.064, 1.64, 12.3, 22.4, 2.87, {"A", "B1", "B2"}, "ZN", "!(A & (B1 | B2))",
     SENSE_NEG},
    {"AOI22_X1", 1.330, 1.65, 16.8, 27.1, 3.53, {"A1", "A2", "B1", "B2"}, "ZN",
     "!((A1 & A2) | (B1 & B2))", SENSE_NEG},
    {"OAI22_X1", 1.330, 1.63, 17.1, 27.2, 3.68, {"A1", "A2", "B1", "B2"}, "ZN",
     "!((A1 | A2) & (B1 | B2))", SENSE_NEG},
    {"MUX2_X1", 1.862, 1.27, 39.3, 55.4, 2.31, {"A", "B", "S"}, "Z", "((S & B) | (!S & A))",
     SENSE_NON},
};

/* DFF_X1: clk->Q 69 ps (d0) / 85 ps (dmid), R 2.12, D capacitance 1.05 fF (CK assumed equal). */
static const comb_cell kDff = {"DFF_X1", 4.522, 1.05, 69.0, 85.0, 2.12, {"D"}, "Q", "IQ",
                               SENSE_POS};
static const double kTieAreaUm2 = 0.532;

typedef struct {
  double r_low;      /* load slope between C0 and CM */
  double slew_slope; /* K */
} delay_fit;

static double min_d(double a, double b) { return a < b ? a : b; }

static delay_fit fit_delay(const comb_cell *c) {
  delay_fit f;
  f.r_low = min_d(c->r_kohm, (c->dmid_ps - c->d0_ps) / (kCM - kC0));
  f.slew_slope = (c->dmid_ps - c->d0_ps - f.r_low * (kCM - kC0)) / (kSM - kS0);
  return f;
}

static double delay_ps(const comb_cell *c, double slew, double load) {
  const delay_fit f = fit_delay(c);
  double load_term;
  if (load <= kCM)
    load_term = f.r_low * (load - kC0);
  else
    load_term = f.r_low * (kCM - kC0) + c->r_kohm * (load - kCM);
  return c->d0_ps + f.slew_slope * (slew - kS0) + load_term;
}

static double transition_ps(const comb_cell *c, double slew, double load) {
  (void)slew; /* the estimate ignores the input slew's effect on the output edge */
  return kTransitionFloorPs + kTransitionPerRc * c->r_kohm * load;
}

static void print_axis(const char *key, const double *v, int n) {
  printf("    %s (\"", key);
  for (int i = 0; i < n; i++) printf("%s%g", i ? ", " : "", v[i]);
  printf("\");\n");
}

typedef double (*table_fn)(const comb_cell *, double, double);

static void print_table(const char *group, const comb_cell *c, table_fn fn) {
  printf("        %s (delay_tmpl) {\n          values ( \\\n", group);
  for (int i = 0; i < NUM_SLEW; i++) {
    printf("            \"");
    for (int j = 0; j < NUM_LOAD; j++)
      printf("%s%.3f", j ? ", " : "", fn(c, kSlewPs[i], kLoadFf[j]));
    printf("\"%s \\\n", i + 1 < NUM_SLEW ? "," : "");
  }
  printf("          );\n        }\n");
}

static void print_arc_tables(const comb_cell *c) {
  print_table("cell_rise", c, delay_ps);
  print_table("cell_fall", c, delay_ps);
  print_table("rise_transition", c, transition_ps);
  print_table("fall_transition", c, transition_ps);
}

static const char *sense_name(timing_sense s) {
  switch (s) {
    case SENSE_NEG: return "negative_unate";
    case SENSE_POS: return "positive_unate";
    case SENSE_NON: return "non_unate";
  }
  return "non_unate";
}

static void print_input_pin(const char *name, double cap, int is_clock) {
  printf("    pin (%s) {\n      direction : input;\n      capacitance : %.3f;\n", name, cap);
  if (is_clock) printf("      clock : true;\n");
  printf("    }\n");
}

static void print_comb_cell(const comb_cell *c) {
  const delay_fit f = fit_delay(c);
  printf("  /* %s: %.3f um2 = %.2f NAND2-eq; d0 %.1f ps, dmid %.1f ps, R %.2f kOhm"
         " -> load slope to 3.8 fF %.3f, slew slope %.3f */\n",
         c->name, c->area_um2, c->area_um2 / kNand2AreaUm2, c->d0_ps, c->dmid_ps, c->r_kohm,
         f.r_low, f.slew_slope);
  printf("  cell (%s) {\n    area : %.3f;\n", c->name, c->area_um2);
  for (int i = 0; i < MAX_INPUTS && c->inputs[i]; i++) print_input_pin(c->inputs[i], c->cap_ff, 0);
  printf("    pin (%s) {\n      direction : output;\n      function : \"%s\";\n", c->output,
         c->function);
  for (int i = 0; i < MAX_INPUTS && c->inputs[i]; i++) {
    printf("      timing () {\n        related_pin : \"%s\";\n        timing_sense : %s;\n",
           c->inputs[i], sense_name(c->sense));
    print_arc_tables(c);
    printf("      }\n");
  }
  printf("    }\n  }\n\n");
}

static void print_constant_table(const char *group, double value) {
  printf("        %s (constraint_tmpl) {\n          values ( \\\n", group);
  for (int i = 0; i < 3; i++)
    printf("            \"%.1f, %.1f, %.1f\"%s \\\n", value, value, value, i < 2 ? "," : "");
  printf("          );\n        }\n");
}

static void print_dff(void) {
  const comb_cell *c = &kDff;
  printf("  /* %s: %.3f um2 = %.2f NAND2-eq; clk->Q d0 %.1f ps, dmid %.1f ps, R %.2f kOhm;"
         " setup %.0f ps */\n",
         c->name, c->area_um2, c->area_um2 / kNand2AreaUm2, c->d0_ps, c->dmid_ps, c->r_kohm,
         kDffSetupPs);
  printf("  cell (DFF_X1) {\n    area : %.3f;\n", c->area_um2);
  printf("    ff (IQ, IQN) {\n      next_state : \"D\";\n      clocked_on : \"CK\";\n    }\n");
  printf("    pin (D) {\n      direction : input;\n      capacitance : %.3f;\n", c->cap_ff);
  printf("      timing () {\n        related_pin : \"CK\";\n        timing_type : setup_rising;\n");
  print_constant_table("rise_constraint", kDffSetupPs);
  print_constant_table("fall_constraint", kDffSetupPs);
  printf("      }\n    }\n");
  print_input_pin("CK", c->cap_ff, 1);
  printf("    pin (Q) {\n      direction : output;\n      function : \"IQ\";\n");
  printf("      timing () {\n        related_pin : \"CK\";\n        timing_type : rising_edge;\n");
  print_arc_tables(c);
  printf("      }\n    }\n  }\n\n");
}

static void print_tie_cell(const char *name, const char *value) {
  printf("  cell (%s) {\n    area : %.3f;\n", name, kTieAreaUm2);
  printf("    pin (Z) {\n      direction : output;\n      function : \"%s\";\n    }\n  }\n\n",
         value);
}

static void print_header(void) {
  printf(
      "/*\n"
      " * nangate45_np.lib: nocpress liberty ESTIMATE MODEL. NOT the NanGate library.\n"
      " * Derived from public NanGate 45nm Open Cell Library figures (typical corner,\n"
      " * 1.1 V, 25 C; provenance and model in docs/synthesis.md). Areas are exact;\n"
      " * timing tables are rebuilt from three figures per cell (d0, dmid, R; rise and\n"
      " * fall averaged), output transitions are an assumed 2 ps + 2RC. No power, no\n"
      " * hold, no wire load. Good for area and a logic-depth delay estimate, not sign-off.\n"
      " * Generated by synth/np_libgen.c; do not edit by hand (make synth-liberty-check).\n"
      " */\n"
      "library (nangate45_np) {\n"
      "  delay_model : table_lookup;\n"
      "  time_unit : \"1ps\";\n"
      "  voltage_unit : \"1V\";\n"
      "  current_unit : \"1uA\";\n"
      "  pulling_resistance_unit : \"1kohm\";\n"
      "  capacitive_load_unit (1, ff);\n"
      "  nom_process : 1.0;\n"
      "  nom_voltage : 1.1;\n"
      "  nom_temperature : 25.0;\n"
      "  input_threshold_pct_rise : 50;\n"
      "  input_threshold_pct_fall : 50;\n"
      "  output_threshold_pct_rise : 50;\n"
      "  output_threshold_pct_fall : 50;\n"
      "  slew_lower_threshold_pct_rise : 10;\n"
      "  slew_upper_threshold_pct_rise : 90;\n"
      "  slew_lower_threshold_pct_fall : 10;\n"
      "  slew_upper_threshold_pct_fall : 90;\n"
      "  default_max_transition : 250;\n"
      "  operating_conditions (typical) {\n"
      "    process : 1.0;\n    voltage : 1.1;\n    temperature : 25.0;\n  }\n"
      "  default_operating_conditions : typical;\n\n"
      "  lu_table_template (delay_tmpl) {\n"
      "    variable_1 : input_net_transition;\n"
      "    variable_2 : total_output_net_capacitance;\n");
  print_axis("index_1", kSlewPs, NUM_SLEW);
  print_axis("index_2", kLoadFf, NUM_LOAD);
  printf("  }\n"
         "  lu_table_template (constraint_tmpl) {\n"
         "    variable_1 : related_pin_transition;\n"
         "    variable_2 : constrained_pin_transition;\n"
         "    index_1 (\"1, 17, 100\");\n"
         "    index_2 (\"1, 17, 100\");\n"
         "  }\n\n");
}

int main(void) {
  print_header();
  for (size_t i = 0; i < sizeof kCombCells / sizeof kCombCells[0]; i++)
    print_comb_cell(&kCombCells[i]);
  print_dff();
  print_tie_cell("LOGIC0_X1", "0");
  print_tie_cell("LOGIC1_X1", "1");
  printf("}\n");
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "np_libgen: write error on stdout\n");
    return EXIT_FAILURE;
  }
  return EXIT_SUCCESS;
}
