/* BDI (Base-Delta-Immediate) compression: C golden model of docs/bdi.md. */
#include "bdi.h"

#include <string.h>

#include "codec.h"
#include "np_cpu.h"

/* ---- encodings (sec. 3, Table 1) ------------------------------------------------------------ */

/* Per code: element size k, delta size d, block stream length. Rows 10..14 are undefined
 * (bits 0). A base/delta block is 4 + 8k + n + 8dn bits with n = 64 / k: encoding field,
 * explicit base, base mask, deltas. */
static const struct {
    uint8_t k, d;
    uint16_t bits;
    const char *name;
} enc_table[BDI_ENCODINGS] = {
    [BDI_ENC_ZEROS] = {8, 0, 4, "zeros"},
    [BDI_ENC_REP8] = {8, 0, 4 + 64, "rep8"},
    [BDI_ENC_B8D1] = {8, 1, 4 + 64 + 8 + 64, "b8d1"},
    [BDI_ENC_B8D2] = {8, 2, 4 + 64 + 8 + 128, "b8d2"},
    [BDI_ENC_B8D4] = {8, 4, 4 + 64 + 8 + 256, "b8d4"},
    [BDI_ENC_B4D1] = {4, 1, 4 + 32 + 16 + 128, "b4d1"},
    [BDI_ENC_B4D2] = {4, 2, 4 + 32 + 16 + 256, "b4d2"},
    [BDI_ENC_B2D1] = {2, 1, 4 + 16 + 32 + 256, "b2d1"},
    [BDI_ENC_REP4] = {4, 0, 4 + 32, "rep4"},
    [BDI_ENC_REP2] = {2, 0, 4 + 16, "rep2"},
    [BDI_ENC_RAW] = {8, 0, 4 + 512, "raw"},
};

bool bdi_enc_valid(unsigned enc) {
    return enc < BDI_ENCODINGS && enc_table[enc].bits != 0;
}

unsigned bdi_enc_base_bytes(unsigned enc) {
    return bdi_enc_valid(enc) ? enc_table[enc].k : 0u;
}

unsigned bdi_enc_delta_bytes(unsigned enc) {
    return bdi_enc_valid(enc) ? enc_table[enc].d : 0u;
}

unsigned bdi_enc_bits(unsigned enc) {
    return bdi_enc_valid(enc) ? enc_table[enc].bits : 0u;
}

const char *bdi_enc_name(unsigned enc) {
    return bdi_enc_valid(enc) ? enc_table[enc].name : "?";
}

static bool is_base_delta(unsigned enc) {
    return bdi_enc_valid(enc) && enc_table[enc].d != 0;
}

static bool is_rep(unsigned enc) {
    return enc == BDI_ENC_REP8 || enc == BDI_ENC_REP4 || enc == BDI_ENC_REP2;
}

/* ---- stages -------------------------------------------------------------------------------- */

uint64_t bdi_element(const uint8_t *block, unsigned k, unsigned i) {
    uint64_t v = 0;
    for (unsigned b = 0; b < k; b++) {
        v |= (uint64_t)block[k * i + b] << (8u * b);
    }
    return v;
}

/* True when x (a k-byte quantity) is a sign-extended d-byte value: bits 8d-1 .. 8k-1 all equal.
 * This is the delta range [-2^(8d-1), 2^(8d-1) - 1] of sec. 4.2. */
static bool fits_signed(uint64_t x, unsigned k, unsigned d) {
    uint64_t top = x >> (8u * d - 1u);                    /* bits 8d-1 .. 63 */
    uint64_t all = np_low_mask(8u * (k - d) + 1u);        /* 8(k-d)+1 bits: 8d-1 .. 8k-1 */
    top &= all;
    return top == 0 || top == all;
}

bool bdi_zero_detect(const uint8_t *block, unsigned block_bytes) {
    uint8_t any = 0;
    for (unsigned b = 0; b < block_bytes; b++) {
        any |= block[b];
    }
    return any == 0;
}

bool bdi_rep_detect(const uint8_t *block, unsigned block_bytes, unsigned k, uint64_t *value) {
    uint64_t v0 = bdi_element(block, k, 0);
    bool same = true;
    for (unsigned i = 1; i < block_bytes / k; i++) {
        same &= bdi_element(block, k, i) == v0;
    }
    if (value != NULL) {
        *value = v0;
    }
    return same;
}

