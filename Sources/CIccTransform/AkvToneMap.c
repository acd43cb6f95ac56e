// Tone mapping of HDR stills (PQ or HLG) to SDR, per the ITU-R recommendations:
//
// - PQ: the samples are display light, SMPTE ST 2084's EOTF (ITU-R BT.2100 Table 4), from 0 to the
//   source's peak: the mastering display's peak luminance when the file gives it (a PNG's mDCv
//   chunk), else its content's brightest pixel (cLLi's MaxCLL), else PQ's whole range, 10,000
//   cd/m². BT.2390's EETF maps from the mastering display's range, so content mastered to 1,000
//   cd/m² rolls off towards 1,000 and content mastered to 4,000 towards 4,000.
// - HLG: the samples are scene light; BT.2100's HLG EOTF (Table 5: the inverse OETF, then the OOTF
//   Fd = α·Ys^(γ−1)·E on the BT.2020 luminance Ys) at a nominal display peak Lw of 1,000 cd/m²,
//   black Lb 0 (so β = 0, α = Lw, γ = 1.2), gives display light, 0…1,000 cd/m² (BT.2408 §7's
//   HLG-to-PQ conversion, the way BT.2390 tone-maps HLG).
// - The display light is then tone-mapped with ITU-R BT.2390's EETF (§5.4.1, "Reference EETF"),
//   applied to each of the PQ-encoded R′, G′, B′: source range 0…source peak, target display
//   0…203 cd/m² (a source peak at or below 203 leaves the light as it is). 203 cd/m² is BT.2408's
//   HDR reference white (§2.2), taken as the SDR display's white: the EETF is the identity below
//   its knee KS = 1.5·maxLum − 0.5 (about 24 cd/m² from a 10,000 cd/m² peak, 40 from 4,000, 88
//   from 1,000, so from HLG) and rolls everything above off with its Hermite spline to 203, so
//   highlights up to the source peak keep their order instead of clipping. (Lb = Lmin = 0, so
//   the EETF's black-lift term b is 0.)
// - The result, relative to 203 cd/m² (0…1), is encoded with the sRGB curve (IEC 61966-2-1) as
//   16-bit samples in the file's own primaries; the caller attaches the matching SDR profile, and
//   the ICC conversion to the working space then maps the gamut (clipping, as for SDR BT.2020).
//
// Verified against colour-science's ST 2084 and BT.2100 HLG EOTFs with the EETF written from
// BT.2390 (Benchmarks/colour/hdr_reference.py).
#include "AkvOperation.h"
#include "AkvToneMap.h"

#include <math.h>
#include <stdint.h>

/// HLG's display light → SDR code is tabulated at this many steps of √(Fd / Lw), interpolated.
enum { DISPLAY_STEPS = 16384 };

// SMPTE ST 2084 (BT.2100 Table 4).
static const double PQ_M1 = 2610.0 / 16384, PQ_M2 = 2523.0 / 4096 * 128, PQ_C1 = 3424.0 / 4096,
                    PQ_C2 = 2413.0 / 4096 * 32, PQ_C3 = 2392.0 / 4096 * 32;

/// PQ's EOTF: the non-linear signal E′ (0…1) to display light in cd/m².
static double pq_eotf(double signal) {
    double p = pow(fmax(signal, 0), 1 / PQ_M2);
    return 10000 * pow(fmax(p - PQ_C1, 0) / (PQ_C2 - PQ_C3 * p), 1 / PQ_M1);
}

/// PQ's inverse EOTF: display light in cd/m² to E′.
static double pq_inverse_eotf(double nits) {
    double y = pow(fmax(nits, 0) / 10000, PQ_M1);
    return pow((PQ_C1 + PQ_C2 * y) / (1 + PQ_C3 * y), PQ_M2);
}

/// BT.2390's EETF on a PQ signal, from a source of 0…`source_peak` cd/m² to a display of
/// 0…AKV_SDR_WHITE_NITS (both blacks 0, so no black lift); returns the display's PQ signal.
static double eetf(double signal, double source_peak) {
    double black = pq_inverse_eotf(0), white = pq_inverse_eotf(source_peak);
    double e1 = (signal - black) / (white - black);
    double max_lum = (pq_inverse_eotf(AKV_SDR_WHITE_NITS) - black) / (white - black);
    double ks = 1.5 * max_lum - 0.5;
    double e2 = e1;
    if (e1 >= ks) {
        double t = (e1 - ks) / (1 - ks), t2 = t * t, t3 = t2 * t;
        e2 = (2 * t3 - 3 * t2 + 1) * ks + (t3 - 2 * t2 + t) * (1 - ks) + (-2 * t3 + 3 * t2) * max_lum;
    }
    return e2 * (white - black) + black;
}

/// Display light (cd/m²) after the EETF, as a 16-bit sRGB-encoded code (0…65535) relative to SDR white.
static double sdr_code(double nits) {
    double linear = fmin(fmax(nits / AKV_SDR_WHITE_NITS, 0), 1);
    double encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055;
    return 65535 * encoded;
}

/// HLG's inverse OETF (BT.2100 Table 5): E′ to normalised scene light E, 0…1.
static double hlg_inverse_oetf(double signal) {
    const double a = 0.17883277, b = 1 - 4 * a, c = 0.5 - a * log(4 * a);
    signal = fmin(fmax(signal, 0), 1);
    return signal <= 0.5 ? signal * signal / 3 : (exp((signal - c) / a) + b) / 12;
}

