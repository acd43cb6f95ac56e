// One pass of film rendering over an 8-bit sRGB image, as a libvips operation: vignette,
// halation, colour matrix, per-channel characteristic curves, split toning and grain, fused so that
// each pixel is read and written once.
#ifndef AKV_FILM_H
#define AKV_FILM_H

#include <stdint.h>
#include <vips/vips.h>

typedef struct {
    // Lens vignette: factor by (dx² + dy²) / 2 in 0…1, dx and dy being -1…1 across the frame.
    int vignette_on;
    float vignette[256];

    // Halation: a low-resolution glow map (one float band, owned by the caller until akv_film
    // returns; it is copied) enlarged bilinearly, times a colour.
    int halation_on;
    const float *glow;
    int glow_width, glow_height;
    float glow_color[3];

    // Colour: a 3×3 matrix on 0…255 values, then a 256-entry table per channel.
    float matrix[9];
    float curve[3][256];

    // Split toning: an offset per channel by output luma (0…255).
    int tint_on;
    float tint[256][3];

    // Grain: standard deviation in levels by output luma, clump size in pixels, chroma 0…1, seed.
    int grain_on;
    float grain_amplitude[256];
    double grain_cell;
    double grain_chroma;
    uint64_t grain_seed;
} AkvFilmParams;

/// Renders `in` (3-band uchar) into a new lazy image; `params` is copied.
int akv_film(VipsImage *in, VipsImage **out, const AkvFilmParams *params);

#endif