bool bdi_bd_analyze(const uint8_t *block, unsigned block_bytes, unsigned k, unsigned d,
                    uint64_t *base, uint64_t *mask) {
    unsigned n = block_bytes / k;
    uint64_t kmask = np_low_mask(8u * k);
    uint64_t b = 0, m = 0;
    bool have_base = false, ok = true;
    for (unsigned i = 0; i < n; i++) {
        uint64_t v = bdi_element(block, k, i);
        if (fits_signed(v, k, d)) {
            continue;                     /* immediate: zero base, mask bit 0 */
        }
        if (!have_base) {
            b = v;                        /* first non-immediate element is the base */
            have_base = true;
        }
        m |= UINT64_C(1) << i;
        ok &= fits_signed((v - b) & kmask, k, d);
    }
    if (base != NULL) {
        *base = b;
    }
    if (mask != NULL) {
        *mask = m;
    }
    return ok;
}

/* Fits of every encoding for a block of block_bytes (64 or 128). */
static uint16_t block_fits(const uint8_t *block, unsigned block_bytes) {
    uint16_t fits = (uint16_t)(1u << BDI_ENC_RAW);
    if (bdi_zero_detect(block, block_bytes)) {
        fits |= 1u << BDI_ENC_ZEROS;
    }
    if (bdi_rep_detect(block, block_bytes, 8, NULL)) {
        fits |= 1u << BDI_ENC_REP8;
    }
    if (bdi_rep_detect(block, block_bytes, 4, NULL)) {
        fits |= 1u << BDI_ENC_REP4;
    }
    if (bdi_rep_detect(block, block_bytes, 2, NULL)) {
        fits |= 1u << BDI_ENC_REP2;
    }
    for (unsigned e = 0; e < BDI_ENCODINGS; e++) {
        if (is_base_delta(e) &&
            bdi_bd_analyze(block, block_bytes, enc_table[e].k, enc_table[e].d, NULL, NULL)) {
            fits |= (uint16_t)(1u << e);
        }
    }
    return fits;
}

uint16_t bdi_block_fits(const uint8_t block[BDI_BLOCK_BYTES]) {
    return block_fits(block, BDI_BLOCK_BYTES);
}

/* Length of an encoding on a block of block_bytes: the fixed fields plus n mask bits and n
 * deltas (n = block_bytes / k) or block_bytes raw bytes. */
static unsigned enc_bits_for(unsigned enc, unsigned block_bytes) {
    unsigned k = enc_table[enc].k, d = enc_table[enc].d;
    if (enc == BDI_ENC_RAW) {
        return BDI_ENC_BITS + 8u * block_bytes;
    }
    if (d == 0) {
        return enc_table[enc].bits;      /* zeros and repeated values do not grow with n */
    }
    unsigned n = block_bytes / k;
    return BDI_ENC_BITS + 8u * k + n + 8u * d * n;
}

static unsigned select_for(uint16_t fits, unsigned block_bytes) {
    unsigned best = BDI_ENC_RAW;
    unsigned best_bits = enc_bits_for(BDI_ENC_RAW, block_bytes);
    for (unsigned e = 0; e < BDI_ENCODINGS; e++) {
        if (bdi_enc_valid(e) && (fits >> e & 1u)) {
            unsigned bits = enc_bits_for(e, block_bytes);
            if (bits < best_bits) {       /* strict: ties keep the lower code */
                best = e;
                best_bits = bits;
            }
        }
    }
    return best;
}

unsigned bdi_block_select(uint16_t fits) {
    return select_for(fits, BDI_BLOCK_BYTES);
}

unsigned bdi_block_bits(const uint8_t *block, unsigned block_bytes, unsigned *enc) {
    if (block == NULL || (block_bytes != 64u && block_bytes != 128u)) {
        return 0;
    }
    unsigned e = select_for(block_fits(block, block_bytes), block_bytes);
    if (enc != NULL) {
        *enc = e;
    }
    return enc_bits_for(e, block_bytes);
}

np_result bdi_block_pack(np_wordbuf *w, const uint8_t block[BDI_BLOCK_BYTES], unsigned enc) {
    if (w == NULL || block == NULL || !bdi_enc_valid(enc) || !(bdi_block_fits(block) >> enc & 1u)) {
        return NP_BAD_PARAM;
    }
    unsigned k = enc_table[enc].k, d = enc_table[enc].d, n = BDI_BLOCK_BYTES / k;
    np_wb_put(w, enc, BDI_ENC_BITS);
    if (enc == BDI_ENC_RAW) {
        for (unsigned i = 0; i < BDI_BLOCK_BYTES / 8u; i++) {
            np_wb_put(w, bdi_element(block, 8, i), 64);   /* bytes in address order */
        }
    } else if (is_rep(enc)) {
        np_wb_put(w, bdi_element(block, k, 0), 8u * k);
    } else if (d != 0) {
        uint64_t base, mask;
        bdi_bd_analyze(block, BDI_BLOCK_BYTES, k, d, &base, &mask);
        np_wb_put(w, base, 8u * k);
        np_wb_put(w, mask, n);
        for (unsigned i = 0; i < n; i++) {
            uint64_t v = bdi_element(block, k, i);
            uint64_t delta = (mask >> i & 1u) ? v - base : v;
            np_wb_put(w, delta, 8u * d);  /* low 8d bits, two's complement */
        }
    }
    return w->overflow ? NP_BAD_PARAM : NP_OK;
}

