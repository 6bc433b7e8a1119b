/* np_blif2v: a flat gate-level BLIF netlist (Yosys `write_blif -gates -impltf -cname`) as the
 * structural Verilog OpenSTA reads: the flat flow's netlist of each mapping (np_synth.tcl).
 *
 * Why not Yosys's `write_verilog`: Yosys 0.23 builds its set of Verilog keywords anew for every
 * identifier it escapes that is not an internal name, i.e. every cell's type and every port name
 * of every cell (YosysHQ/yosys#3845, fixed in 0.32 by #3855). On a 90,000-cell netlist that is
 * 12 CPU s against 0.5 s for `write_blif`, about a tenth of the flow's CPU with one netlist per
 * mapping (docs/synthesis.md "What the flow's time is spent on").
 *
 * The hierarchical flow has a second BLIF-to-Verilog writer, np_uncut_verilog in
 * synth/np_synth_hier.tcl: it joins two BLIFs (the cut-out flops and ABC's re-buffered logic),
 * names each flop after its Q net, and writes ABC's aliases as BUF_X1 cells and its constants as
 * tie cells, since ABC's network is what that flow times. Here an alias is an assign, as
 * write_verilog writes it, so the flat flow's figures stay the same. One program for both (two
 * inputs, an option for buffer cells) would remove the Tcl copy; not done yet (its figures must
 * then be shown unchanged on every hierarchical top).
 *
 * Usage: np_blif2v IN.blif OUT.v. The output is written to OUT.v.tmp and renamed, so OUT.v is
 * whole or absent. Accepted BLIF: .model (one), .inputs, .outputs, .gate TYPE PIN=NET...,
 * .cname NAME (the instance name of the .gate before it), .names IN OUT with the cover "1 1" (a
 * buffer: an alias of two nets, written as an assign), .names OUT with the cover "1" or none (a
 * constant), .end; lines continued with a trailing backslash; # comments. Anything else is an
 * error with file:line. The nets $true, $false and $undef (-impltf) are the constants 1, 0, x.
 *
 * Names. BLIF names a bit of a multi-bit wire "w[i]" and a one-bit wire "w", so an internal
 * "w[i]" cannot be told from a one-bit wire of that name; both are written as one escaped scalar
 * net (OpenSTA's timing does not depend on net names). Ports are never ambiguous (the RTL's port
 * names are plain identifiers), so they keep their buses: "in_i[3]" of the .inputs is bit 3 of
 * the port in_i. An identifier is written plain when Yosys's Verilog writer would (letters,
 * digits and "_", not starting with a digit), else escaped ("\name "): the instance names of the
 * flops (`rename -wire` in np_synth.tcl) and the ports therefore read in OpenSTA's path reports as
 * they did from write_verilog. Internal names (Yosys's and ABC's, starting with "$") are
 * numbered as write_verilog numbers them: nets "_n<k>_" (k: the net's rank among the sorted
 * internal nets), instances "_g<k>_" (the gate's position). Keywords are not checked: every other
 * name is an RTL identifier (not a keyword) or a flattened one (escaped by its ".").
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *name; /* the port's name: "in_i" for the bits in_i[0..] */
  bool input;
  bool bus;
  long lo, hi;
} port;

typedef struct {
  char *type;
  char *cname;
  size_t first_pin, num_pins; /* into pins[] */
} gate;

typedef struct {
  char *pin, *net;
} pin_conn;

typedef struct {
  char *in;  /* NULL for a constant */
  char *out;
  char value; /* '0' / '1' for a constant */
} alias;

