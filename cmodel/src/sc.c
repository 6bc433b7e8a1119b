/* SC: statistical (Huffman) compression, C golden model (docs/sc.md; sections cited as "sec.").
 * The value frequency table (VFT), the length-limited canonical code built from it, the
 * compressor (code lookup + concatenation) and the decompressor (per-length comparators +
 * DeLUT, the form of SC2's hardware decoder). */
#include "sc.h"

#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "np_cpu.h"
#if NP_HAVE_AVX2
#include <immintrin.h>
#endif
#include "np_bits.h"

/* ---- helpers --------------------------------------------------------------------------------- */

static uint32_t load_word(const uint8_t *line, unsigned w) {
    const uint8_t *p = line + 4u * w;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void store_word(uint8_t *line, unsigned w, uint32_t v) {
    for (unsigned b = 0; b < 4; b++) line[4u * w + b] = (uint8_t)(v >> (8u * b));
}

/* The 32 words of a line into its bytes (little-endian, sec. 1): one copy on a little-endian
 * host. */
static void store_words(uint8_t *line, const uint32_t word[SC_WORDS]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(line, word, SC_LINE_BYTES);
#else
    for (unsigned i = 0; i < SC_WORDS; i++) store_word(line, i, word[i]);
#endif
}

/* The low n bits of v in reverse order: codes are sent MSB first (sec. 4.2) while every field
 * helper packs LSB first, so a code goes through this once on each side. */
static uint32_t reverse_bits(uint32_t v, unsigned n) {
    uint32_t r = 0;
    for (unsigned i = 0; i < n; i++) r |= ((v >> i) & 1u) << (n - 1u - i);
    return r;
}

/* ---- VFT (sec. 2) ---------------------------------------------------------------------------- */

unsigned sc_vft_set(uint32_t value) {
    /* Folding every bit in keeps float constants (low mantissa bits zero) and multiples of 64
     * from all landing in set 0, which indexing by the low bits would do (sec. 2.1). */
    uint32_t x = value ^ (value >> 6) ^ (value >> 12) ^ (value >> 18) ^ (value >> 24) ^ (value >> 30);
    return x & (SC_VFT_SETS - 1u);
}

int sc_vft_lookup(const sc_state *st, uint32_t value) {
    unsigned base = sc_vft_set(value) * SC_VFT_WAYS;
    for (unsigned w = 0; w < SC_VFT_WAYS; w++) {
        unsigned e = base + w;
        if (st->vft_count[e] != 0 && st->vft_value[e] == value) return (int)e;
    }
    return -1;
}

/* Every counter, the escape counter included, shifts right by one: relative frequencies (all
 * the code needs) survive, and entries that reach zero become free (sec. 2.2). */
static void vft_halve(sc_state *st) {
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) st->vft_count[e] >>= 1;
    st->esc_count >>= 1;
    st->halvings++;
}

void sc_vft_update(sc_state *st, uint32_t value) {
    st->observed_words++;
    int hit = sc_vft_lookup(st, value);
    if (hit >= 0) {
        if (st->vft_count[hit] == SC_COUNT_MAX) vft_halve(st);
        st->vft_count[hit]++;
        return;
    }
    /* Miss: LFU victim, the smallest count in the set, lowest way on ties (an empty way has
     * count 0 and so is taken first). Chosen before any halving and kept after it. */
    unsigned base = sc_vft_set(value) * SC_VFT_WAYS;
    unsigned victim = base;
    for (unsigned w = 1; w < SC_VFT_WAYS; w++)
        if (st->vft_count[base + w] < st->vft_count[victim]) victim = base + w;
    /* The victim's occurrences now belong to a value without a place in the table: they are
     * what the escape code will stand for (sec. 2.3). */
    if ((unsigned)st->esc_count + st->vft_count[victim] > SC_COUNT_MAX) vft_halve(st);
    st->esc_count = (uint16_t)(st->esc_count + st->vft_count[victim]);
    st->vft_value[victim] = value;
    st->vft_count[victim] = 1;
}

void sc_observe(sc_state *st, const uint8_t line[SC_LINE_BYTES]) {
    if (st == NULL || line == NULL) return;
    for (unsigned w = 0; w < SC_WORDS; w++) sc_vft_update(st, load_word(line, w));
}

/* ---- code construction (sec. 3) -------------------------------------------------------------- */

typedef struct {
    uint32_t w;
    uint16_t idx;
} ranked_sym;

