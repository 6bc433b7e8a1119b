/* BPC: the C golden model of docs/bpc.md (section numbers refer to it).
 *
 * The stages are written plainly (bit loops over at most 33 x 31 bits) and every stage is
 * exported so the RTL's stages and the tests can be checked against it one at a time; they are
 * chained by bpc_compress_stages / bpc_decompress_stages, the reference of the fast whole-line
 * path that bpc_compress / bpc_decompress run (end of file). Every stream access goes through
 * np_bits.h. */
#include "bpc.h"

#include <string.h>

#include "codec.h"
#include "np_bitmatrix.h"
#include "np_cpu.h"
#if NP_HAVE_AVX2
#include <immintrin.h>
#endif

/* ---- small helpers --------------------------------------------------------------------- */

/* A prefix code is written in the order it is printed in docs/bpc.md (first bit first), so a
 * decoder reading one bit at a time walks the code tree. `code` holds the printed string as a
 * binary number (first printed bit most significant). */
static void put_code(np_bitwriter *w, unsigned code, unsigned len) {
    for (unsigned k = 0; k < len; k++) {
        np_bw_put(w, (code >> (len - 1u - k)) & 1u, 1);
    }
}

/* True when v (32 bits) equals the sign extension of its low `bits` bits. */
static bool sign_extends(uint32_t v, unsigned bits) {
    uint32_t top = v >> (bits - 1u);                       /* bit bits-1 and above */
    return top == 0u || top == (UINT32_MAX >> (bits - 1u));
}

static uint32_t sign_extend(uint32_t v, unsigned bits) {
    uint32_t m = UINT32_C(1) << (bits - 1u);
    v &= (uint32_t)np_low_mask(bits);
    return (v ^ m) - m;
}

/* ---- stages (sec. 2, 3) ------------------------------------------------------------------ */

void bpc_delta(const uint32_t words[BPC_WORDS], uint32_t *base, uint64_t deltas[BPC_DELTAS]) {
    if (words == NULL || base == NULL || deltas == NULL) {
        return;
    }
    *base = words[0];
    for (unsigned i = 0; i < BPC_DELTAS; i++) {
        /* (int64)w[i+1] - (int64)w[i] lies in [-(2^32 - 1), 2^32 - 1]: 33 bits suffice */
        int64_t d = (int64_t)words[i + 1u] - (int64_t)words[i];
        deltas[i] = (uint64_t)d & BPC_DELTA_MASK;
    }
}

void bpc_undelta(uint32_t base, const uint64_t deltas[BPC_DELTAS], uint32_t words[BPC_WORDS]) {
    if (deltas == NULL || words == NULL) {
        return;
    }
    words[0] = base;
    for (unsigned i = 0; i < BPC_DELTAS; i++) {
        words[i + 1u] = words[i] + (uint32_t)deltas[i];
    }
}

void bpc_bitplane(const uint64_t deltas[BPC_DELTAS], uint32_t dbp[BPC_PLANES]) {
    if (deltas == NULL || dbp == NULL) {
        return;
    }
    for (unsigned j = 0; j < BPC_PLANES; j++) {
        uint32_t p = 0;
        for (unsigned i = 0; i < BPC_DELTAS; i++) {
            p |= (uint32_t)((deltas[i] >> j) & 1u) << i;
        }
        dbp[j] = p;
    }
}

void bpc_unbitplane(const uint32_t dbp[BPC_PLANES], uint64_t deltas[BPC_DELTAS]) {
    if (deltas == NULL || dbp == NULL) {
        return;
    }
    for (unsigned i = 0; i < BPC_DELTAS; i++) {
        uint64_t d = 0;
        for (unsigned j = 0; j < BPC_PLANES; j++) {
            d |= (uint64_t)((dbp[j] >> i) & 1u) << j;
        }
        deltas[i] = d;
    }
}

void bpc_xor(const uint32_t dbp[BPC_PLANES], uint32_t dbx[BPC_PLANES]) {
    if (dbp == NULL || dbx == NULL) {
        return;
    }
    for (unsigned j = 0; j < BPC_PLANES; j++) {
        uint32_t above = j + 1u < BPC_PLANES ? dbp[j + 1u] : 0u;
        dbx[j] = (dbp[j] ^ above) & BPC_PLANE_MASK;
    }
}

void bpc_unxor(const uint32_t dbx[BPC_PLANES], uint32_t dbp[BPC_PLANES]) {
    if (dbp == NULL || dbx == NULL) {
        return;
    }
    uint32_t above = 0;   /* DBP[33] = 0 */
    for (unsigned k = 0; k < BPC_PLANES; k++) {
        unsigned j = BPC_PLANES - 1u - k;
        above = (dbx[j] ^ above) & BPC_PLANE_MASK;
        dbp[j] = above;
    }
}

/* ---- base word (sec. 4.1) ---------------------------------------------------------------- */

static const unsigned base_payload[5] = {0, 4, 8, 16, 32};
static const unsigned base_prefix_len[5] = {3, 3, 3, 3, 1};
static const unsigned base_prefix[5] = {0x0, 0x1, 0x2, 0x3, 0x1};   /* 000 001 010 011 1 */

