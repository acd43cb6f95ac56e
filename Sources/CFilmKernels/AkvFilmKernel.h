// The film pass's per-pixel arithmetic for one row (private to AkvFilm.c, which includes this
// file once per instruction set: KERNEL names the function, KERNEL_TARGET its target attribute,
// KERNEL_AVX2 selects AVX2's permutes for the byte unpacking and packing).
//
// Eight pixels at a time. Every lane does the same operations as the others, with plain
// multiplies and adds (no fused multiply-add), so a pixel's value does not depend on where a row
// starts nor on which version of this function runs: the output is the same bytes on any x86-64.

// Eight scalar loads, with AVX2 too: its gather is microcoded on AMD's Zen 1 and 2 (and slowed
// by Intel's GDS mitigation); on a Zen 1 machine the loads took about 5 % off a 1080p frame's
// CPU time.
KERNEL_TARGET static inline Floats KERNEL_NAME(lookup)(const float *table, Indices i) {
    return (Floats){table[i[0]], table[i[1]], table[i[2]], table[i[3]],
                    table[i[4]], table[i[5]], table[i[6]], table[i[7]]};
}

// Two tables interleaved (`pairs[2·i]`, `pairs[2·i + 1]`) looked up at once: eight 64-bit loads
// rather than sixteen 32-bit ones.
KERNEL_TARGET static inline void KERNEL_NAME(lookup_pairs)(const float *pairs, Indices i, Floats *first,
                                                           Floats *second) {
    uint64_t q[LANES];
    for (int lane = 0; lane < LANES; lane++) memcpy(&q[lane], pairs + 2 * i[lane], sizeof q[lane]);
    const Pairs both = {q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]};
    const Floats16 values = (Floats16)both;
    *first = __builtin_shufflevector(values, values, 0, 2, 4, 6, 8, 10, 12, 14);
    *second = __builtin_shufflevector(values, values, 1, 3, 5, 7, 9, 11, 13, 15);
}

// A level rounded to a table index, 0…255.
KERNEL_TARGET static inline Indices KERNEL_NAME(level)(Floats v) {
    const Floats zero = {0}, top = zero + 255.0f, half = zero + 0.5f;
    v = __builtin_elementwise_min(__builtin_elementwise_max(v, zero), top);
    return __builtin_convertvector(v + half, Indices);
}

KERNEL_TARGET static inline Floats KERNEL_NAME(load)(const float *values) {
    Floats v;
    memcpy(&v, values, sizeof v);
    return v;
}

// Eight values of the grain's 16-bit field.
KERNEL_TARGET static inline Floats KERNEL_NAME(load_field)(const int16_t *values) {
    Shorts8 v;
    memcpy(&v, values, sizeof v);
    return __builtin_convertvector(v, Floats);
}

// What every pixel of a pass uses, broadcast into vectors once per row.
typedef struct {
    Floats m0, m1, m2, m3, m4, m5, m6, m7, m8;  // the colour matrix
    Floats g0, g1, g2;                          // the glow's colour
    Floats s0, s1, s2, h0, h1, h2;              // the split tone's shadow and highlight tints
    Floats t0, t1, t2, t3, t4, t5, t6, t7, t8;  // the matrix after the split tone
    const float *o0, *o1, *o2;                  // the grain's gains by output level, or NULL
    const float *c0, *c1, *c2;                  // the curves
    const float *n0, *n1, *n2;                  // each curve interleaved with the grain's gain, or NULL
    const AkvLut *lut;                          // the 3D table, or NULL
    Floats lut_mix, lut_keep;                   // how much of the table's colour, and of the curves'
    int tint, mono, tone_matrix;
    int one_field;  // the grain is one field in every channel (black-and-white grain)
} KERNEL_NAME(Constants);

// The 3D table runs in three steps over a batch of pixels (BATCH_PIXELS), so that its scattered
// reads form one tight loop: the cells, vectorised (table_cells), each pixel's four corners read
// and weighted, four floats at a time (table_corners), and the result mixed with the curves'
// levels, vectorised again (table_mix).

