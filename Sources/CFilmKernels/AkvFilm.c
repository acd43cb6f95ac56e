#include "AkvFilm.h"

#include <math.h>
#include <string.h>
#include <vips/vips.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "AkvGrain.h"
#include "AkvHandoff.h"
#include "AkvHalation.h"
#include "AkvLutStage.h"
#include "AkvReadAhead.h"

#include "AkvClones.h"

#define AKV_INLINE static inline __attribute__((always_inline))

// Eight pixels at a time: 256-bit vectors with AVX2, pairs of 128-bit ones otherwise.
typedef float Floats __attribute__((vector_size(32)));
typedef int32_t Indices __attribute__((vector_size(32)));
typedef int16_t Shorts8 __attribute__((vector_size(16)));
typedef uint64_t Pairs __attribute__((vector_size(64)));
typedef float Floats16 __attribute__((vector_size(64)));
typedef uint8_t Bytes8 __attribute__((vector_size(8)));
typedef uint8_t Bytes16 __attribute__((vector_size(16)));
typedef float Floats4 __attribute__((vector_size(16)));
enum { LANES = 8 };
// How many pixels a row renders at a time (four vectors: their lookups' latencies overlap).
enum { BATCH_PIXELS = 4 * LANES };
// Where the 3D table reads a batch of pixels' colours: per pixel, the offset of its cell's first
// corner in the table, of its second and third corners from the first (the fourth is the cell's
// opposite corner), and the four corners' weights.
typedef struct {
    int32_t base[BATCH_PIXELS], second[BATCH_PIXELS], third[BATCH_PIXELS];
    float weight[4][BATCH_PIXELS];
} TableCells;
// How many rows the read-ahead may decode beyond what the strips asked for need (more made no
// difference on 24 MP; each row is memory).
enum { READ_AHEAD = 64 };
// 256-bit vectors pass only between static functions of this file, never across its interface,
// so clang's warning about their ABI without AVX (-Wpsabi) does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

// What is the same for the whole frame.
typedef struct Film {
    AkvFilmParams params;
    VipsImage *in;  // referenced for as long as the output lives
    int width, height;
    int vignette_on, tint_on, grain_on, leak_on;
    int mono;  // every channel the same arithmetic (black and white): rendered once
    float *vignette_x;  // per column: half the squared horizontal distance from the centre (0…0.5)
    float half_height;
    float *leak_columns;  // per leak, then per column (a row of width + LANES): exp(−2 · ((x − x_l) / rx_l)²)
    AkvGlow *glow;
    AkvReadAhead *ahead;
    int glow_scale, glow_width, glow_height;
    int *glow_a, *glow_b;  // per column: the two map columns it falls between
    float *glow_t;         // and the weight of the second
    AkvGrain grain;
    AkvLut *lut;  // the 3D table, or NULL
    float curve_gain[3][2 * 256];  // per channel, curve[i] and the grain's gain at i, interleaved
    float output_gain[3][256];     // per channel, the grain's gain at each level (grain_at_output)
    void (*render_row)(const struct Film *film, const float *vignette, const float *const *leak, const float *glow,
                       const int16_t *const *grain,
                       const VipsPel *in, VipsPel *out, int width);
} Film;

// One thread's regions and working rows, padded to whole vectors.
typedef struct {
    VipsRegion *in;    // the pixels being rendered, when they are not in the read-ahead's ring
    float *vignette;   // factor per pixel of the row
    float *leak[3];    // light-leak levels per pixel of the row, per channel
    float *glow;       // glow per pixel of the row
    float *enlarged[2];  // two glow map rows enlarged along x
    int held[2];         // which map rows those are, or -1
    int lit[2];          // whether each is lit (a dark row is left as it was)
    int held_left, held_width;
    AkvGrainRows grain_rows;
} Sequence;

static void film_free(VipsImage *image, Film *film) {
    (void)image;
    akv_tsan_acquire(film);  // every worker's film_stop released it
    akv_read_ahead_free(film->ahead);  // before the input it reads goes
    if (film->in) g_object_unref(film->in);
    g_free(film->vignette_x);
    g_free(film->leak_columns);
    akv_glow_free(film->glow);
    g_free(film->glow_a);
    g_free(film->glow_b);
    g_free(film->glow_t);
    akv_lut_free(film->lut);
    g_free(film);
}

