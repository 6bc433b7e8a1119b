/* Run-time choice of a SIMD implementation: a fast path written with AVX2 intrinsics is
 * compiled for AVX2 with BMI1/BMI2 alone (NP_TARGET_AVX2: every CPU with AVX2 so far has both;
 * BMI2's shifts by a register need no shift-count register) and called only when np_cpu_avx2()
 * says the CPU has all three; every such path has a portable C twin that gives the same result,
 * which the rest of the machines run. Plain C compiled for that target (NP_TARGET_AVX2 on a
 * function that inlines the portable code) is a fast path too. -DNP_NO_AVX2 compiles the AVX2 code out (the scalar test build,
 * tests/tests.mk SCALAR_FLAGS, runs the portable twins on the same tests). */
#ifndef NP_CPU_H
#define NP_CPU_H

#if defined(__x86_64__) && defined(__GNUC__) && !defined(NP_NO_AVX2)
#define NP_HAVE_AVX2 1
#define NP_TARGET_AVX2 __attribute__((target("avx2,bmi,bmi2")))
/* The compiler's CPUID probe, read once by the runtime's constructor: one load per call. */
static inline int np_cpu_avx2(void) {
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") ? 1 : 0;
}
/* A narrower tier for kernels that a byte permute across 64 bytes and a bit-matrix multiply
 * per byte make several times shorter (np_transpose32): AVX-512 F, BW and VBMI with GFNI
 * (Intel Ice Lake and later, AMD Zen 4 and later). Each such kernel has an AVX2 twin and a
 * portable one that give the same result; np_cpu_avx512() says whether this machine runs it.
 * valgrind 3.19 has no AVX-512, so under callgrind the CPU reports none and `make
 * bench-codecs`' instruction counts are those of the AVX2 paths. */
#define NP_TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi,gfni,avx2,bmi,bmi2")))
static inline int np_cpu_avx512(void) {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                   __builtin_cpu_supports("avx512vbmi") && __builtin_cpu_supports("gfni") && np_cpu_avx2()
               ? 1
               : 0;
}
#else
#define NP_HAVE_AVX2 0
static inline int np_cpu_avx2(void) {
    return 0;
}
static inline int np_cpu_avx512(void) {
    return 0;
}
#endif

#endif
