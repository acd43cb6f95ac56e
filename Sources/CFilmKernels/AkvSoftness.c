#include "AkvSoftness.h"

#include <math.h>
#include <string.h>
#include <vips/vips.h>

#include "AkvOperation.h"

#include "AkvClones.h"

// The widest mask's half width: libvips' mask reaches 1.8 σ (to amplitude 0.2), and σ ≤ 1000.
#define AKV_SOFTNESS_MAX_HALF 2048

typedef struct {
    int full_width, full_height, bands;  // the image
    int uchar;           // 8-bit samples in and out, otherwise float
    int factor;          // each mean is taken over cells of factor × factor pixels
    int width, height;   // the grid of cells the blurs run on (the image itself when factor is 1)
    int half;     // the mask's half width, in cells
    float *mask;  // 2 · half + 1 weights
    float scale;  // their sum, which each blur divides by (as libvips' float convolution does)
    float epsilon;
} Softness;

static void softness_free(void *state) {
    Softness *softness = state;
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

// out[i] = middle · centre[i] + Σₖ weight[k] · (p_k[i] + q_k[i]) / scale for i < count: one
// symmetric blur tap set, over rows or over columns.
static inline void blur_line(float *out, const float *centre, const float *const *p, const float *const *q,
                             const float *weight, int half, float middle, float scale, int count) {
    const Floats zero = {0};
    int i = 0;
    for (; i + 8 <= count; i += 8) {
        Floats sum = (zero + middle) * load(centre + i);
        for (int k = 0; k < half; k++) sum += (zero + weight[k]) * (load(p[k] + i) + load(q[k] + i));
        sum /= zero + scale;
        memcpy(out + i, &sum, sizeof sum);
    }
    for (; i < count; i++) {
        float sum = middle * centre[i];
        for (int k = 0; k < half; k++) sum += weight[k] * (p[k][i] + q[k][i]);
        out[i] = sum / scale;
    }
}

// Every array below holds the bands of each cell (or pixel) together, as the image does, so each
// loop runs over one contiguous row of cells × bands values.

// Horizontal blur of `count` rows of `src` (rows of `src_width` cells starting at grid column
// `src_left`) at columns `left`…`left + width − 1` into `dst` (rows of `width` cells); columns
// outside the grid take the nearest edge's value. `pad` is scratch for a row and its margins.
AKV_CLONES static void blur_rows(const Softness *s, const float *src, int src_left, int src_width, int count,
                                 int left, int width, float *dst, float *pad) {
    const int half = s->half, taps = 2 * half + 1, bands = s->bands;
    const size_t cell = sizeof(float) * (size_t)bands;
    for (int y = 0; y < count; y++) {
        const float *row = src + (size_t)y * src_width * bands;
        for (int i = 0; i < width + 2 * half; i++) {
            const int x = left - half + i;
            if (x >= 0 && x < s->width && left - half + width + 2 * half <= s->width) {
                memcpy(pad + (size_t)i * bands, row + (size_t)(x - src_left) * bands,
                       cell * (size_t)(width + 2 * half - i));
                break;
            }
            memcpy(pad + (size_t)i * bands, row + (size_t)(clamp(x, 0, s->width - 1) - src_left) * bands, cell);
        }
        // The mask is symmetric: each weight multiplies the sum of its two taps.
        const float *p[AKV_SOFTNESS_MAX_HALF], *q[AKV_SOFTNESS_MAX_HALF];
        for (int k = 0; k < half; k++) p[k] = pad + (size_t)k * bands, q[k] = pad + (size_t)(taps - 1 - k) * bands;
        blur_line(dst + (size_t)y * width * bands, pad + (size_t)half * bands, p, q, s->mask, half, s->mask[half],
                  s->scale, width * bands);
    }
}

// Vertical blur: rows `top`…`top + count − 1` of the grid from `src` (rows of `width` cells
// starting at grid row `src_top`) into `dst`; rows outside the grid take the nearest edge's value.
AKV_CLONES static void blur_columns(const Softness *s, const float *src, int src_top, int width, int top, int count,
                                    float *dst) {
    const int half = s->half, taps = 2 * half + 1;
    const size_t stride = (size_t)width * s->bands;
    for (int y = 0; y < count; y++) {
#define AKV_ROW(k) (src + (size_t)(clamp(top + y - half + (k), 0, s->height - 1) - src_top) * stride)
        const float *p[AKV_SOFTNESS_MAX_HALF], *q[AKV_SOFTNESS_MAX_HALF];
        for (int k = 0; k < half; k++) p[k] = AKV_ROW(k), q[k] = AKV_ROW(taps - 1 - k);
        blur_line(dst + (size_t)y * stride, AKV_ROW(half), p, q, s->mask, half, s->mask[half], s->scale,
                  (int)stride);
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

// `count` samples of a region's row as floats, 8-bit or float.
static inline void samples(const VipsPel *row, int bytes, float *out, size_t count) {
    if (bytes == 1) {
        for (size_t i = 0; i < count; i++) out[i] = row[i];
    } else {
        memcpy(out, row, sizeof(float) * count);
    }
}

// Each cell's sums from its columns' sums (`column`, `column2`: f pixels of `bands` samples a
// cell): g[x · bands + b] = Σₖ column[(f · x + k) · bands + b], and q the same of `column2`.
static inline void sum_cells(float *restrict g, float *restrict q, const float *restrict column,
                             const float *restrict column2, int cells, int f, int bands) {
    if (f == 2 && bands == 3) {
        for (int x = 0; x < cells; x++) {
            for (int b = 0; b < 3; b++) {
                g[3 * x + b] = column[6 * x + b] + column[6 * x + 3 + b];
                q[3 * x + b] = column2[6 * x + b] + column2[6 * x + 3 + b];
            }
        }
        return;
    }
    for (int x = 0; x < cells; x++) {
        for (int b = 0; b < bands; b++) {
            float sum = 0, sum2 = 0;
            for (int k = 0; k < f; k++) sum += column[(f * x + k) * bands + b], sum2 += column2[(f * x + k) * bands + b];
            g[x * bands + b] = sum, q[x * bands + b] = sum2;
        }
    }
}

AKV_CLONES static int softness_generate(VipsRegion *out_region, VipsRegion *in_region, const void *state) {
    const Softness *s = (const Softness *)state;
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
    if (akv_operation_prepare(in_region, &pixels)) return -1;

    const size_t need_size = (size_t)need.width * need.height * bands, ab_size = (size_t)ab.width * ab.height * bands;
    const size_t cells_size = (size_t)cells.width * cells.height * bands;
    // Each cell's mean value and mean square (over its pixels inside the image).
    float *guide = g_new0(float, need_size), *squares = g_new0(float, need_size);
    float *across = g_new(float, (size_t)ab.width * need.height * bands);
    float *across2 = g_new(float, (size_t)ab.width * need.height * bands);
    float *mean = g_new(float, ab_size), *mean2 = g_new(float, ab_size);
    float *a_across = g_new(float, (size_t)cells.width * ab.height * bands);
    float *b_across = g_new(float, (size_t)cells.width * ab.height * bands);
    float *a_blur = g_new(float, cells_size), *b_blur = g_new(float, cells_size);
    float *pad = g_new(float, ((size_t)need.width + 2 * half + 8) * bands);
    // Per sample of a tile row: where its two cells' values are in a row of cells (from
    // cells.left), and the second's weight.
    const size_t count = (size_t)r->width * bands, cell_row = (size_t)cells.width * bands;
    int *sample_a = g_new(int, count), *sample_b = g_new(int, count);
    float *sample_t = g_new(float, count);
    for (int x = 0; x < r->width; x++) {
        int a, b;
        float weight;
        cell_pair(r->left + x, f, s->width, &a, &b, &weight);
        for (int band = 0; band < bands; band++) {
            sample_a[(size_t)x * bands + band] = (a - cells.left) * bands + band;
            sample_b[(size_t)x * bands + band] = (b - cells.left) * bands + band;
            sample_t[(size_t)x * bands + band] = weight;
        }
    }
    const int right = VIPS_MIN((need.left + need.width) * f, s->full_width) - need.left * f;
    // A cell row's sums: its pixel rows added column by column (samples and squares), then the
    // columns of each cell. 8-bit samples, their squares and these sums are whole numbers below
    // 2²⁴, exact in float in any order.
    const size_t line_size = (size_t)need.width * f * bands, used = (size_t)right * bands;
    float *line = g_new(float, line_size), *column = g_new0(float, line_size), *column2 = g_new0(float, line_size);
    const int full = right / f;  // the cells wholly inside the image along x
    for (int y = 0; y < need.height; y++) {
        const int top = (need.top + y) * f, bottom = VIPS_MIN(top + f, s->full_height);
        float *g = guide + (size_t)y * need.width * bands, *q = squares + (size_t)y * need.width * bands;
        samples(VIPS_REGION_ADDR(in_region, need.left * f, top), bytes, column, used);
        for (size_t i = 0; i < used; i++) column2[i] = column[i] * column[i];
        for (int py = top + 1; py < bottom; py++) {
            samples(VIPS_REGION_ADDR(in_region, need.left * f, py), bytes, line, used);
            for (size_t i = 0; i < used; i++) column[i] += line[i], column2[i] += line[i] * line[i];
        }
        // Columns beyond the image stay 0.
        sum_cells(g, q, column, column2, need.width, f, bands);
        if (f == 1) continue;
        const float whole = (float)((bottom - top) * f);  // a whole cell's pixels
        for (size_t i = 0; i < (size_t)full * bands; i++) g[i] /= whole, q[i] /= whole;
        for (int x = full; x < need.width; x++) {
            const float part = (float)((bottom - top) * (right - x * f));
            for (int b = 0; b < bands; b++) g[x * bands + b] /= part, q[x * bands + b] /= part;
        }
    }
    g_free(line), g_free(column), g_free(column2);
    blur_rows(s, guide, need.left, need.width, need.height, ab.left, ab.width, across, pad);
    blur_rows(s, squares, need.left, need.width, need.height, ab.left, ab.width, across2, pad);
    blur_columns(s, across, need.top, ab.width, ab.top, ab.height, mean);
    blur_columns(s, across2, need.top, ab.width, ab.top, ab.height, mean2);
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
    blur_columns(s, a_across, ab.top, cells.width, cells.top, cells.height, a_blur);
    blur_columns(s, b_across, ab.top, cells.width, cells.top, cells.height, b_blur);
    // out = a · I + b, a and b interpolated bilinearly between the cells: along x once per cell
    // row, then along y per pixel row; 8-bit output rounded to the nearest level and clipped.
    float *a_columns = g_new(float, (size_t)cells.height * count);
    float *b_columns = g_new(float, (size_t)cells.height * count);
    for (int j = 0; j < cells.height; j++) {
        const float *a_row = a_blur + (size_t)j * cell_row, *b_row = b_blur + (size_t)j * cell_row;
        float *a_out = a_columns + (size_t)j * count, *b_out = b_columns + (size_t)j * count;
        for (size_t i = 0; i < count; i++) {
            const float ca = a_row[sample_a[i]], cb = b_row[sample_a[i]];
            a_out[i] = ca + (a_row[sample_b[i]] - ca) * sample_t[i];
            b_out[i] = cb + (b_row[sample_b[i]] - cb) * sample_t[i];
        }
    }
    float *values = g_new(float, count);
    for (int y = 0; y < r->height; y++) {
        int upper, lower;
        float down;
        cell_pair(r->top + y, f, s->height, &upper, &lower, &down);
        const float *a0 = a_columns + (size_t)(upper - cells.top) * count;
        const float *a1 = a_columns + (size_t)(lower - cells.top) * count;
        const float *b0 = b_columns + (size_t)(upper - cells.top) * count;
        const float *b1 = b_columns + (size_t)(lower - cells.top) * count;
        samples(VIPS_REGION_ADDR(in_region, r->left, r->top + y), bytes, values, count);
        for (size_t i = 0; i < count; i++) {
            const float wa = a0[i] + (a1[i] - a0[i]) * down, wb = b0[i] + (b1[i] - b0[i]) * down;
            values[i] = wa * values[i] + wb;
        }
        VipsPel *out = VIPS_REGION_ADDR(out_region, r->left, r->top + y);
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
    g_free(a_across), g_free(b_across), g_free(a_blur), g_free(b_blur), g_free(pad);
    g_free(sample_a), g_free(sample_b), g_free(sample_t), g_free(a_columns), g_free(b_columns);
    return 0;
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
    const AkvOperation operation = {.style = VIPS_DEMAND_STYLE_SMALLTILE, .free = softness_free};
    return akv_operation_new(in, out, &operation, softness_generate, softness);
}
