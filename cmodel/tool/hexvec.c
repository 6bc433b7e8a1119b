/* Wide bit vectors printed as hexadecimal (hexvec.h). */
#include "hexvec.h"

#include <string.h>

void hexvec_init(hexvec *v, unsigned width) {
    memset(v, 0, sizeof *v);
    v->width = width <= HEXVEC_MAX_BITS ? width : HEXVEC_MAX_BITS;
    v->next = v->width;
}

static void set_bit(hexvec *v, unsigned pos, unsigned bit) {
    v->word[pos / 64u] |= (uint64_t)(bit & 1u) << (pos % 64u);
}

void hexvec_field(hexvec *v, uint64_t value, unsigned k) {
    if (k > 64u || k > v->next) {
        v->next = 0;
        v->width = 0; /* an impossible layout: make hexvec_complete() fail loudly */
        return;
    }
    unsigned base = v->next - k;
    for (unsigned i = 0; i < k; i++) {
        set_bit(v, base + i, (unsigned)(value >> i));
    }
    v->next = base;
}

void hexvec_field_bytes(hexvec *v, const uint8_t *bytes, unsigned k) {
    if (k > v->next) {
        v->next = 0;
        v->width = 0;
        return;
    }
    unsigned base = v->next - k;
    for (unsigned i = 0; i < k; i++) {
        set_bit(v, base + i, (unsigned)(bytes[i / 8u] >> (i % 8u)));
    }
    v->next = base;
}

bool hexvec_complete(const hexvec *v) {
    return v->width > 0 && v->next == 0;
}

void hexvec_print(const hexvec *v, FILE *out) {
    static const char digits[] = "0123456789abcdef";
    unsigned ndigits = (v->width + 3u) / 4u;
    for (unsigned d = ndigits; d-- > 0;) {
        unsigned pos = 4u * d;
        unsigned nibble = (unsigned)(v->word[pos / 64u] >> (pos % 64u)) & 0xFu;
        fputc(digits[nibble], out);
    }
    fputc('\n', out);
}

void hexvec_file_header(FILE *f, const char *top, const char *formats, const char *model, const char *command,
                        const char *layout, unsigned width, const char *notes, size_t count) {
    fprintf(f, "// nocpress golden vectors for %s (format: %s)\n", top, formats);
    fprintf(f, "// model: %s\n", model);
    fprintf(f, "// command: %s   (make vectors regenerates; make vectors-check compares)\n", command);
    fprintf(f, "// layout: %s = %u bits, %u hex digits per vector\n", layout, width, (width + 3u) / 4u);
    if (notes != NULL) {
        fprintf(f, "%s", notes);
    }
    fprintf(f, "// count: %zu vectors, each preceded by a comment \"// <index> <name>\"\n", count);
}
