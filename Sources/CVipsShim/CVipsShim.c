#include "CVipsShim.h"

#include <string.h>

static void discard_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain, (void)level, (void)message, (void)data;
}

// Failures reach Swift as typed errors; libvips' per-tile warnings on stderr would only repeat
// them, so they are dropped unless ANALOGKIT_VIPS_WARNINGS is set. Loaders libvips marks
// untrusted (ImageMagick's, which hands odd formats to outside programs, and a few rarely used
// scientific ones) are blocked: the SDK reads files from anyone.
int akv_init(void) {
    if (VIPS_INIT("analogkit") != 0) return -1;
    vips_block_untrusted_set(TRUE);
    if (!g_getenv("ANALOGKIT_VIPS_WARNINGS")) g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING, discard_log, NULL);
    return 0;
}

static void *count_image(VipsObject *object, int *count, void *unused) {
    (void)unused;
    if (VIPS_IS_IMAGE(object)) (*count)++;
    return NULL;
}

int akv_live_image_count(void) {
    int count = 0;
    vips_object_map((VipsSListMap2Fn)count_image, &count, NULL);
    return count;
}

char *akv_take_error(void) { return vips_error_buffer_copy(); }

static VipsAccess access_for(int sequential) {
    return sequential ? VIPS_ACCESS_SEQUENTIAL : VIPS_ACCESS_RANDOM;
}

// Loads through a new source each time: libvips 8.14 caches loads from a file name, so a file
// replaced on disk would otherwise come back as its old pixels.
int akv_load_file(const char *path, int sequential, VipsFailOn fail_on, VipsImage **out) {
    VipsSource *source = vips_source_new_from_file(path);
    if (!source) return -1;
    *out = vips_image_new_from_source(source, "", "access", access_for(sequential), "fail_on", fail_on, NULL);
    g_object_unref(source);
    return *out ? 0 : -1;
}

static void free_copy(void *data, void *unused) {
    (void)unused;
    g_free(data);
}

// Loads through a source that owns a copy of the bytes: a loader reading from a caller's buffer
// would outlive it, and libvips' operation cache could match a later buffer at the same address.
int akv_load_buffer(const void *data, size_t length, int sequential, VipsFailOn fail_on, VipsImage **out) {
    void *copy = g_memdup2(data, length);
    VipsBlob *blob = vips_blob_new((VipsCallbackFn)free_copy, copy, length);
    VipsSource *source = vips_source_new_from_blob(blob);
    vips_area_unref(VIPS_AREA(blob));
    if (!source) return -1;
    *out = vips_image_new_from_source(source, "", "access", access_for(sequential), "fail_on", fail_on, NULL);
    g_object_unref(source);
    return *out ? 0 : -1;
}

static VipsInteresting interesting_for(int crop) { return crop ? VIPS_INTERESTING_CENTRE : VIPS_INTERESTING_NONE; }

// Through a new source for the same reason as akv_load_file: a changed file must not give the
// thumbnail of its old contents.
int akv_thumbnail_file(const char *path, int width, int height, int crop, VipsFailOn fail_on, VipsImage **out) {
    VipsSource *source = vips_source_new_from_file(path);
    if (!source) return -1;
    // Loader options reach a source's loader through the option string.
    char options[64];
    g_snprintf(options, sizeof(options), "fail_on=%s", vips_enum_nick(VIPS_TYPE_FAIL_ON, fail_on));
    int result = vips_thumbnail_source(source, out, width, "height", height, "crop", interesting_for(crop), "size",
                                       VIPS_SIZE_DOWN, "option_string", options, NULL);
    g_object_unref(source);
    return result;
}

int akv_thumbnail_buffer(const void *data, size_t length, int width, int height, int crop, VipsFailOn fail_on,
                         VipsImage **out) {
    char options[64];
    g_snprintf(options, sizeof(options), "fail_on=%s", vips_enum_nick(VIPS_TYPE_FAIL_ON, fail_on));
    return vips_thumbnail_buffer((void *)data, length, out, width, "height", height, "crop", interesting_for(crop),
                                 "size", VIPS_SIZE_DOWN, "option_string", options, NULL);
}

int akv_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality, int strip, int interlace) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, "strip", strip, "interlace", interlace, NULL);
}

int akv_pngsave_buffer(VipsImage *in, void **buffer, size_t *length, int compression, int strip) {
    return vips_pngsave_buffer(in, buffer, length, "compression", compression, "strip", strip, NULL);
}

int akv_tiffsave_buffer(VipsImage *in, void **buffer, size_t *length, int compression, int quality, int strip) {
    return vips_tiffsave_buffer(in, buffer, length, "compression", compression, "Q", quality, "strip", strip, NULL);
}

int akv_webpsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality, int lossless, int strip) {
    return vips_webpsave_buffer(in, buffer, length, "Q", quality, "lossless", lossless, "strip", strip, NULL);
}

int akv_jpegsave_file(VipsImage *in, const char *path, int quality, int strip, int interlace) {
    return vips_jpegsave(in, path, "Q", quality, "strip", strip, "interlace", interlace, NULL);
}