typedef struct {
  const char *path;
  char *model;
  port *ports;
  size_t num_ports, cap_ports;
  gate *gates;
  size_t num_gates, cap_gates;
  pin_conn *pins;
  size_t num_pins, cap_pins;
  alias *aliases;
  size_t num_aliases, cap_aliases;
  char **nets; /* the internal nets, sorted, each once (collect_nets) */
  size_t num_nets;
} netlist;

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("np_blif2v: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

static void die_at(const netlist *nl, long line_no, const char *what, const char *text) {
  die("%s:%ld: %s: %s", nl->path, line_no, what, text);
}

static void *grow(void *array, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return array;
  size_t cap2 = *cap ? *cap * 2 : 256;
  while (cap2 < need) cap2 *= 2;
  void *p = realloc(array, cap2 * elem);
  if (!p) die("out of memory");
  *cap = cap2;
  return p;
}

/* The whole file, NUL-terminated. */
static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) die("%s: %s", path, strerror(errno));
  size_t cap = 1 << 20, len = 0;
  char *buf = malloc(cap);
  if (!buf) die("out of memory");
  for (;;) {
    len += fread(buf + len, 1, cap - len - 1, f);
    if (ferror(f)) die("%s: read error", path);
    if (feof(f)) break;
    if (len + 1 == cap) {
      cap *= 2;
      buf = realloc(buf, cap);
      if (!buf) die("out of memory");
    }
  }
  fclose(f);
  buf[len] = '\0';
  return buf;
}

/* The next logical line (continuations joined by blanking the backslash and the newline), its
 * first physical line's number in *line_no; NULL at the end. Comments are cut. */