bpc_base_kind bpc_base_kind_of(uint32_t base) {
    if (base == 0u) {
        return BPC_BASE_ZERO;
    }
    if (sign_extends(base, 4)) {
        return BPC_BASE_SE4;
    }
    if (sign_extends(base, 8)) {
        return BPC_BASE_SE8;
    }
    if (sign_extends(base, 16)) {
        return BPC_BASE_SE16;
    }
    return BPC_BASE_RAW;
}

unsigned bpc_base_bits(bpc_base_kind kind) {
    return (unsigned)kind <= BPC_BASE_RAW ? base_prefix_len[kind] + base_payload[kind] : 0u;
}

void bpc_put_base(np_bitwriter *w, uint32_t base) {
    bpc_base_kind k = bpc_base_kind_of(base);
    put_code(w, base_prefix[k], base_prefix_len[k]);
    np_bw_put(w, base, base_payload[k]);
}

np_result bpc_get_base(np_bitreader *r, uint32_t *base) {
    *base = 0;
    bpc_base_kind k;
    if (np_br_get(r, 1) == 1u) {
        k = BPC_BASE_RAW;
    } else {
        unsigned b1 = (unsigned)np_br_get(r, 1);
        unsigned b2 = (unsigned)np_br_get(r, 1);
        k = (bpc_base_kind)(b1 << 1 | b2);   /* 000 001 010 011 in that order */
    }
    uint32_t v = (uint32_t)np_br_get(r, base_payload[k]);
    if (r->overrun) {
        return NP_BAD_DATA;
    }
    *base = k == BPC_BASE_ZERO ? 0u : k == BPC_BASE_RAW ? v : sign_extend(v, base_payload[k]);
    return NP_OK;
}

/* ---- plane symbols (sec. 4.2, 4.3) ------------------------------------------------------- */

static const unsigned sym_len[BPC_SYM_KINDS] = {3, 7, 5, 5, 10, 10, 32};
static const char *const sym_name[BPC_SYM_KINDS] = {"run1", "run", "ones", "dbpz",
                                                    "two", "one", "raw"};

unsigned bpc_sym_bits(bpc_sym_kind kind) {
    return (unsigned)kind < BPC_SYM_KINDS ? sym_len[kind] : 0u;
}

const char *bpc_sym_name(bpc_sym_kind kind) {
    return (unsigned)kind < BPC_SYM_KINDS ? sym_name[kind] : "?";
}

/* Index of the only set bit of x (x a power of two). */
static unsigned bit_index(uint32_t x) {
    unsigned i = 0;
    while (i < 31u && ((x >> i) & 1u) == 0u) {
        i++;
    }
    return i;
}

bpc_symbol bpc_classify(uint32_t dbx, uint32_t dbp) {
    bpc_symbol s = {BPC_SYM_RAW, 0, 0};
    dbx &= BPC_PLANE_MASK;
    dbp &= BPC_PLANE_MASK;
    if (dbx == 0u) {
        s.kind = BPC_SYM_RUN1;
        s.arg = 1;
    } else if (dbx == BPC_PLANE_MASK) {
        s.kind = BPC_SYM_ONES;
    } else if (dbp == 0u) {
        s.kind = BPC_SYM_DBPZ;
    } else if ((dbx & (dbx - 1u)) == 0u) {
        s.kind = BPC_SYM_ONE;
        s.arg = bit_index(dbx);
    } else {
        uint32_t low = dbx & (0u - dbx);           /* lowest set bit */
        if (dbx == (low | low << 1)) {             /* exactly it and the bit above */
            s.kind = BPC_SYM_TWO;
            s.arg = bit_index(low);
        } else {
            s.dbx = dbx;
        }
    }
    return s;
}

unsigned bpc_symbols(const uint32_t dbx[BPC_PLANES], const uint32_t dbp[BPC_PLANES],
                     bpc_symbol syms[BPC_PLANES]) {
    unsigned n = 0;
    int j = (int)BPC_PLANES - 1;
    while (j >= 0) {
        if ((dbx[j] & BPC_PLANE_MASK) == 0u) {
            unsigned run = 0;                      /* maximal run of zero DBX, downwards */
            while (j >= 0 && (dbx[j] & BPC_PLANE_MASK) == 0u) {
                run++;
                j--;
            }
            bpc_symbol s = {run == 1u ? BPC_SYM_RUN1 : BPC_SYM_RUN, run, 0};
            syms[n++] = s;
        } else {
            syms[n++] = bpc_classify(dbx[j], dbp[j]);
            j--;
        }
    }
    return n;
}