int akv_pngsave_file(VipsImage *in, const char *path, int compression, int strip) {
    return vips_pngsave(in, path, "compression", compression, "strip", strip, NULL);
}

int akv_tiffsave_file(VipsImage *in, const char *path, int compression, int quality, int strip) {
    return vips_tiffsave(in, path, "compression", compression, "Q", quality, "strip", strip, NULL);
}

int akv_webpsave_file(VipsImage *in, const char *path, int quality, int lossless, int strip) {
    return vips_webpsave(in, path, "Q", quality, "lossless", lossless, "strip", strip, NULL);
}

int akv_copy(VipsImage *in, VipsImage **out) { return vips_copy(in, out, NULL); }

int akv_copy_interpretation(VipsImage *in, VipsImage **out, VipsInterpretation interpretation) {
    return vips_copy(in, out, "interpretation", interpretation, NULL);
}

int akv_autorot(VipsImage *in, VipsImage **out) { return vips_autorot(in, out, NULL); }

int akv_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

int akv_cast(VipsImage *in, VipsImage **out, VipsBandFormat format) { return vips_cast(in, out, format, NULL); }

int akv_flatten(VipsImage *in, VipsImage **out, const double *background, int n) {
    VipsArrayDouble *array = vips_array_double_new(background, n);
    int result = vips_flatten(in, out, "background", array, NULL);
    vips_area_unref(VIPS_AREA(array));
    return result;
}

int akv_icc_transform(VipsImage *in, VipsImage **out, const char *profile, int depth) {
    return vips_icc_transform(in, out, profile, "embedded", TRUE, "intent", VIPS_INTENT_RELATIVE, "depth", depth,
                              NULL);
}

int akv_flatten_white(VipsImage *in, VipsImage **out) {
    double white = 255.0;
    if (in->BandFmt == VIPS_FORMAT_USHORT) white = 65535.0;
    else if (in->Type == VIPS_INTERPRETATION_scRGB || vips_band_format_isfloat(in->BandFmt)) white = 1.0;
    double background[1] = {white};
    VipsArrayDouble *array = vips_array_double_new(background, 1);
    int result = vips_flatten(in, out, "background", array, "max_alpha", white, NULL);
    vips_area_unref(VIPS_AREA(array));
    return result;
}

int akv_profile_load(const char *name, void **data, size_t *length) {
    VipsBlob *blob = NULL;
    if (vips_profile_load(name, &blob, NULL) != 0) return -1;
    if (!blob) {
        vips_error("akv_profile_load", "no profile named %s", name);
        return -1;
    }
    size_t size = 0;
    const void *bytes = vips_blob_get(blob, &size);
    *data = g_memdup2(bytes, size);
    *length = size;
    vips_area_unref(VIPS_AREA(blob));
    return 0;
}

int akv_set_blob(VipsImage *in, VipsImage **out, const char *name, const void *data, size_t length) {
    if (vips_copy(in, out, NULL) != 0) return -1;
    if (data) vips_image_set_blob_copy(*out, name, data, length);
    else vips_image_remove(*out, name);
    return 0;
}

int akv_strip_keeping_profile(VipsImage *in, VipsImage **out) {
    static const char *const prefixes[] = {"exif-", "xmp-",        "iptc-",  "ipct-",  "photoshop-",
                                           "png-comment-", "gif-comment", "jpeg-comment", "image-description"};
    if (vips_copy(in, out, NULL) != 0) return -1;
    gchar **fields = vips_image_get_fields(*out);
    for (int i = 0; fields && fields[i]; i++) {
        for (size_t p = 0; p < sizeof(prefixes) / sizeof(prefixes[0]); p++) {
            if (g_str_has_prefix(fields[i], prefixes[p])) {
                vips_image_remove(*out, fields[i]);
                break;
            }
        }
    }
    g_strfreev(fields);
    return 0;
}

int akv_extract_area(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return vips_extract_area(in, out, left, top, width, height, NULL);
}

int akv_extract_band(VipsImage *in, VipsImage **out, int band, int n) {
    return vips_extract_band(in, out, band, "n", n, NULL);
}

int akv_bandjoin(VipsImage **in, int n, VipsImage **out) { return vips_bandjoin(in, out, n, NULL); }

int akv_bandmean(VipsImage *in, VipsImage **out) { return vips_bandmean(in, out, NULL); }

int akv_embed(VipsImage *in, VipsImage **out, int x, int y, int width, int height, const double *background, int n) {
    VipsArrayDouble *array = vips_array_double_new(background, n);
    int result =
        vips_embed(in, out, x, y, width, height, "extend", VIPS_EXTEND_BACKGROUND, "background", array, NULL);
    vips_area_unref(VIPS_AREA(array));
    return result;
}

int akv_insert(VipsImage *main, VipsImage *sub, VipsImage **out, int x, int y) {
    return vips_insert(main, sub, out, x, y, NULL);
}

int akv_arrayjoin(VipsImage **in, int n, VipsImage **out, int across, int shim, const double *background, int nb) {
    VipsArrayDouble *array = vips_array_double_new(background, nb);
    int result = vips_arrayjoin(in, out, n, "across", across, "shim", shim, "background", array, NULL);
    vips_area_unref(VIPS_AREA(array));
    return result;
}

