// Halation's glow map: where light over-exposed the film, and the glow it spreads.
//
// The model (FilmKit's stock documentation says the same in prose):
//  1. Scene exposure from display luma. A display value near white is where the camera's (and
//     the display's) shoulder compressed the scene most; film, with several stops more latitude,
//     would have recorded those highlights far brighter. Each pixel's 8-bit luma is expanded
//     through an inverted shoulder, X = d / (1 − d + 1/256) with d the linear value, and only the
//     part above the knee counts: e = (X − X(knee)) / (X(white) − X(knee)), 0…1. With the knee at
//     0.9, luma 0.85 gives nothing, 0.95 gives 0.02, 0.99 gives 0.13, 254/255 gives 0.29 and
//     clipped white 1: only light at the clipping point counts much.
//  2. Per map cell, the mean of e: how much of the cell is (nearly) clipped.
//  3. Concentration. A small clipped spot (a lamp, a glint of the sun) was almost certainly many
//     stops over; a clipped line (the glazed rim of a cup) or a broad clipped area (an overcast
//     sky) probably only just. The cell means are blurred at the glow's radius and at three times
//     it; their ratio, scaled so that a spot much smaller than the radius gives 1, is the
//     concentration c: about 1 for a spot, 1/3 for a thin line, 1/9 for an area. The source
//     counts 0.1 + 7.9 · c³ times: a lamp about eighty times as much as the middle of a blown sky.
//  4. The glow: the weighted source blurred with a Gaussian of the stock's radius.
// Edges are dark: no light comes from outside the frame.
#include "AkvHalation.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "AkvClones.h"

// The wide blur's radius, in glow radii.
#define WIDE 3
// How much a source counts: LEAST for an area, up to LEAST + MORE for a spot.
#define LEAST 0.1f
#define MORE 7.9f
// The most map cells across the frame's long side, which bounds the map's memory.
#define MAX_CELLS 1024

struct AkvGlow {
    int width, height;
    int scale, gw, gh;
    int radius;      // the glow kernel's half-width, in cells
    float *kernel;   // 2·radius + 1 weights, summing to 1
    int wide_radius;  // the same for the wide kernel, of WIDE times the sigma
    float *wide_kernel;
    float exposure[256];
    int knee_level;  // the least 8-bit luma above the knee
    int knee_green;  // the least green value with which a pixel's luma can reach it
    int *cell_of;    // the map column of each pixel column

    // The stages, each a whole map of gw × gh floats.
    float *mean;    // over-exposure per cell (a running sum while the cell's rows arrive)
    float *spread;  // `mean` blurred along rows
    float *wide;    // `mean` blurred along rows with the wide kernel
    float *source;  // the boosted source, blurred along rows
    float *glow;    // the glow
    unsigned char *lit;  // per glow row: whether any value is non-zero
    // Per map row: whether any cell of `mean` is non-zero. Most rows of most photos have no light
    // near clipping; such a row is zero in every stage, so it is neither blurred nor read (the
    // weights are positive, so the sums that skip it are the same floats).
    unsigned char *bright;
    float *padded;       // a row with `wide_radius` zeros each side, for the row blur
    float *column;       // one row of a vertical blur
    float *wide_column;  // and another

    int rows_read;    // input rows added into `mean`
    int cells_done;   // map rows whose `mean` and `spread` are final
    int source_done;  // map rows of `source` made
    int glow_done;    // map rows of `glow` made
};

static double linear(double v) { return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4); }

static double expanded(double v) {
    double d = linear(v);
    return d / (1 - d + 1.0 / 256);
}

// A normalised Gaussian of `sigma` cells, `reach` sigmas each side.
static float *gaussian(double sigma, double reach, int *radius) {
    *radius = (int)ceil(reach * sigma);
    float *kernel = g_new(float, 2 * *radius + 1);
    double total = 0;
    for (int j = -*radius; j <= *radius; j++) total += exp(-(double)j * j / (2 * sigma * sigma));
    for (int j = -*radius; j <= *radius; j++) {
        kernel[j + *radius] = (float)(exp(-(double)j * j / (2 * sigma * sigma)) / total);
    }
    return kernel;
}

