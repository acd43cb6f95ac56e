#include "AkvSoftness.h"

#include <math.h>
#include <string.h>
#include <vips/vips.h>

#include "AkvHandoff.h"

#include "AkvClones.h"

// The widest mask's half width: libvips' mask reaches 1.8 σ (to amplitude 0.2), and σ ≤ 1000.
#define AKV_SOFTNESS_MAX_HALF 2048

typedef struct {
    VipsImage *in;
    int width, height, bands;
    int half;     // the mask's half width
    float *mask;  // 2 · half + 1 weights
    float scale;  // their sum, which each blur divides by (as libvips' float convolution does)
    float epsilon;
} Softness;

static void softness_free(VipsImage *image, Softness *softness) {
    (void)image;
    akv_tsan_acquire(softness);  // every worker's softness_stop released it
    g_object_unref(softness->in);
    g_free(softness->mask);
    g_free(softness);
}

static inline int clamp(int v, int low, int high) { return v < low ? low : (v > high ? high : v); }

// Eight floats: written out, as clang does not vectorise the blur loops by itself.
typedef float Floats __attribute__((vector_size(32)));
// 256-bit vectors pass only between static functions of this file, never across its interface,
// so clang's warning about their ABI without AVX (-Wpsabi) does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

static inline Floats load(const float *p) {
    Floats v;
    memcpy(&v, p, sizeof v);
    return v;
}

// out[x] = middle · centre[x] + Σₖ weight[k] · (p_k[x] + q_k[x]) / scale for x < width: one
// symmetric blur tap set, over rows or over columns.
static inline void blur_line(float *out, const float *centre, const float *const *p, const float *const *q,
                             const float *weight, int half, float middle, float scale, int width) {
    const Floats zero = {0};
    int x = 0;
    for (; x + 8 <= width; x += 8) {
        Floats sum = (zero + middle) * load(centre + x);
        for (int k = 0; k < half; k++) sum += (zero + weight[k]) * (load(p[k] + x) + load(q[k] + x));
        sum /= zero + scale;
        memcpy(out + x, &sum, sizeof sum);
    }
    for (; x < width; x++) {
        float sum = middle * centre[x];
        for (int k = 0; k < half; k++) sum += weight[k] * (p[k][x] + q[k][x]);
        out[x] = sum / scale;
    }
}

// Horizontal blur of `count` rows of `src` (rows of `src_width` values starting at image column
// `src_left`) at columns `left`…`left + width − 1` into `dst` (rows of `width`); columns outside
// the image take the nearest edge's value. `pad` is scratch for a row and its margins.
AKV_CLONES static void blur_rows(const Softness *s, const float *src, int src_left, int src_width, int count,
                                 int left, int width, float *dst, float *pad) {
    const int half = s->half, taps = 2 * half + 1;
    for (int y = 0; y < count; y++) {
        const float *row = src + (size_t)y * src_width;
        for (int i = 0; i < width + 2 * half; i++) {
            const int x = left - half + i;
            if (x >= 0 && x < s->width && left - half + width + 2 * half <= s->width) {
                memcpy(pad + i, row + (x - src_left), sizeof(float) * (size_t)(width + 2 * half - i));
                break;
            }
            pad[i] = row[clamp(x, 0, s->width - 1) - src_left];
        }
        // The mask is symmetric: each weight multiplies the sum of its two taps.
        const float *p[AKV_SOFTNESS_MAX_HALF], *q[AKV_SOFTNESS_MAX_HALF];
        for (int k = 0; k < half; k++) p[k] = pad + k, q[k] = pad + taps - 1 - k;
        blur_line(dst + (size_t)y * width, pad + half, p, q, s->mask, half, s->mask[half], s->scale, width);
    }
}

