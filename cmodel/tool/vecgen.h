/* What the golden-vector generators of several units share (vectors_dsm.c, vectors_dpc.c,
 * vectors_bdi.c, vectors_bpc.c, vectors_sc.c;
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
#include "np_result.h"
#include "np_fileio.h"
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

/* ---- the two vector kinds of a codec ------------------------------------------------------ */

/* Every codec's compressor vectors are named lines and its decompressor vectors named stream
 * buses of at most 1032 bits (BDI's; BPC, SC and DSM carry 1025-1026, DPC 1029): one type each,
 * so a generator declares its lists instead of its own copies of the same structs. A generator
 * whose vectors carry more (DPC's mode) keeps its own types. */
#define VECGEN_NAME_LEN 96u
#define VECGEN_LINE_BYTES 128u
#define VECGEN_BUS_BYTES 129u

typedef struct {
    char name[VECGEN_NAME_LEN];
    uint8_t line[VECGEN_LINE_BYTES];
} vecgen_line_vec;

typedef struct {
    char name[VECGEN_NAME_LEN];
    unsigned in_len;
    uint8_t in_bits[VECGEN_BUS_BYTES]; /* bits at and above in_len may be garbage on purpose */
} vecgen_stream_vec;

/* Appends a line vector (a copy of line) named by fmt; NULL and *failed = true when memory runs
 * out. */
vecgen_line_vec *vecgen_add_line(vec_list *l, bool *failed, const uint8_t line[VECGEN_LINE_BYTES],
                                 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Appends a zeroed stream vector named by fmt, for the caller to fill; NULL as above. */
vecgen_stream_vec *vecgen_add_stream(vec_list *l, bool *failed, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

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

/* Zeroes bits from `from` up to (not including) `end`: the bits of a byte-rounded bus buffer
 * past the bus, which no RTL port carries. */
void vecgen_clear_above(uint8_t *buf, unsigned from, unsigned end);

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

/* ---- decoder outcomes ---------------------------------------------------------------------- */

/* The common naming rule of decompressor vectors: a name starting "valid_" promises a decode,
 * one starting "bad_", "trunc" or "extra_" an error; other names promise nothing. False when the
 * outcome (err) breaks the name's promise. A unit with more rules keeps its own. */
bool vecgen_outcome_as_named(const char *name, bool err);

/* The intent check of every decompressor writer: false after "internal error: <name> decodes
 * to <result>" when the model's result r broke the name's promise (as_named false) or says the
 * writer called it wrong (NP_BAD_PARAM, NP_NO_SPACE). */
bool vecgen_decode_as_named(const char *name, np_result r, bool as_named);

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
    FILE *f;                 /* out.f */
    np_outfile out;          /* temp file + rename: a failed run leaves no partial .hex */
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
/* vecfile_close when ok, else the file is dropped (the old one, if any, stays). Returns ok and
 * whether the file was written. */
bool vecfile_finish(vecfile *vf, bool ok);
/* vecfile_close for a decompressor's file, first (when ok) saying how many of its vectors
 * expect exp_err = 1; returns false if !ok. Every unit's decompressor reports this share. */
bool vecfile_close_decompressor(vecfile *vf, size_t errors, bool ok);

/* ---- line codec files ---------------------------------------------------------------------- */

/* A unit whose two files are the plain line-codec layouts (BDI, BPC): compressor
 * {in_line[1023:0], exp_len, exp_bits}, decompressor {in_len, in_bits, exp_err, exp_line[1023:0]}
 * with len_bits / bus_bits wide length and stream fields. The expected outputs come from the
 * unit's C model through these two calls. */
typedef struct {
    const char *compress_name; /* for the internal error, e.g. "bdi_compress" */
    np_result (*compress)(const uint8_t *line, uint8_t *dst, size_t dst_bytes, size_t *out_bits);
    np_result (*decompress)(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);
    unsigned len_bits, bus_bits;
} vecgen_line_codec;

/* The compressor file of the vectors in l, a list of vecgen_line_vec (false after saying why). */
bool vecgen_write_line_compressor(const char *dir, const vecfile_spec *spec,
                                  const vecfile_origin *origin, const vec_list *l,
                                  const vecgen_line_codec *codec);
/* The decompressor file of the vectors in l, a list of vecgen_stream_vec; each vector's bus bits past bus_bits are zeroed
 * first (no port carries them) and every outcome is checked against its name
 * (vecgen_outcome_as_named). */
bool vecgen_write_line_decompressor(const char *dir, const vecfile_spec *spec,
                                    const vecfile_origin *origin, vec_list *l,
                                    const vecgen_line_codec *codec);

#endif