void bpc_put_symbol(np_bitwriter *w, const bpc_symbol *s) {
    switch (s->kind) {
    case BPC_SYM_RUN1:
        put_code(w, 0x1, 3);                       /* 001 */
        break;
    case BPC_SYM_RUN:
        put_code(w, 0x1, 2);                       /* 01 */
        np_bw_put(w, s->arg - 2u, 5);
        break;
    case BPC_SYM_ONES:
        put_code(w, 0x0, 5);                       /* 00000 */
        break;
    case BPC_SYM_DBPZ:
        put_code(w, 0x1, 5);                       /* 00001 */
        break;
    case BPC_SYM_TWO:
        put_code(w, 0x2, 5);                       /* 00010 */
        np_bw_put(w, s->arg, 5);
        break;
    case BPC_SYM_ONE:
        put_code(w, 0x3, 5);                       /* 00011 */
        np_bw_put(w, s->arg, 5);
        break;
    case BPC_SYM_RAW:
    default:
        put_code(w, 0x1, 1);                       /* 1 */
        np_bw_put(w, s->dbx, 31);
        break;
    }
}

np_result bpc_get_symbol(np_bitreader *r, unsigned plane, bpc_symbol *s) {
    s->kind = BPC_SYM_RAW;
    s->arg = 0;
    s->dbx = 0;
    if (np_br_get(r, 1) == 1u) {                   /* 1: raw */
        s->dbx = (uint32_t)np_br_get(r, 31);
    } else if (np_br_get(r, 1) == 1u) {            /* 01: run of 2..33 */
        s->kind = BPC_SYM_RUN;
        s->arg = (unsigned)np_br_get(r, 5) + 2u;
    } else if (np_br_get(r, 1) == 1u) {            /* 001: run of 1 */
        s->kind = BPC_SYM_RUN1;
        s->arg = 1;
    } else {                                       /* 000xx */
        unsigned b3 = (unsigned)np_br_get(r, 1);
        unsigned b4 = (unsigned)np_br_get(r, 1);
        static const bpc_sym_kind k5[4] = {BPC_SYM_ONES, BPC_SYM_DBPZ, BPC_SYM_TWO, BPC_SYM_ONE};
        s->kind = k5[b3 << 1 | b4];
        if (s->kind == BPC_SYM_TWO || s->kind == BPC_SYM_ONE) {
            s->arg = (unsigned)np_br_get(r, 5);
        }
    }
    if (r->overrun) {
        return NP_BAD_DATA;
    }
    if ((s->kind == BPC_SYM_RUN || s->kind == BPC_SYM_RUN1) && s->arg > plane + 1u) {
        return NP_BAD_DATA;                        /* run past plane 0 */
    }
    if ((s->kind == BPC_SYM_ONE && s->arg > 30u) || (s->kind == BPC_SYM_TWO && s->arg > 29u)) {
        return NP_BAD_DATA;                        /* a one outside the 31-bit plane */
    }
    return NP_OK;
}

np_result bpc_decode_planes(np_bitreader *r, uint32_t dbx[BPC_PLANES], uint32_t dbp[BPC_PLANES]) {
    uint32_t above = 0;                            /* DBP[j + 1]; DBP[33] = 0 */
    int j = (int)BPC_PLANES - 1;
    while (j >= 0) {
        bpc_symbol s;
        np_result res = bpc_get_symbol(r, (unsigned)j, &s);
        if (res != NP_OK) {
            return res;
        }
        if (s.kind == BPC_SYM_RUN || s.kind == BPC_SYM_RUN1) {
            for (unsigned k = 0; k < s.arg; k++, j--) {  /* DBX 0: DBP repeats */
                dbx[j] = 0;
                dbp[j] = above;
            }
            continue;
        }
        uint32_t x;
        switch (s.kind) {
        case BPC_SYM_ONES: x = BPC_PLANE_MASK; break;
        case BPC_SYM_DBPZ: x = above; break;     /* DBP[j] = 0 */
        case BPC_SYM_TWO: x = UINT32_C(3) << s.arg; break;
        case BPC_SYM_ONE: x = UINT32_C(1) << s.arg; break;
        default: x = s.dbx; break;
        }
        dbx[j] = x;
        above = s.kind == BPC_SYM_DBPZ ? 0u : (x ^ above) & BPC_PLANE_MASK;
        dbp[j] = above;
        j--;
    }
    return NP_OK;
}

/* ---- whole line (sec. 5, 6) -------------------------------------------------------------- */

/* Transform a line: base, DBP, DBX. */
static void transform(const uint8_t *line, uint32_t *base, uint32_t dbp[BPC_PLANES],
                      uint32_t dbx[BPC_PLANES]) {
    uint32_t words[BPC_WORDS];
    uint64_t deltas[BPC_DELTAS];
    for (unsigned i = 0; i < BPC_WORDS; i++) {
        words[i] = np_load_le32(line + 4u * i);
    }
    bpc_delta(words, base, deltas);
    bpc_bitplane(deltas, dbp);
    bpc_xor(dbp, dbx);
}

static unsigned encoded_bits(uint32_t base, const bpc_symbol *syms, unsigned n) {
    unsigned bits = 1u + bpc_base_bits(bpc_base_kind_of(base));
    for (unsigned k = 0; k < n; k++) {
        bits += sym_len[syms[k].kind];
    }
    return bits;
}

unsigned bpc_encoded_bits(const uint8_t line[BPC_LINE_BYTES]) {
    if (line == NULL) {
        return 0;
    }
    uint32_t base, dbp[BPC_PLANES], dbx[BPC_PLANES];
    bpc_symbol syms[BPC_PLANES];
    transform(line, &base, dbp, dbx);
    return encoded_bits(base, syms, bpc_symbols(dbx, dbp, syms));
}

