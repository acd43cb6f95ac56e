#ifndef AKV_HANDOFF_H
#define AKV_HANDOFF_H

// libvips hands work between its worker threads (an operation's state, pixel buffers) under
// GLib locks, which ThreadSanitizer cannot see: GLib is not instrumented, and the workers are
// recycled, so thread creation gives no edge either. These mark the same edges for TSan;
// without it they are empty calls.

#include "AkvThreadSanitizer.h"

/// One address standing for libvips' buffer hand-offs between threads.
extern const char akv_vips_buffers;

/// After `vips_region_prepare`: the pixels were written by whichever thread computed them.
static inline void akv_pixels_received(void) { akv_tsan_acquire(&akv_vips_buffers); }

/// After writing an output region: another thread may read it next.
static inline void akv_pixels_published(void) { akv_tsan_release(&akv_vips_buffers); }

#endif