static void put_element(uint8_t *block, unsigned k, unsigned i, uint64_t v) {
    for (unsigned b = 0; b < k; b++) {
        block[k * i + b] = (uint8_t)(v >> (8u * b));
    }
}

/* Sign-extend the low `bits` bits of x to 64 bits. */
static uint64_t sext(uint64_t x, unsigned bits) {
    uint64_t sign = UINT64_C(1) << (bits - 1u);
    x &= np_low_mask(bits);
    return (x ^ sign) - sign;
}

np_result bdi_block_unpack(np_bitreader *r, uint8_t block[BDI_BLOCK_BYTES], unsigned *enc_out) {
    memset(block, 0, BDI_BLOCK_BYTES);
    unsigned enc = (unsigned)np_br_get(r, BDI_ENC_BITS);
    if (enc_out != NULL) {
        *enc_out = enc;
    }
    if (r->overrun || !bdi_enc_valid(enc)) {
        return NP_BAD_DATA;
    }
    /* The whole payload must be present before anything is decoded: a block that extends past
     * the stream is truncated (sec. 5). */
    if (np_br_remaining(r) < enc_table[enc].bits - BDI_ENC_BITS) {
        r->overrun = 1;
        return NP_BAD_DATA;
    }
    unsigned k = enc_table[enc].k, d = enc_table[enc].d, n = BDI_BLOCK_BYTES / k;
    if (enc == BDI_ENC_RAW) {
        for (unsigned i = 0; i < BDI_BLOCK_BYTES / 8u; i++) {
            put_element(block, 8, i, np_br_get(r, 64));
        }
    } else if (is_rep(enc)) {
        uint64_t v = np_br_get(r, 8u * k);
        for (unsigned i = 0; i < n; i++) {
            put_element(block, k, i, v);
        }
    } else if (d != 0) {
        uint64_t base = np_br_get(r, 8u * k);
        uint64_t mask = np_br_get(r, n);
        for (unsigned i = 0; i < n; i++) {
            uint64_t delta = sext(np_br_get(r, 8u * d), 8u * d);
            put_element(block, k, i, ((mask >> i & 1u) ? base : 0u) + delta);
        }
    }
    /* ZEROS: the block stays zero. */
    if (r->overrun) {
        memset(block, 0, BDI_BLOCK_BYTES);
        return NP_BAD_DATA;
    }
    return NP_OK;
}

/* ---- whole line ---------------------------------------------------------------------------- */

/* The line through the stages one by one (bdi.h: the reference the fast path is tested against). */
np_result bdi_compress_stages(const uint8_t line[BDI_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                              size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) {
        return NP_BAD_PARAM;
    }
    np_wordbuf w;
    np_wb_init(&w);
    for (unsigned h = 0; h < BDI_BLOCKS; h++) {
        const uint8_t *block = line + h * BDI_BLOCK_BYTES;
        np_result r = bdi_block_pack(&w, block, bdi_block_select(bdi_block_fits(block)));
        if (r != NP_OK) {
            return r;                     /* cannot happen: the selected encoding applies */
        }
    }
    *out_bits = w.pos;
    return np_wb_copy_out(&w, dst, dst_bytes);
}

np_result bdi_decompress_stages(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) {
        return NP_BAD_PARAM;
    }
    if (dst_bytes < BDI_LINE_BYTES) {
        memset(dst, 0, dst_bytes);
        return NP_NO_SPACE;
    }
    memset(dst, 0, BDI_LINE_BYTES);
    np_bitreader r;
    np_br_init(&r, src, src_bits);
    for (unsigned h = 0; h < BDI_BLOCKS; h++) {
        if (bdi_block_unpack(&r, dst + h * BDI_BLOCK_BYTES, NULL) != NP_OK) {
            memset(dst, 0, BDI_LINE_BYTES);
            return NP_BAD_DATA;
        }
    }
    if (np_br_remaining(&r) != 0) {       /* trailing bits */
        memset(dst, 0, BDI_LINE_BYTES);
        return NP_BAD_DATA;
    }
    return NP_OK;
}