np_result bpc_compress_stages(const uint8_t line[BPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                              size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) {
        return NP_BAD_PARAM;
    }
    uint32_t base, dbp[BPC_PLANES], dbx[BPC_PLANES];
    bpc_symbol syms[BPC_PLANES];
    transform(line, &base, dbp, dbx);
    unsigned n = bpc_symbols(dbx, dbp, syms);
    unsigned enc = encoded_bits(base, syms, n);
    bool compressed = enc < BPC_RAW_BITS;          /* sec. 5: strictly shorter than raw */
    size_t bits = compressed ? enc : BPC_RAW_BITS;
    *out_bits = bits;
    if (dst_bytes < (bits + 7u) / 8u) {
        return NP_NO_SPACE;
    }
    np_bitwriter w;
    np_bw_init(&w, dst, dst_bytes);
    np_bw_put(&w, compressed ? 1u : 0u, 1);
    if (compressed) {
        bpc_put_base(&w, base);
        for (unsigned k = 0; k < n; k++) {
            bpc_put_symbol(&w, &syms[k]);
        }
    } else {
        for (unsigned b = 0; b < BPC_LINE_BYTES; b++) {
            np_bw_put(&w, line[b], 8);
        }
    }
    return (w.overflow || w.pos != bits) ? NP_BAD_PARAM : NP_OK;
}

np_result bpc_decompress_stages(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) {
        return NP_BAD_PARAM;
    }
    if (dst_bytes < BPC_LINE_BYTES) {
        return NP_NO_SPACE;
    }
    memset(dst, 0, BPC_LINE_BYTES);
    np_bitreader r;
    np_br_init(&r, src, src_bits);
    unsigned c = (unsigned)np_br_get(&r, 1);
    if (r.overrun) {
        return NP_BAD_DATA;                        /* empty stream */
    }
    if (c == 0u) {
        if (src_bits != BPC_RAW_BITS) {
            return NP_BAD_DATA;                    /* raw: exactly 1024 bits follow */
        }
        for (unsigned b = 0; b < BPC_LINE_BYTES; b++) {
            dst[b] = (uint8_t)np_br_get(&r, 8);
        }
        return NP_OK;
    }
    if (src_bits >= BPC_RAW_BITS) {
        return NP_BAD_DATA;                        /* compressed but not shorter than raw */
    }
    uint32_t base, dbx[BPC_PLANES], dbp[BPC_PLANES];
    uint64_t deltas[BPC_DELTAS];
    uint32_t words[BPC_WORDS];
    if (bpc_get_base(&r, &base) != NP_OK || bpc_decode_planes(&r, dbx, dbp) != NP_OK ||
        np_br_remaining(&r) != 0u) {
        return NP_BAD_DATA;                        /* truncated, out of range or trailing */
    }
    bpc_unbitplane(dbp, deltas);
    bpc_undelta(base, deltas, words);
    for (unsigned i = 0; i < BPC_WORDS; i++) {
        np_store_le32(dst + 4u * i, words[i]);
    }
    return NP_OK;
}

/* ---- fast whole-line path ------------------------------------------------------------------
 * The same function of the line as the stages chained above (tests/test_bpc.c compares the two
 * on random, pattern-built and real lines and on malformed streams):
 *   - sec. 2's transform without bit loops: the deltas' low 32 bits are a 32 x 32 bit matrix
 *     (row i = delta i, row 31 zero) whose transpose (five block-swap rounds) gives planes 0..31;
 *     plane 32 is the deltas' bit 32, the borrow of w[i+1] - w[i];
 *   - sec. 4: each symbol and the base are one field (the code bit-reversed, sec. 3.1, then its
 *     payload), their lengths summed before anything is appended so sec. 5's fallback is
 *     decided first;
 *   - sec. 6: the decoder takes each code from the 5 bits ahead, checks the symbol's length and
 *     range, reads from a zero-padded copy of the stream, and undoes the transform with the
 *     same transpose (plane 32 is not needed: the words are the deltas' low 32 bits summed). */
#define BPC_FAST_INLINE static inline __attribute__((always_inline))

/* Sec. 4.1: the base word as one field; returns its length. */
BPC_FAST_INLINE unsigned fast_base_field(uint32_t base, uint64_t *field) {
    switch (bpc_base_kind_of(base)) {
    case BPC_BASE_ZERO: *field = 0u; return 3u;                                  /* 000 */
    case BPC_BASE_SE4: *field = 4u | (uint64_t)(base & 0xFu) << 3; return 7u;    /* 001 */
    case BPC_BASE_SE8: *field = 2u | (uint64_t)(base & 0xFFu) << 3; return 11u;  /* 010 */
    case BPC_BASE_SE16: *field = 6u | (uint64_t)(base & 0xFFFFu) << 3; return 19u; /* 011 */
    default: *field = 1u | (uint64_t)base << 1; return 33u;                     /* 1 */
    }
}