// Pixels j…j+7 of a batch, whose curve levels are `v`: their cells, corners and weights, into
// `cells`. Tetrahedral interpolation splits a cell into six tetrahedra by the order of the
// fractions: the corners go from the cell's first to its opposite one a channel at a time, in
// decreasing fraction, weighted 1 − the largest fraction, the differences between the sorted
// fractions, and the smallest (the branches and ties of Kasson et al.'s case list, as masks).
KERNEL_TARGET static inline void KERNEL_NAME(table_cells)(const KERNEL_NAME(Constants) *k, const Floats v[3],
                                                          TableCells *cells, int j) {
    const AkvLut *lut = k->lut;
    const Floats zero = {0}, top = zero + (float)(lut->size - 1);
    const Indices last = (Indices){0} + (lut->size - 2);
    const int32_t step[3] = {3, 3 * lut->size, 3 * lut->size * lut->size};
    Floats f[3];
    Indices base = {0};
    for (int c = 0; c < 3; c++) {
        // The levels 0…255 stand for 0…1; NaN goes to 0 (elementwise max returns the number).
        Floats position = (v[c] / 255.0f - lut->low[c]) / lut->span[c] * top;
        position = __builtin_elementwise_min(__builtin_elementwise_max(position, zero), top);
        const Indices index = __builtin_elementwise_min(__builtin_convertvector(position, Indices), last);
        f[c] = position - __builtin_convertvector(index, Floats);
        base += index * step[c];
    }
    const Floats fr = f[0], fg = f[1], fb = f[2];
    const Indices a = fr > fg, b = fg > fb, c = fr > fb, d = fb > fg, e = fb > fr;
    const Indices sr = (Indices){0} + step[0], sg = (Indices){0} + step[1], sb = (Indices){0} + step[2];
    // The channel stepped first (largest fraction) and the one stepped last (smallest).
    const Indices first_r = a & (b | c), first_b = (a & ~b & ~c) | (~a & d);
    const Indices first = (first_r & sr) | (first_b & sb) | (~(first_r | first_b) & sg);
    const Indices last_b = (a & b) | (~a & ~d & ~e), last_g = a & ~b;
    const Indices stepped_last = (last_b & sb) | (last_g & sg) | (~(last_b | last_g) & sr);
    const Floats high = __builtin_elementwise_max(__builtin_elementwise_max(fr, fg), fb);
    const Floats low = __builtin_elementwise_min(__builtin_elementwise_min(fr, fg), fb);
    const Floats middle = __builtin_elementwise_max(__builtin_elementwise_min(fr, fg),
                                                    __builtin_elementwise_min(__builtin_elementwise_max(fr, fg), fb));
    const Indices third = sr + sg + sb - stepped_last;
    const Floats w[4] = {1 - high, high - middle, middle - low, low};
    memcpy(cells->base + j, &base, sizeof base);
    memcpy(cells->second + j, &first, sizeof first);
    memcpy(cells->third + j, &third, sizeof third);
    for (int n = 0; n < 4; n++) memcpy(cells->weight[n] + j, &w[n], sizeof w[n]);
}

// `count` pixels' colours from the table: each pixel's four corners weighted, an RGB triple (and
// a fourth float, unused) per corner and per pixel in `mapped`.
KERNEL_TARGET static inline void KERNEL_NAME(table_corners)(const AkvLut *lut, const TableCells *cells, int count,
                                                            float *mapped) {
    const int diagonal = 3 * (1 + lut->size + lut->size * lut->size);
    for (int j = 0; j < count; j++) {
        const float *corner = lut->table + cells->base[j];
        Floats4 c0, c1, c2, c3;
        memcpy(&c0, corner, sizeof c0);
        memcpy(&c1, corner + cells->second[j], sizeof c1);
        memcpy(&c2, corner + cells->third[j], sizeof c2);
        memcpy(&c3, corner + diagonal, sizeof c3);
        const Floats4 m =
            c0 * cells->weight[0][j] + c1 * cells->weight[1][j] + c2 * cells->weight[2][j] + c3 * cells->weight[3][j];
        memcpy(mapped + 4 * j, &m, sizeof m);
    }
}