// Vertical blur: rows `top`…`top + count − 1` of the image from `src` (rows of `width` values
// starting at image row `src_top`, `src_count` of them) into `dst`; rows outside the image take
// the nearest edge's value.
AKV_CLONES static void blur_columns(const Softness *s, const float *src, int src_top, int src_count, int width, int top,
                                    int count, float *dst) {
    (void)src_count;
    const int half = s->half, taps = 2 * half + 1;
    for (int y = 0; y < count; y++) {
#define AKV_ROW(k) (src + (size_t)(clamp(top + y - half + (k), 0, s->height - 1) - src_top) * width)
        const float *p[AKV_SOFTNESS_MAX_HALF], *q[AKV_SOFTNESS_MAX_HALF];
        for (int k = 0; k < half; k++) p[k] = AKV_ROW(k), q[k] = AKV_ROW(taps - 1 - k);
        blur_line(dst + (size_t)y * width, AKV_ROW(half), p, q, s->mask, half, s->mask[half], s->scale, width);
#undef AKV_ROW
    }
}

AKV_CLONES static int softness_generate(VipsRegion *out_region, void *sequence, void *a, void *b, gboolean *stop) {
    (void)a, (void)stop;
    VipsRegion *in_region = (VipsRegion *)sequence;
    const Softness *s = (const Softness *)b;
    const VipsRect *r = &out_region->valid;
    const int half = s->half, bands = s->bands;
    // a and b are needed `half` around the tile, the mean and variance they come from `half`
    // further: the input within both margins (clipped to the image; beyond it, edges are copied).
    VipsRect ab = {r->left - half, r->top - half, r->width + 2 * half, r->height + 2 * half};
    VipsRect whole = {0, 0, s->width, s->height};
    vips_rect_intersectrect(&ab, &whole, &ab);
    VipsRect need = {ab.left - half, ab.top - half, ab.width + 2 * half, ab.height + 2 * half};
    vips_rect_intersectrect(&need, &whole, &need);
    if (vips_region_prepare(in_region, &need)) return -1;
    akv_pixels_received();

    const size_t in_size = (size_t)need.width * need.height, ab_size = (size_t)ab.width * ab.height;
    float *guide = g_new(float, in_size), *squares = g_new(float, in_size);
    float *across = g_new(float, (size_t)ab.width * need.height), *across2 = g_new(float, (size_t)ab.width * need.height);
    float *mean = g_new(float, ab_size), *mean2 = g_new(float, ab_size);
    float *a_across = g_new(float, (size_t)r->width * ab.height), *b_across = g_new(float, (size_t)r->width * ab.height);
    float *a_blur = g_new(float, (size_t)r->width * r->height), *b_blur = g_new(float, (size_t)r->width * r->height);
    float *pad = g_new(float, (size_t)need.width + 2 * half + 8);
    for (int band = 0; band < bands; band++) {
        for (int y = 0; y < need.height; y++) {
            const float *p = (const float *)VIPS_REGION_ADDR(in_region, need.left, need.top + y) + band;
            float *g = guide + (size_t)y * need.width, *q = squares + (size_t)y * need.width;
            for (int x = 0; x < need.width; x++) {
                const float v = p[(size_t)x * bands];
                g[x] = v;
                q[x] = v * v;
            }
        }
        blur_rows(s, guide, need.left, need.width, need.height, ab.left, ab.width, across, pad);
        blur_rows(s, squares, need.left, need.width, need.height, ab.left, ab.width, across2, pad);
        blur_columns(s, across, need.top, need.height, ab.width, ab.top, ab.height, mean);
        blur_columns(s, across2, need.top, need.height, ab.width, ab.top, ab.height, mean2);
        // mean becomes b and mean2 becomes a, in place.
        for (size_t i = 0; i < ab_size; i++) {
            const float m = mean[i];
            const float variance = mean2[i] - m * m;
            const float weight = variance / (variance + s->epsilon);
            mean2[i] = weight;
            mean[i] = m - weight * m;
        }
        blur_rows(s, mean2, ab.left, ab.width, ab.height, r->left, r->width, a_across, pad);
        blur_rows(s, mean, ab.left, ab.width, ab.height, r->left, r->width, b_across, pad);
        blur_columns(s, a_across, ab.top, ab.height, r->width, r->top, r->height, a_blur);
        blur_columns(s, b_across, ab.top, ab.height, r->width, r->top, r->height, b_blur);
        for (int y = 0; y < r->height; y++) {
            float *out = (float *)VIPS_REGION_ADDR(out_region, r->left, r->top + y) + band;
            const float *g = guide + (size_t)(r->top + y - need.top) * need.width + (r->left - need.left);
            const float *wa = a_blur + (size_t)y * r->width, *wb = b_blur + (size_t)y * r->width;
            for (int x = 0; x < r->width; x++) out[(size_t)x * bands] = wa[x] * g[x] + wb[x];
        }
    }
    g_free(guide), g_free(squares), g_free(across), g_free(across2), g_free(mean), g_free(mean2);
    g_free(a_across), g_free(b_across), g_free(a_blur), g_free(b_blur), g_free(pad);
    akv_pixels_published();
    return 0;
}

