// One pass of film rendering over an 8-bit sRGB image, as a libvips operation: vignette, light
// leaks, halation, colour matrix, per-channel characteristic curves, a 3D colour table, split
// toning and grain, fused so that each pixel is read and written once. The operation reads its
// input top to bottom (halation reads a few hundred rows ahead), so it streams from a
// sequentially decoded file, which a thread of its own decodes while the workers render.
#ifndef AKV_FILM_H
#define AKV_FILM_H

#include <stdint.h>

// libvips' image is declared here, not included: libvips' declarations then belong to the CVips
// module alone, and Swift finds them whichever of the two modules a file imports first.
struct _VipsImage;

/// The largest 3D table side accepted (65³ entries is the most a .cube file can meaningfully hold).
#define AKV_LUT3D_MAX_SIZE 65

/// The most light leaks a pass draws.
#define AKV_LEAK_MAX 16

/// The grain kernel's largest radius, in pixels.
#define AKV_GRAIN_MAX_RADIUS 24

typedef struct {
    // Lens vignette: factor 1 − amount · smoothstep((d − radius) / (1 − radius)), d being the
    // distance from the centre as a fraction of the distance to a corner. Off at amount 0.
    float vignette_amount, vignette_radius;

    // Light leaks, after the vignette: soft elliptical glows whose levels at pixel (x, y), per
    // channel, are Σ leak_color[l] · exp(−2 · (((x − cx) / rx)² + ((y − cy) / ry)²)) over the
    // leaks l (centre `leak_centre[l]` and radii `leak_radius[l]` in pixels, x then y), at most
    // 255, screened over the image: v + L − v · L / 255. Off at 0 leaks; akv_film fails for a
    // count outside 0…AKV_LEAK_MAX, or a centre or radius that is not finite, or a radius ≤ 0.
    int leak_count;
    float leak_centre[AKV_LEAK_MAX][2], leak_radius[AKV_LEAK_MAX][2], leak_color[AKV_LEAK_MAX][3];

    // Halation: a glow of `halation_sigma` pixels around light that probably over-exposed the film
    // (display luma from `halation_knee`, 0…1, up); `halation_color` is the levels added per
    // channel where the glow is 1. Off at sigma 0.
    double halation_sigma;
    double halation_knee;
    float halation_color[3];

    // Colour: a 3×3 matrix on 0…255 values, then a 256-entry table per channel.
    float matrix[9];
    float curve[3][256];

    // A 3D colour table after the curves, off at size 0: `lut_table` holds lut_size³ RGB triples
    // in 0…1, red varying fastest (the .cube order), and is copied. The curves' levels 0…255
    // stand for 0…1 and are placed in the table's domain `lut_domain_min`…`lut_domain_max`; the
    // table's colour, interpolated tetrahedrally, is mixed with the levels it was given by
    // `lut_mix` (0 none, 1 the table's alone). akv_film fails for a size outside
    // 2…AKV_LUT3D_MAX_SIZE or a domain whose bounds and span are not finite, the span normal
    // and positive.
    const float *lut_table;
    int lut_size;
    float lut_domain_min[3], lut_domain_max[3];
    float lut_mix;

    // Split toning: per channel, (1 − L)² · shadow + L² · highlight levels at output luma L.
    float shadow_tint[3], highlight_tint[3];

    // A second colour matrix after the split tone, on 0…255 values: off at `tone_matrix_on` 0.
    int tone_matrix_on;
    float tone_matrix[9];

    // Grain: a field of unit variance per channel, white noise (a hash of `grain_seed` and the
    // pixel's position) convolved with the separable symmetric kernel `grain_kernel[0…radius]`;
    // `grain_layers` 1 for one field in every channel, 3 for three independent layers mixed into
    // the channels by `grain_mix` (channel c = Σ mix[c][l] · layer l; the kernel reads the layers
    // from one field at places further apart than it is correlated). Channel c of a pixel whose
    // curve index (the matrix's output rounded, 0…255) is i gets `grain_gain[c][i]` · field levels
    // added; with `grain_at_output` 1, i is instead the level the grain is added to (after every
    // other stage, rounded, 0…255). Off at 0 layers. FilmKit's `GrainModel` computes all of it from the stock and the film format.
    int grain_layers;
    int grain_radius;
    float grain_kernel[AKV_GRAIN_MAX_RADIUS + 1];
    float grain_mix[3][3];
    float grain_gain[3][256];
    int grain_at_output;
    uint64_t grain_seed;
} AkvFilmParams;

/// Renders `in` (3-band uchar) into a new lazy image; `params` is copied.
int akv_film(struct _VipsImage *in, struct _VipsImage **out, const AkvFilmParams *params);

/// What the pass makes of the pixel `rgb` by colour alone (the matrix, the curves and the split
/// tone; no vignette, halation or grain), in levels before rounding to 8 bits, into `out`: the
/// same kernel the pass runs, one pixel at a time (`params` is read, not kept).
void akv_film_colour(const AkvFilmParams *params, const uint8_t rgb[3], float out[3]);

#endif