static int cmp_ranked(const void *a, const void *b) {
    const ranked_sym *x = a, *y = b;
    if (x->w != y->w) return x->w < y->w ? -1 : 1;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

#define PM_ITEMS (2u * SC_MAX_SYMBOLS)

size_t sc_code_lengths(const uint32_t *w, unsigned n, unsigned max_len, uint8_t *len) {
    if (w == NULL || len == NULL || n < 2 || n > SC_MAX_SYMBOLS || max_len < 1 || max_len > SC_MAX_LEN ||
        n > (1u << max_len))
        return 0;
    ranked_sym leaf[SC_MAX_SYMBOLS];
    for (unsigned i = 0; i < n; i++) {
        leaf[i].w = w[i];
        leaf[i].idx = (uint16_t)i;
    }
    qsort(leaf, n, sizeof leaf[0], cmp_ranked);

    /* Package-merge. List d (d = max_len - 1 .. 0, i.e. denominations 2^-(d+1)) is the
     * leaves merged with the pairs of list d + 1; list max_len - 1 is the leaves alone. A leaf
     * sorts before a package of equal weight. is_leaf[d][k] records the kind of item k. */
    uint8_t is_leaf[SC_MAX_LEN][PM_ITEMS];
    unsigned count[SC_MAX_LEN];
    uint64_t wa[PM_ITEMS], wb[PM_ITEMS];
    uint64_t *prev = wa, *cur = wb;
    size_t cost = 0;
    unsigned d = max_len - 1u;
    for (unsigned k = 0; k < n; k++) {
        prev[k] = leaf[k].w;
        is_leaf[d][k] = 1;
    }
    count[d] = n;
    cost += n;
    while (d-- > 0) {
        unsigned npk = count[d + 1u] / 2u, i = 0, p = 0, k = 0;
        while (i < n || p < npk) {
            uint64_t pw = p < npk ? prev[2u * p] + prev[2u * p + 1u] : 0;
            if (i < n && (p >= npk || leaf[i].w <= pw)) {
                cur[k] = leaf[i++].w;
                is_leaf[d][k++] = 1;
            } else {
                cur[k] = pw;
                is_leaf[d][k++] = 0;
                p++;
            }
        }
        count[d] = k;
        cost += k;
        uint64_t *t = prev;
        prev = cur;
        cur = t;
    }
    /* Selection: the first 2n - 2 items of list 0; the packages among the first a items of
     * list d expand to the first 2 * packages items of list d + 1. A leaf's code length is the
     * number of lists in which it is selected, and the selected leaves of a list are always
     * the lightest ones, so only their number matters. */
    for (unsigned i = 0; i < n; i++) len[i] = 0;
    unsigned active = 2u * n - 2u;
    for (d = 0; d < max_len && active > 0; d++) {
        if (active > count[d]) return 0; /* unreachable for n <= 2^max_len */
        unsigned leaves = 0;
        for (unsigned k = 0; k < active; k++) leaves += is_leaf[d][k];
        for (unsigned k = 0; k < leaves; k++) len[leaf[k].idx]++;
        active = 2u * (active - leaves);
    }
    return cost;
}

typedef struct {
    uint32_t value;
    uint16_t slot;
} value_slot;

static int cmp_value(const void *a, const void *b) {
    const value_slot *x = a, *y = b;
    return (x->value > y->value) - (x->value < y->value);
}

/* A first-level decode table entry (sc.h): the code's length, the escape flag, the value. */
static inline uint64_t fast_entry(const sc_state *st, unsigned index, unsigned len) {
    return (uint64_t)len | (uint64_t)(index == st->esc_index) << 5 | (uint64_t)st->delut[index] << 32;
}

/* The first-level decode table (sc.h) from limit, offset and n_symbols: for each SC_FAST_BITS
 * stream bits, sec. 5.1's comparators on the window they start (its first bit the stream's
 * first, bits past them zero). A match of length l <= SC_FAST_BITS depends on the window's
 * first l bits only, so the entry is the decoder's answer for every stream that starts with
 * these bits; a longer or no match is left to the comparators (entry 0). */
static void build_fast_table(sc_state *st) {
    for (uint32_t bits = 0; bits < (1u << SC_FAST_BITS); bits++) {
        uint32_t window = 0;
        for (unsigned b = 0; b < SC_FAST_BITS; b++) window |= (bits >> b & 1u) << (SC_MAX_LEN - 1u - b);
        unsigned index = 0;
        unsigned l = sc_decode_symbol(st, window, SC_FAST_BITS, &index);
        st->fast[bits] = l != 0 && index < st->n_symbols ? fast_entry(st, index, l) : 0u;
    }
}

static void build_code_fields(sc_state *st);

/* Code table and DeLUT from canonical-order symbols: symbol 0 is the escape, symbols 1..n-1 the
 * table's values ascending (sec. 3.3). */
static void assign_codes(sc_state *st, const value_slot *sym_vs, unsigned n, const uint8_t *len) {
    unsigned cnt[SC_MAX_LEN + 1u] = {0};
    for (unsigned s = 0; s < n; s++) cnt[len[s]]++;
    uint32_t next[SC_MAX_LEN + 1u];
    st->limit[0] = 0;
    st->offset[0] = 0;
    unsigned off = 0;
    for (unsigned l = 1; l <= SC_MAX_LEN; l++) {
        uint32_t first = st->limit[l - 1u] << 1;
        next[l] = first;
        st->limit[l] = first + cnt[l];
        st->offset[l] = (uint16_t)off;
        off += cnt[l];
    }
    memset(st->delut, 0, sizeof st->delut);
    memset(st->ct_value, 0, sizeof st->ct_value);
    memset(st->ct_code, 0, sizeof st->ct_code);
    memset(st->ct_len, 0, sizeof st->ct_len);
    for (unsigned l = 1; l <= SC_MAX_LEN; l++) {
        for (unsigned s = 0; s < n; s++) {
            if (len[s] != l) continue;
            uint32_t code = next[l]++;
            unsigned index = st->offset[l] + (code - (st->limit[l - 1u] << 1));
            if (s == 0) {
                st->esc_code = (uint16_t)code;
                st->esc_len = (uint8_t)l;
                st->esc_index = (uint16_t)index;
                st->delut[index] = 0;
            } else {
                unsigned slot = sym_vs[s].slot;
                st->delut[index] = sym_vs[s].value;
                st->ct_value[slot] = sym_vs[s].value;
                st->ct_code[slot] = (uint16_t)code;
                st->ct_len[slot] = (uint8_t)l;
            }
        }
    }
    st->n_symbols = (uint16_t)n;
    build_fast_table(st);
    build_code_fields(st);
}

static void vft_clear(sc_state *st) {
    memset(st->vft_value, 0, sizeof st->vft_value);
    memset(st->vft_count, 0, sizeof st->vft_count);
    st->esc_count = 0;
    st->halvings = 0;
    st->observed_words = 0;
}

void sc_init(sc_state *st) {
    if (st == NULL) return;
    memset(st, 0, sizeof *st);
    /* The untrained code: the escape alone, one bit long (sec. 3.5). */
    uint8_t len1 = 1;
    value_slot esc = {0, 0};
    assign_codes(st, &esc, 1, &len1);
}

np_result sc_rebuild(sc_state *st) {
    if (st == NULL) return NP_BAD_PARAM;
    value_slot sym[SC_MAX_SYMBOLS];
    uint32_t weight[SC_MAX_SYMBOLS];
    uint8_t len[SC_MAX_SYMBOLS];
    unsigned n = 1;
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) {
        if (st->vft_count[e] == 0) continue;
        sym[n].value = st->vft_value[e];
        sym[n].slot = (uint16_t)e;
        n++;
    }
    qsort(sym + 1, n - 1u, sizeof sym[0], cmp_value);
    sym[0].value = 0;
    sym[0].slot = 0;
    weight[0] = st->esc_count;
    for (unsigned s = 1; s < n; s++) weight[s] = st->vft_count[sym[s].slot];
    size_t items = 1;
    if (n == 1) {
        len[0] = 1;
    } else if ((items = sc_code_lengths(weight, n, SC_MAX_LEN, len)) == 0) {
        return NP_BAD_PARAM; /* unreachable: n <= 1025 <= 2^16 */
    }
    st->build_items = (uint32_t)items;
    assign_codes(st, sym, n, len);
    vft_clear(st);
    st->epoch++;
    return NP_OK;
}

