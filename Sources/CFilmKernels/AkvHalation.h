// Halation's glow map, built from the image as it streams past (private to the film pass).
//
// The map is a low-resolution field: each cell covers `scale`×`scale` pixels. Its rows are made
// from the input rows they depend on as those arrive, so a film pass over a sequentially decoded
// JPEG reads each input row once for the map, a few hundred rows ahead of rendering, and never
// needs the whole frame in memory. Every value depends only on the input pixels, never on the
// order or the thread that asked for it, so the output is the same bytes on any thread count.
// One thread feeds it (the film pass's read-ahead); others read rows it has published.
#ifndef AKV_HALATION_H
#define AKV_HALATION_H

#include <vips/vips.h>

typedef struct AkvGlow AkvGlow;

/// A glow map for a `width`×`height` frame: a Gaussian of `sigma` pixels, light counted from
/// display luma `knee` (0…1) up.
AkvGlow *akv_glow_new(int width, int height, double sigma, double knee);
void akv_glow_free(AkvGlow *glow);

/// Pixels per map cell, and the map's size.
int akv_glow_scale(const AkvGlow *glow);
int akv_glow_width(const AkvGlow *glow);
int akv_glow_height(const AkvGlow *glow);

/// How many input rows below a rendered row the map needs to have read.
int akv_glow_lead(const AkvGlow *glow);

/// Adds the next `count` input rows, `stride` bytes apart, and makes every map row they allow;
/// returns how many map rows are made. Not thread-safe: one thread feeds the map.
int akv_glow_add_rows(AkvGlow *glow, const VipsPel *pixels, size_t stride, int count);

/// Map row `row`, once made; NULL if the row is all zero (no glow reaches it).
const float *akv_glow_row(const AkvGlow *glow, int row);

#endif