/* ---- fast whole-line path ---------------------------------------------------------------------
 * The same function of the line as the stages (tests/test_bdi.c compares the two on random,
 * synthetic and real lines), computed per 64-byte block with word operations (this portable
 * packer, fast_pack_block, runs where the AVX2 one below does not, and in make test-c-scalar):
 *   - the candidates are tried in order of block bits (sec. 4.3: fewest bits, ties to the lower
 *     code): zeros 4, rep2 20, rep4 36, rep8 68, b8d1 140, b4d1 180, b8d2 204, b4d2 308, b2d1 308,
 *     b8d4 332, raw 516; so the first that applies is the one bdi_block_select picks and the
 *     longer ones are never evaluated;
 *   - zeros and repK (sec. 4.1) are comparisons of the eight 64-bit words;
 *   - a base/delta unit (sec. 4.2) is specialised per (k, d): "fits d bytes" is
 *     ((x + 2^(8d-1)) mod 2^(8k)) < 2^(8d), one add and one compare per element;
 *   - the payload (sec. 3) is assembled in 64-bit words, deltas packed 64 / 8d per word. */
#define BDI_FAST_INLINE static inline __attribute__((always_inline))

/* The line's stream is at most BDI_MAX_BITS = 1032 bits, inside the word buffer's
 * 64 * NP_WB_WORDS, so the fast path appends with np_wb_put_fit. */
#define fast_put np_wb_put_fit

/* Element i of k bytes (little-endian, sec. 2). */
BDI_FAST_INLINE uint64_t fast_element(const uint8_t *block, unsigned k, unsigned i) {
    if (k == 8) {
        return np_load_le64(block + 8u * i);
    }
    uint64_t w = np_load_le64(block + (k * i & ~7u));
    return (w >> (8u * (k * i & 7u))) & np_low_mask(8u * k);
}

/* Sec. 4.2: x (k bytes) is a sign-extended d-byte value. */
BDI_FAST_INLINE bool fast_fits(uint64_t x, unsigned k, unsigned d) {
    return ((x + (UINT64_C(1) << (8u * d - 1u))) & np_low_mask(8u * k)) >> (8u * d) == 0;
}

/* Sec. 4.2 for one (k, d): true when the encoding applies; the base and the mask out. Stops at
 * the first element that cannot be coded: on incompressible data that is the second element
 * that is not an immediate, so rejecting an encoding costs a few elements, not n. (A lane-wise
 * SWAR form of the same test, a word of elements at a time, measured 18 % more instructions
 * per line on ../shared/data/lines: most rejections end within the first word anyway.) */
BDI_FAST_INLINE bool fast_bd(const uint8_t *block, unsigned k, unsigned d, uint64_t *base, uint64_t *mask) {
    unsigned lanes = 8u / k;
    uint64_t b = 0, m = 0;
    for (unsigned wi = 0; wi < 8; wi++) {  /* one load per 8 bytes, the elements are its lanes */
        uint64_t w = np_load_le64(block + 8u * wi);
        NP_UNROLL
        for (unsigned j = 0; j < lanes; j++) {
            uint64_t v = (w >> (8u * k * j)) & np_low_mask(8u * k);
            if (fast_fits(v, k, d)) {
                continue;                 /* immediate: zero base, mask bit 0 */
            }
            if (m == 0) {
                b = v;                    /* the first non-immediate element is the base */
            } else if (!fast_fits(v - b, k, d)) {
                return false;
            }
            m |= UINT64_C(1) << (lanes * wi + j);
        }
    }
    *base = b;
    *mask = m;
    return true;
}

/* Appends the base, the mask and the n deltas of a base/delta encoding (sec. 3). */
BDI_FAST_INLINE void fast_put_bd(np_wordbuf *w, const uint8_t *block, unsigned k, unsigned d, uint64_t base,
                                 uint64_t mask) {
    unsigned n = BDI_BLOCK_BYTES / k, per_word = 8u / d;
    fast_put(w, base, 8u * k);
    fast_put(w, mask, n);
    for (unsigned i = 0; i < n; i += per_word) {
        uint64_t word = 0;
        for (unsigned j = 0; j < per_word; j++) {
            uint64_t v = fast_element(block, k, i + j);
            uint64_t delta = (mask >> (i + j) & 1u) ? v - base : v;
            word |= (delta & np_low_mask(8u * d)) << (8u * d * j);
        }
        fast_put(w, word, 64);
    }
}

/* Tries a base/delta encoding; appends it and returns true when it applies. */
BDI_FAST_INLINE bool fast_try_bd(np_wordbuf *w, const uint8_t *block, unsigned enc) {
    unsigned k = enc_table[enc].k, d = enc_table[enc].d;
    uint64_t base, mask;
    if (!fast_bd(block, k, d, &base, &mask)) {
        return false;
    }
    fast_put(w, enc, BDI_ENC_BITS);
    fast_put_bd(w, block, k, d, base, mask);
    return true;
}