// Eight pixels' table colours (`mapped`, four floats a pixel) in levels, mixed into their curve
// levels `v` by the table's intensity.
KERNEL_TARGET static inline void KERNEL_NAME(table_mix)(const KERNEL_NAME(Constants) *k, const float *mapped,
                                                        Floats v[3]) {
    Floats16 first, second;
    memcpy(&first, mapped, sizeof first);
    memcpy(&second, mapped + 16, sizeof second);
    const Floats t[3] = {
        __builtin_shufflevector(first, second, 0, 4, 8, 12, 16, 20, 24, 28),
        __builtin_shufflevector(first, second, 1, 5, 9, 13, 17, 21, 25, 29),
        __builtin_shufflevector(first, second, 2, 6, 10, 14, 18, 22, 26, 30),
    };
    for (int c = 0; c < 3; c++) v[c] = v[c] * k->lut_keep + (t[c] * 255.0f) * k->lut_mix;
}

// The levels `v` of eight pixels through the table (the three steps on one vector).
KERNEL_TARGET static inline void KERNEL_NAME(table)(const KERNEL_NAME(Constants) *k, Floats v[3]) {
    TableCells cells;
    float mapped[4 * LANES];
    KERNEL_NAME(table_cells)(k, v, &cells, 0);
    KERNEL_NAME(table_corners)(k->lut, &cells, LANES, mapped);
    KERNEL_NAME(table_mix)(k, mapped, v);
}

// Pixels i…i+7 from `source` (24 bytes, 8 more readable): vignette, light leaks, glow, colour
// matrix and curves, into `v`, and the grain's gain at the same curve index into `g` (for black and white,
// one channel's arithmetic copied to all three). The 3D table is not applied here.
KERNEL_TARGET static inline void KERNEL_NAME(curves)(const KERNEL_NAME(Constants) *k, const float *vignette,
                                                     const float *const *leak, const float *glow, int i,
                                                     const VipsPel *source, Floats v[3], Floats g[3]) {
#if KERNEL_AVX2
    // Pixels 0…3 into the low half and 4…7 into the high one, then each channel's bytes widened
    // to 32 bits within the halves (-1 makes a zero byte).
    const __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)source),
                                                      _mm256_setr_epi32(0, 1, 2, 0, 3, 4, 5, 0));
#define AKV_WIDEN(c)                                                                                         \
    _mm256_shuffle_epi8(bytes, _mm256_setr_epi8(c, -1, -1, -1, c + 3, -1, -1, -1, c + 6, -1, -1, -1, c + 9, \
                                                -1, -1, -1, c, -1, -1, -1, c + 3, -1, -1, -1, c + 6, -1, -1, \
                                                -1, c + 9, -1, -1, -1))
    Floats red = __builtin_convertvector((Indices)AKV_WIDEN(0), Floats);
    Floats green = __builtin_convertvector((Indices)AKV_WIDEN(1), Floats);
    Floats blue = __builtin_convertvector((Indices)AKV_WIDEN(2), Floats);
#undef AKV_WIDEN
#else
    Bytes16 low, high;
    memcpy(&low, source, 16);
    memcpy(&high, source + 12, 16);
    Floats red = __builtin_convertvector(__builtin_shufflevector(low, high, 0, 3, 6, 9, 16, 19, 22, 25), Floats);
    Floats green = __builtin_convertvector(__builtin_shufflevector(low, high, 1, 4, 7, 10, 17, 20, 23, 26), Floats);
    Floats blue = __builtin_convertvector(__builtin_shufflevector(low, high, 2, 5, 8, 11, 18, 21, 24, 27), Floats);