/* ---- compressor (sec. 4) --------------------------------------------------------------------- */

bool sc_code_lookup(const sc_state *st, uint32_t value, uint32_t *code, unsigned *len) {
    unsigned base = sc_vft_set(value) * SC_VFT_WAYS;
    for (unsigned w = 0; w < SC_VFT_WAYS; w++) {
        unsigned e = base + w;
        if (st->ct_len[e] != 0 && st->ct_value[e] == value) {
            *code = st->ct_code[e];
            *len = st->ct_len[e];
            return true;
        }
    }
    *code = st->esc_code;
    *len = st->esc_len;
    return false;
}

size_t sc_concat(const uint32_t code[SC_WORDS], const unsigned len[SC_WORDS],
                 const bool escaped[SC_WORDS], const uint32_t word[SC_WORDS], uint8_t *dst,
                 size_t dst_bytes) {
    np_bitwriter bw;
    np_bw_init(&bw, dst, dst_bytes);
    for (unsigned i = 0; i < SC_WORDS; i++) {
        np_bw_put(&bw, reverse_bits(code[i], len[i]), len[i]);
        if (escaped[i]) np_bw_put(&bw, word[i], SC_ESCAPE_RAW_BITS);
    }
    return bw.overflow ? 0 : bw.pos;
}

/* Body length and the per-word fields; the checker of sec. 4.1 compares the length with 1024. */
static size_t body_fields(const sc_state *st, const uint8_t line[SC_LINE_BYTES], uint32_t code[SC_WORDS],
                          unsigned len[SC_WORDS], bool escaped[SC_WORDS], uint32_t word[SC_WORDS]) {
    size_t bits = 0;
    for (unsigned i = 0; i < SC_WORDS; i++) {
        word[i] = load_word(line, i);
        escaped[i] = !sc_code_lookup(st, word[i], &code[i], &len[i]);
        bits += len[i] + (escaped[i] ? SC_ESCAPE_RAW_BITS : 0u);
    }
    return bits;
}

size_t sc_compressed_bits(const sc_state *st, const uint8_t line[SC_LINE_BYTES]) {
    if (st == NULL || line == NULL) return 0;
    uint32_t code[SC_WORDS], word[SC_WORDS];
    unsigned len[SC_WORDS];
    bool esc[SC_WORDS];
    size_t body = body_fields(st, line, code, len, esc, word);
    return body < SC_RAW_BITS ? 1u + body : SC_MAX_BITS;
}

np_result sc_compress_stages(const sc_state *st, const uint8_t line[SC_LINE_BYTES], uint8_t *dst,
                             size_t dst_bytes, size_t *out_bits) {
    if (st == NULL || line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0))
        return NP_BAD_PARAM;
    uint32_t code[SC_WORDS], word[SC_WORDS];
    unsigned len[SC_WORDS];
    bool esc[SC_WORDS];
    size_t body = body_fields(st, line, code, len, esc, word);
    bool compressed = body < SC_RAW_BITS;
    size_t total = compressed ? 1u + body : SC_MAX_BITS;
    *out_bits = total;
    if (dst_bytes < (total + 7u) / 8u) return NP_NO_SPACE;
    /* Built in a scratch buffer first: the body of a line that falls back can be longer than
     * the caller's buffer needs to be. */
    uint8_t scratch[SC_MAX_BYTES + 1u];
    np_bitwriter bw;
    np_bw_init(&bw, scratch, sizeof scratch);
    if (compressed) {
        uint8_t body_buf[SC_MAX_BYTES];
        size_t got = sc_concat(code, len, esc, word, body_buf, sizeof body_buf);
        if (got != body) return NP_BAD_PARAM; /* unreachable: body < 1024 fits */
        np_bw_put(&bw, 1, 1);
        np_bitreader br;
        np_br_init(&br, body_buf, body);
        for (size_t left = body; left > 0;) {
            unsigned k = left < 64u ? (unsigned)left : 64u;
            np_bw_put(&bw, np_br_get(&br, k), k);
            left -= k;
        }
    } else {
        np_bw_put(&bw, 0, 1);
        for (unsigned i = 0; i < SC_WORDS; i++) np_bw_put(&bw, word[i], 32);
    }
    if (bw.overflow || bw.pos != total) return NP_BAD_PARAM; /* unreachable */
    memcpy(dst, scratch, (total + 7u) / 8u);
    return NP_OK;
}

/* ---- decompressor (sec. 5) ------------------------------------------------------------------- */

unsigned sc_decode_symbol(const sc_state *st, uint32_t window, unsigned avail, unsigned *index) {
    /* One comparator per length, all in parallel in hardware: the code is the shortest prefix
     * below its length's limit (sec. 5.1). Lengths beyond the bits available never match. */
    for (unsigned l = 1; l <= SC_MAX_LEN && l <= avail; l++) {
        uint32_t v = (window & 0xFFFFu) >> (16u - l);
        if (v < st->limit[l]) {
            uint32_t first = st->limit[l - 1u] << 1;
            *index = st->offset[l] + (v - first);
            return l;
        }
    }
    return 0;
}

static np_result fail(uint8_t *dst) {
    memset(dst, 0, SC_LINE_BYTES);
    return NP_BAD_DATA;
}

