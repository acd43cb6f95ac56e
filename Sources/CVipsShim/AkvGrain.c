#include "AkvGrain.h"

#include <glib.h>
#include <math.h>
#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Integer hashing and plain float arithmetic, so every clone gives the same values.
#include "AkvClones.h"

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// A bijective 32-bit hash (Wellons' lowbias32): for a fixed row key, no two lattice columns
// share a value by collision.
static inline uint32_t hash32(uint32_t x) {
    x ^= x >> 16;
    x *= 0x7FEB352DU;
    x ^= x >> 15;
    x *= 0x846CA68BU;
    x ^= x >> 16;
    return x;
}

static inline float smooth(float t) { return t * t * (3.0f - 2.0f * t); }

// Interpolation along x, the same arithmetic in both versions (so the same bits).
static void interpolate_generic(const AkvGrain *grain, const float *mixed, int first, int left, int count,
                                float *out) {
    for (int i = 0; i < count; i++) {
        const int x = left + i, k = grain->cell_x[x] - first;
        out[i] = mixed[k] * grain->left_x[x] + mixed[k + 1] * grain->right_x[x];
    }
}

#if defined(__x86_64__)
// Eight columns at a time with AVX2: a block's eight lattice columns lie within eight
// consecutive ones, which one load and a permute fetch (a gather would cost several times as
// much). Regions that do not start on a block fall back to gathers.
__attribute__((target("avx2"))) static void interpolate_avx2(const AkvGrain *grain, const float *mixed, int first,
                                                              int left, int count, float *out) {
    int i = 0;
    if (left % 8 == 0) {
        for (; i + 8 <= count; i += 8) {
            const int block = (left + i) / 8, base = grain->block_first[block] - first;
            const __m256i offsets = _mm256_loadu_si256((const __m256i *)(grain->block_offsets + 8 * block));
            const __m256 a = _mm256_permutevar8x32_ps(_mm256_loadu_ps(mixed + base), offsets);
            const __m256 b = _mm256_permutevar8x32_ps(_mm256_loadu_ps(mixed + base + 1), offsets);
            const __m256 sum = _mm256_add_ps(_mm256_mul_ps(a, _mm256_loadu_ps(grain->left_x + left + i)),
                                             _mm256_mul_ps(b, _mm256_loadu_ps(grain->right_x + left + i)));
            _mm256_storeu_ps(out + i, sum);
        }
    } else {
        const __m256i offset = _mm256_set1_epi32(first);
        for (; i + 8 <= count; i += 8) {
            const __m256i k =
                _mm256_sub_epi32(_mm256_loadu_si256((const __m256i *)(grain->cell_x + left + i)), offset);
            const __m256 a = _mm256_i32gather_ps(mixed, k, 4), b = _mm256_i32gather_ps(mixed + 1, k, 4);
            const __m256 sum = _mm256_add_ps(_mm256_mul_ps(a, _mm256_loadu_ps(grain->left_x + left + i)),
                                             _mm256_mul_ps(b, _mm256_loadu_ps(grain->right_x + left + i)));
            _mm256_storeu_ps(out + i, sum);
        }
    }
    interpolate_generic(grain, mixed, first, left + i, count - i, out + i);
}
#endif

void akv_grain_init(AkvGrain *grain, int width, double cell, double chroma, uint64_t seed) {
    grain->cell = cell < 1 ? 1 : cell;
    grain->layers = chroma > 0 ? 3 : 1;
    for (int layer = 0; layer < 3; layer++) {
        grain->keys[layer] = (uint32_t)mix64(seed + (uint64_t)(layer + 1) * 0x9E3779B97F4A7C15ULL);
    }
    // Two colour-difference layers spread over the channels with zero sum, each channel's share
    // having unit variance, added to the shared layer; the weights keep each channel at unit
    // variance whatever the chroma.
    memset(grain->mix, 0, sizeof grain->mix);
    if (grain->layers == 1) {
        grain->mix[0][0] = 1;
    } else {
        const double norm = 1 / sqrt((1 - chroma) * (1 - chroma) + chroma * chroma);
        const float shared = (float)((1 - chroma) * norm), colour = (float)(chroma * norm);
        const float half = 0.5f * colour, side = 0.8660254f * colour;
        const float weights[3][3] = {{shared, colour, 0}, {shared, -half, side}, {shared, -half, -side}};
        memcpy(grain->mix, weights, sizeof weights);
    }
    grain->width = width;
    grain->cell_x = g_new(int, width);
    grain->left_x = g_new(float, width);
    grain->right_x = g_new(float, width);
    for (int x = 0; x < width; x++) {
        const double g = x / grain->cell, f = floor(g);
        const float s = smooth((float)(g - f));
        const float norm = 1.0f / sqrtf((1 - s) * (1 - s) + s * s);
        grain->cell_x[x] = (int)f;
        grain->left_x[x] = (1 - s) * norm;
        grain->right_x[x] = s * norm;
    }
    const int blocks = (width + 7) / 8;
    grain->block_first = g_new(int, blocks);
    grain->block_offsets = g_new0(int32_t, 8 * (size_t)blocks);
    for (int block = 0; block < blocks; block++) {
        grain->block_first[block] = grain->cell_x[8 * block];
        for (int j = 0; j < 8 && 8 * block + j < width; j++) {
            grain->block_offsets[8 * block + j] = grain->cell_x[8 * block + j] - grain->cell_x[8 * block];
        }
    }
    grain->interpolate = interpolate_generic;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) grain->interpolate = interpolate_avx2;
