// A 3D colour lookup table applied to an 8-bit sRGB image with tetrahedral interpolation, as a
// libvips operation. libvips has 1D tables (maplut) but none in three dimensions.
#ifndef AKV_LUT_H
#define AKV_LUT_H

// libvips' image is declared here, not included: libvips' declarations then belong to the CVips
// module alone, and Swift finds them whichever of the two modules a file imports first.
struct _VipsImage;

/// The largest table side accepted (65³ entries is the most a .cube file can meaningfully hold).
#define AKV_LUT3D_MAX_SIZE 65

/// `table` holds size³ RGB triples in 0…1, red varying fastest (the .cube order); it is copied.
/// `domain_min`/`domain_max` map input 0…255 into the table's domain; each channel's bounds and
/// span must be finite and the span normal and positive. Results are clamped to 0…255.
int akv_lut3d(struct _VipsImage *in, struct _VipsImage **out, const float *table, int size,
              const float *domain_min, const float *domain_max);

#endif
