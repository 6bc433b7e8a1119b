/* What the golden-vector generators of several units share (vectors_dsm.c, vectors_dpc.c;
 * format in docs/vectors.md): growable vector lists, failure reports, stream-bus bits, the
 * damaged copies of a valid stream, and the .hex file writer. Each unit keeps its own stimulus
 * and layouts; everything here is unit-neutral. */
#ifndef NP_VECGEN_H
#define NP_VECGEN_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hexvec.h"
#include "prng.h"

/* ---- vector lists ------------------------------------------------------------------------ */

/* A growable array of vectors; every item type starts with its name (char name[name_len]). */
typedef struct {
    void *items;
    size_t n, cap;
} vec_list;

/* Appends a zeroed item named by fmt (vsnprintf, cut to name_len); NULL and *failed = true
 * when memory runs out. Exists because every generator's add_* function starts this way. */
void *vec_list_vpush(vec_list *l, size_t item_size, size_t name_len, bool *failed,
                     const char *fmt, va_list ap);
void vec_list_free(vec_list *l);

/* "nocpress vectors: internal error: <message>" and *failed = true: a vector that does not
 * test what its name says stops the run (the generators' intent checks). */
void vecgen_fail(bool *failed, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- lines and stream buses --------------------------------------------------------------- */

/* Word w (little-endian, docs/conventions.md) of a line; set_all_words fills all 32 words. */
void vecgen_set_word(uint8_t *line, unsigned w, uint32_t value);
void vecgen_set_all_words(uint8_t *line, uint32_t value);

/* Bit pos of a stream packed LSB-first (docs/conventions.md). */
void vecgen_set_bit(uint8_t *buf, unsigned pos, unsigned bit);
unsigned vecgen_get_bit(const uint8_t *buf, unsigned pos);
/* Random bits from `from` up to the bus width: bits the decompressor must ignore. */
void vecgen_garbage_above(prng *rng, uint8_t *buf, unsigned from, unsigned bus_bits);

/* The bus as a model reading in_len bits sees it: bus_bits bits, zero above (a length field
 * may point past the bus). wide has wide_bytes >= the bus's bytes. */
void vecgen_widen_bus(const uint8_t *bus, unsigned bus_bits, uint8_t *wide, size_t wide_bytes);

/* One damaged copy of a valid stream of `bits` bits, chosen by i % 4: one bit short, one bit
 * long (the extra bit written into buf; none when the stream fills the bus), 2 or more bits
 * short, or garbage above the length (written into buf). The vector's name is prefix + the
 * valid vector's name. Exists because every decompressor's error vectors start this way. */
typedef struct {
    char prefix[32];
    unsigned in_len;
} vecgen_damage;

/* False when variant i has no vector for this stream. */
bool vecgen_damage_stream(prng *rng, size_t i, size_t bits, unsigned bus_bits, uint8_t *buf,
                          vecgen_damage *out);

/* ---- .hex files ---------------------------------------------------------------------------- */

/* One RTL top's file: its name, the layout line, the vector width, extra header lines. */
typedef struct {
    const char *top;
    const char *layout;
    unsigned width;
    const char *notes; /* whole "// ..." lines, or NULL */
} vecfile_spec;

/* Where a unit's files come from, for the header: "(format: <formats>)", "// model: <model>". */
typedef struct {
    const char *formats;
    const char *model;
    const char *command;
} vecfile_origin;

typedef struct {
    FILE *f;
    char path[4096];
    size_t count;
} vecfile;

/* Creates dir/<top>.hex and writes the header for count vectors; false after saying why. */
bool vecfile_open(vecfile *vf, const char *dir, const vecfile_spec *spec,
                  const vecfile_origin *origin, size_t count);
/* "// <index> <name>" and the vector; false (internal error) if v does not fill its layout. */
bool vecfile_emit(vecfile *vf, size_t index, const char *name, const hexvec *v);
/* Closes the file and prints "wrote <path> (<count> vectors)"; false if it was never opened
 * or a write failed. */
bool vecfile_close(vecfile *vf);
/* vecfile_close for a decompressor's file, first (when ok) saying how many of its vectors
 * expect exp_err = 1; returns false if !ok. Every unit's decompressor reports this share. */
bool vecfile_close_decompressor(vecfile *vf, size_t errors, bool ok);

#endif
