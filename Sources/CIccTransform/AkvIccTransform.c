// An ICC conversion from an image's own profile to the working space, without libvips' float
// L*a*b* round trip.
//
// Measured on a 24 MP Display P3 JPEG: libvips' icc_transform costs about 13 ns a pixel, and
// LittleCMS's own 8-bit transform between the two profiles about 20. Nearly every photo's
// profile is a matrix/TRC one (sRGB, Display P3, Adobe RGB, ProPhoto, Rec. 2020, the camera and
// phone profiles), and between two of those the conversion is three tone curves, a 3 × 3 matrix
// and three inverse curves. LittleCMS reads the profiles and evaluates those curves once into
// tables (the colorants, curves and relative colorimetric intent its own transform uses); a
// pixel then costs three table rows added, a clamp and three table reads. Any other profile (a
// LUT-based one, grey, CMYK) goes through LittleCMS's transform as it is.
#include "AkvClones.h"
#include "AkvIccTransform.h"
#include "AkvOperation.h"

#include <lcms2.h>
#include <math.h>
#include <stdint.h>

/// The output curves are tabulated at this many steps of the square root of linear light: fine
/// where the curves are steep (near black), the tables small enough to stay in the L1 cache
/// (three 4 KB tables for 8-bit output; a 65536-step linear table, tried first, spent most of
/// the kernel's time on cache misses). Against LittleCMS's own double-precision transform an
/// 8-bit result is off by at most 0.1 of a code before rounding, a 16-bit one by 0.1 of an 8-bit
/// code's worth.
enum { OUTPUT_STEPS = 4096 };

typedef float akv_float4 __attribute__((vector_size(16)));
typedef int akv_int4 __attribute__((vector_size(16)));

typedef struct {
    /// For 8-bit input: per channel and level, that level's linear light times the matrix's
    /// column for the channel, so that a pixel's linear light in the target is the sum of three
    /// rows.
    akv_float4 columns[3][256];
    /// For 16-bit input: the input tone curves, per channel, 65536 entries each, linear 0…1.
    float *input[3];
    /// Linear light of the source primaries to linear light of the target's.
    float matrix[3][3];
    /// The target's inverse curves at OUTPUT_STEPS steps of √linear, per channel, 8- or 16-bit.
    void *output[3];
} Shaper;

typedef struct {
    cmsHTRANSFORM transform;
    Shaper *shaper;
    int in_bytes;
    int out_bytes;
} Conversion;

static void shaper_free(Shaper *shaper) {
    if (!shaper) return;
    for (int channel = 0; channel < 3; channel++) {
        g_free(shaper->input[channel]);
        g_free(shaper->output[channel]);
    }
    g_free(shaper);
}

static void conversion_free(void *state) {
    Conversion *conversion = state;
    if (conversion->transform) cmsDeleteTransform(conversion->transform);
    shaper_free(conversion->shaper);
    g_free(conversion);
}

/// Three bands of 8- or 16-bit RGB.
static void conversion_describe(VipsImage *out, const void *state) {
    const Conversion *conversion = state;
    out->Bands = 3;
    out->BandFmt = conversion->out_bytes == 2 ? VIPS_FORMAT_USHORT : VIPS_FORMAT_UCHAR;
    out->Type = conversion->out_bytes == 2 ? VIPS_INTERPRETATION_RGB16 : VIPS_INTERPRETATION_sRGB;
}

/// Whether `profile` converts through its colorants and tone curves (no A2B/B2A tables) in
/// `direction`.
static int is_rgb_matrix_shaper(cmsHPROFILE profile, cmsUInt32Number direction) {
    return cmsGetColorSpace(profile) == cmsSigRgbData && cmsIsMatrixShaper(profile) &&
           !cmsIsCLUT(profile, INTENT_RELATIVE_COLORIMETRIC, direction);
}