static int film_stop(void *vsequence, void *a, void *b) {
    (void)a;
    Sequence *sequence = (Sequence *)vsequence;
    const Film *film = (const Film *)b;
    akv_tsan_release(film);  // before film_free, on the thread that closes the image
    if (sequence->in) g_object_unref(sequence->in);
    g_free(sequence->vignette);
    for (int c = 0; c < 3; c++) g_free(sequence->leak[c]);
    g_free(sequence->glow);
    g_free(sequence->enlarged[0]);
    g_free(sequence->enlarged[1]);
    if (film->grain_on) akv_grain_rows_clear(&sequence->grain_rows);
    g_free(sequence);
    return 0;
}

static void *film_start(VipsImage *out, void *a, void *b) {
    (void)out;
    VipsImage *in = (VipsImage *)a;
    const Film *film = (const Film *)b;
    akv_tsan_acquire(film);  // built by akv_film on another thread
    Sequence *sequence = g_new0(Sequence, 1);
    const size_t padded = (size_t)(film->width + LANES);
    sequence->in = vips_region_new(in);
    if (film->glow) {
        sequence->glow = g_new0(float, padded);
        sequence->enlarged[0] = g_new0(float, padded);
        sequence->enlarged[1] = g_new0(float, padded);
        sequence->held[0] = sequence->held[1] = -1;
    }
    if (film->vignette_on) sequence->vignette = g_new0(float, padded);
    if (film->leak_on) {
        for (int c = 0; c < 3; c++) sequence->leak[c] = g_new0(float, padded);
    }
    if (film->grain_on) akv_grain_rows_init(&sequence->grain_rows, &film->grain, film->width);
    return sequence;
}

// The vignette of row y, columns left…left + width − 1 (and up to a vector beyond).
AKV_INLINE void vignette_row(const Film *film, float *out, int y, int left, int width) {
    const AkvFilmParams *p = &film->params;
    const float dy = (y - film->half_height) / film->half_height;
    const Floats zero = {0}, one = zero + 1, row = zero + dy * dy * 0.5f;
    const Floats radius = zero + p->vignette_radius, stretch = zero + 1 / (1 - p->vignette_radius);
    const Floats amount = zero + p->vignette_amount;
    for (int i = 0; i < width; i += LANES) {
        Floats squared;
        memcpy(&squared, film->vignette_x + left + i, sizeof squared);
        Floats t = (__builtin_elementwise_sqrt(squared + row) - radius) * stretch;
        t = __builtin_elementwise_min(__builtin_elementwise_max(t, zero), one);
        const Floats factor = one - amount * (t * t * (3 - 2 * t));
        memcpy(out + i, &factor, sizeof factor);
    }
}

// The light leaks' levels in row y, columns left…left + width − 1 (and up to a vector beyond),
// per channel: Σ colour · exp(−2 · dy²) · exp(−2 · dx²) over the leaks, at most 255.
AKV_INLINE void leak_row(const Film *film, float *const out[3], int y, int left, int width) {
    const AkvFilmParams *p = &film->params;
    const Floats zero = {0}, top = zero + 255;
    for (int c = 0; c < 3; c++) memset(out[c], 0, sizeof(float) * (size_t)(width + LANES));
    for (int l = 0; l < p->leak_count; l++) {
        const float dy = (y - p->leak_centre[l][1]) / p->leak_radius[l][1];
        const float across = expf(-2 * dy * dy);
        const float *columns = film->leak_columns + (size_t)l * (size_t)(film->width + LANES) + left;
        for (int c = 0; c < 3; c++) {
            const Floats colour = zero + p->leak_color[l][c] * across;
            for (int i = 0; i < width; i += LANES) {
                Floats sum, column;
                memcpy(&sum, out[c] + i, sizeof sum);
                memcpy(&column, columns + i, sizeof column);
                sum += colour * column;
                memcpy(out[c] + i, &sum, sizeof sum);
            }
        }
    }
    for (int c = 0; c < 3; c++) {
        for (int i = 0; i < width; i += LANES) {
            Floats sum;
            memcpy(&sum, out[c] + i, sizeof sum);
            sum = __builtin_elementwise_min(sum, top);
            memcpy(out[c] + i, &sum, sizeof sum);
        }
    }
}

