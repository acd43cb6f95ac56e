// Halation's glow map, built from the image as it streams past (private to the film pass).
//
// The map is a low-resolution field: each cell covers `scale`×`scale` pixels. Its rows are made
// on demand from the input rows they depend on, so a film pass over a sequentially decoded JPEG
// reads each input row once for the map, a few hundred rows ahead of rendering, and never
// needs the whole frame in memory. Every value depends only on the input pixels, never on the
// order or the thread that asked for it, so the output is the same bytes on any thread count.
#ifndef AKV_HALATION_H
#define AKV_HALATION_H

#include <vips/vips.h>

typedef struct AkvGlow AkvGlow;

/// A glow map for a `width`×`height` frame: a Gaussian of `sigma` pixels, light counted from
/// display luma `knee` (0…1) up. `slack` is how many rows below the lowest strip still being
/// rendered other threads may be rendering (and so reading ahead for).
AkvGlow *akv_glow_new(int width, int height, double sigma, double knee, int slack);
void akv_glow_free(AkvGlow *glow);

/// Pixels per map cell, and the map's size.
int akv_glow_scale(const AkvGlow *glow);
int akv_glow_width(const AkvGlow *glow);
int akv_glow_height(const AkvGlow *glow);

/// Makes map rows 0…`row` ready, reading input rows through `input` (a region on the film
/// pass's input, owned by the calling thread) as needed. Thread-safe; -1 on a read error.
int akv_glow_ensure(AkvGlow *glow, VipsRegion *input, int row);

/// Map row `row`, once ensured; NULL if the row is all zero (no glow reaches it).
const float *akv_glow_row(const AkvGlow *glow, int row);

#endif
