// The film pass's 3D colour table (private): a checked copy of a cube of colours, which the pass
// interpolates tetrahedrally (Kasson, Nin, Plouffe and Hafner, 1995; unlike trilinear, it keeps
// greys grey). The interpolation itself is in AkvFilmKernel.h.
#ifndef AKV_LUT_STAGE_H
#define AKV_LUT_STAGE_H

#include "AkvFilm.h"

typedef struct AkvLut {
    // size³ RGB triples, red varying fastest, and one float more: the pass reads each corner's
    // triple as four floats.
    float *table;
    int size;
    float low[3], span[3];  // each channel's domain: its first entry and the span to its last
} AkvLut;

/// A copy of `table` (size³ RGB triples in 0…1, red varying fastest) over the domain
/// `low`…`high`, or NULL with libvips' error set for a size outside 2…AKV_LUT3D_MAX_SIZE or a
/// channel whose bounds or span are not finite, or whose span is not normal and positive.
AkvLut *akv_lut_new(const float *table, int size, const float *low, const float *high);

void akv_lut_free(AkvLut *lut);

#endif
