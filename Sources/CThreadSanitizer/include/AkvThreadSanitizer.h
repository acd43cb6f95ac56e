#ifndef AKV_THREAD_SANITIZER_H
#define AKV_THREAD_SANITIZER_H

// Happens-before edges that ThreadSanitizer cannot see for itself: it follows pthread locks and
// instrumented atomics, but not the futex under Swift's `Synchronization.Mutex` on Linux, nor
// the GLib locks libvips hands its work between threads with. Without TSan these do nothing.

/// Marks an acquire on `address` (a lock taken, a hand-off received).
void akv_tsan_acquire(const void *address);

/// Marks a release on `address` (a lock given back, a hand-off published).
void akv_tsan_release(const void *address);

#endif