np_result sc_decompress_stages(const sc_state *st, const uint8_t *src, size_t src_bits, uint8_t *dst,
                               size_t dst_bytes) {
    if (st == NULL || dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < SC_LINE_BYTES) return NP_NO_SPACE;
    memset(dst, 0, SC_LINE_BYTES);
    np_bitreader br;
    np_br_init(&br, src, src_bits);
    if (src_bits < 1) return fail(dst);
    unsigned c = (unsigned)np_br_get(&br, 1);
    if (c == 0) {
        if (src_bits != SC_MAX_BITS) return fail(dst);
        for (unsigned i = 0; i < SC_WORDS; i++) store_word(dst, i, (uint32_t)np_br_get(&br, 32));
        return br.overrun ? fail(dst) : NP_OK;
    }
    /* A compressed stream is shorter than the fallback, else the compressor sends raw. */
    if (src_bits >= SC_MAX_BITS) return fail(dst);
    for (unsigned i = 0; i < SC_WORDS; i++) {
        size_t rem = np_br_remaining(&br);
        unsigned avail = rem < SC_MAX_LEN ? (unsigned)rem : SC_MAX_LEN;
        size_t at = br.pos;
        uint32_t f = (uint32_t)np_br_get(&br, avail);
        br.pos = at; /* a peek: only the code's own bits are consumed below */
        uint32_t window = reverse_bits(f, avail) << (SC_MAX_LEN - avail);
        unsigned index = 0;
        unsigned l = sc_decode_symbol(st, window, avail, &index);
        if (l == 0 || index >= st->n_symbols) return fail(dst);
        (void)np_br_get(&br, l);
        uint32_t v = st->delut[index];
        if (index == st->esc_index) {
            v = (uint32_t)np_br_get(&br, SC_ESCAPE_RAW_BITS);
            if (br.overrun) return fail(dst);
        }
        store_word(dst, i, v);
    }
    if (br.overrun || np_br_remaining(&br) != 0) return fail(dst);
    return NP_OK;
}

/* ---- fast whole-line path ---------------------------------------------------------------------
 * The same function of the line and the tables as sc_compress_stages / sc_decompress_stages
 * above (the stages: sc_code_lookup, sc_concat, sc_decode_symbol one word at a time; tests/test_sc.c
 * compares the two on random, pool-built and real lines, trained and untrained tables, and on
 * malformed streams):
 *   - sec. 4.1: each word's code and escape are one field, the code bit-reversed for the
 *     LSB-first writer (sec. 4.2) when the table is built; sec. 3.4's set/way lookup is answered
 *     by a hash of the same table keyed by value (line_fields: two slots where the set scan
 *     compares 16 ways); the body length is summed first, so the fallback is decided before
 *     anything is appended;
 *   - sec. 5: the decoder reads each code's 16-bit window from a zero-padded copy of the
 *     stream and reverses it with the same word operations; lengths and the escape's raw word
 *     are checked against the stream length (sec. 4.3) before they are used. */

/* The low n (0..16) bits of v in reverse order (reverse_bits) without a loop. */
static inline uint32_t reverse_low(uint32_t v, unsigned n) {
    v &= 0xFFFFu;
    v = ((v >> 1) & 0x5555u) | ((v & 0x5555u) << 1);
    v = ((v >> 2) & 0x3333u) | ((v & 0x3333u) << 2);
    v = ((v >> 4) & 0x0F0Fu) | ((v & 0x0F0Fu) << 4);
    v = ((v >> 8) | (v << 8)) & 0xFFFFu;
    return v >> (16u - n);
}

/* The multipliers of sc_state.code_hash's two hash functions. */
#define CODE_HASH_MUL0 UINT32_C(0x9E3779B1)
#define CODE_HASH_MUL1 UINT32_C(0x85EBCA77)
#define CODE_HASH_KICKS 64u /* displacements before an insertion gives up (then: the set scan) */

/* A value's slot under hash function k: the top bits of a multiplicative hash, which spreads
 * values that differ only in their high bits (float constants, multiples of 2^k) too. */
static inline unsigned code_hash_slot(unsigned k, uint32_t value) {
    return (uint32_t)(value * (k == 0 ? CODE_HASH_MUL0 : CODE_HASH_MUL1)) >> (32u - SC_CODE_HASH_BITS);
}

/* One value into code_hash (field 0 marks an empty slot while building): cuckoo insertion,
 * each displaced value moving to its other slot; false when CODE_HASH_KICKS moves do not end. */
static bool code_hash_insert(sc_state *st, uint32_t value, uint32_t field) {
    uint64_t cur = value | (uint64_t)field << 32;
    unsigned h = code_hash_slot(0, value);
    for (unsigned kick = 0; kick < CODE_HASH_KICKS; kick++) {
        uint64_t out = st->code_hash[h];
        st->code_hash[h] = cur;
        if (out >> 32 == 0) return true;
        cur = out;
        unsigned h0 = code_hash_slot(0, (uint32_t)cur);
        h = h == h0 ? code_hash_slot(1, (uint32_t)cur) : h0;
    }
    return false;
}

/* Whether a lower way of slot e's set holds e's value with a code (that way then answers). */
static bool lower_way_has(const sc_state *st, unsigned e) {
    for (unsigned w = e - e % SC_VFT_WAYS; w < e; w++)
        if (st->ct_len[w] != 0 && st->ct_value[w] == st->ct_value[e]) return true;
    return false;
}

/* sc_state.code_hash from ct_value, ct_field and esc_field; code_hash_ok false (lookups scan
 * the set) if some value found no slot, which random tables of 1024 values in 4096 slots all but
 * never do. Slots go in lowest way first and a value already present is skipped, so the hash
 * answers what sec. 3.4's set scan (sc_code_lookup) answers: the lowest way with a code, only
 * within the value's own set. Empty slots are then given a value without a code and the
 * escape's field, so a lookup needs no empty test: whatever slot it matches holds the answer. */