#endif
    if (vignette) {
        const Floats f = KERNEL_NAME(load)(vignette + i);
        red *= f, green *= f, blue *= f;
    }
    if (leak) {
        // Screened: v + L − v · L / 255, which brightens without clipping.
        const Floats l0 = KERNEL_NAME(load)(leak[0] + i), l1 = KERNEL_NAME(load)(leak[1] + i),
                     l2 = KERNEL_NAME(load)(leak[2] + i);
        red += l0 - red * l0 * (1.0f / 255), green += l1 - green * l1 * (1.0f / 255);
        blue += l2 - blue * l2 * (1.0f / 255);
    }
    if (glow) {
        const Floats g = KERNEL_NAME(load)(glow + i);
        red += g * k->g0, green += g * k->g1, blue += g * k->g2;
    }
    const Indices i0 = KERNEL_NAME(level)(k->m0 * red + k->m1 * green + k->m2 * blue);
    if (k->n0) {
        KERNEL_NAME(lookup_pairs)(k->n0, i0, &v[0], &g[0]);
    } else {
        v[0] = KERNEL_NAME(lookup)(k->c0, i0);
    }
    if (k->mono) {
        v[1] = v[2] = v[0];
        if (k->n0) g[1] = g[2] = g[0];
        return;
    }
    const Indices i1 = KERNEL_NAME(level)(k->m3 * red + k->m4 * green + k->m5 * blue);
    const Indices i2 = KERNEL_NAME(level)(k->m6 * red + k->m7 * green + k->m8 * blue);
    if (k->n0) {
        KERNEL_NAME(lookup_pairs)(k->n1, i1, &v[1], &g[1]);
        KERNEL_NAME(lookup_pairs)(k->n2, i2, &v[2], &g[2]);
    } else {
        v[1] = KERNEL_NAME(lookup)(k->c1, i1);
        v[2] = KERNEL_NAME(lookup)(k->c2, i2);
    }
}

// Pixels i…i+7 from their curve values `v` and grain gains `g`: split tone and grain (the gain
// times the row's grain field, `grain[c]`), in levels before rounding, back into `v` (for black
// and white, channel 0 only).
KERNEL_TARGET static inline void KERNEL_NAME(tone)(const KERNEL_NAME(Constants) *k, const int16_t *const *grain, int i,
                                                   Floats v[3], const Floats g[3]) {
    if (k->mono) {
        if (grain) v[0] += g[0] * KERNEL_NAME(load_field)(grain[0] + i);
        return;
    }
    Floats v0 = v[0], v1 = v[1], v2 = v[2];
    if (k->tint) {
        const Floats luma = (0.2126f * v0 + 0.7152f * v1 + 0.0722f * v2) * (1.0f / 255);
        const Floats rest = 1 - luma;
        const Floats shadow = rest * rest, highlight = luma * luma;
        v0 += shadow * k->s0 + highlight * k->h0;
        v1 += shadow * k->s1 + highlight * k->h1;
        v2 += shadow * k->s2 + highlight * k->h2;
    }
    if (k->tone_matrix) {
        const Floats r = v0, gr = v1, b = v2;
        v0 = k->t0 * r + k->t1 * gr + k->t2 * b;
        v1 = k->t3 * r + k->t4 * gr + k->t5 * b;
        v2 = k->t6 * r + k->t7 * gr + k->t8 * b;
    }
    if (grain) {
        Floats g0 = g[0], g1 = g[1], g2 = g[2];
        if (k->o0) {
            g0 = KERNEL_NAME(lookup)(k->o0, KERNEL_NAME(level)(v0));
            g1 = KERNEL_NAME(lookup)(k->o1, KERNEL_NAME(level)(v1));
            g2 = KERNEL_NAME(lookup)(k->o2, KERNEL_NAME(level)(v2));
        }
        const Floats f0 = KERNEL_NAME(load_field)(grain[0] + i);
        v0 += g0 * f0;
        v1 += g1 * (k->one_field ? f0 : KERNEL_NAME(load_field)(grain[1] + i));
        v2 += g2 * (k->one_field ? f0 : KERNEL_NAME(load_field)(grain[2] + i));
    }
    v[0] = v0, v[1] = v1, v[2] = v2;
}