/* One block: the first encoding in order of block bits that applies, appended to w. */
static void fast_pack_block(np_wordbuf *w, const uint8_t *block) {
    uint64_t word[8], any = 0, diff = 0;
    for (unsigned i = 0; i < 8; i++) {
        word[i] = np_load_le64(block + 8u * i);
        any |= word[i];
        diff |= word[i] ^ word[0];
    }
    if (any == 0) {
        fast_put(w, BDI_ENC_ZEROS, BDI_ENC_BITS);
        return;
    }
    if (diff == 0) {                      /* every 8-byte element equal: rep8, maybe rep4, rep2 */
        uint64_t w0 = word[0];
        bool rep4 = (w0 >> 32) == (w0 & 0xFFFFFFFFu);
        bool rep2 = rep4 && ((w0 >> 16) & 0xFFFFu) == (w0 & 0xFFFFu);
        unsigned enc = rep2 ? BDI_ENC_REP2 : rep4 ? BDI_ENC_REP4 : BDI_ENC_REP8;
        fast_put(w, enc, BDI_ENC_BITS);
        fast_put(w, w0 & np_low_mask(8u * enc_table[enc].k), 8u * enc_table[enc].k);
        return;
    }
    /* Not repeated: the base/delta encodings by block bits, constant (k, d) in each call. */
    if (fast_try_bd(w, block, BDI_ENC_B8D1) || fast_try_bd(w, block, BDI_ENC_B4D1) ||
        fast_try_bd(w, block, BDI_ENC_B8D2) || fast_try_bd(w, block, BDI_ENC_B4D2) ||
        fast_try_bd(w, block, BDI_ENC_B2D1) || fast_try_bd(w, block, BDI_ENC_B8D4)) {
        return;
    }
    fast_put(w, BDI_ENC_RAW, BDI_ENC_BITS);
    for (unsigned i = 0; i < 8; i++) {
        fast_put(w, word[i], 64);
    }
}

#if NP_HAVE_AVX2
/* ---- AVX2 + BMI2 block packer (np_cpu.h: chosen at run time) --------------------------------
 * The same block streams as fast_pack_block, with two changes of method:
 *   - a base/delta unit (sec. 4.2) tests all n elements of the block at once, in two 32-byte
 *     registers: "fits d bytes" per k-byte lane as the sum x + 2^(8d-1) shifted down by 8d
 *     being zero, the base the first lane that is not an immediate (a count of trailing zeros
 *     of the compare's byte mask), then the same test of every lane minus the base;
 *   - the units are tried loosest first. Sec. 4.2 is monotonic in d for one element size k:
 *     when (k, d) applies, so does (k, d') for d' > d. (The d'-immediates include the
 *     d-immediates; the d'-base b' is not a d-immediate, so b' - b fits d bytes, as does
 *     e - b for every element e that is not a d'-immediate; e - b' = (e - b) - (b' - b) is
 *     then within +-(2^(8d) - 1), which d' >= d + 1 bytes hold, modulo 2^(8k) as the stream
 *     is.) So b8d4, b4d2 and b2d1 decide most blocks: when none applies the block is raw
 *     after three units; otherwise sec. 4.3's order (b8d1, b4d1, b8d2, b4d2, b2d1, b8d4) is
 *     walked, a tighter unit tried only when its size's loosest one applied.
 * The payload's deltas are the lanes minus the base where the mask is set, their low 8d bits
 * gathered by pext. */
#include <immintrin.h>

#define BDI_AVX2_INLINE NP_TARGET_AVX2 static inline __attribute__((always_inline))

/* The 64-byte block as two registers. */
typedef struct {
    __m256i lo, hi;
} block_avx2;

/* One base/delta unit's result: its immediates (all ones in their lanes), the base in every
 * lane, whether the encoding applies. */
typedef struct {
    block_avx2 imm;
    __m256i base;
    uint64_t nonimm;                      /* byte mask of the elements coded against the base */
    bool applies;
} bd_avx2;

/* "Fits d bytes" (sec. 4.2) of every k-byte lane of x: all ones where it holds. */
BDI_AVX2_INLINE __m256i fits_avx2(__m256i x, unsigned k, unsigned d) {
    const __m256i zero = _mm256_setzero_si256();
    if (k == 8) {
        __m256i sum = _mm256_add_epi64(x, _mm256_set1_epi64x((long long)(UINT64_C(1) << (8u * d - 1u))));
        return _mm256_cmpeq_epi64(_mm256_srli_epi64(sum, (int)(8u * d)), zero);
    }
    if (k == 4) {
        __m256i sum = _mm256_add_epi32(x, _mm256_set1_epi32((int)(1u << (8u * d - 1u))));
        return _mm256_cmpeq_epi32(_mm256_srli_epi32(sum, (int)(8u * d)), zero);
    }
    __m256i sum = _mm256_add_epi16(x, _mm256_set1_epi16((short)(1u << (8u * d - 1u))));
    return _mm256_cmpeq_epi16(_mm256_srli_epi16(sum, (int)(8u * d)), zero);
}

