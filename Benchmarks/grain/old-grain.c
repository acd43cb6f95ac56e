// The grain before issue #43 (value noise on a lattice, AkvGrain.c at commit bb69bac), on a flat
// grey: for the before/after sheets in docs/ (Benchmarks/grain/sheets.sh). Not shipped.
// Usage: old-grain OUT WIDTH HEIGHT LEVEL GRAIN_LEVELS CELL CHROMA SEED
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vips/vips.h>
#include "AkvFilm.h"

int main(int argc, char **argv) {
    if (VIPS_INIT(argv[0]) || argc != 9) return 1;
    const int width = atoi(argv[2]), height = atoi(argv[3]);
    VipsImage *black, *grey, *flat;
    if (vips_black(&black, width, height, "bands", 3, NULL) || vips_linear1(black, &grey, 1, atof(argv[4]), NULL) ||
        vips_cast_uchar(grey, &flat, NULL))
        vips_error_exit(NULL);
    AkvFilmParams p;
    memset(&p, 0, sizeof p);
    for (int i = 0; i < 9; i++) p.matrix[i] = i % 4 == 0;
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < 256; i++) p.curve[c][i] = i;
    p.grain_levels = (float)atof(argv[5]);
    p.grain_cell = atof(argv[6]);
    p.grain_chroma = atof(argv[7]);
    p.grain_seed = strtoull(argv[8], NULL, 10);
    VipsImage *out;
    if (akv_film(flat, &out, &p) || vips_image_write_to_file(out, argv[1], NULL)) vips_error_exit(NULL);
    return 0;
}
