// Fixed-signature wrappers around libvips' variadic calls, which Swift cannot call directly.
// Every function returns 0 on success and -1 on failure, with libvips' message in its error buffer.
#ifndef CVIPSSHIM_H
#define CVIPSSHIM_H

#include <stddef.h>
#include <vips/vips.h>

int akv_init(void);
/// Counts live VipsImage objects: libvips' own bookkeeping, used to prove that nothing leaks.
int akv_live_image_count(void);
/// Copies libvips' error buffer into a newly allocated string (free with g_free) and clears it.
char *akv_take_error(void);

// Loading. `sequential` selects VIPS_ACCESS_SEQUENTIAL for one-pass pipelines; `fail_on` is the
// decoding policy (VIPS_FAIL_ON_WARNING for strict, VIPS_FAIL_ON_NONE for lenient).
int akv_load_file(const char *path, int sequential, VipsFailOn fail_on, VipsImage **out);
int akv_load_buffer(const void *data, size_t length, int sequential, VipsFailOn fail_on, VipsImage **out);
int akv_thumbnail_file(const char *path, int width, int height, int crop, VipsFailOn fail_on, VipsImage **out);
int akv_thumbnail_buffer(const void *data, size_t length, int width, int height, int crop, VipsFailOn fail_on,
                         VipsImage **out);

// Saving to memory; free `*buffer` with g_free.
int akv_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality, int strip, int interlace);
int akv_pngsave_buffer(VipsImage *in, void **buffer, size_t *length, int compression, int strip);
int akv_tiffsave_buffer(VipsImage *in, void **buffer, size_t *length, int compression, int quality, int strip);
int akv_webpsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality, int lossless, int strip);

// Saving straight into a file (created or truncated), through libvips' own file target.
int akv_jpegsave_file(VipsImage *in, const char *path, int quality, int strip, int interlace);
int akv_pngsave_file(VipsImage *in, const char *path, int compression, int strip);
int akv_tiffsave_file(VipsImage *in, const char *path, int compression, int quality, int strip);
int akv_webpsave_file(VipsImage *in, const char *path, int quality, int lossless, int strip);

// Conversion.
int akv_copy(VipsImage *in, VipsImage **out);
int akv_copy_interpretation(VipsImage *in, VipsImage **out, VipsInterpretation interpretation);
int akv_autorot(VipsImage *in, VipsImage **out);
int akv_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space);
int akv_cast(VipsImage *in, VipsImage **out, VipsBandFormat format);
int akv_flatten(VipsImage *in, VipsImage **out, const double *background, int n);
int akv_extract_area(VipsImage *in, VipsImage **out, int left, int top, int width, int height);
int akv_extract_band(VipsImage *in, VipsImage **out, int band, int n);
int akv_bandjoin(VipsImage **in, int n, VipsImage **out);
int akv_bandmean(VipsImage *in, VipsImage **out);
int akv_embed(VipsImage *in, VipsImage **out, int x, int y, int width, int height, const double *background, int n);
int akv_insert(VipsImage *main, VipsImage *sub, VipsImage **out, int x, int y);
int akv_arrayjoin(VipsImage **in, int n, VipsImage **out, int across, int shim, const double *background, int nb);
int akv_flip(VipsImage *in, VipsImage **out, VipsDirection direction);
int akv_rot(VipsImage *in, VipsImage **out, VipsAngle angle);
int akv_ifthenelse(VipsImage *cond, VipsImage *in1, VipsImage *in2, VipsImage **out, int blend);
int akv_composite2(VipsImage *base, VipsImage *overlay, VipsImage **out, VipsBlendMode mode);
int akv_shrink(VipsImage *in, VipsImage **out, double hshrink, double vshrink);
int akv_resize(VipsImage *in, VipsImage **out, double hscale, double vscale, VipsKernel kernel);

// Colour management (LittleCMS under libvips). `profile` names a built-in profile ("srgb", "p3",
// "cmyk") or a file. The input's embedded profile is used; relative colorimetric intent.
int akv_icc_transform(VipsImage *in, VipsImage **out, const char *profile, int depth);
// Composites alpha over white at the image's own scale (255, 65535, or 1.0 for scRGB).
int akv_flatten_white(VipsImage *in, VipsImage **out);
// Copies libvips' built-in profile `name` into a new buffer (free with g_free).
int akv_profile_load(const char *name, void **data, size_t *length);
// A copy of `in` whose blob field `name` holds a copy of `data`, or, with `data` NULL, has no field `name`.
int akv_set_blob(VipsImage *in, VipsImage **out, const char *name, const void *data, size_t length);

// A copy of `in` without the metadata `strip` leaves out (EXIF, XMP, IPTC, comments, description), but with its ICC
// profile: saved without `strip`, PNG and TIFF then carry the profile alone.
int akv_strip_keeping_profile(VipsImage *in, VipsImage **out);

// Arithmetic.
int akv_linear(VipsImage *in, VipsImage **out, const double *a, const double *b, int n, int uchar);
int akv_add(VipsImage *left, VipsImage *right, VipsImage **out);
int akv_subtract(VipsImage *left, VipsImage *right, VipsImage **out);
int akv_multiply(VipsImage *left, VipsImage *right, VipsImage **out);
int akv_divide(VipsImage *left, VipsImage *right, VipsImage **out);
int akv_math(VipsImage *in, VipsImage **out, VipsOperationMath operation);
int akv_math2_const(VipsImage *in, VipsImage **out, VipsOperationMath2 operation, const double *c, int n);
int akv_relational_const(VipsImage *in, VipsImage **out, VipsOperationRelational operation, const double *c, int n);
int akv_maplut(VipsImage *in, VipsImage **out, VipsImage *lut);
int akv_recomb(VipsImage *in, VipsImage **out, VipsImage *matrix);
int akv_avg(VipsImage *in, double *out);
int akv_deviate(VipsImage *in, double *out);
int akv_min(VipsImage *in, double *out);
int akv_max(VipsImage *in, double *out);

// Filtering and creation.
int akv_gaussblur(VipsImage *in, VipsImage **out, double sigma, int approximate);
int akv_gaussnoise(VipsImage **out, int width, int height, double mean, double sigma, int seed);
int akv_black(VipsImage **out, int width, int height, int bands);
int akv_xyz(VipsImage **out, int width, int height);
int akv_text(VipsImage **out, const char *text, const char *font, int width, int dpi);
int akv_draw_rect(VipsImage *image, const double *ink, int n, int left, int top, int width, int height);


#endif