/* x - y per k-byte lane, modulo 2^(8k). */
BDI_AVX2_INLINE __m256i sub_avx2(__m256i x, __m256i y, unsigned k) {
    return k == 8 ? _mm256_sub_epi64(x, y) : k == 4 ? _mm256_sub_epi32(x, y) : _mm256_sub_epi16(x, y);
}

/* The k-byte element at byte offset off of the block in every lane (a little-endian host). */
BDI_AVX2_INLINE __m256i broadcast_avx2(const uint8_t *block, unsigned off, unsigned k) {
    if (k == 8) {
        return _mm256_set1_epi64x((long long)np_load_le64(block + off));
    }
    if (k == 4) {
        return _mm256_set1_epi32((int)np_load_le32(block + off));
    }
    uint16_t v;
    memcpy(&v, block + off, sizeof v);
    return _mm256_set1_epi16((short)v);
}

BDI_AVX2_INLINE uint64_t byte_mask_avx2(__m256i lo, __m256i hi) {
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(lo) | (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

/* Sec. 4.2 for one (k, d) on all elements. With no element outside the immediates any lane
 * serves as the base in the test (every lane passes as an immediate); the stream's base is
 * then 0, which put_bd_avx2 writes from nonimm. */
BDI_AVX2_INLINE bd_avx2 bd_unit_avx2(const block_avx2 *x, const uint8_t *block, unsigned k, unsigned d) {
    bd_avx2 u;
    u.imm.lo = fits_avx2(x->lo, k, d);
    u.imm.hi = fits_avx2(x->hi, k, d);
    u.nonimm = ~byte_mask_avx2(u.imm.lo, u.imm.hi);
    /* the first byte of the first non-immediate element; the last element when there is none */
    unsigned first = (unsigned)_tzcnt_u64(u.nonimm | UINT64_C(1) << (BDI_BLOCK_BYTES - k));
    u.base = broadcast_avx2(block, first, k);
    __m256i ok_lo = _mm256_or_si256(u.imm.lo, fits_avx2(sub_avx2(x->lo, u.base, k), k, d));
    __m256i ok_hi = _mm256_or_si256(u.imm.hi, fits_avx2(sub_avx2(x->hi, u.base, k), k, d));
    u.applies = _mm256_movemask_epi8(_mm256_and_si256(ok_lo, ok_hi)) == -1;
    return u;
}

/* Appends a base/delta block (sec. 3): ENC, BASE, MASK (bit i: element i not an immediate,
 * one bit per element gathered from the byte mask by pext) and the n deltas, element minus
 * the base where the mask is set (andnot of the immediates), the low 8d bits of each lane
 * gathered by pext, 64 / 8d deltas per stream word. */
BDI_AVX2_INLINE void put_bd_avx2(np_wordbuf *w, const block_avx2 *x, const bd_avx2 *u, unsigned enc) {
    unsigned k = enc_table[enc].k, d = enc_table[enc].d, n = BDI_BLOCK_BYTES / k;
    uint64_t element_lsb = k == 8 ? UINT64_C(0x0101010101010101)
                           : k == 4 ? UINT64_C(0x1111111111111111) : UINT64_C(0x5555555555555555);
    uint64_t base = u->nonimm == 0 ? 0u : (uint64_t)_mm256_extract_epi64(u->base, 0) & np_low_mask(8u * k);
    fast_put(w, enc, BDI_ENC_BITS);
    fast_put(w, base, 8u * k);
    fast_put(w, _pext_u64(u->nonimm, element_lsb), n);
    uint64_t delta[8];
    _mm256_storeu_si256((__m256i *)(void *)delta, sub_avx2(x->lo, _mm256_andnot_si256(u->imm.lo, u->base), k));
    _mm256_storeu_si256((__m256i *)(void *)(delta + 4), sub_avx2(x->hi, _mm256_andnot_si256(u->imm.hi, u->base), k));
    uint64_t low = np_low_mask(8u * d);   /* the low d bytes of each k-byte lane of a word */
    uint64_t keep = k == 8 ? low : k == 4 ? low | low << 32 : low * UINT64_C(0x0001000100010001);
    unsigned bits_in = 64u * d / k;       /* delta bits one block word yields: 8, 16 or 32 */
    unsigned words_in = 64u / bits_in;    /* block words per stream word */
    for (unsigned i = 0; i < 8u; i += words_in) {
        uint64_t word = 0;
        NP_UNROLL
        for (unsigned j = 0; j < words_in; j++) {
            word |= _pext_u64(delta[i + j], keep) << (bits_in * j);
        }
        fast_put(w, word, 64);
    }
}

/* Tries a tighter unit (sec. 4.3's order); appends it and returns true when it applies. */
BDI_AVX2_INLINE bool try_bd_avx2(np_wordbuf *w, const block_avx2 *x, const uint8_t *block, unsigned enc) {
    bd_avx2 u = bd_unit_avx2(x, block, enc_table[enc].k, enc_table[enc].d);
    if (!u.applies) {
        return false;
    }
    put_bd_avx2(w, x, &u, enc);
    return true;
}

/* One block: zeros and repK as fast_pack_block, then the base/delta units loosest first. */
BDI_AVX2_INLINE void pack_block_avx2(np_wordbuf *w, const uint8_t *block) {
    block_avx2 x = {_mm256_loadu_si256((const __m256i *)(const void *)block),
                    _mm256_loadu_si256((const __m256i *)(const void *)(block + 32))};
    uint64_t w0 = np_load_le64(block);
    __m256i first = _mm256_set1_epi64x((long long)w0);
    __m256i diff = _mm256_or_si256(_mm256_xor_si256(x.lo, first), _mm256_xor_si256(x.hi, first));
    if (_mm256_testz_si256(diff, diff)) {  /* every 8-byte element equal: zeros or repK (sec. 4.1) */
        bool rep4 = (w0 >> 32) == (w0 & 0xFFFFFFFFu);
        bool rep2 = rep4 && ((w0 >> 16) & 0xFFFFu) == (w0 & 0xFFFFu);
        unsigned enc = w0 == 0 ? BDI_ENC_ZEROS : rep2 ? BDI_ENC_REP2 : rep4 ? BDI_ENC_REP4 : BDI_ENC_REP8;
        fast_put(w, enc, BDI_ENC_BITS);
        if (enc != BDI_ENC_ZEROS) {
            fast_put(w, w0 & np_low_mask(8u * enc_table[enc].k), 8u * enc_table[enc].k);
        }
        return;
    }
    bd_avx2 b8d4 = bd_unit_avx2(&x, block, 8, 4), b4d2 = bd_unit_avx2(&x, block, 4, 2);
    bd_avx2 b2d1 = bd_unit_avx2(&x, block, 2, 1);
    if (!b8d4.applies && !b4d2.applies && !b2d1.applies) {
        uint64_t raw[8];
        _mm256_storeu_si256((__m256i *)(void *)raw, x.lo);       /* the bytes in address order */
        _mm256_storeu_si256((__m256i *)(void *)(raw + 4), x.hi);
        fast_put(w, BDI_ENC_RAW, BDI_ENC_BITS);
        np_wb_put_words_fit(w, raw, 8);
        return;
    }
    if ((b8d4.applies && try_bd_avx2(w, &x, block, BDI_ENC_B8D1)) ||
        (b4d2.applies && try_bd_avx2(w, &x, block, BDI_ENC_B4D1)) ||
        (b8d4.applies && try_bd_avx2(w, &x, block, BDI_ENC_B8D2))) {
        return;
    }
    if (b4d2.applies) {
        put_bd_avx2(w, &x, &b4d2, BDI_ENC_B4D2);
    } else if (b2d1.applies) {
        put_bd_avx2(w, &x, &b2d1, BDI_ENC_B2D1);
    } else {
        put_bd_avx2(w, &x, &b8d4, BDI_ENC_B8D4);
    }
}

/* The line's stream (sec. 5: block 0, then block 1), its length and the copy to dst, all in
 * one function so that the word buffer's position stays in a register. */
NP_TARGET_AVX2 static np_result compress_avx2(const uint8_t line[BDI_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                                              size_t *out_bits) {
    np_wordbuf w;
    np_wb_init(&w);
    pack_block_avx2(&w, line);
    pack_block_avx2(&w, line + BDI_BLOCK_BYTES);
    *out_bits = w.pos;
    return np_wb_copy_out(&w, dst, dst_bytes);
}
#endif

size_t bdi_compressed_bits(const uint8_t line[BDI_LINE_BYTES]) {
    if (line == NULL) {
        return 0;
    }
    np_wordbuf w;
    np_wb_init(&w);
    fast_pack_block(&w, line);
    fast_pack_block(&w, line + BDI_BLOCK_BYTES);
    return w.pos;
}

np_result bdi_compress(const uint8_t line[BDI_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                       size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) {
        return NP_BAD_PARAM;
    }
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        return compress_avx2(line, dst, dst_bytes, out_bits);
    }
#endif
    np_wordbuf w;
    np_wb_init(&w);
    fast_pack_block(&w, line);
    fast_pack_block(&w, line + BDI_BLOCK_BYTES);
    *out_bits = w.pos;
    return np_wb_copy_out(&w, dst, dst_bytes);
}

/* Sec. 3's decoding of a base/delta payload (k, d constant): element = (MASK ? BASE : 0) +
 * sign_extend(DELTA) mod 2^(8k), assembled into the block's eight 64-bit words. */
BDI_FAST_INLINE void fast_unpack_bd(np_padreader *r, uint8_t *block, unsigned k, unsigned d) {
    unsigned n = BDI_BLOCK_BYTES / k, per_word = 8u / d, lanes = 8u / k;
    uint64_t base = np_pr_get(r, 8u * k);
    uint64_t mask = np_pr_get(r, n);
    uint64_t sign = UINT64_C(1) << (8u * d - 1u);
    uint64_t out[8] = {0};
    for (unsigned i = 0; i < n; i += per_word) {
        uint64_t word = np_pr_get(r, 64);
        NP_UNROLL
        for (unsigned j = 0; j < per_word; j++) {
            unsigned e = i + j;
            uint64_t delta = ((word >> (8u * d * j) & np_low_mask(8u * d)) ^ sign) - sign;
            uint64_t v = ((mask >> e & 1u) ? base : 0u) + delta;
            out[e / lanes] |= (v & np_low_mask(8u * k)) << (8u * k * (e % lanes));
        }
    }
    for (unsigned i = 0; i < 8; i++) {
        np_store_le64(block + 8u * i, out[i]);
    }
}

/* One block (sec. 5's checks: the field present, a defined code, the whole payload present);
 * false on bad data. */
static bool fast_unpack_block(np_padreader *r, uint8_t *block) {
    if (np_pr_remaining(r) < BDI_ENC_BITS) {
        return false;
    }
    unsigned enc = (unsigned)np_pr_get(r, BDI_ENC_BITS);
    if (!bdi_enc_valid(enc) || np_pr_remaining(r) < enc_table[enc].bits - BDI_ENC_BITS) {
        return false;
    }
    switch (enc) {
    case BDI_ENC_ZEROS:
        memset(block, 0, BDI_BLOCK_BYTES);
        break;
    case BDI_ENC_REP8:
    case BDI_ENC_REP4:
    case BDI_ENC_REP2: {
        unsigned k = enc_table[enc].k;
        uint64_t v = np_pr_get(r, 8u * k);
        v = k == 2 ? v * UINT64_C(0x0001000100010001) : k == 4 ? v * UINT64_C(0x0000000100000001) : v;
        for (unsigned i = 0; i < 8; i++) {
            np_store_le64(block + 8u * i, v);
        }
        break;
    }
    case BDI_ENC_B8D1: fast_unpack_bd(r, block, 8, 1); break;
    case BDI_ENC_B8D2: fast_unpack_bd(r, block, 8, 2); break;
    case BDI_ENC_B8D4: fast_unpack_bd(r, block, 8, 4); break;
    case BDI_ENC_B4D1: fast_unpack_bd(r, block, 4, 1); break;
    case BDI_ENC_B4D2: fast_unpack_bd(r, block, 4, 2); break;
    case BDI_ENC_B2D1: fast_unpack_bd(r, block, 2, 1); break;
    default:                              /* BDI_ENC_RAW */
        for (unsigned i = 0; i < 8; i++) {
            np_store_le64(block + 8u * i, np_pr_get(r, 64));
        }
        break;
    }
    return true;
}

np_result bdi_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) {
        return NP_BAD_PARAM;
    }
    if (dst_bytes < BDI_LINE_BYTES) {
        memset(dst, 0, dst_bytes);
        return NP_NO_SPACE;
    }
    np_padreader r;
    np_pr_init(&r, src, src_bits, BDI_MAX_BITS);
    if (!fast_unpack_block(&r, dst) || !fast_unpack_block(&r, dst + BDI_BLOCK_BYTES) ||
        r.pos != src_bits) {              /* bad block or trailing bits */
        memset(dst, 0, BDI_LINE_BYTES);
        return NP_BAD_DATA;
    }
    return NP_OK;
}

/* ---- registry entry (codec.h) ---------------------------------------------------------------- */

static np_result bdi_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128],
                                    uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    (void)opts;
    *fill = NP_CODEC_FILL_ALL;
    return bdi_compress(line, dst, dst_bytes, out_bits);
}

static np_result bdi_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src,
                                      size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    (void)state;
    (void)opts;
    return bdi_decompress(src, src_bits, dst, dst_bytes);
}

/* Latency: seed 004 sec. IV-C ("We model a 2/2-cycle compression/decompression latency");
 * area: seed 001 sec. 6.7 ("The gate count for BDI ... is approximately around 30k"). */
const np_codec np_codec_bdi = {
    .name = "bdi",
    .description = "BDI: base-delta-immediate, two 64-byte blocks, 4-bit encoding in the stream",
    .spec = "docs/bdi.md",
    .max_bits = BDI_MAX_BITS,
    .compress = bdi_entry_compress,
    .decompress = bdi_entry_decompress,
    .comp_top = "bdi_compressor",
    .decomp_top = "bdi_decompressor",
};