/* Sec. 4.2, 4.3: one plane's symbol (DBX not zero) as one field; returns its length. */
BPC_FAST_INLINE unsigned fast_symbol_field(uint32_t dbx, uint32_t dbp, uint32_t *field) {
    uint32_t low = dbx & (0u - dbx);
    if (dbx == BPC_PLANE_MASK) {
        *field = 0u;                                                   /* 00000 */
        return 5u;
    }
    if (dbp == 0u) {
        *field = 16u;                                                  /* 00001 */
        return 5u;
    }
    if (dbx == low) {
        *field = 24u | (uint32_t)__builtin_ctz(dbx) << 5;              /* 00011 + index */
        return 10u;
    }
    if (dbx == (low | low << 1)) {
        *field = 8u | (uint32_t)__builtin_ctz(dbx) << 5;               /* 00010 + index */
        return 10u;
    }
    *field = 1u | dbx << 1;                                            /* 1 + the plane */
    return 32u;
}

_Static_assert(BPC_UNBOUNDED_BITS < 64u * NP_WB_WORDS, "BPC's unbounded stream must fit np_wordbuf");

#define BPC_ALL_PLANES ((UINT64_C(1) << BPC_PLANES) - 1u)

/* A line's symbols before any is written (sec. 4.2, 4.3): per plane j, field[j] / len[j] is the
 * symbol that starts at plane j (a non-zero DBX's own symbol, or the run of zero DBX planes that
 * begins at j going down); starts has bit j set for those planes, and bits is the whole
 * compressed length (sec. 5's fallback is decided on it before anything is emitted). Entries
 * of the other planes are unspecified. */
typedef struct {
    uint32_t field[BPC_PLANES], len[BPC_PLANES];
    uint64_t nonzero;                      /* bit j: DBX[j] != 0 */
    uint64_t starts;
    unsigned sym_bits;                     /* the lengths of the non-zero planes' symbols */
} bpc_line_symbols;

/* Sec. 2 and the non-zero planes' symbols, portable C: deltas (plane 32 from the borrows),
 * the transpose for planes 0..31, then one plane at a time. */
static void classify_portable(const uint8_t line[BPC_LINE_BYTES], bpc_line_symbols *s) {
    uint32_t word[BPC_WORDS], delta[32], dbp[BPC_PLANES + 1u];
    for (unsigned i = 0; i < BPC_WORDS; i++) {
        word[i] = np_load_le32(line + 4u * i);
    }
    uint32_t top = 0;                                                   /* plane 32 */
    for (unsigned i = 0; i < BPC_DELTAS; i++) {
        delta[i] = word[i + 1u] - word[i];
        top |= (uint32_t)(word[i + 1u] < word[i]) << i;
    }
    delta[31] = 0;
    np_transpose32(delta, dbp);                                         /* dbp[j]: DBP[j], j < 32 */
    dbp[32] = top;
    dbp[33] = 0;                                                        /* DBP[33] = 0 */
    s->nonzero = 0;
    s->sym_bits = 0;
    for (unsigned j = 0; j < BPC_PLANES; j++) {
        uint32_t dbx = dbp[j] ^ dbp[j + 1u];                            /* planes are 31 bits */
        if (dbx != 0u) {
            s->len[j] = fast_symbol_field(dbx, dbp[j], &s->field[j]);
            s->sym_bits += s->len[j];
            s->nonzero |= UINT64_C(1) << j;
        }
    }
}

#if NP_HAVE_AVX2
/* classify_portable with 8 words, deltas or planes per instruction: the deltas from the words
 * and the words shifted down one (rotate, then the next vector's first word, w[31] for the
 * last: d[31] = 0); the borrows from an unsigned compare (sign-flipped signed compare); then
 * sec. 4.3's choices for 8 planes at once as masks, the priority order applied by blending
 * the lower priorities first. The index of a ONE or TWO symbol's lowest one (at most bit 30)
 * is the exponent of that bit converted to float. */