int akv_flip(VipsImage *in, VipsImage **out, VipsDirection direction) { return vips_flip(in, out, direction, NULL); }

int akv_rot(VipsImage *in, VipsImage **out, VipsAngle angle) { return vips_rot(in, out, angle, NULL); }

int akv_ifthenelse(VipsImage *cond, VipsImage *in1, VipsImage *in2, VipsImage **out, int blend) {
    return vips_ifthenelse(cond, in1, in2, out, "blend", blend, NULL);
}

int akv_composite2(VipsImage *base, VipsImage *overlay, VipsImage **out, VipsBlendMode mode) {
    return vips_composite2(base, overlay, out, mode, NULL);
}

int akv_shrink(VipsImage *in, VipsImage **out, double hshrink, double vshrink) {
    return vips_shrink(in, out, hshrink, vshrink, NULL);
}

int akv_resize(VipsImage *in, VipsImage **out, double hscale, double vscale, VipsKernel kernel) {
    return vips_resize(in, out, hscale, "vscale", vscale, "kernel", kernel, NULL);
}

int akv_linear(VipsImage *in, VipsImage **out, const double *a, const double *b, int n, int uchar) {
    return vips_linear(in, out, (double *)a, (double *)b, n, "uchar", uchar, NULL);
}

int akv_add(VipsImage *left, VipsImage *right, VipsImage **out) { return vips_add(left, right, out, NULL); }

int akv_subtract(VipsImage *left, VipsImage *right, VipsImage **out) {
    return vips_subtract(left, right, out, NULL);
}

int akv_multiply(VipsImage *left, VipsImage *right, VipsImage **out) {
    return vips_multiply(left, right, out, NULL);
}

int akv_divide(VipsImage *left, VipsImage *right, VipsImage **out) { return vips_divide(left, right, out, NULL); }

int akv_math(VipsImage *in, VipsImage **out, VipsOperationMath operation) {
    return vips_math(in, out, operation, NULL);
}

int akv_math2_const(VipsImage *in, VipsImage **out, VipsOperationMath2 operation, const double *c, int n) {
    return vips_math2_const(in, out, operation, c, n, NULL);
}

int akv_relational_const(VipsImage *in, VipsImage **out, VipsOperationRelational operation, const double *c, int n) {
    return vips_relational_const(in, out, operation, c, n, NULL);
}

int akv_maplut(VipsImage *in, VipsImage **out, VipsImage *lut) { return vips_maplut(in, out, lut, NULL); }

int akv_recomb(VipsImage *in, VipsImage **out, VipsImage *matrix) { return vips_recomb(in, out, matrix, NULL); }

int akv_avg(VipsImage *in, double *out) { return vips_avg(in, out, NULL); }

int akv_deviate(VipsImage *in, double *out) { return vips_deviate(in, out, NULL); }

int akv_min(VipsImage *in, double *out) { return vips_min(in, out, NULL); }

int akv_max(VipsImage *in, double *out) { return vips_max(in, out, NULL); }

int akv_gaussblur(VipsImage *in, VipsImage **out, double sigma, int approximate) {
    VipsPrecision precision = approximate ? VIPS_PRECISION_INTEGER : VIPS_PRECISION_FLOAT;
    return vips_gaussblur(in, out, sigma, "precision", precision, NULL);
}

int akv_gaussnoise(VipsImage **out, int width, int height, double mean, double sigma, int seed) {
    return vips_gaussnoise(out, width, height, "mean", mean, "sigma", sigma, "seed", seed, NULL);
}

int akv_black(VipsImage **out, int width, int height, int bands) {
    return vips_black(out, width, height, "bands", bands, NULL);
}

int akv_xyz(VipsImage **out, int width, int height) { return vips_xyz(out, width, height, NULL); }

int akv_text(VipsImage **out, const char *text, const char *font, int width, int dpi) {
    return vips_text(out, text, "font", font, "width", width, "dpi", dpi, NULL);
}

// Built outside libvips' operation cache. A cached draw keeps listening for "invalidate" on the
// image it drew on, and the next draw on that image signals it; in 8.14 another thread trimming the
// cache can free it while that signal is on its way to it (a crash). An uncached draw is gone when
// this returns, on this thread.
int akv_draw_rect(VipsImage *image, const double *ink, int n, int left, int top, int width, int height) {
    VipsOperation *operation = vips_operation_new("draw_rect");
    if (!operation) return -1;
    VipsArrayDouble *array = vips_array_double_new(ink, n);
    const int failed = vips_object_set(VIPS_OBJECT(operation), "image", image, "ink", array, "left", left, "top",
                                       top, "width", width, "height", height, "fill", TRUE, NULL) ||
                       vips_object_build(VIPS_OBJECT(operation));
    vips_area_unref(VIPS_AREA(array));
    vips_object_unref_outputs(VIPS_OBJECT(operation));
    g_object_unref(operation);
    return failed ? -1 : 0;
}
