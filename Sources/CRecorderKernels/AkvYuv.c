// The film kernels' header: the AVX2 clones of the row loops, and the fused-multiply-add rule.
#include "AkvClones.h"
#include "AkvYuv.h"

// BT.601 in 16-bit fixed point (each row sums to 65536, or to 0 for chroma), as JPEG uses it.
enum {
    YR = 19595, YG = 38470, YB = 7471,
    CBR = -11059, CBG = -21709, CBB = 32768,
    CRR = 32768, CRG = -27439, CRB = -5329,
};

static inline uint8_t clamp_pel(int32_t value) { return value > 255 ? 255 : value < 0 ? 0 : (uint8_t)value; }

AKV_CLONES static void luma_row(const uint8_t *restrict rgb, uint8_t *restrict out, int width) {
    for (int x = 0; x < width; x++) {
        const uint8_t *p = rgb + 3 * x;
        out[x] = (uint8_t)((YR * p[0] + YG * p[1] + YB * p[2] + 32768) >> 16);
    }
}

// Chroma from the sums of a 2×2 block's red, green and blue (four pixels: hence >> 18).
static inline uint8_t chroma(int32_t kr, int32_t kg, int32_t kb, int32_t r, int32_t g, int32_t b) {
    return clamp_pel((kr * r + kg * g + kb * b + (128 << 18) + (1 << 17)) >> 18);
}

AKV_CLONES static void chroma_row(const uint8_t *restrict top, const uint8_t *restrict bottom, uint8_t *restrict cb,
                                  uint8_t *restrict cr, int width) {
    int pairs = width / 2;
    for (int x = 0; x < pairs; x++) {
        const uint8_t *a = top + 6 * x, *b = bottom + 6 * x;
        int32_t r = a[0] + a[3] + b[0] + b[3], g = a[1] + a[4] + b[1] + b[4], bl = a[2] + a[5] + b[2] + b[5];
        cb[x] = chroma(CBR, CBG, CBB, r, g, bl);
        cr[x] = chroma(CRR, CRG, CRB, r, g, bl);
    }
    if (width & 1) {
        const uint8_t *a = top + 6 * pairs, *b = bottom + 6 * pairs;
        int32_t r = 2 * (a[0] + b[0]), g = 2 * (a[1] + b[1]), bl = 2 * (a[2] + b[2]);
        cb[pairs] = chroma(CBR, CBG, CBB, r, g, bl);
        cr[pairs] = chroma(CRR, CRG, CRB, r, g, bl);
    }
}

void akv_rgb_to_yuv420(const uint8_t *rgb, ptrdiff_t rgb_stride, int width, int height, uint8_t *y_plane,
                       ptrdiff_t y_stride, uint8_t *cb_plane, ptrdiff_t cb_stride, uint8_t *cr_plane,
                       ptrdiff_t cr_stride) {
    for (int y = 0; y < height; y += 2) {
        const uint8_t *top = rgb + (ptrdiff_t)y * rgb_stride;
        const uint8_t *bottom = y + 1 < height ? top + rgb_stride : top;
        luma_row(top, y_plane + (ptrdiff_t)y * y_stride, width);
        if (y + 1 < height) luma_row(bottom, y_plane + (ptrdiff_t)(y + 1) * y_stride, width);
        chroma_row(top, bottom, cb_plane + (ptrdiff_t)(y / 2) * cb_stride, cr_plane + (ptrdiff_t)(y / 2) * cr_stride,
                   width);
    }
}