// Glow map row `row` enlarged along x into `out`; 0 if the row is dark.
AKV_INLINE int enlarge(const Film *film, int row, int left, int width,
                                                         float *out) {
    const float *map = akv_glow_row(film->glow, row);
    if (!map) return 0;
    for (int i = 0; i < width; i++) {
        const int x = left + i;
        const float a = map[film->glow_a[x]], b = map[film->glow_b[x]];
        out[i] = a + (b - a) * film->glow_t[x];
    }
    return 1;
}

// Makes map row `row` one of the two held enlarged, not evicting row `keep`; returns its slot.
AKV_INLINE int hold(const Film *film, Sequence *sequence, int row, int keep,
                                                      int left, int width) {
    for (int slot = 0; slot < 2; slot++) {
        if (sequence->held[slot] == row) return slot;
    }
    const int slot = sequence->held[0] == keep ? 1 : 0;
    sequence->held[slot] = row;
    sequence->lit[slot] = enlarge(film, row, left, width, sequence->enlarged[slot]);
    return slot;
}

// The two map rows that row y blends, a above b, and how far it is from a to b.
AKV_INLINE void glow_rows(const Film *film, int y, int *a, int *b, float *t) {
    float g = (y + 0.5f) / film->glow_scale - 0.5f;
    const float bottom = (float)(film->glow_height - 1);
    g = g < 0 ? 0 : (g > bottom ? bottom : g);
    *a = (int)g;
    *b = *a + 1 < film->glow_height ? *a + 1 : *a;
    *t = g - *a;
}

// The glow of row y, or NULL where none reaches it: two map rows enlarged along x, blended.
AKV_INLINE const float *glow_row(const Film *film, Sequence *sequence, int y,
                                                                   int left, int width) {
    int a, b;
    float t;
    glow_rows(film, y, &a, &b, &t);
    if (sequence->held_left != left || sequence->held_width != width) {
        sequence->held[0] = sequence->held[1] = -1;
        sequence->held_left = left;
        sequence->held_width = width;
    }
    const int upper_slot = hold(film, sequence, a, b, left, width);
    const int lower_slot = hold(film, sequence, b, a, left, width);
    const float *upper = sequence->lit[upper_slot] ? sequence->enlarged[upper_slot] : NULL;
    const float *lower = sequence->lit[lower_slot] ? sequence->enlarged[lower_slot] : NULL;
    float *out = sequence->glow;
    if (upper && lower) {
        for (int i = 0; i < width; i++) out[i] = upper[i] + (lower[i] - upper[i]) * t;
    } else if (upper) {
        for (int i = 0; i < width; i++) out[i] = upper[i] * (1 - t);
    } else if (lower) {
        for (int i = 0; i < width; i++) out[i] = lower[i] * t;
    } else {
        return NULL;
    }
    return out;
}

// The row renderer, once for any x86-64 (or other processor) and once with AVX2.
#define KERNEL_NAME(name) name##_generic
#define KERNEL_TARGET
#define KERNEL_AVX2 0
#include "AkvFilmKernel.h"
#undef KERNEL_NAME
#undef KERNEL_TARGET
#undef KERNEL_AVX2
#if defined(__x86_64__)
#define KERNEL_NAME(name) name##_avx2
#define KERNEL_TARGET __attribute__((target("avx2")))
#define KERNEL_AVX2 1
#include "AkvFilmKernel.h"
#undef KERNEL_NAME
#undef KERNEL_TARGET
#undef KERNEL_AVX2
#endif

