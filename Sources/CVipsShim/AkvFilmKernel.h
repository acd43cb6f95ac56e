// The film pass's per-pixel arithmetic for one row (private to AkvFilm.c, which includes this
// file once per instruction set: KERNEL names the function, KERNEL_TARGET its target attribute,
// KERNEL_GATHER selects AVX2's gather instruction for the table lookups).
//
// Eight pixels at a time. Every lane does the same operations as the others, with plain
// multiplies and adds (no fused multiply-add), so a pixel's value does not depend on where a row
// starts nor on which version of this function runs: the output is the same bytes on any x86-64.

KERNEL_TARGET static inline Floats KERNEL_NAME(lookup)(const float *table, Indices i) {
#if KERNEL_GATHER
    return (Floats)_mm256_i32gather_ps(table, (__m256i)i, 4);
#else
    return (Floats){table[i[0]], table[i[1]], table[i[2]], table[i[3]],
                    table[i[4]], table[i[5]], table[i[6]], table[i[7]]};
#endif
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

// Renders `width` pixels of one row. `vignette`, `glow` and `grain` are per-pixel rows or NULL.
// Reads and writes up to 4 bytes past pixel `width` only through the scratch tail.
KERNEL_TARGET static void KERNEL_NAME(render_row)(const Film *film, const float *restrict vignette,
                                                  const float *restrict glow, float *const grain[3],
                                                  const VipsPel *restrict in, VipsPel *restrict out, int width) {
    const AkvFilmParams *p = &film->params;
    const Floats zero = {0};
    // Every constant in a register (or a stack slot) before the loop, not re-read per pixel.
    const Floats m0 = zero + p->matrix[0], m1 = zero + p->matrix[1], m2 = zero + p->matrix[2];
    const Floats m3 = zero + p->matrix[3], m4 = zero + p->matrix[4], m5 = zero + p->matrix[5];
    const Floats m6 = zero + p->matrix[6], m7 = zero + p->matrix[7], m8 = zero + p->matrix[8];
    const Floats g0 = zero + p->halation_color[0], g1 = zero + p->halation_color[1];
    const Floats g2 = zero + p->halation_color[2];
    const Floats s0 = zero + p->shadow_tint[0], s1 = zero + p->shadow_tint[1], s2 = zero + p->shadow_tint[2];
    const Floats h0 = zero + p->highlight_tint[0], h1 = zero + p->highlight_tint[1];
    const Floats h2 = zero + p->highlight_tint[2];
    const Floats levels = zero + p->grain_levels;
    const float *c0 = p->curve[0], *c1 = p->curve[1], *c2 = p->curve[2];
    const float *n0 = grain ? grain[0] : NULL, *n1 = grain ? grain[1] : NULL, *n2 = grain ? grain[2] : NULL;
    const int tint = film->tint_on, mono = film->mono;

    // The main loop reads 16 bytes at 3·i + 12 and writes 16 at 3·i + 12: it stops two pixels
    // early, and the rest goes through a scratch vector.
    int i = 0;
    for (int pass = 0; pass < 2; pass++) {
        const int end = pass == 0 ? width - 2 : width;
        VipsPel in_tail[3 * LANES + 16] = {0}, out_tail[3 * LANES + 16];
        for (; pass == 0 ? i + LANES <= end : i < end; i += LANES) {
            const VipsPel *source = in + 3 * i;
            VipsPel *target = out + 3 * i;
            if (pass == 1) {
                memcpy(in_tail, source, 3 * (size_t)(width - i));
                source = in_tail;
                target = out_tail;
            }
            Bytes16 low, high;
            memcpy(&low, source, 16);
            memcpy(&high, source + 12, 16);
            Floats red = __builtin_convertvector(
                __builtin_shufflevector(low, high, 0, 3, 6, 9, 16, 19, 22, 25), Floats);
            Floats green = __builtin_convertvector(
                __builtin_shufflevector(low, high, 1, 4, 7, 10, 17, 20, 23, 26), Floats);
            Floats blue = __builtin_convertvector(
                __builtin_shufflevector(low, high, 2, 5, 8, 11, 18, 21, 24, 27), Floats);
            if (vignette) {
                const Floats f = KERNEL_NAME(load)(vignette + i);
                red *= f, green *= f, blue *= f;
            }
            if (glow) {
                const Floats g = KERNEL_NAME(load)(glow + i);
                red += g * g0, green += g * g1, blue += g * g2;
            }
            Bytes8 o0, o1, o2;
            if (mono) {
                // Black and white: one channel's arithmetic, exactly as the three would do it.
                Floats v = KERNEL_NAME(lookup)(c0, KERNEL_NAME(level)(m0 * red + m1 * green + m2 * blue));
                const Floats luma = (0.2126f * v + 0.7152f * v + 0.0722f * v) * (1.0f / 255);
                if (n0) v += levels * (0.15f + 3.4f * (luma * (1 - luma))) * KERNEL_NAME(load)(n0 + i);
                o0 = o1 = o2 = __builtin_convertvector(KERNEL_NAME(level)(v), Bytes8);
            } else {
                Floats v0 = KERNEL_NAME(lookup)(c0, KERNEL_NAME(level)(m0 * red + m1 * green + m2 * blue));
                Floats v1 = KERNEL_NAME(lookup)(c1, KERNEL_NAME(level)(m3 * red + m4 * green + m5 * blue));
                Floats v2 = KERNEL_NAME(lookup)(c2, KERNEL_NAME(level)(m6 * red + m7 * green + m8 * blue));
                const Floats luma = (0.2126f * v0 + 0.7152f * v1 + 0.0722f * v2) * (1.0f / 255);
                const Floats rest = 1 - luma;
                if (tint) {
                    const Floats shadow = rest * rest, highlight = luma * luma;
                    v0 += shadow * s0 + highlight * h0;
                    v1 += shadow * s1 + highlight * h1;
                    v2 += shadow * s2 + highlight * h2;
                }
                if (n0) {
                    const Floats amplitude = levels * (0.15f + 3.4f * (luma * rest));
                    v0 += amplitude * KERNEL_NAME(load)(n0 + i);
                    v1 += amplitude * KERNEL_NAME(load)(n1 + i);
                    v2 += amplitude * KERNEL_NAME(load)(n2 + i);
                }
                o0 = __builtin_convertvector(KERNEL_NAME(level)(v0), Bytes8);
                o1 = __builtin_convertvector(KERNEL_NAME(level)(v1), Bytes8);
                o2 = __builtin_convertvector(KERNEL_NAME(level)(v2), Bytes8);
            }
            const Bytes16 o01 = __builtin_shufflevector(o0, o1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            const Bytes16 o22 = __builtin_shufflevector(o2, o2, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7);
            const Bytes16 first = __builtin_shufflevector(o01, o22, 0, 8, 16, 1, 9, 17, 2, 10, 18, 3, 11, 19, 0, 0, 0,
                                                          0);
            const Bytes16 second = __builtin_shufflevector(o01, o22, 4, 12, 20, 5, 13, 21, 6, 14, 22, 7, 15, 23, 0, 0,
                                                           0, 0);
            memcpy(target, &first, 16);
            memcpy(target + 12, &second, 16);
            if (pass == 1) memcpy(out + 3 * i, out_tail, 3 * (size_t)(width - i < LANES ? width - i : LANES));
        }
    }
}