AkvGlow *akv_glow_new(int width, int height, double sigma, double knee) {
    AkvGlow *glow = g_new0(AkvGlow, 1);
    glow->width = width;
    glow->height = height;
    // About 2.5 cells per sigma: a smooth glow once enlarged bilinearly, and a small map.
    int scale = (int)floor(sigma / 2.5);
    int longest = width > height ? width : height;
    int least = (longest + MAX_CELLS - 1) / MAX_CELLS;
    if (scale < least) scale = least;
    if (scale < 1) scale = 1;
    glow->scale = scale;
    glow->gw = (width + scale - 1) / scale;
    glow->gh = (height + scale - 1) / scale;

    double cells = sigma / scale;
    if (cells < 0.5) cells = 0.5;
    glow->kernel = gaussian(cells, 3, &glow->radius);
    // The wide blur only weighs the glow; two sigmas of it are plenty, and keep the read-ahead short.
    glow->wide_kernel = gaussian(WIDE * cells, 2, &glow->wide_radius);

    const double from = expanded(knee), white = expanded(1.0);
    int knee_level = 255;
    for (int level = 255; level >= 0; level--) {
        double over = (expanded(level / 255.0) - from) / (white - from);
        glow->exposure[level] = over > 0 ? (float)over : 0;
        if (over > 0) knee_level = level;
    }
    glow->knee_level = knee_level;
    // Luma (54·R + 183·G + 19·B + 128) / 256 reaches the knee only if green does its share with
    // red and blue at 255.
    int green = (int)ceil((knee_level * 256.0 - 128 - 255.0 * (54 + 19)) / 183);
    glow->knee_green = green < 0 ? 0 : (green > 255 ? 255 : green);

    glow->cell_of = g_new(int, width);
    for (int x = 0; x < width; x++) glow->cell_of[x] = x / scale;

    size_t cells_total = (size_t)glow->gw * glow->gh;
    glow->mean = g_new0(float, cells_total);
    glow->spread = g_new(float, cells_total);
    glow->wide = g_new(float, cells_total);
    glow->source = g_new(float, cells_total);
    glow->glow = g_new(float, cells_total);
    glow->lit = g_new0(unsigned char, glow->gh);
    glow->bright = g_new0(unsigned char, glow->gh);
    glow->padded = g_new0(float, glow->gw + 2 * glow->wide_radius);
    glow->column = g_new(float, glow->gw);
    glow->wide_column = g_new(float, glow->gw);
    return glow;
}

void akv_glow_free(AkvGlow *glow) {
    if (!glow) return;
    g_free(glow->kernel);
    g_free(glow->wide_kernel);
    g_free(glow->wide);
    g_free(glow->wide_column);
    g_free(glow->cell_of);
    g_free(glow->mean);
    g_free(glow->spread);
    g_free(glow->source);
    g_free(glow->glow);
    g_free(glow->lit);
    g_free(glow->bright);
    g_free(glow->padded);
    g_free(glow->column);
    g_free(glow);
}

int akv_glow_scale(const AkvGlow *glow) { return glow->scale; }
int akv_glow_width(const AkvGlow *glow) { return glow->gw; }
int akv_glow_height(const AkvGlow *glow) { return glow->gh; }

const float *akv_glow_row(const AkvGlow *glow, int row) {
    return glow->lit[row] ? glow->glow + (size_t)row * glow->gw : NULL;
}

// A Gaussian along one map row, dark beyond the ends. Tap by tap over the whole row, so the loop
// over x runs on vectors (each output still sums its taps in the same order).
AKV_CLONES static void blur_row(AkvGlow *glow, const float *kernel, int radius, const float *in, float *out) {
    const int gw = glow->gw;
    const float *padded = glow->padded + glow->wide_radius - radius;
    memcpy(glow->padded + glow->wide_radius, in, sizeof(float) * gw);
    for (int x = 0; x < gw; x++) out[x] = 0;
    for (int k = 0; k <= 2 * radius; k++) {
        const float weight = kernel[k], *shifted = padded + k;
        for (int x = 0; x < gw; x++) out[x] += weight * shifted[x];
    }
}