AKV_CLONES static int film_generate(VipsRegion *out_region, void *vsequence, void *a, void *b, gboolean *stop) {
    (void)a, (void)stop;
    Sequence *sequence = (Sequence *)vsequence;
    const Film *film = (const Film *)b;
    const VipsRect *r = &out_region->valid;
    const int left = r->left, width = r->width;
    int last_map_row = -1;
    if (film->glow) {
        // Every map row this strip blends, by the same rule glow_row reads them with: a row read
        // before it is made would be held as dark (a race ThreadSanitizer found in the top rows).
        int upper;
        float t;
        glow_rows(film, r->top + r->height - 1, &upper, &last_map_row, &t);
    }
    const int from_ring = akv_read_ahead_begin(film->ahead, r->top, r->top + r->height, last_map_row);
    if (from_ring < 0) return -1;
    if (!from_ring) {
        if (vips_region_prepare(sequence->in, r)) return -1;
        akv_pixels_received();
    }
    const int16_t *grain[3] = {NULL, NULL, NULL};
    for (int j = 0; j < r->height; j++) {
        const int y = r->top + j;
        const VipsPel *in = from_ring ? akv_read_ahead_row(film->ahead, y) + 3 * left
                                      : VIPS_REGION_ADDR(sequence->in, left, y);
        VipsPel *out = VIPS_REGION_ADDR(out_region, left, y);
        const float *vignette = NULL, *glow = NULL;
        if (film->vignette_on) {
            vignette_row(film, sequence->vignette, y, left, width);
            vignette = sequence->vignette;
        }
        if (film->leak_on) leak_row(film, sequence->leak, y, left, width);
        if (film->glow) glow = glow_row(film, sequence, y, left, width);
        if (film->grain_on) akv_grain_row(&film->grain, &sequence->grain_rows, y, left, width, grain);
        film->render_row(film, vignette, film->leak_on ? (const float *const *)sequence->leak : NULL, glow,
                         film->grain_on ? grain : NULL, in, out, width);
    }
    if (from_ring) akv_read_ahead_done(film->ahead, r->top);
    akv_pixels_published();
    return 0;
}

// Whether the split tone is on, and whether every channel has the same arithmetic (black and
// white: equal matrix rows, curves and glow colours, no tint, no 3D table, no light leaks,
// monochrome grain).
static void colour_rules(Film *film) {
    const AkvFilmParams *p = &film->params;
    for (int c = 0; c < 3; c++) film->tint_on |= p->shadow_tint[c] != 0 || p->highlight_tint[c] != 0;
    film->mono = !film->tint_on && !film->lut && !film->leak_on && !p->tone_matrix_on && !p->grain_at_output &&
                 (!film->grain_on || film->grain.layers == 1) &&
                 p->halation_color[0] == p->halation_color[1] && p->halation_color[1] == p->halation_color[2];
    for (int c = 1; c < 3 && film->mono; c++) {
        film->mono = memcmp(p->matrix, p->matrix + 3 * c, sizeof(float) * 3) == 0 &&
                     memcmp(p->curve[0], p->curve[c], sizeof p->curve[0]) == 0;
    }
}

void akv_film_colour(const AkvFilmParams *params, const uint8_t rgb[3], float out[3]) {
    Film *film = g_new0(Film, 1);
    film->params = *params;
    film->params.lut_table = NULL;  // not kept
    // A table akv_film would refuse is left out (its error is in libvips' error buffer).
    if (params->lut_size > 0) {
        film->lut = akv_lut_new(params->lut_table, params->lut_size, params->lut_domain_min, params->lut_domain_max);
    }
    colour_rules(film);
    const Constants_generic k = constants_generic(film, NULL);
    // Eight copies of the pixel, and the 8 bytes beyond them the loads may read.
    VipsPel source[3 * LANES + 8] = {0};
    for (int lane = 0; lane < LANES; lane++) memcpy(source + 3 * lane, rgb, 3);
    Floats v[3], g[3];
    curves_generic(&k, NULL, NULL, NULL, 0, source, v, g);
    if (k.lut) table_generic(&k, v);
    tone_generic(&k, NULL, 0, v, g);
    for (int c = 0; c < 3; c++) out[c] = v[k.mono ? 0 : c][0];
    akv_lut_free(film->lut);
    g_free(film);
}

