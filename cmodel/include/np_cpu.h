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
#else
#define NP_HAVE_AVX2 0
static inline int np_cpu_avx2(void) {
    return 0;
}
#endif

/* AVX-512 on top of AVX2, chosen the same way, for the few kernels that 64-byte byte permutes,
 * conflict detection or a bit-matrix multiply per byte make several times shorter
 * (np_transpose32, C-Pack's matches, DPC's streams held in two registers): F, BW, CD, VBMI and GFNI, i.e. Intel Ice Lake and later,
 * AMD Zen 4 and later. Each such kernel keeps its AVX2 twin and its portable one, which give the
 * same result; np_cpu_avx512() implies np_cpu_avx2(). -DNP_NO_AVX512 compiles the tier out, so a
 * build on an AVX-512 machine can still run the AVX2 twins on the tests. valgrind 3.19 has no
 * AVX-512 and reports none, so callgrind's counts (make bench-codecs) are the AVX2 paths'. */
#if NP_HAVE_AVX2 && !defined(NP_NO_AVX512)
#define NP_HAVE_AVX512 1
#define NP_TARGET_AVX512 __attribute__((target("avx2,bmi,bmi2,avx512f,avx512bw,avx512cd,avx512vbmi,gfni")))
static inline int np_cpu_avx512(void) {
    return np_cpu_avx2() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                   __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vbmi") &&
                   __builtin_cpu_supports("gfni")
               ? 1
               : 0;
}
#else
#define NP_HAVE_AVX512 0
static inline int np_cpu_avx512(void) {
    return 0;
}
#endif

#endif