// Pixels i…i+7 from their curve values `v` and grain gains `g`: toned and grained, rounded to 8
// bits, into `target` (24 bytes, 8 more writable).
KERNEL_TARGET static inline void KERNEL_NAME(finish)(const KERNEL_NAME(Constants) *k, const int16_t *const *grain,
                                                     int i, const Floats v[3], const Floats g[3], VipsPel *target) {
    Floats t[3] = {v[0], v[1], v[2]};
    KERNEL_NAME(tone)(k, grain, i, t, g);
    Indices o0, o1, o2;
    if (k->mono) {
        o0 = o1 = o2 = KERNEL_NAME(level)(t[0]);
    } else {
        o0 = KERNEL_NAME(level)(t[0]);
        o1 = KERNEL_NAME(level)(t[1]);
        o2 = KERNEL_NAME(level)(t[2]);
    }
#if KERNEL_AVX2
    // The levels are 0…255 already, so the saturating packs only narrow them: per half, the four
    // pixels' red, green, blue (and blue again) bytes, interleaved, then the halves' 12 bytes
    // joined.
    const __m256i packed = _mm256_packus_epi16(_mm256_packus_epi32((__m256i)o0, (__m256i)o1),
                                               _mm256_packus_epi32((__m256i)o2, (__m256i)o2));
    const __m256i pixels = _mm256_shuffle_epi8(
        packed, _mm256_setr_epi8(0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, -1, -1, -1, -1, 0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7,
                                 11, -1, -1, -1, -1));
    const __m256i joined = _mm256_permutevar8x32_epi32(pixels, _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 3, 7));
    _mm256_storeu_si256((__m256i *)target, joined);