#endif
}

void akv_grain_clear(AkvGrain *grain) {
    g_free(grain->cell_x);
    g_free(grain->left_x);
    g_free(grain->right_x);
    g_free(grain->block_first);
    g_free(grain->block_offsets);
}

void akv_grain_rows_init(AkvGrainRows *rows, const AkvGrain *grain) {
    memset(rows, 0, sizeof *rows);
    rows->held[0] = rows->held[1] = -1;
    // One lattice row's columns, and room for the AVX2 interpolation's 8-wide loads past the end.
    const int nx = grain->cell_x[grain->width - 1] + 2 + 9;
    for (int c = 0; c < grain->layers; c++) {
        rows->mixed[c] = g_new0(float, nx);
        // Padded by a vector: the film pass reads a held row directly, 8 columns at a time.
        rows->row[0][c] = g_new0(float, grain->width + 8);
        rows->row[1][c] = g_new0(float, grain->width + 8);
    }
}

void akv_grain_rows_clear(AkvGrainRows *rows) {
    for (int c = 0; c < 3; c++) {
        g_free(rows->mixed[c]);
        g_free(rows->row[0][c]);
        g_free(rows->row[1][c]);
    }
}

// Lattice values of one layer in lattice row `ky`, columns `first`…`first + count − 1`: roughly
// Gaussian with unit variance, the sum of a hash's four bytes (Irwin–Hall).
AKV_CLONES static void lattice_row(float *out, uint32_t key, int ky, int first, int count) {
    const uint32_t row_key = hash32((uint32_t)ky ^ key);
    for (int i = 0; i < count; i++) {
        const uint32_t h = hash32((uint32_t)(first + i) + row_key);
        const uint32_t pairs = (h & 0x00FF00FFU) + ((h >> 8) & 0x00FF00FFU);
        const uint32_t sum = (pairs & 0xFFFFU) + (pairs >> 16);
        // Mean 4·127.5, variance 4·(256² − 1)/12.
        out[i] = ((float)sum - 510.0f) * (1.0f / 147.80054f);
    }
}

// Lattice row `ky` interpolated along x, per channel, into `out[c]`.
AKV_CLONES static void interpolated_row(const AkvGrain *grain, AkvGrainRows *rows, int ky, int left, int width,
                                        float *const out[3]) {
    const int first = grain->cell_x[left], count = grain->cell_x[left + width - 1] + 2 - first;
    const int channels = grain->layers;
    // Each layer's lattice values, then the three mixed into the three channels in one pass, in
    // place (summed in layer order, as a pass per layer would: the same bits, a third of the
    // memory traffic).
    if (grain->layers == 3) {
        float *l0 = rows->mixed[0], *l1 = rows->mixed[1], *l2 = rows->mixed[2];
        lattice_row(l0, grain->keys[0], ky, first, count);
        lattice_row(l1, grain->keys[1], ky, first, count);
        lattice_row(l2, grain->keys[2], ky, first, count);
        const float (*m)[3] = grain->mix;
        for (int i = 0; i < count; i++) {
            const float a = l0[i], b = l1[i], c = l2[i];
            l0[i] = (m[0][0] * a + m[0][1] * b) + m[0][2] * c;
            l1[i] = (m[1][0] * a + m[1][1] * b) + m[1][2] * c;
            l2[i] = (m[2][0] * a + m[2][1] * b) + m[2][2] * c;
        }
    } else {
        // Monochrome: the one layer is the grain as it is (its weight, mix[0][0], is 1).
        lattice_row(rows->mixed[0], grain->keys[0], ky, first, count);
    }
    for (int c = 0; c < channels; c++) grain->interpolate(grain, rows->mixed[c], first, left, width, out[c]);
}

AKV_CLONES void akv_grain_row(const AkvGrain *grain, AkvGrainRows *rows, int y, int left, int width,
                              AkvGrainPair *pair) {
    const double g = y / grain->cell, f = floor(g);
    const int ky = (int)f;
    if (rows->left != left || rows->width != width) {
        rows->held[0] = rows->held[1] = -1;
        rows->left = left;
        rows->width = width;
    }
    if (rows->held[0] != ky) {
        if (rows->held[1] == ky) {
            // The next lattice row down: the lower row becomes the upper one.
            for (int c = 0; c < 3; c++) {
                float *swap = rows->row[0][c];
                rows->row[0][c] = rows->row[1][c];
                rows->row[1][c] = swap;
            }
        } else {
            interpolated_row(grain, rows, ky, left, width, rows->row[0]);
        }
        rows->held[0] = ky;
        rows->held[1] = -1;
    }
    const float t = smooth((float)(g - f));
    const float norm = 1.0f / sqrtf((1 - t) * (1 - t) + t * t);
    pair->above = (1 - t) * norm;
    pair->below = t * norm;
    if (t == 0) {
        // On a lattice row (above is 1, below 0): its interpolated row alone is the grain.
        for (int c = 0; c < 3; c++) pair->upper[c] = pair->lower[c] = rows->row[0][c < grain->layers ? c : 0];
        return;
    }
    if (rows->held[1] != ky + 1) {
        interpolated_row(grain, rows, ky + 1, left, width, rows->row[1]);
        rows->held[1] = ky + 1;
    }
    for (int c = 0; c < 3; c++) {
        pair->upper[c] = rows->row[0][c < grain->layers ? c : 0];
        pair->lower[c] = rows->row[1][c < grain->layers ? c : 0];
    }
}