typedef struct {
    int transfer;
    int colour_bands;
    int bands;
    int in_bytes;
    /// PQ: the source's peak, cd/m².
    double peak;
    /// PQ: each input code's SDR code.
    uint16_t *direct;
    /// HLG: each input code's scene light E.
    float *scene;
    /// HLG: SDR codes at DISPLAY_STEPS steps of √(Fd / Lw).
    float *display;
} ToneMap;

static void tone_map_free(void *state) {
    ToneMap *map = state;
    g_free(map->direct);
    g_free(map->scene);
    g_free(map->display);
    g_free(map);
}

/// 16-bit samples, RGB or grey.
static void tone_map_describe(VipsImage *out, const void *state) {
    const ToneMap *map = state;
    out->BandFmt = VIPS_FORMAT_USHORT;
    out->Type = map->colour_bands == 3 ? VIPS_INTERPRETATION_RGB16 : VIPS_INTERPRETATION_GREY16;
}

static void tone_map_tables(ToneMap *map) {
    int levels = map->in_bytes == 2 ? 65536 : 256;
    double top = levels - 1;
    if (map->transfer == AKV_TRANSFER_PQ) {
        map->direct = g_new(uint16_t, levels);
        for (int code = 0; code < levels; code++) {
            double nits = pq_eotf(eetf(code / top, map->peak));
            map->direct[code] = (uint16_t)lrint(sdr_code(nits));
        }
        return;
    }
    map->scene = g_new(float, levels);
    for (int code = 0; code < levels; code++) map->scene[code] = (float)hlg_inverse_oetf(code / top);
    map->display = g_new(float, DISPLAY_STEPS);
    for (int step = 0; step < DISPLAY_STEPS; step++) {
        double root = (double)step / (DISPLAY_STEPS - 1);
        double nits = pq_eotf(eetf(pq_inverse_eotf(AKV_HLG_PEAK_NITS * root * root), AKV_HLG_PEAK_NITS));
        map->display[step] = (float)sdr_code(nits);
    }
}

/// HLG display light relative to Lw (0…1) to a 16-bit SDR code, interpolated in the table.
static inline uint16_t hlg_display_code(const float *restrict display, float relative) {
    float position = sqrtf(fminf(fmaxf(relative, 0.0f), 1.0f)) * (DISPLAY_STEPS - 1);
    int index = (int)position;
    if (index >= DISPLAY_STEPS - 1) return (uint16_t)lrintf(display[DISPLAY_STEPS - 1]);
    float fraction = position - (float)index;
    return (uint16_t)lrintf(display[index] + (display[index + 1] - display[index]) * fraction);
}

static void tone_map_line(const void *state, const VipsPel *source, VipsPel *out, int width) {
    const ToneMap *map = state;
    const uint8_t *p8 = source;
    const uint16_t *p16 = (const uint16_t *)source;
    uint16_t *restrict q = (uint16_t *)out;
    int bands = map->bands, colour = map->colour_bands;
    for (int x = 0; x < width; x++) {
        int codes[4];
        for (int band = 0; band < bands; band++) {
            codes[band] = map->in_bytes == 2 ? p16[x * bands + band] : p8[x * bands + band];
        }
        if (map->transfer == AKV_TRANSFER_PQ) {
            for (int band = 0; band < colour; band++) q[x * bands + band] = map->direct[codes[band]];
        } else {
            float e[3];
            for (int band = 0; band < colour; band++) e[band] = map->scene[codes[band]];
            // BT.2100's OOTF: Fd / Lw = Ys^(γ − 1) · E, with γ = 1.2 at Lw = 1,000 cd/m².
            float ys = colour == 3 ? 0.2627f * e[0] + 0.6780f * e[1] + 0.0593f * e[2] : e[0];
            float gain = ys > 0 ? powf(ys, 0.2f) : 0;
            for (int band = 0; band < colour; band++) {
                q[x * bands + band] = hlg_display_code(map->display, gain * e[band]);
            }
        }
        if (bands > colour) {
            q[x * bands + colour] = (uint16_t)(map->in_bytes == 2 ? codes[colour] : codes[colour] * 257);
        }
    }
}

int akv_hdr_to_sdr(VipsImage *in, VipsImage **out, int transfer, double peak) {
    static const char *domain = "akv_hdr_to_sdr";
    if (transfer != AKV_TRANSFER_PQ && transfer != AKV_TRANSFER_HLG) {
        vips_error(domain, "%s", "the transfer is neither PQ nor HLG");
        return -1;
    }
    if (peak != 0 && !(peak >= 1 && peak <= AKV_PQ_PEAK_NITS)) {
        vips_error(domain, "%s", "the source peak is outside 1…10,000 cd/m²");
        return -1;
    }
    if (in->BandFmt != VIPS_FORMAT_UCHAR && in->BandFmt != VIPS_FORMAT_USHORT) {
        vips_error(domain, "%s", "the samples are neither 8- nor 16-bit");
        return -1;
    }
    if (in->Bands < 1 || in->Bands > 4) {
        vips_error(domain, "%s", "the image has neither 1 nor 3 colour bands");
        return -1;
    }
    ToneMap *map = g_new0(ToneMap, 1);
    map->transfer = transfer;
    map->bands = in->Bands;
    map->colour_bands = in->Bands >= 3 ? 3 : 1;
    map->in_bytes = in->BandFmt == VIPS_FORMAT_USHORT ? 2 : 1;
    map->peak = peak == 0 ? AKV_PQ_PEAK_NITS : peak;
    tone_map_tables(map);
    const AkvOperation operation = {
        .style = VIPS_DEMAND_STYLE_THINSTRIP, .describe = tone_map_describe, .free = tone_map_free};
    return akv_line_operation_new(in, out, &operation, tone_map_line, map);
}
