// A 3D colour lookup table applied to an 8-bit sRGB image with tetrahedral interpolation, as a
// libvips operation. libvips has 1D tables (maplut) but none in three dimensions.
#ifndef AKV_LUT_H
#define AKV_LUT_H

#include <vips/vips.h>

/// `table` holds size³ RGB triples in 0…1, red varying fastest (the .cube order); it is copied.
/// `domain_min`/`domain_max` map input 0…255 into the table's domain.
int akv_lut3d(VipsImage *in, VipsImage **out, const float *table, int size, const float *domain_min,
              const float *domain_max);

#endif
