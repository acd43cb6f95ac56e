// Film grain for the film pass (private): value noise on a lattice the size of the emulsion's
// clumps, one field per channel, each with unit variance.
//
// A lattice value is a hash of the seed, its layer and its position, so the grain at a pixel
// is the same whatever the tiling or the number of threads. Colour film's three dye layers
// grain independently: the three channel fields are mixed from a shared (luminance) layer and
// two colour-difference layers on the lattice itself, which costs nothing per pixel.
#ifndef AKV_GRAIN_H
#define AKV_GRAIN_H

#include <stdint.h>

// What is the same for the whole frame.
typedef struct AkvGrain {
    double cell;       // lattice spacing in pixels, at least 1
    int layers;        // 1 (monochrome) or 3
    float mix[3][3];   // channel c = Σ mix[c][l] · layer l
    uint32_t keys[3];  // per layer, from the seed
    int width;
    int *cell_x;     // per pixel column: its lattice column
    float *left_x;   // the weights of that lattice column and the next, the smoothed position in
    float *right_x;  // the cell times this axis's share of the renormalisation to unit variance
    // Per block of 8 columns from 0: the block's first lattice column, and each column's lattice
    // column relative to it (0…7, as a lattice cell is at least a pixel wide).
    int *block_first;
    int32_t *block_offsets;
    // Interpolates pixel columns left…left + count − 1 of a lattice row whose values from lattice
    // column `first` are `mixed`: out[i] = mixed[k] · left_x[x] + mixed[k + 1] · right_x[x].
    void (*interpolate)(const struct AkvGrain *grain, const float *mixed, int first, int left, int count, float *out);
} AkvGrain;

// One thread's working rows.
typedef struct {
    int held[2];  // the lattice rows whose interpolated rows are in `row[0]`, `row[1]`, or -1
    int left, width;  // the pixel columns they cover
    float *mixed[3];  // one lattice row per layer, then mixed into one per channel
    float *row[2][3];  // lattice rows interpolated along x, per channel
} AkvGrainRows;

void akv_grain_init(AkvGrain *grain, int width, double cell, double chroma, uint64_t seed);
void akv_grain_clear(AkvGrain *grain);

void akv_grain_rows_init(AkvGrainRows *rows, const AkvGrain *grain);
void akv_grain_rows_clear(AkvGrainRows *rows);

// The grain of one pixel row, per channel: upper[c][i] · above + lower[c][i] · below, two
// lattice rows interpolated along x and weighted by the row's place between them (for monochrome
// grain only channel 0). The film pass blends them as it renders, so the row is never stored.
typedef struct {
    const float *upper[3], *lower[3];
    float above, below;
} AkvGrainPair;

/// The grain of pixel row `y`, columns `left`…`left + width − 1`, into `pair`: its rows are in
/// `rows` (valid until the next call; readable a vector past `width`).
void akv_grain_row(const AkvGrain *grain, AkvGrainRows *rows, int y, int left, int width, AkvGrainPair *pair);

#endif
