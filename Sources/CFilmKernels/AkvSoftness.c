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
    int full_width, full_height, bands;  // the image
    int uchar;           // 8-bit samples in and out, otherwise float
    int factor;          // each mean is taken over cells of factor × factor pixels
    int width, height;   // the grid of cells the blurs run on (the image itself when factor is 1)
    int half;     // the mask's half width, in cells
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

// The two cells a pixel's a and b are interpolated between along one axis, and the second's
// weight: the pixel's centre in cell coordinates (cell i's centre is at pixel factor · i +
// (factor − 1) / 2), clamped to the grid. With factor 1 a pixel is its own cell, weight 0.
static inline void cell_pair(int x, int factor, int cells, int *first, int *second, float *weight) {
    float u = (x + 0.5f) / (float)factor - 0.5f;
    u = u < 0 ? 0 : (u > (float)(cells - 1) ? (float)(cells - 1) : u);
    *first = (int)u;
    *second = *first + 1 < cells ? *first + 1 : *first;
    *weight = u - (float)*first;
}

// Sample `i` of a region's row, 8-bit or float.
static inline float sample(const VipsPel *row, int bytes, size_t i) {
    if (bytes == 1) return row[i];
    float v;
    memcpy(&v, row + 4 * i, sizeof v);
    return v;
}