/// The colorants of `profile` as the columns of a matrix (linear RGB to XYZ D50), or 0.
static int colorants(cmsHPROFILE profile, double matrix[3][3]) {
    const cmsTagSignature tags[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
    for (int column = 0; column < 3; column++) {
        const cmsCIEXYZ *xyz = cmsReadTag(profile, tags[column]);
        if (!xyz) return 0;
        matrix[0][column] = xyz->X;
        matrix[1][column] = xyz->Y;
        matrix[2][column] = xyz->Z;
    }
    return 1;
}

static int invert(double m[3][3], double out[3][3]) {
    double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                 m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if (!isfinite(det) || fabs(det) < 1e-9) return 0;
    out[0][0] = (m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det;
    out[0][1] = (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det;
    out[0][2] = (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det;
    out[1][0] = (m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det;
    out[1][1] = (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det;
    out[1][2] = (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det;
    out[2][0] = (m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det;
    out[2][1] = (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det;
    out[2][2] = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det;
    for (int row = 0; row < 3; row++) {
        for (int column = 0; column < 3; column++) {
            if (!isfinite(out[row][column])) return 0;
        }
    }
    return 1;
}

/// The inverse of `curve` sampled at OUTPUT_STEPS steps of √linear, as `bytes`-byte codes.
static void *output_table(const cmsToneCurve *curve, int bytes) {
    cmsToneCurve *reversed = cmsReverseToneCurve(curve);
    if (!reversed) return NULL;
    void *table = g_malloc((size_t)OUTPUT_STEPS * bytes);
    float scale = bytes == 2 ? 65535.0f : 255.0f;
    for (int step = 0; step < OUTPUT_STEPS; step++) {
        float root = (float)step / (OUTPUT_STEPS - 1);
        float value = cmsEvalToneCurveFloat(reversed, root * root);
        value = value > 0.0f ? (value < 1.0f ? value : 1.0f) : 0.0f;  // also NaN
        long code = lrintf(value * scale);
        if (bytes == 2) ((uint16_t *)table)[step] = (uint16_t)code;
        else ((uint8_t *)table)[step] = (uint8_t)code;
    }
    cmsFreeToneCurve(reversed);
    return table;
}

/// The tables of a conversion between two RGB matrix/TRC profiles, or NULL if either is not one.
static Shaper *shaper_new(cmsHPROFILE from, cmsHPROFILE to, int in_bytes, int out_bytes) {
    if (!is_rgb_matrix_shaper(from, LCMS_USED_AS_INPUT) || !is_rgb_matrix_shaper(to, LCMS_USED_AS_OUTPUT)) return NULL;
    double source[3][3], target[3][3], inverse[3][3];
    if (!colorants(from, source) || !colorants(to, target) || !invert(target, inverse)) return NULL;
    const cmsTagSignature curves[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    Shaper *shaper = g_new0(Shaper, 1);
    for (int row = 0; row < 3; row++) {
        for (int column = 0; column < 3; column++) {
            double sum = 0;
            for (int k = 0; k < 3; k++) sum += inverse[row][k] * source[k][column];
            shaper->matrix[row][column] = (float)sum;
        }
    }
    for (int channel = 0; channel < 3; channel++) {
        const cmsToneCurve *in_curve = cmsReadTag(from, curves[channel]);
        const cmsToneCurve *out_curve = cmsReadTag(to, curves[channel]);
        shaper->output[channel] = out_curve ? output_table(out_curve, out_bytes) : NULL;
        if (!in_curve || !shaper->output[channel]) {
            shaper_free(shaper);
            return NULL;
        }
        if (in_bytes == 1) {
            for (int level = 0; level < 256; level++) {
                float linear = cmsEvalToneCurveFloat(in_curve, (cmsFloat32Number)level / 255.0f);
                akv_float4 column = {shaper->matrix[0][channel] * linear, shaper->matrix[1][channel] * linear,
                                     shaper->matrix[2][channel] * linear, 0};
                shaper->columns[channel][level] = column;
            }
        } else {
            float *input = g_new(float, 65536);
            for (int level = 0; level < 65536; level++) {
                input[level] = cmsEvalToneCurveFloat(in_curve, (cmsFloat32Number)level / 65535.0f);
            }
            shaper->input[channel] = input;
        }
    }
    return shaper;
}

/// Linear light to output table indices: clipped to 0…1 (branch-free maxps/minps; a NaN cannot
/// arise from finite tables and matrix), square root, rounded to the nearest step.
static inline akv_int4 output_indices(akv_float4 linear) {
    const akv_float4 zero = {0, 0, 0, 0}, one = {1, 1, 1, 1};
    linear = __builtin_elementwise_min(__builtin_elementwise_max(linear, zero), one);
    return __builtin_convertvector(__builtin_elementwise_sqrt(linear) * (float)(OUTPUT_STEPS - 1) + 0.5f, akv_int4);
}

#define SHAPER_LINE_8(OUT_TYPE)                                                                                     \
    do {                                                                                                            \
        const uint8_t *restrict p = source;                                                                         \
        OUT_TYPE *restrict q = destination;                                                                         \
        const OUT_TYPE *restrict o0 = shaper->output[0], *restrict o1 = shaper->output[1],                          \
                                 *restrict o2 = shaper->output[2];                                                  \
        for (int x = 0; x < width; x++) {                                                                           \
            akv_int4 index = output_indices(shaper->columns[0][p[3 * x]] + shaper->columns[1][p[3 * x + 1]] +        \
                                            shaper->columns[2][p[3 * x + 2]]);                                      \
            q[3 * x] = o0[index[0]];                                                                                \
            q[3 * x + 1] = o1[index[1]];                                                                            \
            q[3 * x + 2] = o2[index[2]];                                                                            \
        }                                                                                                           \
    } while (0)

#define SHAPER_LINE_16(OUT_TYPE)                                                                                    \
    do {                                                                                                            \
        const uint16_t *restrict p = source;                                                                        \
        OUT_TYPE *restrict q = destination;                                                                         \
        const OUT_TYPE *restrict o0 = shaper->output[0], *restrict o1 = shaper->output[1],                          \
                                 *restrict o2 = shaper->output[2];                                                  \
        const float *restrict i0 = shaper->input[0], *restrict i1 = shaper->input[1], *restrict i2 = shaper->input[2]; \
        for (int x = 0; x < width; x++) {                                                                           \
            akv_float4 linear = {i0[p[3 * x]], i1[p[3 * x + 1]], i2[p[3 * x + 2]], 0};                              \
            akv_int4 index = output_indices(m0 * linear[0] + m1 * linear[1] + m2 * linear[2]);                      \
            q[3 * x] = o0[index[0]];                                                                                \
            q[3 * x + 1] = o1[index[1]];                                                                            \
            q[3 * x + 2] = o2[index[2]];                                                                            \
        }                                                                                                           \
    } while (0)

AKV_CLONES
static void shaper_line(const Shaper *restrict shaper, const void *restrict source, void *restrict destination,
                        int width, int in_bytes, int out_bytes) {
    if (in_bytes == 1) {
        if (out_bytes == 1) SHAPER_LINE_8(uint8_t);
        else SHAPER_LINE_8(uint16_t);
        return;
    }
    // The matrix's columns, as vectors.
    const akv_float4 m0 = {shaper->matrix[0][0], shaper->matrix[1][0], shaper->matrix[2][0], 0};
    const akv_float4 m1 = {shaper->matrix[0][1], shaper->matrix[1][1], shaper->matrix[2][1], 0};
    const akv_float4 m2 = {shaper->matrix[0][2], shaper->matrix[1][2], shaper->matrix[2][2], 0};
    if (out_bytes == 1) SHAPER_LINE_16(uint8_t);
    else SHAPER_LINE_16(uint16_t);
}

static void conversion_line(const void *state, const VipsPel *source, VipsPel *destination, int width) {
    const Conversion *conversion = state;
    if (conversion->shaper) {
        shaper_line(conversion->shaper, source, destination, width, conversion->in_bytes, conversion->out_bytes);
    } else {
        cmsDoTransform(conversion->transform, source, destination, (cmsUInt32Number)width);
    }
}

/// The LittleCMS pixel format of `bands` samples of `bytes` bytes in colour space `space`, or 0.
static cmsUInt32Number pixel_format(cmsColorSpaceSignature space, int bands, int bytes) {
    switch (space) {
    case cmsSigRgbData:
        return bands == 3 ? (COLORSPACE_SH(PT_RGB) | CHANNELS_SH(3) | BYTES_SH(bytes)) : 0;
    case cmsSigGrayData:
        return bands == 1 ? (COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(bytes)) : 0;
    case cmsSigCmykData:
        return bands == 4 ? (COLORSPACE_SH(PT_CMYK) | CHANNELS_SH(4) | BYTES_SH(bytes)) : 0;
    default:
        return 0;
    }
}

int akv_lcms_transform(VipsImage *in, VipsImage **out, const void *source, size_t source_length,
                       const void *target, size_t target_length, int depth) {
    static const char *domain = "akv_lcms_transform";
    if (in->BandFmt != VIPS_FORMAT_UCHAR && in->BandFmt != VIPS_FORMAT_USHORT) {
        vips_error(domain, "%s", "the samples are neither 8- nor 16-bit");
        return -1;
    }
    if (depth != 8 && depth != 16) {
        vips_error(domain, "%s", "the depth is neither 8 nor 16");
        return -1;
    }
    if (!source || !target || source_length > UINT32_MAX || target_length > UINT32_MAX) {
        vips_error(domain, "%s", "no usable profile");
        return -1;
    }
    int in_bytes = in->BandFmt == VIPS_FORMAT_USHORT ? 2 : 1, out_bytes = depth / 8;
    cmsHPROFILE from = cmsOpenProfileFromMem(source, (cmsUInt32Number)source_length);
    cmsHPROFILE to = cmsOpenProfileFromMem(target, (cmsUInt32Number)target_length);
    cmsUInt32Number in_format = from ? pixel_format(cmsGetColorSpace(from), in->Bands, in_bytes) : 0;
    cmsUInt32Number out_format = to ? pixel_format(cmsGetColorSpace(to), 3, out_bytes) : 0;
    Shaper *shaper = NULL;
    cmsHTRANSFORM transform = NULL;
    if (in_format && out_format) {
        shaper = shaper_new(from, to, in_bytes, out_bytes);
        if (!shaper) {
            transform =
                cmsCreateTransform(from, in_format, to, out_format, INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_NOCACHE);
        }
    }
    if (from) cmsCloseProfile(from);
    if (to) cmsCloseProfile(to);
    if (!shaper && !transform) {
        vips_error(domain, "%s",
                   !from || !to  ? "LittleCMS cannot read the profile"
                   : !in_format  ? "the profile does not describe the pixels"
                   : !out_format ? "the target profile is not RGB"
                                 : "LittleCMS cannot convert between the profiles");
        return -1;
    }
    Conversion *conversion = g_new0(Conversion, 1);
    conversion->transform = transform;
    conversion->shaper = shaper;
    conversion->in_bytes = in_bytes;
    conversion->out_bytes = out_bytes;
    const AkvOperation operation = {
        .style = VIPS_DEMAND_STYLE_THINSTRIP, .describe = conversion_describe, .free = conversion_free};
    return akv_line_operation_new(in, out, &operation, conversion_line, conversion);
}
