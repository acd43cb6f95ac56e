// What every vectorised C kernel (the film pass, the recorder's YUV conversion) starts with
// (include it before any code).
#ifndef AKV_CLONES_H
#define AKV_CLONES_H

// Plain multiplies and adds only (no fused multiply-add), so every build and every clone of a
// function rounds alike and the output is the same bytes on any x86-64.
#pragma clang fp contract(off)

// Row loops are cloned for AVX2 where the processor has it, picked at run time. Not under
// ThreadSanitizer: the clones' resolvers run while the program is loaded, before TSan's runtime
// is up, and crash there (the default clone computes the same bytes).
#if !defined(__has_feature)
#define __has_feature(x) 0
#endif
#if defined(__x86_64__) && defined(__linux__) && !__has_feature(thread_sanitizer)
#define AKV_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define AKV_CLONES
#endif

#endif