AKV_CLONES static int softness_generate(VipsRegion *out_region, void *sequence, void *a, void *b, gboolean *stop) {
    (void)a, (void)stop;
    VipsRegion *in_region = (VipsRegion *)sequence;
    const Softness *s = (const Softness *)b;
    const VipsRect *r = &out_region->valid;
    const int half = s->half, bands = s->bands, f = s->factor, bytes = s->uchar ? 1 : 4;
    // The cells the tile's pixels are interpolated between; a and b are needed `half` cells
    // around them, the mean and variance they come from `half` further: the cells within both
    // margins (clipped to the grid; beyond it, edges are copied), and the pixels of those cells.
    int first, second, last;
    float t;
    cell_pair(r->left, f, s->width, &first, &second, &t);
    cell_pair(r->left + r->width - 1, f, s->width, &second, &last, &t);
    VipsRect cells = {first, 0, last - first + 1, 0};
    cell_pair(r->top, f, s->height, &first, &second, &t);
    cell_pair(r->top + r->height - 1, f, s->height, &second, &last, &t);
    cells.top = first, cells.height = last - first + 1;
    VipsRect ab = {cells.left - half, cells.top - half, cells.width + 2 * half, cells.height + 2 * half};
    VipsRect grid = {0, 0, s->width, s->height};
    vips_rect_intersectrect(&ab, &grid, &ab);
    VipsRect need = {ab.left - half, ab.top - half, ab.width + 2 * half, ab.height + 2 * half};
    vips_rect_intersectrect(&need, &grid, &need);
    VipsRect pixels = {need.left * f, need.top * f, need.width * f, need.height * f};
    VipsRect image = {0, 0, s->full_width, s->full_height};
    vips_rect_intersectrect(&pixels, &image, &pixels);
    vips_rect_unionrect(&pixels, r, &pixels);
    if (vips_region_prepare(in_region, &pixels)) return -1;
    akv_pixels_received();

    const size_t need_size = (size_t)need.width * need.height, ab_size = (size_t)ab.width * ab.height;
    const size_t cells_size = (size_t)cells.width * cells.height, tile_size = (size_t)r->width * r->height;
    // Per band: each cell's mean value and mean square (over its pixels inside the image).
    float *guide = g_new0(float, need_size * bands), *squares = g_new0(float, need_size * bands);
    float *across = g_new(float, (size_t)ab.width * need.height), *across2 = g_new(float, (size_t)ab.width * need.height);
    float *mean = g_new(float, ab_size), *mean2 = g_new(float, ab_size);
    float *a_across = g_new(float, (size_t)cells.width * ab.height), *b_across = g_new(float, (size_t)cells.width * ab.height);
    float *a_blur = g_new(float, cells_size), *b_blur = g_new(float, cells_size);
    float *pad = g_new(float, (size_t)need.width + 2 * half + 8);
    // Per band, a and b at each pixel of the tile.
    float *a_tile = g_new(float, tile_size * bands), *b_tile = g_new(float, tile_size * bands);
    // Per column of the tile: its two cells (from cells.left) and the second's weight.
    int *column_a = g_new(int, r->width), *column_b = g_new(int, r->width);
    float *column_t = g_new(float, r->width);
    float *a_row = g_new(float, cells.width), *b_row = g_new(float, cells.width);
    for (int x = 0; x < r->width; x++) {
        cell_pair(r->left + x, f, s->width, column_a + x, column_b + x, column_t + x);
        column_a[x] -= cells.left, column_b[x] -= cells.left;
    }
    const int right = VIPS_MIN((need.left + need.width) * f, s->full_width) - need.left * f;
    // One band of a pixel row, and the cells' row sums (of values and of squares).
    float *line = g_new(float, (size_t)need.width * f), *line2 = g_new(float, (size_t)need.width * f);
    for (int y = 0; y < need.height; y++) {
        const int top = (need.top + y) * f, bottom = VIPS_MIN(top + f, s->full_height);
        for (int band = 0; band < bands; band++) {
            float *g = guide + need_size * band + (size_t)y * need.width;
            float *q = squares + need_size * band + (size_t)y * need.width;
            for (int py = top; py < bottom; py++) {
                const VipsPel *p = VIPS_REGION_ADDR(in_region, need.left * f, py);
                if (bytes == 1) {
                    for (int x = 0; x < right; x++) line[x] = p[(size_t)x * bands + band];
                } else {
                    for (int x = 0; x < right; x++) memcpy(line + x, p + 4 * ((size_t)x * bands + band), 4);
                }
                for (int x = right; x < need.width * f; x++) line[x] = 0;
                for (int x = 0; x < need.width * f; x++) line2[x] = line[x] * line[x];
                if (f == 1) {
                    for (int x = 0; x < need.width; x++) g[x] += line[x], q[x] += line2[x];
                } else if (f == 2) {
                    for (int x = 0; x < need.width; x++) {
                        g[x] += line[2 * x] + line[2 * x + 1];
                        q[x] += line2[2 * x] + line2[2 * x + 1];
                    }
                } else {
                    for (int x = 0; x < need.width; x++) {
                        for (int k = 0; k < f; k++) g[x] += line[f * x + k], q[x] += line2[f * x + k];
                    }
                }
            }
            if (f == 1) continue;
            for (int x = 0; x < need.width; x++) {
                const int width = VIPS_MIN(f, right - x * f);
                const float count = (float)((bottom - top) * width);
                g[x] /= count;
                q[x] /= count;
            }
        }
    }
    g_free(line), g_free(line2);
    for (int band = 0; band < bands; band++) {
        blur_rows(s, guide + need_size * band, need.left, need.width, need.height, ab.left, ab.width, across, pad);
        blur_rows(s, squares + need_size * band, need.left, need.width, need.height, ab.left, ab.width, across2, pad);
        blur_columns(s, across, need.top, need.height, ab.width, ab.top, ab.height, mean);
        blur_columns(s, across2, need.top, need.height, ab.width, ab.top, ab.height, mean2);
        // mean becomes b and mean2 becomes a, in place.
        for (size_t i = 0; i < ab_size; i++) {
            const float m = mean[i];
            // Not below 0 (float rounding of a flat area's mean square), so the weight stays 0…1.
            const float variance = fmaxf(mean2[i] - m * m, 0);
            const float weight = variance / (variance + s->epsilon);
            mean2[i] = weight;
            mean[i] = m - weight * m;
        }
        blur_rows(s, mean2, ab.left, ab.width, ab.height, cells.left, cells.width, a_across, pad);
        blur_rows(s, mean, ab.left, ab.width, ab.height, cells.left, cells.width, b_across, pad);
        blur_columns(s, a_across, ab.top, ab.height, cells.width, cells.top, cells.height, a_blur);
        blur_columns(s, b_across, ab.top, ab.height, cells.width, cells.top, cells.height, b_blur);
        for (int y = 0; y < r->height; y++) {
            int upper, lower;
            float down;
            cell_pair(r->top + y, f, s->height, &upper, &lower, &down);
            const float *a0 = a_blur + (size_t)(upper - cells.top) * cells.width;
            const float *a1 = a_blur + (size_t)(lower - cells.top) * cells.width;
            const float *b0 = b_blur + (size_t)(upper - cells.top) * cells.width;
            const float *b1 = b_blur + (size_t)(lower - cells.top) * cells.width;
            for (int x = 0; x < cells.width; x++) {
                a_row[x] = a0[x] + (a1[x] - a0[x]) * down;
                b_row[x] = b0[x] + (b1[x] - b0[x]) * down;
            }
            float *wa = a_tile + tile_size * band + (size_t)y * r->width;
            float *wb = b_tile + tile_size * band + (size_t)y * r->width;
            for (int x = 0; x < r->width; x++) {
                const float ca = a_row[column_a[x]], cb = b_row[column_a[x]];
                wa[x] = ca + (a_row[column_b[x]] - ca) * column_t[x];
                wb[x] = cb + (b_row[column_b[x]] - cb) * column_t[x];
            }
        }
    }
    // out = a · I + b, interleaved; 8-bit output rounded to the nearest level and clipped.
    float *values = g_new(float, (size_t)r->width * bands);
    for (int y = 0; y < r->height; y++) {
        const VipsPel *g = VIPS_REGION_ADDR(in_region, r->left, r->top + y);
        VipsPel *out = VIPS_REGION_ADDR(out_region, r->left, r->top + y);
        const size_t count = (size_t)r->width * bands;
        if (bytes == 1) {
            for (size_t i = 0; i < count; i++) values[i] = g[i];
        } else {
            memcpy(values, g, sizeof(float) * count);
        }
        for (int band = 0; band < bands; band++) {
            const float *wa = a_tile + tile_size * band + (size_t)y * r->width;
            const float *wb = b_tile + tile_size * band + (size_t)y * r->width;
            for (int x = 0; x < r->width; x++) {
                const size_t i = (size_t)x * bands + band;
                values[i] = wa[x] * values[i] + wb[x];
            }
        }
        if (bytes == 1) {
            for (size_t i = 0; i < count; i++) {
                const float v = values[i] + 0.5f;
                out[i] = (VipsPel)(int)(v < 0 ? 0 : (v > 255 ? 255 : v));
            }
        } else {
            memcpy(out, values, sizeof(float) * count);
        }
    }
    g_free(values);
    g_free(guide), g_free(squares), g_free(across), g_free(across2), g_free(mean), g_free(mean2);
    g_free(a_across), g_free(b_across), g_free(a_blur), g_free(b_blur), g_free(pad), g_free(a_tile), g_free(b_tile);
    g_free(column_a), g_free(column_b), g_free(column_t), g_free(a_row), g_free(b_row);
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

int akv_softness(VipsImage *in, VipsImage **out, double sigma, double epsilon, int factor) {
    if ((in->BandFmt != VIPS_FORMAT_FLOAT && in->BandFmt != VIPS_FORMAT_UCHAR) || in->Bands < 1) {
        vips_error("akv_softness", "%s", "needs an 8-bit or float image");
        return -1;
    }
    if (!(sigma >= 0.5 && sigma <= 1000) || !(epsilon > 0) || !isfinite(epsilon) || factor < 1 || factor > 16) {
        vips_error("akv_softness", "%s", "sigma must be 0.5…1000, epsilon positive and factor 1…16");
        return -1;
    }
    // On the grid of cells: the cell's own width (a box of variance (f² − 1) / 12 pixels²) taken
    // out of the Gaussian's variance, the rest in cells.
    const double cell_sigma =
        factor == 1 ? sigma : sqrt(fmax(sigma * sigma - (factor * factor - 1) / 12.0, 0.25)) / factor;
    VipsImage *matrix;
    if (vips_gaussmat(&matrix, cell_sigma, 0.2, "separable", TRUE, "precision", VIPS_PRECISION_FLOAT, NULL)) return -1;
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
    softness->full_width = in->Xsize;
    softness->full_height = in->Ysize;
    softness->factor = factor;
    softness->uchar = in->BandFmt == VIPS_FORMAT_UCHAR;
    softness->width = (in->Xsize + factor - 1) / factor;
    softness->height = (in->Ysize + factor - 1) / factor;
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