// A Gaussian down the map at row `row` of `stage`, dark beyond the ends and on rows that are not
// `bright`, into `out`.
AKV_CLONES static void blur_column(const AkvGlow *glow, const float *kernel, int radius, const float *stage,
                                   int row, float *out) {
    const int gw = glow->gw;
    for (int x = 0; x < gw; x++) out[x] = 0;
    for (int k = -radius; k <= radius; k++) {
        int source = row + k;
        if (source < 0 || source >= glow->gh || !glow->bright[source]) continue;
        const float weight = kernel[k + radius], *line = stage + (size_t)source * gw;
        for (int x = 0; x < gw; x++) out[x] += weight * line[x];
    }
}

typedef uint8_t Bytes16 __attribute__((vector_size(16)));
typedef uint16_t Shorts16 __attribute__((vector_size(32)));

static inline void add_pixel(const AkvGlow *glow, const VipsPel *p, float *sum) {
    *sum += glow->exposure[(54 * p[0] + 183 * p[1] + 19 * p[2] + 128) >> 8];
}

// Adds the over-exposure of one input row into its cells' running sums. Integer arithmetic only,
// so every clone gives the same sums.
AKV_CLONES static void add_row(const AkvGlow *glow, const VipsPel *pixels, float *sums) {
    const int width = glow->width;
    const Bytes16 knee_green = (Bytes16){0} + (uint8_t)glow->knee_green;
    const Shorts16 knee = (Shorts16){0} + (uint16_t)glow->knee_level;
    // The green bytes of 16 pixels (48 bytes) in each of their three 16-byte thirds.
    const Bytes16 green_a = {0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0};
    const Bytes16 green_b = {255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255};
    const Bytes16 green_c = {0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 255, 0};
    int x = 0;
    // Most of a photo is far below the knee: 16 pixels are skipped after one test of their green,
    // and of the rest only those whose luma reaches the knee are looked up.
    for (; x + 16 <= width; x += 16) {
        Bytes16 a, b, c;
        memcpy(&a, pixels + 3 * x, 16);
        memcpy(&b, pixels + 3 * x + 16, 16);
        memcpy(&c, pixels + 3 * x + 32, 16);
        const Bytes16 bright = ((Bytes16)(a >= knee_green) & green_a) | ((Bytes16)(b >= knee_green) & green_b) |
                               ((Bytes16)(c >= knee_green) & green_c);
        uint64_t halves[2];
        memcpy(halves, &bright, 16);
        if (!(halves[0] | halves[1])) continue;
        const Bytes16 r = __builtin_shufflevector(
            __builtin_shufflevector(a, b, 0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 0, 0, 0, 0, 0), c, 0, 1, 2, 3, 4, 5,
            6, 7, 8, 9, 10, 17, 20, 23, 26, 29);
        const Bytes16 g = __builtin_shufflevector(
            __builtin_shufflevector(a, b, 1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 0, 0, 0, 0, 0), c, 0, 1, 2, 3, 4, 5,
            6, 7, 8, 9, 10, 18, 21, 24, 27, 30);
        const Bytes16 bl = __builtin_shufflevector(
            __builtin_shufflevector(a, b, 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 0, 0, 0, 0, 0, 0), c, 0, 1, 2, 3, 4, 5,
            6, 7, 8, 9, 16, 19, 22, 25, 28, 31);
        const Shorts16 luma = (54 * __builtin_convertvector(r, Shorts16) + 183 * __builtin_convertvector(g, Shorts16) +
                               19 * __builtin_convertvector(bl, Shorts16) + 128) >>
                              8;
        // One byte per pixel, all ones where its luma reaches the knee; visit only those.
        const Bytes16 over = __builtin_convertvector((Shorts16)(luma >= knee), Bytes16);
        uint64_t lanes[2];
        memcpy(lanes, &over, 16);
        for (int half = 0; half < 2; half++) {
            for (uint64_t bits = lanes[half] & 0x0101010101010101ULL; bits; bits &= bits - 1) {
                const int i = x + half * 8 + __builtin_ctzll(bits) / 8;
                add_pixel(glow, pixels + 3 * i, sums + glow->cell_of[i]);
            }
        }
    }
    for (; x < width; x++) add_pixel(glow, pixels + 3 * x, sums + glow->cell_of[x]);
}

