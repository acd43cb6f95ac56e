#include "AkvGrain.h"

#include <glib.h>
#include <math.h>
#include <string.h>

// Integer hashing and 16-bit integer arithmetic, so every clone gives the same values.
#include "AkvClones.h"

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// A bijective 32-bit hash (Wellons' lowbias32): for a fixed row key, no two pairs of columns
// share a value by collision.
static inline uint32_t hash32(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7FEB352DU;
    x ^= x >> 15;
    x *= 0x846CA68BU;
    x ^= x >> 16;
    return x;
}

// The white noise: the sum of four nibbles of a hash (Irwin–Hall, mean 30, variance 4 · 255 / 12),
// centred and scaled by 2⁹ (at most ±15,360, so that sums of two fit 16 bits).
enum { NOISE_SHIFT = 9, NOISE_MEAN = 30 };
static const double noise_deviation = 9.219544457292887 * (1 << NOISE_SHIFT);  // √85 · 2⁹

// Sixteen values at a time (one 256-bit vector with AVX2, two 128-bit ones without); lanes
// never interact.
typedef int16_t Shorts __attribute__((vector_size(32)));
typedef int32_t Wide __attribute__((vector_size(64)));
typedef uint32_t Words __attribute__((vector_size(32)));
enum { LANES = 16 };
#pragma clang diagnostic ignored "-Wpsabi"

// Macros rather than functions: a function taking or returning a 256-bit vector would have a
// different ABI in each clone.
#define LOAD(p)                     \
    ({                              \
        Shorts loaded_;             \
        memcpy(&loaded_, (p), 32);  \
        loaded_;                    \
    })
#define STORE(p, v)                 \
    do {                            \
        const Shorts stored_ = (v); \
        memcpy((p), &stored_, 32);  \
    } while (0)
// a · k / 2¹⁶ rounded down, per lane (one `pmulhw`): with k a tap ×2¹⁵, half of a · tap.
#define MULHI(a, k) \
    __builtin_convertvector((__builtin_convertvector((a), Wide) * __builtin_convertvector((k), Wide)) >> 16, Shorts)
#define ADD(a, b) __builtin_elementwise_add_sat((a), (b))

static int16_t fixed(double value) {
    const double scaled = round(value * 32768.0);
    return (int16_t)(scaled > 32767 ? 32767 : (scaled < -32768 ? -32768 : scaled));
}

void akv_grain_init(AkvGrain *grain, const AkvFilmParams *params) {
    memset(grain, 0, sizeof *grain);
    grain->layers = params->grain_layers == 3 ? 3 : 1;
    int radius = params->grain_radius;
    grain->radius = radius < 0 ? 0 : (radius > AKV_GRAIN_MAX_RADIUS ? AKV_GRAIN_MAX_RADIUS : radius);
    const int r = grain->radius;
    grain->key = (uint32_t)mix64(params->grain_seed + 0x9E3779B97F4A7C15ULL);
    for (int l = 0; l < 3; l++) {
        for (int c = 0; c < 3; c++) grain->mix[c][l] = fixed(params->grain_mix[c][l]);
    }
    // The deviation of a layer's field, in its units, and the mean its truncations take off
    // (each `pmulhw` rounds down: half a unit on average), put back by `offset`.
    double deviation, mean = 0;
    if (r == 0) {
        // One tap: the noise itself, the tap in the scale.
        deviation = noise_deviation / params->grain_kernel[0];
    } else {
        double energy = 0, sum = 0;
        for (int j = 0; j <= r; j++) {
            grain->taps[j] = fixed(params->grain_kernel[j]);
            const double tap = grain->taps[j] / 32768.0;
            energy += (j ? 2 : 1) * tap * tap;
            sum += (j ? 2 : 1) * tap;
        }
        // Each pass halves (a tap is ×2¹⁵, `pmulhw` divides by 2¹⁶) and loses r + 1 halves.
        deviation = noise_deviation * energy / 4;
        mean = -0.5 * (r + 1) * (sum / 2) - 0.5 * (r + 1);
    }
    grain->offset = (int16_t)lrint(-mean);
    for (int c = 0; c < 3; c++) {
        // The mix halves again, and loses half a unit a layer it takes.
        int taken = 0;
        for (int l = 0; l < 3; l++) taken += grain->mix[c][l] != 0;
        grain->mix_offset[c] = (int16_t)lrint(0.5 * taken);
        grain->scale[c] = deviation > 0 && isfinite(deviation) ? (float)((grain->layers == 1 ? 1 : 2) / deviation) : 0;
    }
}

