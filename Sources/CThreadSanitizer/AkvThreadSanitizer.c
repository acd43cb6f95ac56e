#include "AkvThreadSanitizer.h"

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define AKV_TSAN 1
#endif
#endif

#ifdef AKV_TSAN
#include <sanitizer/tsan_interface.h>

void akv_tsan_acquire(const void *address) { __tsan_acquire((void *)address); }
void akv_tsan_release(const void *address) { __tsan_release((void *)address); }
#else
void akv_tsan_acquire(const void *address) { (void)address; }
void akv_tsan_release(const void *address) { (void)address; }
#endif
