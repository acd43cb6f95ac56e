#include "AkvFilm.h"

#include <math.h>
#include <string.h>

typedef struct {
    AkvFilmParams params;
    VipsImage *in;  // referenced for as long as the output lives
    float *glow;    // owned copy
    int width, height;
    int layers;  // grain noise layers: 1 (monochrome) or 3 (shared, and two colour differences)
} Film;

static void film_free(VipsImage *image, Film *film) {
    (void)image;
    if (film->in) g_object_unref(film->in);
    g_free(film->glow);
    g_free(film);
}

// A counter-based generator: the value at a lattice point depends only on the seed and the
// point, so the grain is the same whatever the tiling or the number of threads.
static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// A roughly Gaussian value with unit variance: the sum of four 16-bit uniforms (Irwin–Hall).
static inline float lattice_value(uint64_t seed, int layer, int64_t x, int64_t y) {
    uint64_t h = mix64(seed + (uint64_t)x * 0x9E3779B97F4A7C15ULL + (uint64_t)y * 0xC2B2AE3D27D4EB4FULL +
                       (uint64_t)layer * 0x165667B19E3779F9ULL);
    float sum = (float)(h & 0xFFFF) + (float)((h >> 16) & 0xFFFF) + (float)((h >> 32) & 0xFFFF) + (float)(h >> 48);
    // Mean 2·65535, variance 4·65536²/12.
    return (sum - 131070.0f) * (1.7320508f / 65536.0f);
}

static inline float smooth(float t) { return t * t * (3.0f - 2.0f * t); }

// Where one pixel row or column falls on the grain lattice: the cell and the smoothed position
// in it.
typedef struct {
    int cell;
    float s;
    float norm;  // 1/√((1 − s)² + s²): this axis's share of the renormalisation
} Axis;

// The grain of one region: value noise whose lattice values are drawn once per region and
// interpolated smoothly. Interpolation averages neighbours, so the variance dips between lattice
// points; each pixel is renormalised to unit variance, which keeps the grain even.
typedef struct {
    int layers, nx, ny;
    float *values;  // [layer][ny][nx]
    Axis *columns, *rows;
} GrainPatch;

static void axis_fill(Axis *axis, int start, int count, double cell, int origin) {
    for (int i = 0; i < count; i++) {
        double g = (start + i) / cell;
        double f = floor(g);
        axis[i].cell = (int)f - origin;
        axis[i].s = smooth((float)(g - f));
        axis[i].norm = 1.0f / sqrtf((1 - axis[i].s) * (1 - axis[i].s) + axis[i].s * axis[i].s);
    }
}

static void grain_patch_make(GrainPatch *patch, const Film *film, const VipsRect *r) {
    const double cell = film->params.grain_cell;
    // Lattice points sit on pixel origins, so a one-pixel cell is plain per-pixel noise.
    int x0 = (int)floor(r->left / cell), y0 = (int)floor(r->top / cell);
    int x1 = (int)floor((r->left + r->width - 1) / cell) + 1;
    int y1 = (int)floor((r->top + r->height - 1) / cell) + 1;
    patch->layers = film->layers;
    patch->nx = x1 - x0 + 1, patch->ny = y1 - y0 + 1;
    patch->values = g_new(float, (size_t)patch->layers * patch->nx * patch->ny);
    for (int layer = 0; layer < patch->layers; layer++) {
        for (int j = 0; j < patch->ny; j++) {
            for (int i = 0; i < patch->nx; i++) {
                patch->values[((size_t)layer * patch->ny + j) * patch->nx + i] =
                    lattice_value(film->params.grain_seed, layer, x0 + i, y0 + j);
            }
        }
    }
    patch->columns = g_new(Axis, r->width);
    patch->rows = g_new(Axis, r->height);
    axis_fill(patch->columns, r->left, r->width, cell, x0);
    axis_fill(patch->rows, r->top, r->height, cell, y0);
}

static void grain_patch_free(GrainPatch *patch) {
    g_free(patch->values);
    g_free(patch->columns);
    g_free(patch->rows);
}