static void build_code_hash(sc_state *st) {
    st->code_hash_ok = false;
    memset(st->code_hash, 0, sizeof st->code_hash);
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) {
        uint32_t value = st->ct_value[e];
        if (st->ct_len[e] == 0 || sc_vft_set(value) != e / SC_VFT_WAYS || lower_way_has(st, e)) continue;
        if (!code_hash_insert(st, value, st->ct_field[e])) return;
    }
    /* A value with no code: among 0..1024 (1025 values, at most 1024 codes) one is free. */
    uint32_t absent = 0, code;
    unsigned len;
    while (sc_code_lookup(st, absent, &code, &len)) absent++;
    for (unsigned h = 0; h < SC_CODE_HASH_SLOTS; h++)
        if (st->code_hash[h] >> 32 == 0) st->code_hash[h] = absent | (uint64_t)st->esc_field << 32;
    st->code_hash_ok = true;
}

/* sc_state's derived compressor tables (sc.h) from ct_code, ct_len and the escape's code. */
static void build_code_fields(sc_state *st) {
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) {
        st->ct_field[e] = reverse_low(st->ct_code[e], st->ct_len[e]) | (uint32_t)st->ct_len[e] << 16;
    }
    st->esc_field = reverse_low(st->esc_code, st->esc_len) | (uint32_t)st->esc_len << 16 | UINT32_C(1) << 31;
    build_code_hash(st);
}

/* The 32 words' fields as the stream takes them (ct_field, or esc_field for a value without a
 * code): each word's two code_hash slots read and compared without a branch (a value sits in
 * one of them, and any slot that matches holds its answer); the set scan if the hash could not
 * be built. */
static void line_fields(const sc_state *st, const uint32_t word[SC_WORDS], uint32_t field[SC_WORDS]) {
    uint32_t esc = st->esc_field;
    if (!st->code_hash_ok) {
        for (unsigned i = 0; i < SC_WORDS; i++) {
            uint32_t code;
            unsigned len;
            field[i] = sc_code_lookup(st, word[i], &code, &len) ? reverse_low(code, len) | (uint32_t)len << 16 : esc;
        }
        return;
    }
    for (unsigned i = 0; i < SC_WORDS; i++) {
        uint32_t value = word[i];
        uint64_t s0 = st->code_hash[code_hash_slot(0, value)], s1 = st->code_hash[code_hash_slot(1, value)];
        uint32_t f = (uint32_t)s1 == value ? (uint32_t)(s1 >> 32) : esc;
        field[i] = (uint32_t)s0 == value ? (uint32_t)(s0 >> 32) : f;
    }
}


_Static_assert(SC_MAX_BITS < 64u * NP_WB_WORDS, "an SC line stream (body < 1024 bits, or the fallback) must fit np_padreader");

#if NP_HAVE_AVX2
/* ---- AVX2 + BMI2 path (chosen at run time; the functions above are its portable twins) ----
 * Compress: each word's field from line_fields (as the portable path); each word's entry (its
 * code and an escape's word, one field), its width and the body's length from the fields 8 at
 * a time, before anything is written; the entries appended by the byte writer, no branch per
 * word. Decompress (sec. 5.1): the 16-bit window is
 * reversed through a byte table, compared with every length's limit moved to the top of 16
 * bits (limit[l] << (16 - l): window < it iff the first l bits are below limit[l]) in two
 * 8-way compares, and the shortest length that matches within the bits left is the code's. */

static const uint8_t reverse8[256] = {
    0x00, 0x80, 0x40, 0xC0, 0x20, 0xA0, 0x60, 0xE0, 0x10, 0x90, 0x50, 0xD0, 0x30, 0xB0, 0x70, 0xF0,
    0x08, 0x88, 0x48, 0xC8, 0x28, 0xA8, 0x68, 0xE8, 0x18, 0x98, 0x58, 0xD8, 0x38, 0xB8, 0x78, 0xF8,
    0x04, 0x84, 0x44, 0xC4, 0x24, 0xA4, 0x64, 0xE4, 0x14, 0x94, 0x54, 0xD4, 0x34, 0xB4, 0x74, 0xF4,
    0x0C, 0x8C, 0x4C, 0xCC, 0x2C, 0xAC, 0x6C, 0xEC, 0x1C, 0x9C, 0x5C, 0xDC, 0x3C, 0xBC, 0x7C, 0xFC,
    0x02, 0x82, 0x42, 0xC2, 0x22, 0xA2, 0x62, 0xE2, 0x12, 0x92, 0x52, 0xD2, 0x32, 0xB2, 0x72, 0xF2,
    0x0A, 0x8A, 0x4A, 0xCA, 0x2A, 0xAA, 0x6A, 0xEA, 0x1A, 0x9A, 0x5A, 0xDA, 0x3A, 0xBA, 0x7A, 0xFA,
    0x06, 0x86, 0x46, 0xC6, 0x26, 0xA6, 0x66, 0xE6, 0x16, 0x96, 0x56, 0xD6, 0x36, 0xB6, 0x76, 0xF6,
    0x0E, 0x8E, 0x4E, 0xCE, 0x2E, 0xAE, 0x6E, 0xEE, 0x1E, 0x9E, 0x5E, 0xDE, 0x3E, 0xBE, 0x7E, 0xFE,
    0x01, 0x81, 0x41, 0xC1, 0x21, 0xA1, 0x61, 0xE1, 0x11, 0x91, 0x51, 0xD1, 0x31, 0xB1, 0x71, 0xF1,
    0x09, 0x89, 0x49, 0xC9, 0x29, 0xA9, 0x69, 0xE9, 0x19, 0x99, 0x59, 0xD9, 0x39, 0xB9, 0x79, 0xF9,
    0x05, 0x85, 0x45, 0xC5, 0x25, 0xA5, 0x65, 0xE5, 0x15, 0x95, 0x55, 0xD5, 0x35, 0xB5, 0x75, 0xF5,
    0x0D, 0x8D, 0x4D, 0xCD, 0x2D, 0xAD, 0x6D, 0xED, 0x1D, 0x9D, 0x5D, 0xDD, 0x3D, 0xBD, 0x7D, 0xFD,
    0x03, 0x83, 0x43, 0xC3, 0x23, 0xA3, 0x63, 0xE3, 0x13, 0x93, 0x53, 0xD3, 0x33, 0xB3, 0x73, 0xF3,
    0x0B, 0x8B, 0x4B, 0xCB, 0x2B, 0xAB, 0x6B, 0xEB, 0x1B, 0x9B, 0x5B, 0xDB, 0x3B, 0xBB, 0x7B, 0xFB,
    0x07, 0x87, 0x47, 0xC7, 0x27, 0xA7, 0x67, 0xE7, 0x17, 0x97, 0x57, 0xD7, 0x37, 0xB7, 0x77, 0xF7,
    0x0F, 0x8F, 0x4F, 0xCF, 0x2F, 0xAF, 0x6F, 0xEF, 0x1F, 0x9F, 0x5F, 0xDF, 0x3F, 0xBF, 0x7F, 0xFF,
};