static char *next_line(char **cursor, long *next_no, long *line_no) {
  char *s = *cursor;
  if (*s == '\0') return NULL;
  *line_no = *next_no;
  char *p = s;
  for (;;) {
    char *nl = strchr(p, '\n');
    char *end = nl ? nl : p + strlen(p);
    (*next_no)++;
    char *q = end;
    while (q > p && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\r')) q--;
    if (q > p && q[-1] == '\\' && nl) { /* continued: join with the next line */
      q[-1] = ' ';
      *nl = ' ';
      p = nl + 1;
      continue;
    }
    if (nl) {
      *nl = '\0';
      *cursor = nl + 1;
    } else {
      *cursor = end;
    }
    break;
  }
  char *hash = strchr(s, '#');
  if (hash) *hash = '\0';
  return s;
}

/* Splits a line into words in place; returns their number (at most cap). */
static size_t split_words(char *s, char **words, size_t cap, const netlist *nl, long line_no) {
  size_t n = 0;
  for (;;) {
    while (*s == ' ' || *s == '\t' || *s == '\r') s++;
    if (*s == '\0') return n;
    if (n == cap) die_at(nl, line_no, "too many words on one line", words[0]);
    words[n++] = s;
    while (*s && *s != ' ' && *s != '\t' && *s != '\r') s++;
    if (*s) *s++ = '\0';
  }
}

/* "base[idx]": the base's length and idx; false for any other name. */
static bool bus_bit(const char *name, size_t *base_len, long *idx) {
  size_t n = strlen(name);
  if (n < 4 || name[n - 1] != ']') return false;
  size_t open = n - 1;
  while (open > 0 && name[open - 1] >= '0' && name[open - 1] <= '9') open--;
  if (open == n - 1 || open < 2 || name[open - 1] != '[') return false;
  *base_len = open - 1;
  *idx = strtol(name + open, NULL, 10);
  return true;
}

static port *find_port(netlist *nl, const char *name, size_t len) {
  for (size_t i = 0; i < nl->num_ports; i++) {
    if (strlen(nl->ports[i].name) == len && memcmp(nl->ports[i].name, name, len) == 0) return &nl->ports[i];
  }
  return NULL;
}

static void add_port_bit(netlist *nl, const char *name, bool input, long line_no) {
  size_t len;
  long idx;
  bool bus = bus_bit(name, &len, &idx);
  if (!bus) len = strlen(name);
  port *p = find_port(nl, name, len);
  if (p) {
    if (!p->bus || !bus || p->input != input) die_at(nl, line_no, "port declared twice", name);
    if (idx < p->lo) p->lo = idx;
    if (idx > p->hi) p->hi = idx;
    return;
  }
  nl->ports = grow(nl->ports, &nl->cap_ports, nl->num_ports + 1, sizeof *nl->ports);
  p = &nl->ports[nl->num_ports++];
  p->name = strndup(name, len);
  if (!p->name) die("out of memory");
  p->input = input;
  p->bus = bus;
  p->lo = p->hi = bus ? idx : 0;
}

static void parse_gate(netlist *nl, char **w, size_t n, long line_no) {
  if (n < 3) die_at(nl, line_no, ".gate without connections", w[0]);
  nl->gates = grow(nl->gates, &nl->cap_gates, nl->num_gates + 1, sizeof *nl->gates);
  gate *g = &nl->gates[nl->num_gates++];
  g->type = w[1];
  g->cname = NULL;
  g->first_pin = nl->num_pins;
  g->num_pins = n - 2;
  nl->pins = grow(nl->pins, &nl->cap_pins, nl->num_pins + n - 2, sizeof *nl->pins);
  for (size_t i = 2; i < n; i++) {
    char *eq = strchr(w[i], '=');
    if (!eq || eq == w[i] || eq[1] == '\0') die_at(nl, line_no, "expected PIN=NET", w[i]);
    *eq = '\0';
    nl->pins[nl->num_pins++] = (pin_conn){w[i], eq + 1};
  }
}

/* ".names": the cover on the next line decides a buffer or a constant. */
static void parse_names(netlist *nl, char **w, size_t n, char **cursor, long *next_no, long line_no) {
  if (n != 2 && n != 3) die_at(nl, line_no, "only buffers and constants are accepted", w[0]);
  nl->aliases = grow(nl->aliases, &nl->cap_aliases, nl->num_aliases + 1, sizeof *nl->aliases);
  alias *a = &nl->aliases[nl->num_aliases++];
  a->in = n == 3 ? w[1] : NULL;
  a->out = w[n - 1];
  a->value = '0';
  /* Peek: a cover line starts with 0, 1 or -; the next statement starts with '.'. */
  char *s = *cursor;
  while (*s == ' ' || *s == '\t') s++;
  if (*s != '0' && *s != '1' && *s != '-') {
    if (n == 3) die_at(nl, line_no, "a buffer without its cover", a->out);
    return; /* a constant 0 */
  }
  long cover_no;
  char *cover = next_line(cursor, next_no, &cover_no);
  char shown[64]; /* the cover as read, for the message (split_words cuts it into words) */
  snprintf(shown, sizeof shown, "%s", cover);
  char *cw[3];
  size_t cn = split_words(cover, cw, 3, nl, cover_no);
  if (n == 3 && cn == 2 && strcmp(cw[0], "1") == 0 && strcmp(cw[1], "1") == 0) return;
  if (n == 2 && cn == 1 && strcmp(cw[0], "1") == 0) {
    a->value = '1';
    return;
  }
  die_at(nl, cover_no, "unexpected cover (only a buffer \"1 1\" or a constant \"1\")", shown);
}

static void parse(netlist *nl, char *text) {
  char *cursor = text;
  long next_no = 1, line_no = 0;
  size_t cap_words = 1024;
  char **w = malloc(cap_words * sizeof *w);
  if (!w) die("out of memory");
  bool ended = false;
  char *line;
  while ((line = next_line(&cursor, &next_no, &line_no))) {
    /* A port list can be long: size the word array to the line. */
    size_t need = strlen(line) / 2 + 2;
    if (need > cap_words) {
      cap_words = need;
      w = realloc(w, cap_words * sizeof *w);
      if (!w) die("out of memory");
    }
    size_t n = split_words(line, w, cap_words, nl, line_no);
    if (n == 0) continue;
    if (ended) die_at(nl, line_no, "text after .end", w[0]);
    if (strcmp(w[0], ".model") == 0) {
      if (nl->model || n != 2) die_at(nl, line_no, "expected one .model NAME", w[0]);
      nl->model = w[1];
    } else if (!nl->model) {
      die_at(nl, line_no, "expected .model first", w[0]);
    } else if (strcmp(w[0], ".inputs") == 0 || strcmp(w[0], ".outputs") == 0) {
      for (size_t i = 1; i < n; i++) add_port_bit(nl, w[i], w[0][1] == 'i', line_no);
    } else if (strcmp(w[0], ".gate") == 0) {
      parse_gate(nl, w, n, line_no);
    } else if (strcmp(w[0], ".cname") == 0) {
      if (n != 2 || nl->num_gates == 0 || nl->gates[nl->num_gates - 1].cname)
        die_at(nl, line_no, ".cname NAME must follow its .gate", w[0]);
      nl->gates[nl->num_gates - 1].cname = w[1];
    } else if (strcmp(w[0], ".names") == 0) {
      parse_names(nl, w, n, &cursor, &next_no, line_no);
    } else if (strcmp(w[0], ".end") == 0) {
      ended = true;
    } else {
      die_at(nl, line_no, "unexpected BLIF statement (only .model/.inputs/.outputs/.gate/.cname/.names/.end)", w[0]);
    }
  }
  if (!nl->model) die("%s: no .model", nl->path);
  if (!ended) die("%s: no .end (cut short?)", nl->path);
  free(w);
}

/* Yosys's rule (write_verilog's id()): plain when letters, digits and '_' only, not a digit first. */
static bool plain_identifier(const char *s) {
  if (*s >= '0' && *s <= '9') return false;
  for (; *s; s++) {
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
      return false;
  }
  return true;
}

static void put_identifier(FILE *f, const char *s) {
  if (plain_identifier(s))
    fputs(s, f);
  else
    fprintf(f, "\\%s ", s);
}

static bool is_port_bit(netlist *nl, const char *net) {
  size_t len;
  long idx;
  if (bus_bit(net, &len, &idx)) {
    port *p = find_port(nl, net, len);
    return p && p->bus && idx >= p->lo && idx <= p->hi;
  }
  port *p = find_port(nl, net, strlen(net));
  return p && !p->bus;
}

static bool is_constant_net(const char *net) {
  return strcmp(net, "$false") == 0 || strcmp(net, "$true") == 0 || strcmp(net, "$undef") == 0;
}

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* An internal net's identifier: "_n<rank>_" for an internal name, else the name itself. */
static void put_internal_net(FILE *f, const netlist *nl, const char *net) {
  if (net[0] != '$') {
    put_identifier(f, net);
    return;
  }
  char *const *hit = bsearch(&net, nl->nets, nl->num_nets, sizeof *nl->nets, compare_strings);
  if (!hit) die("internal: net %s not collected", net);
  fprintf(f, "_n%zu_", (size_t)(hit - nl->nets));
}

/* A net as a Verilog expression: a constant, a port bit, or an internal net's identifier. */
static void put_net(FILE *f, netlist *nl, const char *net) {
  if (strcmp(net, "$false") == 0) {
    fputs("1'b0", f);
  } else if (strcmp(net, "$true") == 0) {
    fputs("1'b1", f);
  } else if (strcmp(net, "$undef") == 0) {
    fputs("1'bx", f);
  } else if (is_port_bit(nl, net)) {
    fputs(net, f); /* "port[i]" or "port": plain (the RTL's port names) */
  } else {
    put_internal_net(f, nl, net);
  }
}

/* Every internal net once, sorted (nl->nets): the wire declarations and the numbering. */
static void collect_nets(netlist *nl) {
  size_t cap = nl->num_pins + 2 * nl->num_aliases + 1, n = 0;
  char **nets = malloc(cap * sizeof *nets);
  if (!nets) die("out of memory");
  for (size_t i = 0; i < nl->num_pins; i++) nets[n++] = nl->pins[i].net;
  for (size_t i = 0; i < nl->num_aliases; i++) {
    if (nl->aliases[i].in) nets[n++] = nl->aliases[i].in;
    nets[n++] = nl->aliases[i].out;
  }
  qsort(nets, n, sizeof *nets, compare_strings);
  size_t kept = 0;
  for (size_t i = 0; i < n; i++) {
    if (kept > 0 && strcmp(nets[i], nets[kept - 1]) == 0) continue;
    if (is_constant_net(nets[i]) || is_port_bit(nl, nets[i])) continue;
    nets[kept++] = nets[i];
  }
  nl->nets = nets;
  nl->num_nets = kept;
}

/* One port's connection, "PIN(net)" or, for a bus pin (an SRAM macro's "addr_in[0]=..",
 * "addr_in[1]=.." written bit by bit in BLIF), "PIN({net_hi, ..., net_lo})"; returns how many of
 * the n pins from c it took. A bus's bits must come together, each index once, from 0 up. */
static size_t put_connection(FILE *f, netlist *nl, const pin_conn *c, size_t n) {
  size_t len;
  long idx;
  if (!bus_bit(c->pin, &len, &idx)) {
    fprintf(f, "%s(", c->pin);
    put_net(f, nl, c->net);
    fputc(')', f);
    return 1;
  }
  size_t bits = 0;
  for (size_t len2; bits < n; bits++) {
    long idx2;
    if (!bus_bit(c[bits].pin, &len2, &idx2) || len2 != len || memcmp(c[bits].pin, c->pin, len) != 0) break;
    if (idx2 != (long)bits) die("%s: bus pin %s: bits not in order 0, 1, ... (bit %ld at %zu)", nl->path, c->pin, idx2, bits);
  }
  fprintf(f, "%.*s({", (int)len, c->pin);
  for (size_t b = bits; b-- > 0;) {
    put_net(f, nl, c[b].net);
    if (b) fputs(", ", f);
  }
  fputs("})", f);
  return bits;
}

static void write_verilog(FILE *f, netlist *nl) {
  fputs("/* Written by np_blif2v (synth/np_blif2v.c) from Yosys's BLIF of the mapped design. */\n\nmodule ", f);
  put_identifier(f, nl->model);
  fputc('(', f);
  for (size_t i = 0; i < nl->num_ports; i++) fprintf(f, "%s%s", i ? ", " : "", nl->ports[i].name);
  fputs(");\n", f);
  for (size_t i = 0; i < nl->num_ports; i++) {
    const port *p = &nl->ports[i];
    fprintf(f, "  %s ", p->input ? "input" : "output");
    if (p->bus) fprintf(f, "[%ld:%ld] ", p->hi, p->lo);
    fprintf(f, "%s;\n", p->name);
  }
  for (size_t i = 0; i < nl->num_nets; i++) {
    fputs("  wire ", f);
    put_internal_net(f, nl, nl->nets[i]);
    fputs(";\n", f);
  }
  for (size_t i = 0; i < nl->num_gates; i++) {
    const gate *g = &nl->gates[i];
    fprintf(f, "  %s ", g->type);
    if (g->cname && g->cname[0] != '$')
      put_identifier(f, g->cname);
    else
      fprintf(f, "_g%zu_", i);
    fputs(" (", f); /* write_verilog's layout: one connection a line */
    for (size_t k = 0; k < g->num_pins;) {
      fputs(k ? ",\n    ." : "\n    .", f);
      k += put_connection(f, nl, &nl->pins[g->first_pin + k], g->num_pins - k);
    }
    fputs("\n  );\n", f);
  }
  for (size_t i = 0; i < nl->num_aliases; i++) {
    const alias *a = &nl->aliases[i];
    fputs("  assign ", f);
    put_net(f, nl, a->out);
    fputs(" = ", f);
    if (a->in)
      put_net(f, nl, a->in);
    else
      fprintf(f, "1'b%c", a->value);
    fputs(";\n", f);
  }
  fputs("endmodule\n", f);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fputs("usage: np_blif2v IN.blif OUT.v\n", stderr);
    return 2;
  }
  netlist nl = {.path = argv[1]};
  char *text = read_file(argv[1]);
  parse(&nl, text);
  collect_nets(&nl);
  size_t n = strlen(argv[2]);
  char *tmp = malloc(n + 5);
  if (!tmp) die("out of memory");
  memcpy(tmp, argv[2], n);
  memcpy(tmp + n, ".tmp", 5);
  FILE *f = fopen(tmp, "w");
  if (!f) die("%s: %s", tmp, strerror(errno));
  write_verilog(f, &nl);
  if (fflush(f) != 0 || ferror(f) || fclose(f) != 0) {
    remove(tmp);
    die("%s: write error", tmp);
  }
  if (rename(tmp, argv[2]) != 0) die("%s: %s", argv[2], strerror(errno));
  free(tmp);
  free(nl.nets);
  free(text);
  return 0;
}