#else
    const Bytes8 b0 = __builtin_convertvector(o0, Bytes8), b1 = __builtin_convertvector(o1, Bytes8),
                 b2 = __builtin_convertvector(o2, Bytes8);
    const Bytes16 o01 = __builtin_shufflevector(b0, b1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const Bytes16 o22 = __builtin_shufflevector(b2, b2, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
    const Bytes16 first =
        __builtin_shufflevector(o01, o22, 0, 8, 16, 1, 9, 17, 2, 10, 18, 3, 11, 19, 0, 0, 0, 0);
    const Bytes16 second =
        __builtin_shufflevector(o01, o22, 4, 12, 20, 5, 13, 21, 6, 14, 22, 7, 15, 23, 0, 0, 0, 0);
    memcpy(target, &first, 16);
    memcpy(target + 12, &second, 16);
#endif
}

// The constants of a row: the film's, with the grain's gains only if the row has a grain field.
KERNEL_TARGET static inline KERNEL_NAME(Constants)
    KERNEL_NAME(constants)(const Film *film, const int16_t *const *grain) {
    const AkvFilmParams *p = &film->params;
    const Floats zero = {0};
    const KERNEL_NAME(Constants) k = {
        .m0 = zero + p->matrix[0], .m1 = zero + p->matrix[1], .m2 = zero + p->matrix[2],
        .m3 = zero + p->matrix[3], .m4 = zero + p->matrix[4], .m5 = zero + p->matrix[5],
        .m6 = zero + p->matrix[6], .m7 = zero + p->matrix[7], .m8 = zero + p->matrix[8],
        .g0 = zero + p->halation_color[0], .g1 = zero + p->halation_color[1], .g2 = zero + p->halation_color[2],
        .s0 = zero + p->shadow_tint[0], .s1 = zero + p->shadow_tint[1], .s2 = zero + p->shadow_tint[2],
        .h0 = zero + p->highlight_tint[0], .h1 = zero + p->highlight_tint[1], .h2 = zero + p->highlight_tint[2],
        .c0 = p->curve[0], .c1 = p->curve[1], .c2 = p->curve[2],
        .t0 = zero + p->tone_matrix[0], .t1 = zero + p->tone_matrix[1], .t2 = zero + p->tone_matrix[2],
        .t3 = zero + p->tone_matrix[3], .t4 = zero + p->tone_matrix[4], .t5 = zero + p->tone_matrix[5],
        .t6 = zero + p->tone_matrix[6], .t7 = zero + p->tone_matrix[7], .t8 = zero + p->tone_matrix[8],
        .o0 = grain && p->grain_at_output ? film->output_gain[0] : NULL, .o1 = film->output_gain[1],
        .o2 = film->output_gain[2],
        .n0 = grain && !p->grain_at_output ? film->curve_gain[0] : NULL, .n1 = film->curve_gain[1],
        .n2 = film->curve_gain[2],
        .lut = film->lut, .lut_mix = zero + p->lut_mix, .lut_keep = zero + (1 - p->lut_mix),
        .tint = film->tint_on, .mono = film->mono, .tone_matrix = p->tone_matrix_on,
        .one_field = grain && grain[1] == grain[0] && grain[2] == grain[0],
    };
    return k;
}

// Renders `width` pixels of one row. `vignette` and `glow` are per-pixel rows or NULL, `leak`
// the row's light-leak levels and `grain` its grain field, per channel, or NULL.
KERNEL_TARGET static void KERNEL_NAME(render_row)(const Film *film, const float *restrict vignette,
                                                  const float *const *leak, const float *restrict glow,
                                                  const int16_t *const *grain,
                                                  const VipsPel *restrict in, VipsPel *restrict out, int width) {
    const KERNEL_NAME(Constants) k = KERNEL_NAME(constants)(film, grain);
    // Four vectors at a time, all their table lookups first: the lookups' latency overlaps.
    // Every load and store reaches up to 8 bytes past its 24, so the loops stop three pixels
    // early and the rest goes through scratch vectors.
    enum { BATCH = BATCH_PIXELS / LANES };
    int i = 0;
    for (; i + LANES * BATCH <= width - 3; i += LANES * BATCH) {
        Floats v[BATCH][3], g[BATCH][3];
        for (int b = 0; b < BATCH; b++) {
            KERNEL_NAME(curves)(&k, vignette, leak, glow, i + LANES * b, in + 3 * (i + LANES * b), v[b], g[b]);
        }
        if (k.lut) {
            TableCells cells;
            float mapped[4 * BATCH_PIXELS];
            for (int b = 0; b < BATCH; b++) KERNEL_NAME(table_cells)(&k, v[b], &cells, LANES * b);
            KERNEL_NAME(table_corners)(k.lut, &cells, LANES * BATCH, mapped);
            for (int b = 0; b < BATCH; b++) KERNEL_NAME(table_mix)(&k, mapped + 4 * LANES * b, v[b]);
        }
        for (int b = 0; b < BATCH; b++) {
            KERNEL_NAME(finish)(&k, grain, i + LANES * b, v[b], g[b], out + 3 * (i + LANES * b));
        }
    }
    for (; i + LANES <= width - 3; i += LANES) {
        Floats v[3], g[3];
        KERNEL_NAME(curves)(&k, vignette, leak, glow, i, in + 3 * i, v, g);
        if (k.lut) KERNEL_NAME(table)(&k, v);
        KERNEL_NAME(finish)(&k, grain, i, v, g, out + 3 * i);
    }
    for (; i < width; i += LANES) {
        const int count = width - i < LANES ? width - i : LANES;
        VipsPel in_tail[3 * LANES + 16] = {0}, out_tail[3 * LANES + 16];
        memcpy(in_tail, in + 3 * i, 3 * (size_t)(width - i));
        Floats v[3], g[3];
        KERNEL_NAME(curves)(&k, vignette, leak, glow, i, in_tail, v, g);
        if (k.lut) KERNEL_NAME(table)(&k, v);
        KERNEL_NAME(finish)(&k, grain, i, v, g, out_tail);
        memcpy(out + 3 * i, out_tail, 3 * (size_t)count);
    }
}
