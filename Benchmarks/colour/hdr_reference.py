#!/usr/bin/env python3
"""The reference for Imaging's HDR-to-SDR tone mapping (Sources/CIccTransform/AkvToneMap.c).

Writes Benchmarks/colour/hdr-reference.json, which Tests/ImagingTests/HDRToneMappingTests.swift
compares against; run it again only when the mapping changes. No Python runs at test time.

The EOTFs come from colour-science (PyPI `colour-science`, 0.4.x): SMPTE ST 2084's
`eotf_ST2084` / `eotf_inverse_ST2084` and ITU-R BT.2100's HLG `eotf_BT2100_HLG` (inverse OETF,
then the OOTF on the BT.2020 luminance, at L_W = 1,000 cd/m², L_B = 0, so gamma 1.2).
colour-science has no BT.2390 EETF, so it is written here from ITU-R BT.2390 §5.4.1: applied to
each PQ-encoded channel, source 0…peak (10,000 cd/m² for PQ, 1,000 for HLG), target display
0…203 cd/m² (BT.2408's HDR reference white, taken as SDR white). The tone-mapped light, relative to
203 cd/m², is converted from BT.2020 to sRGB (colour-science's RGB_to_RGB, both D65), clipped to
0…1 and encoded with sRGB's curve.

Usage: python3 -m venv /tmp/venv && /tmp/venv/bin/pip install colour-science
       /tmp/venv/bin/python Benchmarks/colour/hdr_reference.py
"""

import json
import os

import numpy as np
import colour
from colour.models import eotf_BT2100_HLG, eotf_inverse_ST2084, eotf_ST2084

SDR_WHITE = 203.0
PQ_PEAK = 10000.0
HLG_PEAK = 1000.0


def eetf(signal, source_peak):
    """ITU-R BT.2390 §5.4.1: the EETF on PQ signals, source 0…source_peak, display 0…SDR_WHITE."""
    black, white = eotf_inverse_ST2084(0.0), eotf_inverse_ST2084(source_peak)
    e1 = (np.asarray(signal, dtype=float) - black) / (white - black)
    max_lum = (eotf_inverse_ST2084(SDR_WHITE) - black) / (white - black)
    ks = 1.5 * max_lum - 0.5
    t = (e1 - ks) / (1 - ks)
    spline = (2 * t**3 - 3 * t**2 + 1) * ks + (t**3 - 2 * t**2 + t) * (1 - ks) + (-2 * t**3 + 3 * t**2) * max_lum
    e2 = np.where(e1 < ks, e1, spline)
    # Lb = Lmin = 0: the black-lift term b is 0, so E3 = E2.
    return e2 * (white - black) + black


def sdr_srgb(display_nits):
    """Tone-mapped BT.2020 display light (cd/m²) to sRGB code values on 0…255 (unrounded)."""
    relative = np.asarray(display_nits, dtype=float) / SDR_WHITE
    linear = colour.RGB_to_RGB(
        relative,
        colour.RGB_COLOURSPACES["ITU-R BT.2020"],
        colour.RGB_COLOURSPACES["sRGB"],
        chromatic_adaptation_transform=None,
    )
    return 255 * colour.cctf_encoding(np.clip(linear, 0, 1), function="sRGB")


def pq(codes):
    signal = np.asarray(codes, dtype=float) / 65535
    nits = eotf_ST2084(signal)
    return sdr_srgb(eotf_ST2084(eetf(eotf_inverse_ST2084(nits), PQ_PEAK)))


def hlg(codes):
    signal = np.asarray(codes, dtype=float) / 65535
    display = eotf_BT2100_HLG(signal, L_B=0, L_W=HLG_PEAK)
    return sdr_srgb(eotf_ST2084(eetf(eotf_inverse_ST2084(display), HLG_PEAK)))


def pq_code(nits):
    return int(round(float(eotf_inverse_ST2084(nits)) * 65535))


def hlg_code(signal):
    return int(round(signal * 65535))


def patches():
    white, full = pq_code(SDR_WHITE), 65535
    pq_patches = {
        "black": [0, 0, 0],
        "shadow 5 nits": [pq_code(5)] * 3,
        "reference white 203 nits": [white] * 3,
        "highlight 1000 nits": [pq_code(1000)] * 3,
        "highlight 2000 nits": [pq_code(2000)] * 3,
        "highlight 4000 nits": [pq_code(4000)] * 3,
        "peak 10000 nits": [full] * 3,
        "BT.2020 red at reference white": [white, 0, 0],
        "BT.2020 green at reference white": [0, white, 0],
        "BT.2020 blue at reference white": [0, 0, white],
        "BT.2020 red at peak": [full, 0, 0],
        "skin": [pq_code(120), pq_code(70), pq_code(45)],
    }
    hlg_patches = {
        "black": [0, 0, 0],
        "reference white 75%": [hlg_code(0.75)] * 3,
        "highlight 90%": [hlg_code(0.9)] * 3,
        "peak 100%": [65535] * 3,
        "BT.2020 red at 75%": [hlg_code(0.75), 0, 0],
        "BT.2020 green at 75%": [0, hlg_code(0.75), 0],
        "BT.2020 blue at 75%": [0, 0, hlg_code(0.75)],
        "skin": [hlg_code(0.7), hlg_code(0.6), hlg_code(0.55)],
    }
    for transfer, table, function in (("PQ", pq_patches, pq), ("HLG", hlg_patches, hlg)):
        for name, codes in table.items():
            srgb = function(codes)
            yield {"transfer": transfer, "name": name, "codes": codes, "sRGB": [round(float(v), 3) for v in srgb]}


def main():
    document = {
        "source": "colour-science %s; Benchmarks/colour/hdr_reference.py" % colour.__version__,
        "sdrWhiteNits": SDR_WHITE,
        "patches": list(patches()),
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hdr-reference.json")
    with open(path, "w") as file:
        file.write(json.dumps(document, indent=2) + "\n")
    for patch in document["patches"]:
        print("%-4s %-34s %-22s %s" % (patch["transfer"], patch["name"], patch["codes"], patch["sRGB"]))


if __name__ == "__main__":
    main()
