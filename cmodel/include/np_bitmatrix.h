/* 32 x 32 bit-matrix transpose, shared by the codecs whose transform is one (BPC's delta
 * bit-planes, docs/bpc.md sec. 2; DPC's remap, docs/dpc.md sec. 2).
 *
 * Row r of the matrix is m[r], column c is bit c (LSB first); the transpose exchanges bit c of
 * m[r] with bit r of m[c]. Three implementations give the same result for every input:
 *   - portable C: rows paired into 64-bit words, five block-swap stages (Hacker's Delight 7-3);
 *   - x86-64 with AVX2 (chosen at run time when the CPU has it): the 128 bytes regrouped so one
 *     256-bit vector holds byte b of every row, then each column is one movemask of the vector's
 *     top bits, the vector shifted left one bit between columns;
 *   - x86-64 with AVX-512 and GFNI (np_cpu_avx512()): the 8 x 8 bit blocks gathered by one byte
 *     permute, each transposed by GFNI's affine transform, scattered by another (np_bitmatrix.c).
 * The fastest one the CPU has is chosen at run time.
 * Building with -DNP_NO_AVX2 keeps only the portable code (the scalar test build,
 * tests/tests.mk SCALAR_FLAGS, checks it on the same tests). */
#ifndef NP_BITMATRIX_H
#define NP_BITMATRIX_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* out = the transpose of in (in and out may be the same array). */
void np_transpose32(const uint32_t in[32], uint32_t out[32]);

/* The portable implementation alone (the reference the tests compare the dispatched one to). */
void np_transpose32_portable(const uint32_t in[32], uint32_t out[32]);

/* Every implementation this machine can run, the portable one first and np_transpose32's
 * choice last, with its name; returns how many (the tests check each against the others). */
typedef void (*np_transpose32_fn)(const uint32_t in[32], uint32_t out[32]);
#define NP_TRANSPOSE32_IMPLS 3
unsigned np_transpose32_impls(np_transpose32_fn fns[NP_TRANSPOSE32_IMPLS],
                              const char *names[NP_TRANSPOSE32_IMPLS]);

#ifdef __cplusplus
}
#endif

#include "np_cpu.h"
#if NP_HAVE_AVX512
#include <immintrin.h>
/* The AVX-512 + GFNI transpose on a matrix held in two registers (rows 0..15 in lo, 16..31 in
 * hi), for a kernel that has the rows in registers and wants the columns there (DPC's AVX-512
 * paths, docs/dpc.md sec. 10): np_bitmatrix.c says why the permutes' indices are what they are. */
extern const uint8_t np_transpose32_gather[2][64], np_transpose32_scatter[64];
NP_TARGET_AVX512 static inline void np_transpose32_zmm(__m512i lo, __m512i hi, __m512i *out_lo, __m512i *out_hi) {
    const __m512i unit = _mm512_set1_epi64((long long)UINT64_C(0x8040201008040201));
    const __m512i scatter = _mm512_load_si512((const void *)np_transpose32_scatter);
    __m512i b0 = _mm512_permutex2var_epi8(lo, _mm512_load_si512((const void *)np_transpose32_gather[0]), hi);
    __m512i b1 = _mm512_permutex2var_epi8(lo, _mm512_load_si512((const void *)np_transpose32_gather[1]), hi);
    *out_lo = _mm512_permutexvar_epi8(scatter, _mm512_gf2p8affine_epi64_epi8(unit, b0, 0));
    *out_hi = _mm512_permutexvar_epi8(scatter, _mm512_gf2p8affine_epi64_epi8(unit, b1, 0));
}
#endif
#endif