// The windows of the field a region of `width` columns needs, each `*window_width` wide: one
// window of width + 2·AKV_GRAIN_SHIFT for three layers when that is cheaper than three of width.
static int windows(const AkvGrain *grain, int width, int *window_width) {
    if (grain->layers == 1) {
        *window_width = width;
        return 1;
    }
    if (2 * AKV_GRAIN_SHIFT <= 2 * width) {
        *window_width = width + 2 * AKV_GRAIN_SHIFT;
        return 1;
    }
    *window_width = width;
    return 3;
}

void akv_grain_rows_init(AkvGrainRows *rows, const AkvGrain *grain, int width) {
    memset(rows, 0, sizeof *rows);
    const int r = grain->radius, count = 2 * r + 1;
    // A vector of room before a row (the noise starts at an even column) and two after (the
    // loops run in whole vectors and the horizontal pass reads radius beyond). Room for the
    // widest window: one of width + 2·AKV_GRAIN_SHIFT, or three of width.
    const int widest = grain->layers == 1 ? width : width + 2 * AKV_GRAIN_SHIFT;
    rows->stride = (LANES + widest + 2 * r + 2 * LANES + LANES - 1) / LANES * LANES;
    for (int w = 0; w < grain->layers; w++) {
        rows->ring[w] = g_new0(int16_t, (size_t)rows->stride * (size_t)count);
        rows->layer[w] = g_new0(int16_t, (size_t)rows->stride);
        rows->field[w] = g_new0(int16_t, (size_t)width + 2 * LANES);
    }
    rows->vertical = g_new0(int16_t, (size_t)rows->stride);
}

void akv_grain_rows_clear(AkvGrainRows *rows) {
    for (int c = 0; c < 3; c++) {
        g_free(rows->ring[c]);
        g_free(rows->layer[c]);
        g_free(rows->field[c]);
    }
    g_free(rows->vertical);
}

// White noise of one layer in pixel row `y`, columns `first`…`first + count − 1` (and up to a
// vector more, and one before when `first` is odd): one hash a pair of columns (an even one and
// the next), four nibbles a value.
AKV_CLONES static void noise_row(int16_t *out, uint32_t key, int y, int first, int count) {
    const uint32_t row_key = hash32((uint32_t)y ^ key);
    const int odd = first & 1, start = first - odd;
    int16_t *even = out - odd;
    const Words lane = {0, 1, 2, 3, 4, 5, 6, 7};
    const Words low = {0}, nibbles = low + 0x0F0F0F0FU, halves = low + 0x00FF00FFU;
    for (int i = 0; i < count + odd; i += LANES) {
        Words x = lane + ((uint32_t)(start / 2 + i / 2) + row_key);
        x ^= x >> 16;
        x *= 0x7FEB352DU;
        x ^= x >> 15;
        x *= 0x846CA68BU;
        x ^= x >> 16;
        const Words pairs = (x & nibbles) + ((x >> 4) & nibbles);
        const Words sums = (pairs & halves) + ((pairs >> 8) & halves);  // two 16-bit sums, 0…60
        STORE(even + i, (Shorts)(sums << NOISE_SHIFT) - (int16_t)(NOISE_MEAN << NOISE_SHIFT));
    }
}

static inline int16_t *slot(const AkvGrainRows *rows, int c, int y, int count) {
    const int s = ((y % count) + count) % count;
    return rows->ring[c] + (size_t)s * (size_t)rows->stride + LANES;
}

// Pixel row `y`'s noise per window, columns start − radius…start + window width + radius − 1,
// into its ring slot (window w starts w · AKV_GRAIN_SHIFT columns right of the region when there
// are three).
static void fill_row(const AkvGrain *grain, AkvGrainRows *rows, int y) {
    const int r = grain->radius, count = 2 * r + 1;
    int width;
    const int n = windows(grain, rows->width, &width);
    for (int w = 0; w < n; w++) {
        const int start = rows->left + w * AKV_GRAIN_SHIFT;
        noise_row(slot(rows, w, y, count), grain->key, y, start - r, width + 2 * r);
    }
}