static void *softness_start(VipsImage *out, void *a, void *b) {
    akv_tsan_acquire(b);  // built by akv_softness on another thread
    return vips_start_one(out, a, b);
}

static int softness_stop(void *sequence, void *a, void *b) {
    akv_tsan_release(b);  // before softness_free, on the thread that closes the image
    return vips_stop_one(sequence, a, b);
}

int akv_softness(VipsImage *in, VipsImage **out, double sigma, double epsilon) {
    if (in->BandFmt != VIPS_FORMAT_FLOAT || in->Bands < 1) {
        vips_error("akv_softness", "%s", "needs a float image");
        return -1;
    }
    if (!(sigma >= 0.5 && sigma <= 1000) || !(epsilon > 0) || !isfinite(epsilon)) {
        vips_error("akv_softness", "%s", "sigma must be 0.5…1000 and epsilon positive");
        return -1;
    }
    VipsImage *matrix;
    if (vips_gaussmat(&matrix, sigma, 0.2, "separable", TRUE, "precision", VIPS_PRECISION_FLOAT, NULL)) return -1;
    if (vips_image_wio_input(matrix) || matrix->BandFmt != VIPS_FORMAT_DOUBLE || matrix->Bands != 1) {
        vips_error("akv_softness", "%s", "no Gaussian mask");
        g_object_unref(matrix);
        return -1;
    }
    // A separable mask is one row (or one column) of weights.
    const int taps = matrix->Xsize > matrix->Ysize ? matrix->Xsize : matrix->Ysize;
    if (taps / 2 >= AKV_SOFTNESS_MAX_HALF) {
        vips_error("akv_softness", "%s", "the Gaussian mask is too wide");
        g_object_unref(matrix);
        return -1;
    }
    Softness *softness = g_new0(Softness, 1);
    softness->half = taps / 2;
    softness->mask = g_new(float, taps);
    for (int k = 0; k < taps; k++) {
        softness->mask[k] = (float)*VIPS_MATRIX(matrix, matrix->Xsize > 1 ? k : 0, matrix->Xsize > 1 ? 0 : k);
    }
    softness->scale = (float)vips_image_get_scale(matrix);
    g_object_unref(matrix);
    softness->width = in->Xsize;
    softness->height = in->Ysize;
    softness->bands = in->Bands;
    softness->epsilon = (float)epsilon;
    softness->in = in;
    g_object_ref(in);
    *out = vips_image_new();
    if (vips_image_pipelinev(*out, VIPS_DEMAND_STYLE_SMALLTILE, in, NULL)) {
        softness_free(NULL, softness);
        g_object_unref(*out);
        *out = NULL;
        return -1;
    }
    g_signal_connect(*out, "close", G_CALLBACK(softness_free), softness);
    akv_tsan_release(softness);
    if (vips_image_generate(*out, softness_start, softness_generate, softness_stop, in, softness)) {
        g_object_unref(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}
