/* One golden vector as a wide bit vector, written as a single hexadecimal number for Verilog
 * $readmemh (docs/vectors.md): fields are appended first-field-most-significant, as in a
 * Verilog concatenation {a, b, c}. */
#ifndef NP_HEXVEC_H
#define NP_HEXVEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HEXVEC_MAX_BITS 4096u

typedef struct {
    uint64_t word[HEXVEC_MAX_BITS / 64u];
    unsigned width;   /* total bits */
    unsigned next;    /* bits still to be filled below the fields appended so far */
} hexvec;

void hexvec_init(hexvec *v, unsigned width);
/* Appends a k-bit field (k <= 64) holding the low k bits of value. */
void hexvec_field(hexvec *v, uint64_t value, unsigned k);
/* Appends a k-bit field whose bit i is bit (i % 8) of bytes[i / 8]: the layout of both a line
 * bus (line[8b+7:8b] = byte b) and a stream bus (bits[i] = s[i], streams packed LSB-first). */
void hexvec_field_bytes(hexvec *v, const uint8_t *bytes, unsigned k);
/* True when every field has been appended (the fields add up to width). */
bool hexvec_complete(const hexvec *v);
/* (width + 3) / 4 hex digits, most significant first, then a newline. */
void hexvec_print(const hexvec *v, FILE *out);

/* The header every golden vector file opens with (docs/vectors.md): the top, where its format is
 * described, the model that computed the expectations, the command that wrote it, the layout
 * with its width, extra "// ..." lines (notes, or NULL) and the count of vectors. Shared by
 * nocpress vectors (vecgen.h vecfile_open) and npsim router-vectors. */
void hexvec_file_header(FILE *f, const char *top, const char *formats, const char *model, const char *command,
                        const char *layout, unsigned width, const char *notes, size_t count);

#endif