/* The 16 bits of x reversed. */
static inline uint32_t reverse16(uint32_t x) {
    return (uint32_t)reverse8[x & 0xFFu] << 8 | reverse8[x >> 8 & 0xFFu];
}

NP_TARGET_AVX2 static np_result compress_avx2(const sc_state *st, const uint8_t line[SC_LINE_BYTES], uint8_t *dst,
                                              size_t dst_bytes, size_t *out_bits) {
    uint32_t word[SC_WORDS], field[SC_WORDS], width[SC_WORDS];
    uint64_t entry[SC_WORDS];
    memcpy(word, line, sizeof word);                                   /* x86: little-endian */
    line_fields(st, word, field);                                      /* code reversed, length, escape */
    /* Sec. 4.1's entry of each word as one field, 8 words at a time: the code, and for an
     * escape (bit 31 of its field) the word above it (at most 16 + 32 bits); its width; and
     * their sum, the body's length. */
    __m256i sum = _mm256_setzero_si256();
    for (unsigned k = 0; k < SC_WORDS; k += 8) {
        __m256i f = _mm256_loadu_si256((const __m256i *)(const void *)(field + k));
        __m256i esc = _mm256_srai_epi32(f, 31);
        __m256i len = _mm256_and_si256(_mm256_srli_epi32(f, 16), _mm256_set1_epi32(31));
        __m256i wd = _mm256_add_epi32(len, _mm256_and_si256(esc, _mm256_set1_epi32(SC_ESCAPE_RAW_BITS)));
        __m256i code = _mm256_and_si256(f, _mm256_set1_epi32(0xFFFF));
        __m256i raw = _mm256_and_si256(esc, _mm256_loadu_si256((const __m256i *)(const void *)(word + k)));
        for (unsigned h = 0; h < 2; h++) {                             /* 4 entries per 64-bit lanes */
            __m128i c = h ? _mm256_extracti128_si256(code, 1) : _mm256_castsi256_si128(code);
            __m128i r = h ? _mm256_extracti128_si256(raw, 1) : _mm256_castsi256_si128(raw);
            __m128i l = h ? _mm256_extracti128_si256(len, 1) : _mm256_castsi256_si128(len);
            __m256i e = _mm256_or_si256(_mm256_cvtepu32_epi64(c),
                                        _mm256_sllv_epi64(_mm256_cvtepu32_epi64(r), _mm256_cvtepu32_epi64(l)));
            _mm256_storeu_si256((__m256i *)(void *)(entry + k + 4u * h), e);
        }
        _mm256_storeu_si256((__m256i *)(void *)(width + k), wd);
        sum = _mm256_add_epi32(sum, wd);
    }
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0xB1));
    size_t body = (size_t)(unsigned)_mm_cvtsi128_si32(half);
    uint8_t out[SC_MAX_BYTES + NP_BYTEWRITER_SLACK];
    size_t bits;
    if (body < SC_RAW_BITS) {                                          /* sec. 4.1 */
        np_bytewriter w;
        np_bytew_init(&w, out);
        np_bytew_put(&w, 1u, 1);
        for (unsigned i = 0; i < SC_WORDS; i++) np_bytew_put(&w, entry[i], width[i]);
        bits = np_bytew_finish(&w, out);
    } else {                                                           /* sec. 4.4: the line */
        uint64_t carry = 0;                                            /* C = 0, the line one bit on */
        for (unsigned i = 0; i < SC_LINE_BYTES; i += 8) {
            uint64_t v = np_load_le64(line + i);
            np_store_le64(out + i, v << 1 | carry);
            carry = v >> 63;
        }
        out[SC_LINE_BYTES] = (uint8_t)carry;
        bits = SC_MAX_BITS;
    }
    *out_bits = bits;
    if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;
    np_copy_short(dst, out, (bits + 7u) / 8u, SC_MAX_BYTES);
    return NP_OK;
}

/* The body of sc_decompress's compressed form (C = 1 read, src_bits < SC_MAX_BITS) into word;
 * false on bad data. */
NP_TARGET_AVX2 static bool decode_body_avx2(const sc_state *st, np_padreader *r, uint32_t word[SC_WORDS]) {
    const __m256i shift_lo = _mm256_setr_epi32(15, 14, 13, 12, 11, 10, 9, 8);
    const __m256i shift_hi = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
    const __m256i top_lo = _mm256_sllv_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(st->limit + 1)), shift_lo);
    const __m256i top_hi = _mm256_sllv_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(st->limit + 9)), shift_hi);
    size_t pos = r->pos;
    /* bits: the stream from pos on, at least 48 bits of it (a code and an escape's word) valid:
     * reloaded from the copy only when fewer are left. A code's entry gives in its low 6 bits how
     * far the stream moves (the code, and the escape's word after it), so the next code's
     * position waits for this one's table read and one shift, not also for a load at the new
     * position or a branch on the escape. */
    uint64_t bits = np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u);
    unsigned avail = 64u - (unsigned)(pos & 7u);
    size_t left = r->len - pos;                                        /* stream bits from pos on */
    for (unsigned i = 0; i < SC_WORDS; i++) {
        if (avail < SC_MAX_LEN + SC_ESCAPE_RAW_BITS) {
            bits = np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u);
            avail = 64u - (unsigned)(pos & 7u);
        }
        /* The copy is zero past the stream, as sec. 5.1's window is; a code longer than the
         * bits left is the shortest match and runs past the end, which pos > len catches. */
        uint64_t entry = st->fast[bits & ((1u << SC_FAST_BITS) - 1u)];
        if (entry == 0u) {                                             /* longer than the table's bits */
            uint32_t window = reverse16((uint32_t)bits & 0xFFFFu);
            __m256i wv = _mm256_set1_epi32((int)window);
            unsigned below = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(top_lo, wv))) |
                             (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(top_hi, wv))) << 8;
            if (below == 0u) return false;                             /* bit l - 1: length l matches */
            unsigned l = (unsigned)__builtin_ctz(below) + 1u;
            unsigned index = st->offset[l] + ((window >> (SC_MAX_LEN - l)) - (st->limit[l - 1u] << 1));
            if (index >= st->n_symbols) return false;
            entry = fast_entry(st, index, l);
        }
        unsigned step = (unsigned)entry & 63u;                         /* code + escape's word */
        uint32_t raw = (uint32_t)(bits >> (entry & 31u));             /* the escape's word */
        /* the code past the stream, or the escape's word not whole in it (sec. 4.3) */
        if (step > left) return false;
        left -= step;
        pos += step;
        bits >>= step;
        avail -= step;
        word[i] = entry & 32u ? raw : (uint32_t)(entry >> 32);
    }
    r->pos = pos;
    return true;
}
#endif

