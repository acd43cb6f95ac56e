// Imaging's tone mapping of HDR stills (PQ or HLG) to SDR, before the ICC conversion to the
// working space.
#ifndef AKV_TONE_MAP_H
#define AKV_TONE_MAP_H

struct _VipsImage;

/// The HDR transfers `akv_hdr_to_sdr` reads, by their ITU-T H.273 code points.
enum {
    /// SMPTE ST 2084 (PQ), display light up to 10,000 cd/m².
    AKV_TRANSFER_PQ = 16,
    /// ARIB STD-B67 / ITU-R BT.2100 hybrid log-gamma, scene light.
    AKV_TRANSFER_HLG = 18,
};

/// The tone-mapping constants, for tests and documentation: the SDR white (BT.2408's HDR
/// reference white), PQ's source peak when the file gives none (its whole range) and HLG's
/// nominal display peak, in cd/m².
enum { AKV_SDR_WHITE_NITS = 203, AKV_PQ_PEAK_NITS = 10000, AKV_HLG_PEAK_NITS = 1000 };

/// Tone-maps `in` (8- or 16-bit samples; 1 or 3 colour bands, then an optional alpha band) from the
/// HDR `transfer` (AKV_TRANSFER_PQ or AKV_TRANSFER_HLG) to SDR: 16-bit samples in the same
/// primaries, encoded with the sRGB curve (IEC 61966-2-1), white at 65535; alpha is widened to 16
/// bits. `peak` is a PQ source's peak luminance in cd/m² (1…10,000: its mastering display's, from
/// the file's metadata), or 0 for AKV_PQ_PEAK_NITS; HLG ignores it (scene light, shown at its
/// nominal AKV_HLG_PEAK_NITS). See AkvToneMap.c for the standards followed. Lazy, like
/// akv_lcms_transform. 0 on success, -1 with libvips' error buffer set.
int akv_hdr_to_sdr(struct _VipsImage *in, struct _VipsImage **out, int transfer, double peak);

#endif