// The noise of every layer at pixel (i, j) of the region, each with unit variance.
static inline void grain_at(const GrainPatch *patch, int i, int j, float *noise) {
    const Axis column = patch->columns[i], row = patch->rows[j];
    const int nx = patch->nx;
    const float sx = column.s, sy = row.s;
    const float norm = column.norm * row.norm;
    for (int layer = 0; layer < patch->layers; layer++) {
        const float *v = patch->values + ((size_t)layer * patch->ny + row.cell) * nx + column.cell;
        float top = v[0] + (v[1] - v[0]) * sx, bottom = v[nx] + (v[nx + 1] - v[nx]) * sx;
        noise[layer] = (top + (bottom - top) * sy) * norm;
    }
}

// Where one pixel row or column falls on the glow map: the two samples and the weight between.
typedef struct {
    int a, b;
    float t;
} GlowAxis;

static void glow_axis_fill(GlowAxis *axis, int start, int count, int full, int small) {
    for (int i = 0; i < count; i++) {
        float g = ((start + i + 0.5f) * small) / full - 0.5f;
        g = g < 0 ? 0 : (g > small - 1 ? small - 1 : g);
        axis[i].a = (int)g;
        axis[i].b = axis[i].a + 1 < small ? axis[i].a + 1 : axis[i].a;
        axis[i].t = g - axis[i].a;
    }
}

static inline float glow_at(const float *glow, int width, GlowAxis column, GlowAxis row) {
    const float *top = glow + row.a * width, *bottom = glow + row.b * width;
    float upper = top[column.a] + (top[column.b] - top[column.a]) * column.t;
    float lower = bottom[column.a] + (bottom[column.b] - bottom[column.a]) * column.t;
    return upper + (lower - upper) * row.t;
}

static inline int clamp_index(float v) {
    int i = (int)(v + 0.5f);
    return i < 0 ? 0 : (i > 255 ? 255 : i);
}