np_result sc_compress(const sc_state *st, const uint8_t line[SC_LINE_BYTES], uint8_t *dst,
                      size_t dst_bytes, size_t *out_bits) {
    if (st == NULL || line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0))
        return NP_BAD_PARAM;
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) return compress_avx2(st, line, dst, dst_bytes, out_bits);
#endif
    uint32_t word[SC_WORDS], code_field[SC_WORDS];
    uint64_t field[SC_WORDS];
    unsigned width[SC_WORDS];
    size_t body = 0;
    for (unsigned i = 0; i < SC_WORDS; i++) word[i] = load_word(line, i);
    line_fields(st, word, code_field);
    for (unsigned i = 0; i < SC_WORDS; i++) {
        uint32_t f = code_field[i];
        unsigned len = f >> 16 & 31u;
        bool hit = (f >> 31) == 0u;
        field[i] = (f & 0xFFFFu) | (hit ? 0u : (uint64_t)word[i] << len);
        width[i] = len + (hit ? 0u : SC_ESCAPE_RAW_BITS);
        body += width[i];
    }
    uint8_t out[SC_MAX_BYTES + NP_BYTEWRITER_SLACK];
    np_bytewriter w;
    np_bytew_init(&w, out);
    if (body < SC_RAW_BITS) {
        np_bytew_put(&w, 1u, 1);
        for (unsigned i = 0; i < SC_WORDS; i++) np_bytew_put(&w, field[i], width[i]);
    } else {
        np_bytew_put(&w, 0u, 1);
        for (unsigned i = 0; i < SC_WORDS; i++) np_bytew_put(&w, word[i], 32);
    }
    size_t bits = np_bytew_finish(&w, out);
    *out_bits = bits;
    if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;
    np_copy_short(dst, out, (bits + 7u) / 8u, SC_MAX_BYTES);
    return NP_OK;
}

np_result sc_decompress(const sc_state *st, const uint8_t *src, size_t src_bits, uint8_t *dst,
                        size_t dst_bytes) {
    if (st == NULL || dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < SC_LINE_BYTES) return NP_NO_SPACE;
    /* No clear of dst first (it was a `rep stos` on every line): every return below either
     * writes all 128 bytes or goes through fail(), which clears them. */
    if (src_bits < 1) return fail(dst);
    np_padreader r;
    np_pr_init(&r, src, src_bits, SC_MAX_BITS);
    if (np_pr_get(&r, 1) == 0u) {
        if (src_bits != SC_MAX_BITS) return fail(dst);
        for (unsigned i = 0; i < SC_LINE_BYTES; i += 8) np_store_le64(dst + i, np_pr_get(&r, 64));
        return NP_OK;
    }
    if (src_bits >= SC_MAX_BITS) return fail(dst);
    uint32_t word[SC_WORDS];
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        if (!decode_body_avx2(st, &r, word) || r.pos != src_bits) return fail(dst);
        store_words(dst, word);
        return NP_OK;
    }
#endif
    for (unsigned i = 0; i < SC_WORDS; i++) {
        uint64_t ahead = np_pr_peek(&r);
        uint64_t entry = st->fast[ahead & ((1u << SC_FAST_BITS) - 1u)];
        if (entry == 0u) {                                               /* longer than the table's bits */
            size_t rem = np_pr_remaining(&r);
            unsigned avail = rem < SC_MAX_LEN ? (unsigned)rem : SC_MAX_LEN;
            uint32_t window = reverse_low((uint32_t)ahead, SC_MAX_LEN) &
                              (uint32_t)(0xFFFFu << (SC_MAX_LEN - avail)); /* bits past the stream: 0 */
            unsigned index = 0;
            unsigned l = sc_decode_symbol(st, window, avail, &index);
            if (l == 0 || index >= st->n_symbols) return fail(dst);
            entry = fast_entry(st, index, l);
        }
        unsigned l = (unsigned)entry & 31u;
        if (l > np_pr_remaining(&r)) return fail(dst);                  /* the code runs past the end */
        r.pos += l;
        uint32_t v = (uint32_t)(entry >> 32);
        if (entry & 32u) {                                               /* the escape: the word follows */
            if (np_pr_remaining(&r) < SC_ESCAPE_RAW_BITS) return fail(dst);
            v = (uint32_t)np_pr_get(&r, SC_ESCAPE_RAW_BITS);
        }
        word[i] = v;
    }
    if (r.pos != src_bits) return fail(dst);
    store_words(dst, word);
    return NP_OK;
}

/* ---- configuration port (sec. 6) ------------------------------------------------------------- */