// Window w of row y, `width` columns, convolved along y then x, into rows->layer[w]. Each tap
// pair is summed in the same order for every pixel, so a pixel's value does not depend on the
// region it is in.
AKV_CLONES static void convolve(const AkvGrain *grain, AkvGrainRows *rows, int l, int y, int width) {
    const int r = grain->radius, count = 2 * r + 1, n = width + 2 * r;
    const int16_t *rings[2 * AKV_GRAIN_MAX_RADIUS + 1];
    for (int j = -r; j <= r; j++) rings[j + r] = slot(rows, l, y + j, count);
    Shorts k[AKV_GRAIN_MAX_RADIUS + 1];
    for (int j = 0; j <= r; j++) k[j] = (Shorts){0} + grain->taps[j];
    const Shorts zero = {0};
    int16_t *vertical = rows->vertical;
    for (int i = 0; i < n; i += LANES) {
        Shorts sum = MULHI(LOAD(rings[r] + i), k[0]);
        for (int j = 1; j <= r; j++) sum = ADD(sum, MULHI(ADD(LOAD(rings[r - j] + i), LOAD(rings[r + j] + i)), k[j]));
        STORE(vertical + i, sum);
    }
    int16_t *out = rows->layer[l];
    const int16_t *v = vertical + r;
    const Shorts offset = zero + grain->offset;
    for (int i = 0; i < width; i += LANES) {
        Shorts sum = ADD(offset, MULHI(LOAD(v + i), k[0]));
        for (int j = 1; j <= r; j++) sum = ADD(sum, MULHI(ADD(LOAD(v + i - j), LOAD(v + i + j)), k[j]));
        STORE(out + i, sum);
    }
}

// The three layers (`layers[l]`) mixed into the three channels.
AKV_CLONES static void mix_layers(const AkvGrain *grain, AkvGrainRows *rows, const int16_t *const layers[3]) {
    Shorts m[3][3];
    for (int c = 0; c < 3; c++) {
        for (int l = 0; l < 3; l++) m[c][l] = (Shorts){0} + grain->mix[c][l];
    }
    const Shorts zero = {0};
    for (int i = 0; i < rows->width; i += LANES) {
        const Shorts a = LOAD(layers[0] + i), b = LOAD(layers[1] + i), c = LOAD(layers[2] + i);
        for (int channel = 0; channel < 3; channel++) {
            const Shorts sum = ADD(ADD(ADD(zero + grain->mix_offset[channel], MULHI(a, m[channel][0])),
                                       MULHI(b, m[channel][1])),
                                   MULHI(c, m[channel][2]));
            STORE(rows->field[channel] + i, sum);
        }
    }
}

void akv_grain_row(const AkvGrain *grain, AkvGrainRows *rows, int y, int left, int width,
                   const int16_t *field[3]) {
    const int r = grain->radius, count = 2 * r + 1;
    if (!rows->valid || rows->left != left || rows->width != width || y - r < rows->low ||
        y + r - rows->high > count) {
        rows->valid = 1;
        rows->left = left;
        rows->width = width;
        rows->high = y - r - 1;
    }
    for (int row = rows->high + 1; row <= y + r; row++) fill_row(grain, rows, row);
    rows->high = y + r;
    rows->low = y - r;
    int window;
    const int n = windows(grain, width, &window);
    for (int w = 0; w < n; w++) {
        if (r == 0) {
            memcpy(rows->layer[w], slot(rows, w, y, count), sizeof(int16_t) * (size_t)window);
        } else {
            convolve(grain, rows, w, y, window);
        }
    }
    if (grain->layers == 1) {
        for (int c = 0; c < 3; c++) field[c] = rows->layer[0];
        return;
    }
    // Layer l at column x is the field at x + l · AKV_GRAIN_SHIFT.
    const int16_t *layers[3];
    for (int l = 0; l < 3; l++) layers[l] = n == 1 ? rows->layer[0] + l * AKV_GRAIN_SHIFT : rows->layer[l];
    mix_layers(grain, rows, layers);
    for (int c = 0; c < 3; c++) field[c] = rows->field[c];
}
