// The set-up every lazy libvips operation of the C kernels repeats, written once: the output
// image piped from its input, the state freed when the output closes, libvips' start/stop of a
// region per worker, and the hand-offs between threads marked for ThreadSanitizer.
#ifndef AKV_OPERATION_H
#define AKV_OPERATION_H

#include <vips/vips.h>

/// Computes `out`'s valid rectangle with the operation's `state`; `in` is a region of the
/// operation's input, not yet prepared (`akv_operation_prepare` it over what the rectangle
/// needs). 0 on success, -1 with libvips' error buffer set.
typedef int (*AkvGenerate)(VipsRegion *out, VipsRegion *in, const void *state);

/// Converts one row of `width` pixels from `in` to `out` with the operation's `state`.
typedef void (*AkvLine)(const void *state, const VipsPel *in, VipsPel *out, int width);

/// What an operation is besides its state.
typedef struct {
    /// libvips' hint for the regions the operation is asked for.
    VipsDemandStyle style;
    /// Sets the output's bands, sample format and interpretation where they differ from the
    /// input's (which the output starts with), from the state; NULL to keep the input's.
    void (*describe)(VipsImage *out, const void *state);
    /// Frees the state, once, when the output closes (or the set-up fails).
    void (*free)(void *state);
} AkvOperation;

/// A new lazy image computed from `in` by `generate` with `state`, which it owns from now on
/// (freed by `operation->free`, also if the set-up fails) and which must no longer change: the
/// workers read it. `in` is referenced for as long as the output lives. 0 on success, -1 with
/// libvips' error buffer set.
int akv_operation_new(VipsImage *in, VipsImage **out, const AkvOperation *operation, AkvGenerate generate,
                      void *state);

/// Like `akv_operation_new` for an operation whose output pixel depends on the input pixel at the
/// same place alone: each output row is `line` of the same input row.
int akv_line_operation_new(VipsImage *in, VipsImage **out, const AkvOperation *operation, AkvLine line,
                           void *state);

/// Prepares `in` over `rect` for reading: 0, or -1 with libvips' error buffer set.
int akv_operation_prepare(VipsRegion *in, const VipsRect *rect);

#endif