static int film_generate(VipsRegion *out_region, void *sequence, void *a, void *b, gboolean *stop) {
    (void)a, (void)stop;
    VipsRegion *in_region = (VipsRegion *)sequence;
    const Film *film = (const Film *)b;
    const AkvFilmParams *p = &film->params;
    VipsRect *r = &out_region->valid;
    if (vips_region_prepare(in_region, r)) return -1;

    const float half_w = film->width > 1 ? (film->width - 1) / 2.0f : 0.5f;
    const float half_h = film->height > 1 ? (film->height - 1) / 2.0f : 0.5f;
    // Half the squared distance from the centre, in table steps, split into its column and row parts.
    float *vignette_columns = NULL;
    if (p->vignette_on) {
        vignette_columns = g_new(float, r->width);
        for (int i = 0; i < r->width; i++) {
            float dx = (r->left + i - half_w) / half_w;
            vignette_columns[i] = dx * dx * 127.5f;
        }
    }
    const int chroma = film->layers > 1;
    GrainPatch patch;
    if (p->grain_on) grain_patch_make(&patch, film, r);
    // Colour grain: a shared (luminance) layer plus two colour-difference layers, weighted so each
    // channel's variance stays 1 whatever the chroma.
    const float shared_weight = (float)(1.0 - p->grain_chroma), colour_weight = (float)p->grain_chroma;
    const float mix_norm = 1.0f / sqrtf(shared_weight * shared_weight + colour_weight * colour_weight);
    GlowAxis *glow_columns = NULL, *glow_rows = NULL;
    if (p->halation_on) {
        glow_columns = g_new(GlowAxis, r->width);
        glow_rows = g_new(GlowAxis, r->height);
        glow_axis_fill(glow_columns, r->left, r->width, film->width, p->glow_width);
        glow_axis_fill(glow_rows, r->top, r->height, film->height, p->glow_height);
    }

    float noise[3];
    for (int y = r->top; y < r->top + r->height; y++) {
        const VipsPel *in = VIPS_REGION_ADDR(in_region, r->left, y);
        VipsPel *out = VIPS_REGION_ADDR(out_region, r->left, y);
        const float dy = (y - half_h) / half_h, vignette_row = dy * dy * 127.5f;
        for (int x = r->left; x < r->left + r->width; x++, in += 3, out += 3) {
            float rgb[3] = {in[0], in[1], in[2]};
            if (p->vignette_on) {
                float f = p->vignette[clamp_index(vignette_columns[x - r->left] + vignette_row)];
                rgb[0] *= f, rgb[1] *= f, rgb[2] *= f;
            }
            if (p->halation_on) {
                float g = glow_at(film->glow, p->glow_width, glow_columns[x - r->left], glow_rows[y - r->top]);
                rgb[0] += g * p->glow_color[0], rgb[1] += g * p->glow_color[1], rgb[2] += g * p->glow_color[2];
            }
            const float *m = p->matrix;
            float v[3];
            for (int c = 0; c < 3; c++) {
                v[c] = p->curve[c][clamp_index(m[c * 3] * rgb[0] + m[c * 3 + 1] * rgb[1] + m[c * 3 + 2] * rgb[2])];
            }
            int luma = clamp_index(0.2126f * v[0] + 0.7152f * v[1] + 0.0722f * v[2]);
            if (p->tint_on) {
                v[0] += p->tint[luma][0], v[1] += p->tint[luma][1], v[2] += p->tint[luma][2];
            }
            if (p->grain_on) {
                float amplitude = p->grain_amplitude[luma];
                grain_at(&patch, x - r->left, y - r->top, noise);
                if (chroma) {
                    // Two colour-difference layers spread over the channels with zero sum, each
                    // channel's share having unit variance.
                    float a = noise[1], b = noise[2];
                    float d[3] = {a, -0.5f * a + 0.8660254f * b, -0.5f * a - 0.8660254f * b};
                    for (int c = 0; c < 3; c++) {
                        v[c] += amplitude * (shared_weight * noise[0] + colour_weight * d[c]) * mix_norm;
                    }
                } else {
                    float n = amplitude * noise[0];
                    v[0] += n, v[1] += n, v[2] += n;
                }
            }
            out[0] = (VipsPel)clamp_index(v[0]);
            out[1] = (VipsPel)clamp_index(v[1]);
            out[2] = (VipsPel)clamp_index(v[2]);
        }
    }
    if (p->grain_on) grain_patch_free(&patch);
    g_free(glow_columns);
    g_free(glow_rows);
    g_free(vignette_columns);
    return 0;
}

int akv_film(VipsImage *in, VipsImage **out, const AkvFilmParams *params) {
    if (in->Bands != 3 || in->BandFmt != VIPS_FORMAT_UCHAR) {
        vips_error("akv_film", "%s", "needs a 3-band 8-bit image");
        return -1;
    }
    if (params->halation_on && (!params->glow || params->glow_width < 1 || params->glow_height < 1)) {
        vips_error("akv_film", "%s", "halation needs a glow map");
        return -1;
    }
    Film *film = g_new0(Film, 1);
    film->params = *params;
    film->width = in->Xsize;
    film->height = in->Ysize;
    film->layers = params->grain_chroma > 0 ? 3 : 1;
    if (film->params.grain_cell < 1) film->params.grain_cell = 1;
    if (params->halation_on) {
        film->glow = g_memdup2(params->glow, sizeof(float) * params->glow_width * params->glow_height);
    }
    film->params.glow = NULL;

    *out = vips_image_new();
    if (vips_image_pipelinev(*out, VIPS_DEMAND_STYLE_THINSTRIP, in, NULL)) {
        film_free(NULL, film);
        g_object_unref(*out);
        *out = NULL;
        return -1;
    }
    (*out)->Type = VIPS_INTERPRETATION_sRGB;
    film->in = in;
    g_object_ref(in);
    g_signal_connect(*out, "close", G_CALLBACK(film_free), film);
    if (vips_image_generate(*out, vips_start_one, film_generate, vips_stop_one, in, film)) {
        g_object_unref(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}