NP_TARGET_AVX2 static void classify_avx2(const uint8_t line[BPC_LINE_BYTES], bpc_line_symbols *s) {
    const __m256i rot = _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 0);
    const __m256i sign = _mm256_set1_epi32(INT32_MIN);
    __m256i w[4], next_rot[4];
    for (unsigned k = 0; k < 4; k++) {
        w[k] = _mm256_loadu_si256((const __m256i *)(const void *)(line + 32u * k));
        next_rot[k] = _mm256_permutevar8x32_epi32(w[k], rot);
    }
    uint32_t delta[32], dbp[33];
    uint32_t top = 0;                                                   /* plane 32 */
    for (unsigned k = 0; k < 4; k++) {
        __m256i next = _mm256_blend_epi32(next_rot[k], k < 3u ? next_rot[k + 1u] : w[3], 0x80);
        _mm256_storeu_si256((__m256i *)(void *)(delta + 8u * k), _mm256_sub_epi32(next, w[k]));
        __m256i borrow = _mm256_cmpgt_epi32(_mm256_xor_si256(w[k], sign), _mm256_xor_si256(next, sign));
        top |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(borrow)) << (8u * k);
    }
    np_transpose32(delta, dbp);                                         /* dbp[j]: DBP[j], j < 32 */
    dbp[32] = top;
    const __m256i zero = _mm256_setzero_si256();
    __m256i sum = zero;
    uint64_t nonzero = 0;
    for (unsigned k = 0; k < 4; k++) {                                  /* planes 0..31 */
        __m256i p = _mm256_loadu_si256((const __m256i *)(const void *)(dbp + 8u * k));
        __m256i x = _mm256_xor_si256(p, _mm256_loadu_si256((const __m256i *)(const void *)(dbp + 8u * k + 1u)));
        __m256i low = _mm256_and_si256(x, _mm256_sub_epi32(zero, x));
        __m256i is_zero = _mm256_cmpeq_epi32(x, zero);
        __m256i ones = _mm256_cmpeq_epi32(x, _mm256_set1_epi32((int)BPC_PLANE_MASK));
        __m256i dbpz = _mm256_cmpeq_epi32(p, zero);
        __m256i one = _mm256_cmpeq_epi32(x, low);
        __m256i two = _mm256_cmpeq_epi32(x, _mm256_or_si256(low, _mm256_slli_epi32(low, 1)));
        __m256i index = _mm256_sub_epi32(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(low)), 23),
                                         _mm256_set1_epi32(127));
        __m256i index_field = _mm256_slli_epi32(index, 5);
        __m256i field = _mm256_or_si256(_mm256_set1_epi32(1), _mm256_slli_epi32(x, 1));      /* raw */
        field = _mm256_blendv_epi8(field, _mm256_or_si256(index_field, _mm256_set1_epi32(8)), two);
        field = _mm256_blendv_epi8(field, _mm256_or_si256(index_field, _mm256_set1_epi32(24)), one);
        field = _mm256_blendv_epi8(field, _mm256_set1_epi32(16), dbpz);
        field = _mm256_andnot_si256(ones, field);                                            /* 00000 */
        __m256i len = _mm256_blendv_epi8(_mm256_set1_epi32(32), _mm256_set1_epi32(10), _mm256_or_si256(one, two));
        len = _mm256_blendv_epi8(len, _mm256_set1_epi32(5), _mm256_or_si256(dbpz, ones));
        _mm256_storeu_si256((__m256i *)(void *)(s->field + 8u * k), field);
        _mm256_storeu_si256((__m256i *)(void *)(s->len + 8u * k), len);
        sum = _mm256_add_epi32(sum, _mm256_andnot_si256(is_zero, len));
        nonzero |= (uint64_t)(~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(is_zero)) & 0xFFu) << (8u * k);
    }
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0xB1));
    s->sym_bits = (unsigned)_mm_cvtsi128_si32(half);
    s->nonzero = nonzero;
    if (top != 0u) {                                                    /* plane 32: DBX = DBP */
        s->len[32] = fast_symbol_field(top, top, &s->field[32]);
        s->sym_bits += s->len[32];
        s->nonzero |= UINT64_C(1) << 32;
    }
}
#endif

/* The symbols of a line and its compressed length (C, base, symbols), which may reach
 * BPC_UNBOUNDED_BITS. A run of zero DBX planes starts at plane j when DBX[j] = 0 and DBX[j+1]
 * != 0 (or j = 32); it ends above the next non-zero plane below j (or at plane 0). */
static unsigned fast_symbols(const uint8_t line[BPC_LINE_BYTES], bpc_line_symbols *s) {
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        classify_avx2(line, s);
    } else
#endif
    {
        classify_portable(line, s);
    }
    uint64_t zero = ~s->nonzero & BPC_ALL_PLANES;
    uint64_t run_starts = zero & ~(zero >> 1);
    uint64_t marks = s->nonzero << 1 | 1u;                 /* bit j + 1: plane j non-zero; bit 0: "plane -1" */
    unsigned bits = 1u + bpc_base_bits(bpc_base_kind_of(np_load_le32(line))) + s->sym_bits;
    for (uint64_t r = run_starts; r != 0; r &= r - 1u) {
        unsigned j = (unsigned)__builtin_ctzll(r);
        unsigned end = 63u - (unsigned)__builtin_clzll(marks & ((UINT64_C(2) << j) - 1u));
        unsigned run = j + 1u - end;                                    /* planes j .. end */
        s->field[j] = run == 1u ? 4u : 2u | (run - 2u) << 2;            /* 001, or 01 + run - 2 */
        s->len[j] = run == 1u ? 3u : 7u;
        bits += s->len[j];
    }
    s->starts = s->nonzero | run_starts;
    return bits;
}

/* Bit j of x (j = 0..32) moved to bit 32 - j: the symbols' start planes in stream order (sec.
 * 4.2: plane 32 first) as a mask whose lowest set bit is the next symbol. The emitter steps
 * through it by clearing the lowest bit (one instruction from one symbol's mask to the next's;
 * finding and clearing the highest bit of the plane-order mask put a bit scan, a shift and an
 * xor on that chain) and reads the plane's index off it with a count of trailing zeros. */
