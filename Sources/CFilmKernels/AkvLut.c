#include "AkvLutStage.h"

#include <math.h>
#include <string.h>
#include <vips/vips.h>

AkvLut *akv_lut_new(const float *table, int size, const float *low, const float *high) {
    // FilmKit checks all of this; the kernel checks again, as a wrong size or domain here would
    // index outside the table.
    if (!table || size < 2 || size > AKV_LUT3D_MAX_SIZE) {
        vips_error("akv_film", "a 3D table needs 2…%d entries per side, not %d", AKV_LUT3D_MAX_SIZE, size);
        return NULL;
    }
    for (int c = 0; c < 3; c++) {
        const float span = high[c] - low[c];
        if (!isfinite(low[c]) || !isfinite(high[c]) || !isnormal(span) || span <= 0) {
            vips_error("akv_film", "%s", "the 3D table's domain must be finite with a normal, positive span");
            return NULL;
        }
    }
    AkvLut *lut = g_new0(AkvLut, 1);
    lut->size = size;
    const size_t count = 3 * (size_t)size * size * size;
    lut->table = g_new0(float, count + 1);
    memcpy(lut->table, table, sizeof(float) * count);
    for (int c = 0; c < 3; c++) {
        lut->low[c] = low[c];
        lut->span[c] = high[c] - low[c];
    }
    return lut;
}

void akv_lut_free(AkvLut *lut) {
    if (!lut) return;
    g_free(lut->table);
    g_free(lut);
}
