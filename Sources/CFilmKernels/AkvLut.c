#include "AkvLut.h"

#include <vips/vips.h>

#include "AkvHandoff.h"

#include <math.h>

typedef struct {
    VipsImage *in;
    float *table;
    int size;
    // Per input level and channel: the cell index and the fraction within it.
    int index[3][256];
    float fraction[3][256];
} Lut;

static void lut_free(VipsImage *image, Lut *lut) {
    (void)image;
    akv_tsan_acquire(lut);  // every worker's lut_stop released it
    g_object_unref(lut->in);
    g_free(lut->table);
    g_free(lut);
}

static inline const float *entry(const Lut *lut, int r, int g, int b) {
    return lut->table + 3 * ((size_t)(b * lut->size + g) * lut->size + r);
}

// Clamped before the conversion: converting NaN or an out-of-range float to int is undefined.
static inline VipsPel to_pel(float v) {
    float scaled = v * 255.0f + 0.5f;
    if (!(scaled > 0.0f)) return 0;  // also NaN
    if (scaled >= 255.0f) return 255;
    return (VipsPel)(int)scaled;
}

// Tetrahedral interpolation: the cube cell is split into six tetrahedra by the order of the
// fractions, and the value is a weighted sum of four corners (Kasson, Nin, Plouffe and Hafner, 1995).
static int lut_generate(VipsRegion *out_region, void *sequence, void *a, void *b, gboolean *stop) {
    (void)a, (void)stop;
    VipsRegion *in_region = (VipsRegion *)sequence;
    const Lut *lut = (const Lut *)b;
    VipsRect *r = &out_region->valid;
    if (vips_region_prepare(in_region, r)) return -1;
    akv_pixels_received();
    for (int y = r->top; y < r->top + r->height; y++) {
        const VipsPel *in = VIPS_REGION_ADDR(in_region, r->left, y);
        VipsPel *out = VIPS_REGION_ADDR(out_region, r->left, y);
        for (int x = 0; x < r->width; x++, in += 3, out += 3) {
            int ri = lut->index[0][in[0]], gi = lut->index[1][in[1]], bi = lut->index[2][in[2]];
            float fr = lut->fraction[0][in[0]], fg = lut->fraction[1][in[1]], fb = lut->fraction[2][in[2]];
            const float *c000 = entry(lut, ri, gi, bi), *c111 = entry(lut, ri + 1, gi + 1, bi + 1);
            const float *c1, *c2;
            float w0, w1, w2, w3;
            if (fr > fg) {
                if (fg > fb) {  // r > g > b
                    c1 = entry(lut, ri + 1, gi, bi), c2 = entry(lut, ri + 1, gi + 1, bi);
                    w0 = 1 - fr, w1 = fr - fg, w2 = fg - fb, w3 = fb;
                } else if (fr > fb) {  // r > b >= g
                    c1 = entry(lut, ri + 1, gi, bi), c2 = entry(lut, ri + 1, gi, bi + 1);
                    w0 = 1 - fr, w1 = fr - fb, w2 = fb - fg, w3 = fg;
                } else {  // b >= r > g
                    c1 = entry(lut, ri, gi, bi + 1), c2 = entry(lut, ri + 1, gi, bi + 1);
                    w0 = 1 - fb, w1 = fb - fr, w2 = fr - fg, w3 = fg;
                }
            } else {
                if (fb > fg) {  // b > g >= r
                    c1 = entry(lut, ri, gi, bi + 1), c2 = entry(lut, ri, gi + 1, bi + 1);
                    w0 = 1 - fb, w1 = fb - fg, w2 = fg - fr, w3 = fr;
                } else if (fb > fr) {  // g >= b > r
                    c1 = entry(lut, ri, gi + 1, bi), c2 = entry(lut, ri, gi + 1, bi + 1);
                    w0 = 1 - fg, w1 = fg - fb, w2 = fb - fr, w3 = fr;
                } else {  // g >= r >= b
                    c1 = entry(lut, ri, gi + 1, bi), c2 = entry(lut, ri + 1, gi + 1, bi);
                    w0 = 1 - fg, w1 = fg - fr, w2 = fr - fb, w3 = fb;
                }
            }
            for (int c = 0; c < 3; c++) {
                out[c] = to_pel(w0 * c000[c] + w1 * c1[c] + w2 * c2[c] + w3 * c111[c]);
            }
        }
    }
    akv_pixels_published();
    return 0;
}

static void *lut_start(VipsImage *out, void *a, void *b) {
    akv_tsan_acquire(b);  // built by akv_lut3d on another thread
    return vips_start_one(out, a, b);
}

static int lut_stop(void *sequence, void *a, void *b) {
    akv_tsan_release(b);  // before lut_free, on the thread that closes the image
    return vips_stop_one(sequence, a, b);
}

int akv_lut3d(VipsImage *in, VipsImage **out, const float *table, int size, const float *domain_min,
              const float *domain_max) {
    if (in->Bands != 3 || in->BandFmt != VIPS_FORMAT_UCHAR) {
        vips_error("akv_lut3d", "%s", "needs a 3-band 8-bit image");
        return -1;
    }
    // The callers check all of this; the kernel checks again, as a wrong size or domain here
    // would index outside the table.
    if (size < 2 || size > AKV_LUT3D_MAX_SIZE) {
        vips_error("akv_lut3d", "a 3D table needs 2…%d entries per side, not %d", AKV_LUT3D_MAX_SIZE, size);
        return -1;
    }
    for (int c = 0; c < 3; c++) {
        float span = domain_max[c] - domain_min[c];
        if (!isfinite(domain_min[c]) || !isfinite(domain_max[c]) || !isnormal(span) || span <= 0) {
            vips_error("akv_lut3d", "%s", "the domain must be finite with a normal, positive span");
            return -1;
        }
    }
    Lut *lut = g_new0(Lut, 1);
    lut->size = size;
    lut->table = g_memdup2(table, sizeof(float) * 3 * (size_t)size * size * size);
    for (int c = 0; c < 3; c++) {
        float span = domain_max[c] - domain_min[c];
        for (int level = 0; level < 256; level++) {
            // Input levels are in 0…1; the table covers domain_min…domain_max.
            float position = (level / 255.0f - domain_min[c]) / span * (size - 1);
            if (!(position > 0)) position = 0;  // also NaN
            if (position > size - 1) position = size - 1;
            int index = (int)position;
            if (index > size - 2) index = size - 2;
            lut->index[c][level] = index;
            lut->fraction[c][level] = position - index;
        }
    }
    lut->in = in;
    g_object_ref(in);
    *out = vips_image_new();
    if (vips_image_pipelinev(*out, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL)) {
        lut_free(NULL, lut);
        g_object_unref(*out);
        *out = NULL;
        return -1;
    }
    (*out)->Type = VIPS_INTERPRETATION_sRGB;
    g_signal_connect(*out, "close", G_CALLBACK(lut_free), lut);
    akv_tsan_release(lut);
    if (vips_image_generate(*out, lut_start, lut_generate, lut_stop, in, lut)) {
        g_object_unref(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}
