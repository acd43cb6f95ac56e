// Film grain for the film pass (private): a field of unit variance per channel, isotropic, with
// no lattice.
//
// Every pixel draws white noise from a hash of the seed and its position, and the
// noise is convolved with a separable kernel that FilmKit derives from the stock's clump size
// and the film area a pixel covers (`GrainModel.swift`): so the grain at a pixel is the same
// whatever the tiling or the number of threads, and a Gaussian clump has no preferred direction.
// Colour film's three dye layers are mixed into the channels from a shared layer and two
// colour-difference layers. The three layers are one field read at three places
// AKV_GRAIN_SHIFT columns apart: further apart than the field is correlated, so at any pixel and
// around it they are three independent fields (the same variance and autocorrelation), for the
// price of about one. What it leaves is a faint correlation of a channel's colour difference
// with the grain AKV_GRAIN_SHIFT and twice that to its right, where no eye matches grain.
//
// The arithmetic is 16-bit fixed point (sixteen pixels a vector with AVX2): integers round alike
// on every processor and in every clone, so the bytes do not depend on either, and the rows are
// half the memory of floats. The field's scale per channel (`scale`) turns it into unit variance.
#ifndef AKV_GRAIN_H
#define AKV_GRAIN_H

#include <stdint.h>

#include "AkvFilm.h"

// How far apart the three layers of colour grain are read from the one field, in columns: more
// than the field's correlation reaches (twice the kernel's radius).
#define AKV_GRAIN_SHIFT 256

// What is the same for the whole frame.
typedef struct AkvGrain {
    int layers;                                  // 1 (monochrome) or 3
    int radius;                                  // the kernel's radius, 0…AKV_GRAIN_MAX_RADIUS
    int16_t taps[AKV_GRAIN_MAX_RADIUS + 1];      // taps 0…radius of a symmetric kernel, ×2¹⁵
    int16_t mix[3][3];                           // channel c = Σ mix[c][l] · layer l, ×2¹⁵
    int16_t offset;                              // added to a layer: its truncations' mean back
    int16_t mix_offset[3];                       // and to a channel: the mix's
    float scale[3];                              // per channel, the field's value at unit variance
    uint32_t key;                                // from the seed
} AkvGrain;

// One thread's working rows: a ring of 2·radius + 1 noise rows per window of the field, the
// rows it holds, and the field of the last row asked for.
typedef struct {
    int valid;
    int left, width;    // the pixel columns the held rows cover (with radius more either side)
    int low, high;      // the pixel rows held
    int stride;         // values per held row
    int16_t *ring[3];
    int16_t *vertical;  // one row convolved along y
    int16_t *layer[3];  // one row convolved along y then x, per window
    int16_t *field[3];  // the layers mixed into the channels
} AkvGrainRows;

void akv_grain_init(AkvGrain *grain, const AkvFilmParams *params);

void akv_grain_rows_init(AkvGrainRows *rows, const AkvGrain *grain, int width);
void akv_grain_rows_clear(AkvGrainRows *rows);

/// The field of pixel row `y`, columns `left`…`left + width − 1`, per channel into `field`
/// (channel 0 only for monochrome grain; valid until the next call; readable 16 values past
/// `width`), in units of `grain->scale[c]`.
void akv_grain_row(const AkvGrain *grain, AkvGrainRows *rows, int y, int left, int width,
                   const int16_t *field[3]);

#endif