int akv_film(VipsImage *in, VipsImage **out, const AkvFilmParams *params) {
    if (in->Bands != 3 || in->BandFmt != VIPS_FORMAT_UCHAR) {
        vips_error("akv_film", "%s", "needs a 3-band 8-bit image");
        return -1;
    }
    Film *film = g_new0(Film, 1);
    film->params = *params;
    film->params.lut_table = NULL;  // copied into film->lut
    if (params->lut_size > 0) {
        film->lut = akv_lut_new(params->lut_table, params->lut_size, params->lut_domain_min, params->lut_domain_max);
        if (!film->lut) {
            film_free(NULL, film);
            return -1;
        }
    }
    const AkvFilmParams *p = &film->params;
    const int width = in->Xsize, height = in->Ysize;
    film->width = width;
    film->height = height;

    if (p->vignette_amount > 0) {
        film->vignette_on = 1;
        const float half_width = width > 1 ? (width - 1) / 2.0f : 0.5f;
        film->half_height = height > 1 ? (height - 1) / 2.0f : 0.5f;
        film->vignette_x = g_new0(float, width + LANES);
        for (int x = 0; x < width; x++) {
            const float dx = (x - half_width) / half_width;
            film->vignette_x[x] = dx * dx * 0.5f;
        }
    }
    if (p->leak_count < 0 || p->leak_count > AKV_LEAK_MAX) {
        vips_error("akv_film", "at most %d light leaks, not %d", AKV_LEAK_MAX, p->leak_count);
        film_free(NULL, film);
        return -1;
    }
    for (int l = 0; l < p->leak_count; l++) {
        for (int axis = 0; axis < 2; axis++) {
            const float r = p->leak_radius[l][axis];
            if (!isfinite(p->leak_centre[l][axis]) || !isfinite(r) || !(r > 0)) {
                vips_error("akv_film", "%s", "a light leak needs a finite centre and a finite, positive radius");
                film_free(NULL, film);
                return -1;
            }
        }
    }
    if (p->leak_count > 0) {
        film->leak_on = 1;
        const size_t stride = (size_t)(width + LANES);
        film->leak_columns = g_new0(float, (size_t)p->leak_count * stride);
        for (int l = 0; l < p->leak_count; l++) {
            for (int x = 0; x < width; x++) {
                const float dx = (x - p->leak_centre[l][0]) / p->leak_radius[l][0];
                film->leak_columns[(size_t)l * stride + (size_t)x] = expf(-2 * dx * dx);
            }
        }
    }
    *out = vips_image_new();
    if (vips_image_pipelinev(*out, VIPS_DEMAND_STYLE_FATSTRIP, in, NULL)) {
        film_free(NULL, film);
        g_object_unref(*out);
        *out = NULL;
        return -1;
    }
    (*out)->Type = VIPS_INTERPRETATION_sRGB;

    // How far below the lowest strip still being rendered other threads may render: a sink
    // writing to a file fills two buffers of `lines` rows, and starts the second while a strip
    // of the first is still being computed.
    int tile_width, tile_height, lines;
    vips_get_tile_size(*out, &tile_width, &tile_height, &lines);
    const int slack = 2 * lines + 2 * vips_concurrency_get() * tile_height;
    if (p->halation_sigma > 0 && (p->halation_color[0] > 0 || p->halation_color[1] > 0 || p->halation_color[2] > 0)) {
        film->glow = akv_glow_new(width, height, p->halation_sigma, p->halation_knee);
        film->glow_scale = akv_glow_scale(film->glow);
        film->glow_width = akv_glow_width(film->glow);
        film->glow_height = akv_glow_height(film->glow);
        film->glow_a = g_new(int, width);
        film->glow_b = g_new(int, width);
        film->glow_t = g_new(float, width);
        const float right = (float)(film->glow_width - 1);
        for (int x = 0; x < width; x++) {
            float g = (x + 0.5f) / film->glow_scale - 0.5f;
            g = g < 0 ? 0 : (g > right ? right : g);
            film->glow_a[x] = (int)g;
            film->glow_b[x] = film->glow_a[x] + 1 < film->glow_width ? film->glow_a[x] + 1 : film->glow_a[x];
            film->glow_t[x] = g - film->glow_a[x];
        }
    }
    if (p->grain_layers > 0) {
        film->grain_on = 1;
        akv_grain_init(&film->grain, p);
        // The field comes in the grain's fixed-point units: the gains take its scale.
        for (int c = 0; c < 3; c++) {
            for (int i = 0; i < 256; i++) {
                film->curve_gain[c][2 * i] = p->curve[c][i];
                film->curve_gain[c][2 * i + 1] = p->grain_gain[c][i] * film->grain.scale[c];
                film->output_gain[c][i] = p->grain_gain[c][i] * film->grain.scale[c];
            }
        }
    }

    colour_rules(film);
    // Strips still being given out may be `slack` rows above the highest one asked for.
    film->ahead = akv_read_ahead_new(in, film->glow, READ_AHEAD, slack + tile_height);
    film->render_row = render_row_generic;
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) film->render_row = render_row_avx2;
#endif

    film->in = in;
    g_object_ref(in);
    g_signal_connect(*out, "close", G_CALLBACK(film_free), film);
    akv_tsan_release(film);
    if (vips_image_generate(*out, film_start, film_generate, film_stop, in, film)) {
        g_object_unref(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}