BPC_FAST_INLINE uint64_t stream_order(uint64_t x) {
    x = __builtin_bswap64(x);
    x = (x >> 4 & UINT64_C(0x0F0F0F0F0F0F0F0F)) | (x & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4;
    x = (x >> 2 & UINT64_C(0x3333333333333333)) | (x & UINT64_C(0x3333333333333333)) << 2;
    x = (x >> 1 & UINT64_C(0x5555555555555555)) | (x & UINT64_C(0x5555555555555555)) << 1;
    return x >> (64u - BPC_PLANES);
}

/* The compressed form (C = 1) of the symbols s of line into words (room for
 * BPC_RAW_BITS / 32 + 1 words: called only when the form is shorter than raw). */
BPC_FAST_INLINE void emit_body(const uint8_t line[BPC_LINE_BYTES], const bpc_line_symbols *s, uint32_t *words) {
    uint64_t base;
    unsigned n = fast_base_field(np_load_le32(line), &base);
    np_fieldwriter w;
    np_fw_init(&w, words);
    np_fw_put(&w, 1u, 1);                                               /* C = 1 */
    np_fw_put(&w, (uint32_t)base & 0xFFFFu, n < 16u ? n : 16u);         /* the base: up to 33 bits */
    np_fw_put(&w, (uint32_t)(base >> 16), n < 16u ? 0u : n - 16u);
    for (uint64_t left = stream_order(s->starts); left != 0; left &= left - 1u) {   /* planes 32 down to 0 */
        unsigned j = BPC_PLANES - 1u - (unsigned)__builtin_ctzll(left);
        np_fw_put(&w, s->field[j], s->len[j]);
    }
    np_fw_finish(&w, words);
}

#if NP_HAVE_AVX2
/* The same C compiled for AVX2 + BMI2 machines (np_cpu.h): shifts by a register in one
 * instruction. */
NP_TARGET_AVX2 static void emit_bmi2(const uint8_t line[BPC_LINE_BYTES], const bpc_line_symbols *s, uint32_t *words) {
    emit_body(line, s, words);
}
#endif

static void fast_emit(const uint8_t line[BPC_LINE_BYTES], const bpc_line_symbols *s, uint32_t *words) {
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        emit_bmi2(line, s, words);
        return;
    }
#endif
    emit_body(line, s, words);
}

size_t bpc_compressed_bits(const uint8_t line[BPC_LINE_BYTES]) {
    if (line == NULL) {
        return 0;
    }
    bpc_line_symbols s;
    unsigned enc = fast_symbols(line, &s);
    return enc < BPC_RAW_BITS ? enc : BPC_RAW_BITS;
}

np_result bpc_compress(const uint8_t line[BPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                       size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) {
        return NP_BAD_PARAM;
    }
    bpc_line_symbols s;
    uint32_t words[BPC_RAW_BITS / 32u + 1u];
    unsigned enc = fast_symbols(line, &s);
    size_t bits = enc < BPC_RAW_BITS ? enc : BPC_RAW_BITS;
    size_t used = (bits + 7u) / 8u;
    *out_bits = bits;
    if (dst_bytes < used) {
        return NP_NO_SPACE;
    }
    if (enc < BPC_RAW_BITS) {
        fast_emit(line, &s, words);
        np_fw_copy_out(words, dst, used, BPC_MAX_BYTES);
    } else {                                                            /* sec. 5: C = 0, the line */
        uint64_t carry = 0;                                             /* the line one bit on */
        for (unsigned i = 0; i < BPC_LINE_BYTES; i += 8) {
            uint64_t v = np_load_le64(line + i);
            np_store_le64(dst + i, v << 1 | carry);
            carry = v >> 63;
        }
        dst[BPC_LINE_BYTES] = (uint8_t)carry;
    }
    if (dst_bytes > used) {
        memset(dst + used, 0, dst_bytes - used);   /* as the stage path: its writer clears all of dst */
    }
    return NP_OK;
}

/* Sec. 6's decoding of the planes into dbp[0..32] (the caller needs 0..31), dbp with 8 writable
 * entries below it: a run of zero-DBX planes stores its DBP to 8 planes at a time from its first
 * one down (planes below the run are written again by the symbols that follow, which go down),
 * not one store per plane in a loop whose length the data decides. Every symbol is at
 * most 32 bits, so one 64-bit load from its byte holds it. The lengths are not checked symbol by
 * symbol: the padded copy reads zero past the stream and has room for the longest walk (33
 * symbols, BPC_UNBOUNDED_BITS), and the caller's final pos == src_bits rejects every stream a
 * symbol ran past (pos only grows). Ranges are checked at once (a run past plane 0, a ONE
 * above 30, a TWO above 29): false, as every malformed stream. */
_Static_assert(BPC_UNBOUNDED_BITS / 8u + 8u < sizeof(((np_padreader *)0)->buf),
               "the padded copy must hold BPC's longest walk plus one load");