// Adds input rows (the next ones, in order) and finishes the map cells they complete.
static void add_rows(AkvGlow *glow, const VipsPel *pixels, size_t stride, int count) {
    for (int i = 0; i < count; i++) {
        const int y = glow->rows_read + i;
        add_row(glow, pixels + (size_t)i * stride, glow->mean + (size_t)(y / glow->scale) * glow->gw);
    }
    glow->rows_read += count;
    for (;;) {
        const int k = glow->cells_done, top = k * glow->scale;
        if (k >= glow->gh) break;
        const int bottom = top + glow->scale < glow->height ? top + glow->scale : glow->height;
        if (glow->rows_read < bottom) break;
        float *mean = glow->mean + (size_t)k * glow->gw;
        int bright = 0;
        for (int x = 0; x < glow->gw; x++) {
            const int left = x * glow->scale;
            const int right = left + glow->scale < glow->width ? left + glow->scale : glow->width;
            mean[x] /= (float)((right - left) * (bottom - top));
            bright |= mean[x] != 0;
        }
        glow->bright[k] = (unsigned char)bright;
        if (bright) {
            blur_row(glow, glow->kernel, glow->radius, mean, glow->spread + (size_t)k * glow->gw);
            blur_row(glow, glow->wide_kernel, glow->wide_radius, mean, glow->wide + (size_t)k * glow->gw);
        }
        glow->cells_done = k + 1;
    }
}

// Source row `row`: the cell means, weighted by how concentrated the light around them is.
static void make_source(AkvGlow *glow, int row) {
    if (!glow->bright[row]) return;  // a zero mean makes a zero source
    blur_column(glow, glow->kernel, glow->radius, glow->spread, row, glow->column);
    blur_column(glow, glow->wide_kernel, glow->wide_radius, glow->wide, row, glow->wide_column);
    const float *mean = glow->mean + (size_t)row * glow->gw;
    for (int x = 0; x < glow->gw; x++) {
        const float near = glow->column[x], wide = glow->wide_column[x] * (WIDE * WIDE);
        float c = wide > 0 ? near / wide : 0;
        c = c > 1 ? 1 : c;
        glow->column[x] = mean[x] * (LEAST + MORE * (c * c * c));
    }
    blur_row(glow, glow->kernel, glow->radius, glow->column, glow->source + (size_t)row * glow->gw);
}

static void make_glow(AkvGlow *glow, int row) {
    float *out = glow->glow + (size_t)row * glow->gw;
    blur_column(glow, glow->kernel, glow->radius, glow->source, row, out);
    int lit = 0;
    for (int x = 0; x < glow->gw; x++) lit |= out[x] != 0;
    glow->lit[row] = (unsigned char)lit;
}

// Makes every source and glow row that the cells made so far allow.
static void make_rows(AkvGlow *glow) {
    const int last = glow->gh - 1;
    for (;;) {
        const int row = glow->glow_done;
        if (row > last) return;
        // Glow row i needs source rows to i + radius, which need the cell means blurred to
        // i + radius + wide_radius.
        int source_needed = row + glow->radius;
        if (source_needed > last) source_needed = last;
        int cells_needed = source_needed + glow->wide_radius;
        if (cells_needed > last) cells_needed = last;
        if (glow->cells_done <= cells_needed) return;
        while (glow->source_done <= source_needed) make_source(glow, glow->source_done++);
        make_glow(glow, glow->glow_done++);
    }
}

int akv_glow_add_rows(AkvGlow *glow, const VipsPel *pixels, size_t stride, int count) {
    add_rows(glow, pixels, stride, count);
    make_rows(glow);
    return glow->glow_done;
}

// Rendering row y blends map rows up to y / scale + 1, which need the input about
// radius + wide_radius + 2 map rows further down.
int akv_glow_lead(const AkvGlow *glow) { return (glow->radius + glow->wide_radius + 3) * glow->scale; }