void sc_delut_image(const sc_state *st, uint32_t words[SC_DELUT_WORDS]) {
    memset(words, 0, SC_DELUT_WORDS * sizeof words[0]);
    words[0] = (uint32_t)st->n_symbols | (uint32_t)st->esc_index << 16;
    for (unsigned l = 1; l <= SC_MAX_LEN; l++)
        words[l] = st->limit[l] | (uint32_t)st->offset[l] << 17;
    for (unsigned i = 0; i < st->n_symbols && i < SC_MAX_SYMBOLS; i++) words[1u + SC_MAX_LEN + i] = st->delut[i];
}

np_result sc_delut_load(sc_state *st, const uint32_t words[SC_DELUT_WORDS]) {
    if (st == NULL || words == NULL) return NP_BAD_PARAM;
    unsigned n = words[0] & 0x7FFu, esc = (words[0] >> 16) & 0x7FFu;
    if ((words[0] & 0xF800F800u) != 0 || n < 1 || n > SC_MAX_SYMBOLS || esc >= n) return NP_BAD_DATA;
    uint32_t limit[SC_MAX_LEN + 1u] = {0};
    uint16_t offset[SC_MAX_LEN + 1u] = {0};
    unsigned off = 0;
    for (unsigned l = 1; l <= SC_MAX_LEN; l++) {
        uint32_t lim = words[l] & 0x1FFFFu, o = words[l] >> 17;
        uint32_t first = limit[l - 1u] << 1;
        /* limit between the first code of the length and 2^l; offsets the running count. */
        if (lim < first || lim > (1u << l) || o != off) return NP_BAD_DATA;
        limit[l] = lim;
        offset[l] = (uint16_t)o;
        off += lim - first;
    }
    if (off != n) return NP_BAD_DATA;
    for (unsigned i = n; i < SC_MAX_SYMBOLS; i++)
        if (words[1u + SC_MAX_LEN + i] != 0) return NP_BAD_DATA;
    memcpy(st->limit, limit, sizeof limit);
    memcpy(st->offset, offset, sizeof offset);
    st->n_symbols = (uint16_t)n;
    st->esc_index = (uint16_t)esc;
    memset(st->delut, 0, sizeof st->delut);
    for (unsigned i = 0; i < n; i++) st->delut[i] = words[1u + SC_MAX_LEN + i];
    build_fast_table(st);
    return NP_OK;
}

void sc_code_image(const sc_state *st, uint32_t words[SC_CODE_WORDS]) {
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) {
        words[2u * e] = st->ct_value[e];
        words[2u * e + 1u] = (uint32_t)st->ct_code[e] | (uint32_t)st->ct_len[e] << 16;
    }
    words[SC_CODE_ESC_WORD] = (uint32_t)st->esc_code | (uint32_t)st->esc_len << 16;
}

/* A {code, length} word: length at most 16, no code bit at or above it, reserved bits zero. */
static bool code_word_ok(uint32_t w) {
    unsigned len = (w >> 16) & 0x1Fu;
    return (w >> 21) == 0 && len <= SC_MAX_LEN && (w & 0xFFFFu) >> len == 0;
}

np_result sc_code_load(sc_state *st, const uint32_t words[SC_CODE_WORDS]) {
    if (st == NULL || words == NULL) return NP_BAD_PARAM;
    uint32_t esc = words[SC_CODE_ESC_WORD];
    if (!code_word_ok(esc) || (esc >> 16) == 0) return NP_BAD_DATA;
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) {
        uint32_t value = words[2u * e], cl = words[2u * e + 1u];
        if (!code_word_ok(cl)) return NP_BAD_DATA;
        /* An empty slot is all zero; a used one sits in its value's set, which is what lets the
         * RTL keep only the value's top 26 bits (sec. 8.3). */
        if ((cl >> 16) == 0 ? (value != 0 || cl != 0) : sc_vft_set(value) != e / SC_VFT_WAYS) return NP_BAD_DATA;
    }
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) {
        st->ct_value[e] = words[2u * e];
        st->ct_code[e] = (uint16_t)(words[2u * e + 1u] & 0xFFFFu);
        st->ct_len[e] = (uint8_t)(words[2u * e + 1u] >> 16);
    }
    st->esc_code = (uint16_t)(esc & 0xFFFFu);
    st->esc_len = (uint8_t)(esc >> 16);
    build_code_fields(st);
    return NP_OK;
}

/* ---- registry entry (codec.h) ---------------------------------------------------------------- */

static void sc_entry_init(void *state) { sc_init(state); }

static void sc_entry_observe(void *state, const uint8_t line[NP_CODEC_LINE_BYTES]) { sc_observe(state, line); }

static np_result sc_entry_rebuild(void *state) { return sc_rebuild(state); }

static np_result sc_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128],
                                   uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)opts;
    *fill = NP_CODEC_FILL_ALL;
    return sc_compress(state, line, dst, dst_bytes, out_bits);
}

static np_result sc_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src,
                                     size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    (void)opts;
    return sc_decompress(state, src, src_bits, dst, dst_bytes);
}

/* The compressor's code-table image or the decompressor's DeLUT image (sec. 6, 6.1). */
static size_t sc_entry_cfg_image(const void *state, bool decompressor, uint32_t *words, size_t max_words) {
    size_t n = decompressor ? SC_DELUT_WORDS : SC_CODE_WORDS;
    if (max_words < n) return 0;
    if (decompressor) sc_delut_image(state, words);
    else sc_code_image(state, words);
    return n;
}

/* Seed 004 sec. IV-C: "a 6/14-cycle compression/decompression latency" for SC; no source gives
 * a gate count. */
const np_codec np_codec_sc = {
    .name = "sc",
    .description = "SC: canonical Huffman over 32-bit words from a 1024-entry VFT (SC2), trained",
    .spec = "docs/sc.md",
    .flags = NP_CODEC_STATEFUL | NP_CODEC_TRAINED,
    .max_bits = SC_MAX_BITS,
    .state_bytes = sizeof(sc_state),
    .init = sc_entry_init,
    .observe = sc_entry_observe,
    .rebuild = sc_entry_rebuild,
    .compress = sc_entry_compress,
    .decompress = sc_entry_decompress,
    .cfg_image = sc_entry_cfg_image,
    .comp_top = "sc_compressor",
    .decomp_top = "sc_decompressor",
};