static bool fast_decode_planes(np_padreader *r, uint32_t *dbp) {
    uint32_t above = 0;                                                 /* DBP[j + 1]; DBP[33] = 0 */
    size_t pos = r->pos;
    int j = (int)BPC_PLANES - 1;
    while (j >= 0) {
        uint64_t v = np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u);
        if (v & 1u) {                                                   /* 1: raw plane */
            pos += 32u;
            above ^= (uint32_t)(v >> 1) & BPC_PLANE_MASK;
        } else if (v & 6u) {                                            /* 01: run of 2..33, 001: of 1 */
            unsigned run = (v & 2u) ? (unsigned)(v >> 2 & 31u) + 2u : 1u;
            if (run > (unsigned)j + 1u) return false;
            pos += (v & 2u) ? 7u : 3u;
            for (unsigned k = 0; k < run; k += 8u) {                    /* DBX 0: DBP repeats */
                uint32_t *at = dbp + j - 7 - (int)k;                    /* planes j - k - 7 .. j - k */
                for (unsigned i = 0; i < 8u; i++) at[i] = above;
            }
            j -= (int)run;
            continue;
        } else {                                                        /* 000 b3 b4 */
            unsigned arg = (unsigned)(v >> 5 & 31u);
            switch (v >> 3 & 3u) {                                      /* b3 + 2 b4 */
            case 0: pos += 5u, above ^= BPC_PLANE_MASK; break;          /* 00000 ones */
            case 2: pos += 5u, above = 0u; break;                       /* 00001 DBP[j] = 0 */
            case 1:                                                     /* 00010 two */
                if (arg > 29u) return false;
                pos += 10u, above ^= UINT32_C(3) << arg;
                break;
            default:                                                    /* 00011 one */
                if (arg > 30u) return false;
                pos += 10u, above ^= UINT32_C(1) << arg;
                break;
            }
        }
        dbp[j--] = above;
    }
    r->pos = pos;
    return true;
}

/* A malformed stream: dst all zero (bpc.h), NP_BAD_DATA. */
static np_result rejected(uint8_t *dst) {
    memset(dst, 0, BPC_LINE_BYTES);
    return NP_BAD_DATA;
}

np_result bpc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) {
        return NP_BAD_PARAM;
    }
    if (dst_bytes < BPC_LINE_BYTES) {
        return NP_NO_SPACE;
    }
    /* dst is not cleared first (a `rep stos` on every line): every error below returns through
     * rejected(), which clears it, and a stream that decodes writes all 128 bytes. */
    if (src_bits == 0u) {
        return rejected(dst);                      /* empty stream */
    }
    np_padreader r;
    np_pr_init(&r, src, src_bits, BPC_MAX_BITS);
    if (np_pr_get(&r, 1) == 0u) {
        if (src_bits != BPC_RAW_BITS) {
            return rejected(dst);                  /* raw: exactly 1024 bits follow */
        }
        for (unsigned i = 0; i < BPC_LINE_BYTES; i += 8) {
            np_store_le64(dst + i, np_pr_get(&r, 64));
        }
        return NP_OK;
    }
    if (src_bits >= BPC_RAW_BITS) {
        return rejected(dst);                      /* compressed but not shorter than raw */
    }
    /* Sec. 4.1: 1 + 32 bits, or 0 b1 b2 + 0, 4, 8, 16 bits. */
    uint64_t v = np_pr_peek(&r);
    uint32_t base;
    unsigned len;
    if (v & 1u) {
        len = 33u, base = (uint32_t)(v >> 1);
    } else {
        unsigned k = (unsigned)(v >> 1 & 1u) << 1 | (unsigned)(v >> 2 & 1u);
        len = 3u + base_payload[k];
        base = k == BPC_BASE_ZERO ? 0u : sign_extend((uint32_t)(v >> 3), base_payload[k]);
    }
    if (np_pr_remaining(&r) < len) {
        return rejected(dst);
    }
    r.pos += len;
    uint32_t planes[8u + BPC_PLANES], *plane = planes + 8;   /* 8 below: a run's stores (fast_decode_planes) */
    if (!fast_decode_planes(&r, plane) || r.pos != src_bits) {
        return rejected(dst);                      /* truncated, out of range or trailing */
    }
    np_transpose32(plane, plane);                  /* plane[i]: delta i's low 32 bits */
    uint32_t w = base;
    for (unsigned i = 0; i < BPC_WORDS; i++) {
        np_store_le32(dst + 4u * i, w);
        w += plane[i];
    }
    return NP_OK;
}

/* ---- registry entry (codec.h) -------------------------------------------------------------- */

static np_result bpc_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128],
                                    uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    (void)opts;
    *fill = NP_CODEC_FILL_ALL;
    return bpc_compress(line, dst, dst_bytes, out_bits);
}

static np_result bpc_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src,
                                      size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    (void)state;
    (void)opts;
    return bpc_decompress(src, src_bits, dst, dst_bytes);
}

/* Seed 001 Table 6.5 (11/11 cycles) and sec. 6.7 ("BPC (68K)"); our own figures come from the
 * RTL tops named here (docs/bpc.md sec. 8). */
const np_codec np_codec_bpc = {
    .name = "bpc",
    .description = "BPC: delta, bit-plane, XOR transform, run-length and pattern codes per plane",
    .spec = "docs/bpc.md",
    .max_bits = BPC_MAX_BITS,
    .compress = bpc_entry_compress,
    .decompress = bpc_entry_decompress,
    .comp_top = "bpc_compressor",
    .decomp_top = "bpc_decompressor",
};
