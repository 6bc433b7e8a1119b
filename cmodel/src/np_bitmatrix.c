/* 32 x 32 bit-matrix transpose (np_bitmatrix.h): a portable version, an AVX2 one and an
 * AVX-512 + GFNI one (np_cpu.h), the fastest this machine runs chosen at run time. */
#include "np_bitmatrix.h"

#include <string.h>

#include "np_cpu.h"
#if NP_HAVE_AVX2
#include <immintrin.h>
#endif

/* Swap the bit blocks selected by `mask` between rows a and b (b is `dist` rows below a): one
 * butterfly stage of a recursive transpose (Hacker's Delight 7-3). Each uint64_t holds two
 * adjacent 32-bit rows, 2m (low half) and 2m + 1 (high half), so one swap serves both halves:
 * the mask is repeated in each half and clears the bits the shift carries across the middle. */
static inline void swap_rows(uint64_t *a, uint64_t *b, unsigned dist, uint64_t mask) {
    uint64_t t = ((*a >> dist) ^ *b) & mask;
    *b ^= t;
    *a ^= t << dist;
}

/* Stage 1 swaps within each uint64_t (odd columns of row 2m with even columns of row 2m + 1);
 * stages 2, 4, 8, 16 swap between r[m] and r[m + dist/2]. The stages act on different bits of
 * the (row, column) index, so their order does not matter. */
void np_transpose32_portable(const uint32_t in[32], uint32_t out[32]) {
    uint64_t r[16];
    for (unsigned m = 0; m < 16; m++) {
        r[m] = (uint64_t)in[2u * m] | (uint64_t)in[2u * m + 1u] << 32;
    }
    for (unsigned m = 0; m < 16; m++) {
        uint64_t t = (r[m] ^ (r[m] >> 31)) & UINT64_C(0x00000000AAAAAAAA);
        r[m] ^= t | (t << 31);
    }
    for (unsigned m = 0; m < 16; m += 2u) {
        swap_rows(&r[m], &r[m + 1u], 2, UINT64_C(0x3333333333333333));
    }
    for (unsigned m = 0; m < 16; m += 4u) {
        for (unsigned k = 0; k < 2; k++) {
            swap_rows(&r[m + k], &r[m + k + 2u], 4, UINT64_C(0x0F0F0F0F0F0F0F0F));
        }
    }
    for (unsigned m = 0; m < 16; m += 8u) {
        for (unsigned k = 0; k < 4; k++) {
            swap_rows(&r[m + k], &r[m + k + 4u], 8, UINT64_C(0x00FF00FF00FF00FF));
        }
    }
    for (unsigned k = 0; k < 8; k++) {
        swap_rows(&r[k], &r[k + 8u], 16, UINT64_C(0x0000FFFF0000FFFF));
    }
    for (unsigned m = 0; m < 16; m++) {
        out[2u * m] = (uint32_t)r[m];
        out[2u * m + 1u] = (uint32_t)(r[m] >> 32);
    }
}

#if NP_HAVE_AVX2
/* The eight columns of one byte position, written out (the compiler does not unroll at -O2):
 * out8[k] = bit k of every byte of y, byte r giving bit r. */
NP_TARGET_AVX2 __attribute__((always_inline)) static inline void columns_of(__m256i y, uint32_t out8[8]) {
    out8[7] = (uint32_t)_mm256_movemask_epi8(y), y = _mm256_add_epi8(y, y);
    out8[6] = (uint32_t)_mm256_movemask_epi8(y), y = _mm256_add_epi8(y, y);
    out8[5] = (uint32_t)_mm256_movemask_epi8(y), y = _mm256_add_epi8(y, y);
    out8[4] = (uint32_t)_mm256_movemask_epi8(y), y = _mm256_add_epi8(y, y);
    out8[3] = (uint32_t)_mm256_movemask_epi8(y), y = _mm256_add_epi8(y, y);
    out8[2] = (uint32_t)_mm256_movemask_epi8(y), y = _mm256_add_epi8(y, y);
    out8[1] = (uint32_t)_mm256_movemask_epi8(y), y = _mm256_add_epi8(y, y);
    out8[0] = (uint32_t)_mm256_movemask_epi8(y);
}

/* Byte b of row r is bit 8b + k's byte for column 8b + k. Regroup the 128 bytes into four
 * vectors v[b] whose byte r is byte b of row r (x86 is little-endian, so byte b of row r is
 * in[r]'s bits 8b..8b+7); then column 8b + 7 is movemask(v[b]) (bit r = top bit of byte r),
 * and v[b] + v[b] moves the next bit of every byte to the top. */
