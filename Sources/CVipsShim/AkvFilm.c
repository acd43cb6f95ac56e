#include "AkvFilm.h"

#include <math.h>
#include <string.h>

typedef struct {
    AkvFilmParams params;
    VipsImage *in;  // referenced for as long as the output lives
    float *glow;    // owned copy
    int width, height;
    int layers;  // grain noise layers: 1 (monochrome) or 3 (shared, and two colour differences)
    // Colour grain's weights for the shared and colour-difference layers, so each channel's
    // variance stays 1 whatever the chroma.
    float shared_weight, colour_weight;
    // Split tone and grain strength by luma, side by side so one lookup fetches both.
    float by_luma[256][4];
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

// Four pixels at a time: the arithmetic runs on vectors (SSE, NEON or AVX2, whichever the
// compiler targets) and only the table lookups are scalar. Every lane does the same operations
// as the others, so a pixel's value does not depend on where a region starts.
typedef float Floats __attribute__((vector_size(16)));
typedef int32_t Indices __attribute__((vector_size(16)));
typedef uint8_t Bytes4 __attribute__((vector_size(4)));
typedef uint8_t Bytes8 __attribute__((vector_size(8)));
typedef uint8_t Bytes16 __attribute__((vector_size(16)));
enum { LANES = 4 };

static inline Floats load_floats(const float *values) {
    Floats v;
    memcpy(&v, values, sizeof v);
    return v;
}

// A level rounded to a table index, 0…255.
static inline Indices table_index(Floats v) {
    const Floats zero = {0, 0, 0, 0}, top = {255, 255, 255, 255}, half = {0.5f, 0.5f, 0.5f, 0.5f};
    v = __builtin_elementwise_min(__builtin_elementwise_max(v, zero), top);
    return __builtin_convertvector(v + half, Indices);
}

static inline Floats lookup(const float *table, Indices i) {
    return (Floats){table[i[0]], table[i[1]], table[i[2]], table[i[3]]};
}

// Per-region working rows, padded to whole vectors. Each stage fills a row of floats; the last
// stage only combines them and looks up tables, so no pixel pays for a stage that is off.
typedef struct {
    float *vignette;   // factor per pixel, or NULL
    float *glow_line;  // the glow map's row at this y, then enlarged into `glow`
    float *glow;       // glow per pixel, or NULL
    float *lattice;    // one lattice row of one grain layer, interpolated to this y
    float *grain[3];   // each channel's grain per pixel (unit variance); all three the same row
                       // for monochrome grain; NULL without grain
} Rows;

// The glow of row y: the two map rows blended, then enlarged along the row.
static void glow_row(const Film *film, const GlowAxis *columns, GlowAxis row, int width, Rows *rows) {
    const int gw = film->params.glow_width;
    const float *top = film->glow + (size_t)row.a * gw, *bottom = film->glow + (size_t)row.b * gw;
    for (int k = 0; k < gw; k++) rows->glow_line[k] = top[k] + (bottom[k] - top[k]) * row.t;
    for (int i = 0; i < width; i++) {
        const float a = rows->glow_line[columns[i].a], b = rows->glow_line[columns[i].b];
        rows->glow[i] = a + (b - a) * columns[i].t;
    }
}

// The grain of row j of the region: each layer's lattice rows blended at this y, then
// interpolated along the row and renormalised; colour grain is mixed into the three channels.
static void grain_row(const GrainPatch *patch, int j, int width, float shared, float colour, Rows *rows) {
    const Axis row = patch->rows[j];
    const int nx = patch->nx;
    for (int layer = 0; layer < patch->layers; layer++) {
        const float *top = patch->values + ((size_t)layer * patch->ny + row.cell) * nx, *bottom = top + nx;
        for (int k = 0; k < nx; k++) rows->lattice[k] = top[k] + (bottom[k] - top[k]) * row.s;
        float *out = rows->grain[layer];
        for (int i = 0; i < width; i++) {
            const Axis column = patch->columns[i];
            const float a = rows->lattice[column.cell], b = rows->lattice[column.cell + 1];
            out[i] = (a + (b - a) * column.s) * (column.norm * row.norm);
        }
    }
    if (patch->layers == 1) return;
    // Two colour-difference layers spread over the channels with zero sum, each channel's share
    // having unit variance, added to the shared (luminance) layer.
    float *n0 = rows->grain[0], *n1 = rows->grain[1], *n2 = rows->grain[2];
    for (int i = 0; i < width; i++) {
        const float s = shared * n0[i], a = colour * n1[i], b = colour * n2[i];
        n0[i] = s + a;
        n1[i] = s - 0.5f * a + 0.8660254f * b;
        n2[i] = s - 0.5f * a - 0.8660254f * b;
    }
}

// The last stage for pixels i…i+3 of a row: vignette, glow, colour matrix, curves, split tone,
// grain, rounded to 8 bits.
__attribute__((always_inline)) static inline void render(const AkvFilmParams *p, const float (*by_luma)[4], const Rows *rows, int i,
                          const VipsPel *in, VipsPel *out) {
    Bytes16 pixels = {0};
    memcpy(&pixels, in, 3 * LANES);
    Floats red = __builtin_convertvector(__builtin_shufflevector(pixels, pixels, 0, 3, 6, 9), Floats);
    Floats green = __builtin_convertvector(__builtin_shufflevector(pixels, pixels, 1, 4, 7, 10), Floats);
    Floats blue = __builtin_convertvector(__builtin_shufflevector(pixels, pixels, 2, 5, 8, 11), Floats);
    if (rows->vignette) {
        const Floats f = load_floats(rows->vignette + i);
        red *= f, green *= f, blue *= f;
    }
    if (rows->glow) {
        const Floats g = load_floats(rows->glow + i);
        red += g * p->glow_color[0], green += g * p->glow_color[1], blue += g * p->glow_color[2];
    }
    const float *m = p->matrix;
    Floats v0 = lookup(p->curve[0], table_index(m[0] * red + m[1] * green + m[2] * blue));
    Floats v1 = lookup(p->curve[1], table_index(m[3] * red + m[4] * green + m[5] * blue));
    Floats v2 = lookup(p->curve[2], table_index(m[6] * red + m[7] * green + m[8] * blue));
    const Indices luma = table_index(0.2126f * v0 + 0.7152f * v1 + 0.0722f * v2);
    // Four rows of (tint, tint, tint, grain amplitude), transposed into one vector each.
    const Floats e0 = load_floats(by_luma[luma[0]]), e1 = load_floats(by_luma[luma[1]]);
    const Floats e2 = load_floats(by_luma[luma[2]]), e3 = load_floats(by_luma[luma[3]]);
    const Floats low01 = __builtin_shufflevector(e0, e1, 0, 4, 1, 5), low23 = __builtin_shufflevector(e2, e3, 0, 4, 1, 5);
    const Floats high01 = __builtin_shufflevector(e0, e1, 2, 6, 3, 7), high23 = __builtin_shufflevector(e2, e3, 2, 6, 3, 7);
    const Floats tint0 = __builtin_shufflevector(low01, low23, 0, 1, 4, 5);
    const Floats tint1 = __builtin_shufflevector(low01, low23, 2, 3, 6, 7);
    const Floats tint2 = __builtin_shufflevector(high01, high23, 0, 1, 4, 5);
    const Floats amplitude = __builtin_shufflevector(high01, high23, 2, 3, 6, 7);
    v0 += tint0, v1 += tint1, v2 += tint2;
    if (rows->grain[0]) {
        v0 += amplitude * load_floats(rows->grain[0] + i);
        v1 += amplitude * load_floats(rows->grain[1] + i);
        v2 += amplitude * load_floats(rows->grain[2] + i);
    }
    const Bytes4 o0 = __builtin_convertvector(table_index(v0), Bytes4);
    const Bytes4 o1 = __builtin_convertvector(table_index(v1), Bytes4);
    const Bytes4 o2 = __builtin_convertvector(table_index(v2), Bytes4);
    const Bytes8 o01 = __builtin_shufflevector(o0, o1, 0, 1, 2, 3, 4, 5, 6, 7);
    const Bytes8 o22 = __builtin_shufflevector(o2, o2, 0, 1, 2, 3, 0, 1, 2, 3);
    const Bytes16 interleaved = __builtin_shufflevector(o01, o22, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 13, 14, 15);
    memcpy(out, &interleaved, 3 * LANES);
}

// Cloned for AVX2 where the processor has it (8 lanes for the row stages); without FMA, so every
// clone rounds alike and the output is the same bytes on any x86-64.
#if defined(__x86_64__) && defined(__linux__)
__attribute__((target_clones("avx2", "default")))
#endif
static int film_generate(VipsRegion *out_region, void *sequence, void *a, void *b, gboolean *stop) {
    (void)a, (void)stop;
    VipsRegion *in_region = (VipsRegion *)sequence;
    const Film *film = (const Film *)b;
    const AkvFilmParams *p = &film->params;
    VipsRect *r = &out_region->valid;
    if (vips_region_prepare(in_region, r)) return -1;
    const int width = r->width;
    const int padded = (width + LANES - 1) / LANES * LANES;

    const float half_w = film->width > 1 ? (film->width - 1) / 2.0f : 0.5f;
    const float half_h = film->height > 1 ? (film->height - 1) / 2.0f : 0.5f;
    Rows rows = {0};
    // Half the squared distance from the centre, in table steps, split into its column and row parts.
    float *vignette_columns = NULL;
    if (p->vignette_on) {
        vignette_columns = g_new(float, width);
        rows.vignette = g_new0(float, padded);
        for (int i = 0; i < width; i++) {
            float dx = (r->left + i - half_w) / half_w;
            vignette_columns[i] = dx * dx * 127.5f;
        }
    }
    GrainPatch patch;
    if (p->grain_on) {
        grain_patch_make(&patch, film, r);
        rows.lattice = g_new(float, patch.nx);
        for (int c = 0; c < patch.layers; c++) rows.grain[c] = g_new0(float, padded);
        for (int c = patch.layers; c < 3; c++) rows.grain[c] = rows.grain[0];
    }
    GlowAxis *glow_columns = NULL, *glow_rows = NULL;
    if (p->halation_on) {
        glow_columns = g_new(GlowAxis, width);
        glow_rows = g_new(GlowAxis, r->height);
        glow_axis_fill(glow_columns, r->left, width, film->width, p->glow_width);
        glow_axis_fill(glow_rows, r->top, r->height, film->height, p->glow_height);
        rows.glow_line = g_new(float, p->glow_width);
        rows.glow = g_new0(float, padded);
    }
    const int whole = width / LANES * LANES;
    for (int j = 0; j < r->height; j++) {
        const int y = r->top + j;
        const VipsPel *in = VIPS_REGION_ADDR(in_region, r->left, y);
        VipsPel *out = VIPS_REGION_ADDR(out_region, r->left, y);
        if (rows.vignette) {
            const float dy = (y - half_h) / half_h, vignette_row = dy * dy * 127.5f;
            for (int i = 0; i < width; i++) {
                const float v = vignette_columns[i] + vignette_row;
                rows.vignette[i] = p->vignette[(int)((v > 255 ? 255 : v) + 0.5f)];
            }
        }
        if (rows.glow) glow_row(film, glow_columns, glow_rows[j], width, &rows);
        if (p->grain_on) grain_row(&patch, j, width, film->shared_weight, film->colour_weight, &rows);
        for (int i = 0; i < whole; i += LANES) render(p, film->by_luma, &rows, i, in + 3 * i, out + 3 * i);
        if (whole < width) {
            // The last few pixels go through a whole vector's worth of scratch space.
            VipsPel in_tail[3 * LANES] = {0}, out_tail[3 * LANES];
            memcpy(in_tail, in + 3 * whole, 3 * (size_t)(width - whole));
            render(p, film->by_luma, &rows, whole, in_tail, out_tail);
            memcpy(out + 3 * whole, out_tail, 3 * (size_t)(width - whole));
        }
    }
    if (p->grain_on) {
        grain_patch_free(&patch);
        g_free(rows.lattice);
        for (int c = 0; c < patch.layers; c++) g_free(rows.grain[c]);
    }
    g_free(glow_columns);
    g_free(glow_rows);
    g_free(rows.glow_line);
    g_free(rows.glow);
    g_free(rows.vignette);
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
    const float mix_norm = 1.0f / sqrtf((float)((1 - params->grain_chroma) * (1 - params->grain_chroma) +
                                                params->grain_chroma * params->grain_chroma));
    film->shared_weight = (float)(1.0 - params->grain_chroma) * mix_norm;
    film->colour_weight = (float)params->grain_chroma * mix_norm;
    for (int level = 0; level < 256; level++) {
        if (params->tint_on) memcpy(film->by_luma[level], params->tint[level], sizeof(float) * 3);
        film->by_luma[level][3] = params->grain_on ? params->grain_amplitude[level] : 0;
    }
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
