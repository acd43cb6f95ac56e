// One pass of film rendering over an 8-bit sRGB image, as a libvips operation: vignette,
// halation, colour matrix, per-channel characteristic curves, split toning and grain, fused so that
// each pixel is read and written once. The operation reads its input top to bottom (halation
// reads a few hundred rows ahead), so it streams from a sequentially decoded file, which a thread
// of its own decodes while the workers render.
#ifndef AKV_FILM_H
#define AKV_FILM_H

#include <stdint.h>
#include <vips/vips.h>

typedef struct {
    // Lens vignette: factor 1 − amount · smoothstep((d − radius) / (1 − radius)), d being the
    // distance from the centre as a fraction of the distance to a corner. Off at amount 0.
    float vignette_amount, vignette_radius;

    // Halation: a glow of `halation_sigma` pixels around light that probably over-exposed the film
    // (display luma from `halation_knee`, 0…1, up); `halation_color` is the levels added per
    // channel where the glow is 1. Off at sigma 0.
    double halation_sigma;
    double halation_knee;
    float halation_color[3];

    // Colour: a 3×3 matrix on 0…255 values, then a 256-entry table per channel.
    float matrix[9];
    float curve[3][256];

    // Split toning: per channel, (1 − L)² · shadow + L² · highlight levels at output luma L.
    float shadow_tint[3], highlight_tint[3];

    // Grain: `grain_levels` · (0.15 + 3.4 · L · (1 − L)) levels of standard deviation at output
    // luma L, in clumps of `grain_cell` pixels, chroma 0…1, seed. Off at 0 levels.
    float grain_levels;
    double grain_cell;
    double grain_chroma;
    uint64_t grain_seed;
} AkvFilmParams;

/// Renders `in` (3-band uchar) into a new lazy image; `params` is copied.
int akv_film(VipsImage *in, VipsImage **out, const AkvFilmParams *params);

#endif