NP_TARGET_AVX2 static void transpose32_avx2(const uint32_t in[32], uint32_t out[32]) {
    /* Within each 128-bit lane: the lane's four rows as [byte 0 of each, byte 1, 2, 3]. */
    const __m256i by_byte = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                             0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    __m256i r0 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(in + 0)), by_byte);
    __m256i r1 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(in + 8)), by_byte);
    __m256i r2 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(in + 16)), by_byte);
    __m256i r3 = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(in + 24)), by_byte);
    /* 4 x 4 transpose of 32-bit groups within each lane: lane L of v[b] then holds byte b of
     * rows 4L..4L+3, 8+4L.., 16+4L.., 24+4L.. in that order. */
    __m256i lo01 = _mm256_unpacklo_epi32(r0, r1), hi01 = _mm256_unpackhi_epi32(r0, r1);
    __m256i lo23 = _mm256_unpacklo_epi32(r2, r3), hi23 = _mm256_unpackhi_epi32(r2, r3);
    __m256i v[4] = {_mm256_unpacklo_epi64(lo01, lo23), _mm256_unpackhi_epi64(lo01, lo23),
                    _mm256_unpacklo_epi64(hi01, hi23), _mm256_unpackhi_epi64(hi01, hi23)};
    /* Groups in row order: 0-3 (lane 0), 4-7 (lane 1), 8-11 (lane 0), ... */
    const __m256i row_order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    /* All 128 bytes are in registers now, so out may be in. */
    for (unsigned b = 0; b < 4; b++) {
        columns_of(_mm256_permutevar8x32_epi32(v[b], row_order), out + 8u * b);
    }
}
#endif

#if NP_HAVE_AVX512
/* The matrix as sixteen 8 x 8 blocks, block (R, C) = byte C of rows 8R .. 8R+7 (x86 is
 * little-endian: byte C of in[r] is its bits 8C .. 8C+7). Transposing is then: each block's
 * bits transposed, and block (R, C) moved to (C, R). Three instructions do it on the 128 bytes
 * in two 64-byte registers:
 *   1. a two-register byte permute (vpermt2b) puts block (R, C) in qword 4C + R, row 8R + i
 *      in byte 7 - i;
 *   2. GFNI's affine transform (vgf2p8affineqb) of the constant x = 0x8040201008040201 (byte k
 *      = bit k alone) by each qword A as the matrix gives byte k's bit i = parity(x_k &
 *      A.byte[7 - i]) = bit k of A.byte[7 - i] = bit 8C + k of row 8R + i: byte k of the
 *      qword is row 8C + k of the result, restricted to columns 8R .. 8R+7, i.e. its byte R;
 *   3. a one-register byte permute (vpermb) puts qword 4C + R's byte k at byte 4(8C + k) + R,
 *      where it belongs: qwords 0..7 (C = 0, 1) are rows 0..15, the first register; 8..15 the
 *      second. */
#define B1(R, C, i) (4u * (8u * (R) + (i)) + (C)) /* step 1: source of byte 7 - i of block (R, C) */
#define B1Q(R, C)                                                                              \
    B1(R, C, 7), B1(R, C, 6), B1(R, C, 5), B1(R, C, 4), B1(R, C, 3), B1(R, C, 2), B1(R, C, 1), \
        B1(R, C, 0)
/* step 3: byte 4(8c + k) + R of a 16-row half, for c = C mod 2, comes from qword 4c + R's byte k */
#define B3(c, k, R) (8u * (4u * (c) + (R)) + (k))
#define B3ROW(c, k) B3(c, k, 0), B3(c, k, 1), B3(c, k, 2), B3(c, k, 3)
#define B3ROWS(c) B3ROW(c, 0), B3ROW(c, 1), B3ROW(c, 2), B3ROW(c, 3), B3ROW(c, 4), B3ROW(c, 5), \
                  B3ROW(c, 6), B3ROW(c, 7)

const uint8_t np_transpose32_gather[2][64] __attribute__((aligned(64))) = {
    {B1Q(0, 0), B1Q(1, 0), B1Q(2, 0), B1Q(3, 0), B1Q(0, 1), B1Q(1, 1), B1Q(2, 1), B1Q(3, 1)},
    {B1Q(0, 2), B1Q(1, 2), B1Q(2, 2), B1Q(3, 2), B1Q(0, 3), B1Q(1, 3), B1Q(2, 3), B1Q(3, 3)}};
const uint8_t np_transpose32_scatter[64] __attribute__((aligned(64))) = {B3ROWS(0), B3ROWS(1)};

/* The three steps on each 64-byte half: np_transpose32_zmm (np_bitmatrix.h). */
NP_TARGET_AVX512 static void transpose32_avx512(const uint32_t in[32], uint32_t out[32]) {
    __m512i lo, hi;
    np_transpose32_zmm(_mm512_loadu_si512((const void *)in), _mm512_loadu_si512((const void *)(in + 16)), &lo, &hi);
    _mm512_storeu_si512((void *)out, lo);
    _mm512_storeu_si512((void *)(out + 16), hi);
}
#endif

unsigned np_transpose32_impls(np_transpose32_fn fns[NP_TRANSPOSE32_IMPLS], const char *names[NP_TRANSPOSE32_IMPLS]) {
    unsigned n = 0;
    fns[n] = np_transpose32_portable, names[n++] = "portable";
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        fns[n] = transpose32_avx2, names[n++] = "avx2";
    }
#endif
#if NP_HAVE_AVX512
    if (np_cpu_avx512()) {
        fns[n] = transpose32_avx512, names[n++] = "avx512";
    }
#endif
    return n;
}

void np_transpose32(const uint32_t in[32], uint32_t out[32]) {
#if NP_HAVE_AVX512
    if (np_cpu_avx512()) {
        transpose32_avx512(in, out);
        return;
    }
#endif
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        transpose32_avx2(in, out);
        return;
    }
#endif
    np_transpose32_portable(in, out);
}
