// Imaging's colour conversion from an image's ICC profile straight to the working space: LittleCMS
// reads the profiles, a table kernel converts the pixels (no float L*a*b* step between them).
#ifndef AKV_ICC_TRANSFORM_H
#define AKV_ICC_TRANSFORM_H

#include <stddef.h>

// Forward-declared, not <vips/vips.h>: a module that includes libvips' (non-modular) headers
// becomes an owner of their declarations, and a Swift module importing Imaging could then no
// longer find libvips' enum constants through `import CVips`.
struct _VipsImage;

/// Converts `in` (8- or 16-bit samples, no alpha: 1 band for a GRAY profile, 3 for RGB, 4 for
/// CMYK) from the ICC profile `source` into the RGB profile `target`, relative colorimetric, as
/// `depth`-bit (8 or 16) RGB. Lazy: the conversion runs over each region libvips asks for, on
/// libvips' worker threads, sharing one set of read-only tables (or one LittleCMS transform).
/// The output keeps `in`'s metadata (its profile included: replace it). 0 on success, -1 with
/// libvips' error buffer set (a profile LittleCMS cannot read or use, a mismatch of bands).
int akv_lcms_transform(struct _VipsImage *in, struct _VipsImage **out, const void *source, size_t source_length,
                       const void *target, size_t target_length, int depth);

#endif
