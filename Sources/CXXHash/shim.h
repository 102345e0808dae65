// The one header ConsentCache needs from libxxhash (Debian libxxhash-dev, Homebrew xxhash).
//
// XXH_INLINE_ALL compiles XXH3 into the caller: a cache hit hashes its key without a call through the PLT.
// On x86-64, strings longer than 240 bytes (a typical TC string has 700) are hashed with the widest loop the
// processor has, chosen at run time: AVX-512, else AVX2, else SSE2. Each gives the same XXH3-64 value
// (Tests/ConsentCacheTests/StringKeyTests.swift checks every one against reference values). The hash is the
// largest part of a cache hit, and the AVX-512 loop (one 64-byte stripe per step) takes a quarter less time
// than the AVX2 one on a 700-byte key.
#include <stddef.h>
#include <stdint.h>

#define XXH_INLINE_ALL
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define CONSENT_XXH3_AVX2 1
#define XXH_DISPATCH_AVX2 1
#define XXH_TARGET_AVX2 __attribute__((target("avx2")))
#define XXH_DISPATCH_AVX512 1
#define XXH_TARGET_AVX512 __attribute__((target("avx512f")))
// The accumulator must be aligned for the widest loop's loads (the SSE2 default, 16, faults under AVX2).
#define XXH_ACC_ALIGN 64
#include <immintrin.h>
#endif
#include <xxhash.h>

#if defined(CONSENT_XXH3_AVX2)
// XXH3-64 (seed 0, default secret) of an input longer than XXH3_MIDSIZE_MAX, with the AVX2 accumulator.
__attribute__((target("avx2"))) static inline uint64_t consentXXH3_64Long_AVX2(const void *bytes, size_t count) {
    return XXH3_hashLong_64b_internal(bytes, count, XXH3_kSecret, sizeof(XXH3_kSecret), XXH3_accumulate_512_avx2,
                                      XXH3_scrambleAcc_avx2);
}

// The same with the AVX-512 accumulator (one 64-byte stripe per instruction).
__attribute__((target("avx512f"))) static inline uint64_t consentXXH3_64Long_AVX512(const void *bytes, size_t count) {
    return XXH3_hashLong_64b_internal(bytes, count, XXH3_kSecret, sizeof(XXH3_kSecret), XXH3_accumulate_512_avx512,
                                      XXH3_scrambleAcc_avx512);
}

#endif

// XXH3-64 of `count` bytes with the widest loop allowed: 2 AVX-512, 1 AVX2, 0 the portable one (the tests compare
// them); a loop the processor lacks falls back to the next narrower one.
static inline uint64_t consentXXH3_64Choosing(const void *bytes, size_t count, int widest) {
#if defined(CONSENT_XXH3_AVX2)
    if (count > XXH3_MIDSIZE_MAX) {
        if (widest >= 2 && __builtin_cpu_supports("avx512f")) return consentXXH3_64Long_AVX512(bytes, count);
        if (widest >= 1 && __builtin_cpu_supports("avx2")) return consentXXH3_64Long_AVX2(bytes, count);
    }
#endif
    return XXH3_64bits(bytes, count);
}

// XXH3-64 (seed 0, default secret) of `count` bytes: the key of a cache entry.
static inline uint64_t consentXXH3_64(const void *bytes, size_t count) {
    return consentXXH3_64Choosing(bytes, count, 2);
}
