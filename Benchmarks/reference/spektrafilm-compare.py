#!/usr/bin/env python3
"""FilmKit's stocks against spektrafilm, the open spectral film simulator, on a 24-patch chart.

Not run in CI. spektrafilm is GPLv3: it is run here from a checkout the caller gives, as an
outside reference, and nothing of it is copied into the SDK.

    python3 -m venv /tmp/spk && /tmp/spk/bin/pip install numpy scipy colour-science \
        scikit-image opt-einsum lmfit numba Pillow PyYAML OpenImageIO pyfftw matplotlib \
        exiv2 rawpy lensfunpy
    /tmp/spk/bin/python Benchmarks/reference/spektrafilm-compare.py \
        --checkout PATH/TO/spektrafilm --filmkit .build/release/filmkit \\
        --photo Examples/Samples/astronaut.png --photo Examples/Samples/coffee.png

Pinned reference settings (issue #44): each film's default print paper, camera exposure 0 EV,
auto-exposure off, grain, halation and every spatial or stochastic effect off. FilmKit runs each
stock with grain, halation and vignette at 0.

Spectral upsampling: spektrafilm's default (`hanatos2025`) reads two large tables that a
snapshot of its repository may lack (`irradiance_xy_tc.npy`, built from hanatos' coefficient
table, which is absent too). When they are missing the comparison uses `mallett2019`
(colour-science's basis, no table) and says so; a NaN placeholder satisfies spektrafilm's import,
and any use of it would turn the output into NaN, which fails the run.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

import numpy as np

STOCKS = [  # FilmKit filter name, spektrafilm film profile
    ("kodak-portra-400", "kodak_portra_400"),
    ("kodak-ektar-100", "kodak_ektar_100"),
    ("kodak-gold-200", "kodak_gold_200"),
    ("fujifilm-superia-400", "fujifilm_xtra_400"),
    ("kodak-ektachrome-e100", "kodak_ektachrome_100"),
    ("fujifilm-velvia-50", "fujifilm_velvia_100"),
]
PATCH = 32  # pixels per patch side; the centre half of each patch is measured


def chart_srgb(colour):
    """The 24 patches of the ColorChecker (after November 2014) in encoded sRGB, 0…1."""
    cc = colour.CCS_COLOURCHECKERS["ColorChecker24 - After November 2014"]
    xyY = np.array(list(cc.data.values()))
    srgb = colour.XYZ_to_sRGB(colour.xyY_to_XYZ(xyY), illuminant=cc.illuminant)
    return np.clip(srgb, 0, 1), list(cc.data.keys())


def chart_image(patches):
    image = np.zeros((4 * PATCH, 6 * PATCH, 3))
    for i, rgb in enumerate(patches):
        r, c = divmod(i, 6)
        image[r * PATCH:(r + 1) * PATCH, c * PATCH:(c + 1) * PATCH] = rgb
    return image


def patch_means(image):
    q = PATCH // 4
    out = []
    for i in range(24):
        r, c = divmod(i, 6)
        block = image[r * PATCH + q:(r + 1) * PATCH - q, c * PATCH + q:(c + 1) * PATCH - q]
        out.append(block.reshape(-1, 3).mean(axis=0))
    return np.array(out)


def to_lab(colour, srgb):
    return colour.XYZ_to_Lab(colour.sRGB_to_XYZ(np.clip(srgb, 0, 1)))


def reference_simulator(checkout, work):
    """Imports spektrafilm from a copy of the checkout; returns (simulate, init_params, method)."""
    src = os.path.join(work, "src")
    shutil.copytree(os.path.join(checkout, "src"), src)
    tables = os.path.join(src, "spektrafilm/data/luts/spectral_upsampling")
    method = "hanatos2025"
    needed = ["irradiance_xy_tc.npy", "hanatos_irradiance_xy_coeffs_250304.lut"]
    if not all(os.path.exists(os.path.join(tables, n)) for n in needed):
        method = "mallett2019"
        path = os.path.join(tables, "irradiance_xy_tc.npy")
        if not os.path.exists(path):
            np.save(path, np.full((4, 4, 81), np.nan, dtype=np.float16))
    sys.path.insert(0, src)
    from spektrafilm import init_params, simulate  # noqa: E402
    return simulate, init_params, method


def reference_render(simulate, init_params, method, profile, image):
    from spektrafilm.profiles.io import load_profile
    params = init_params()
    params.film = load_profile(profile)
    if params.film.info.target_print:
        params.print = load_profile(params.film.info.target_print)
    else:  # reversal film is viewed (scanned) directly, no print
        params.io.scan_film = True
    params.camera.auto_exposure = False
    params.camera.exposure_compensation_ev = 0.0
    params.film_render.grain.active = False
    params.film_render.halation.active = False
    params.debug.deactivate_spatial_effects = True
    params.debug.deactivate_stochastic_effects = True
    params.io.input_color_space = "sRGB"
    params.io.input_cctf_decoding = True
    params.io.output_color_space = "sRGB"
    params.io.output_cctf_encoding = True
    params.settings.rgb_to_raw_method = method
    out = np.asarray(simulate(image, params), dtype=np.float64)
    if not np.all(np.isfinite(out)):
        sys.exit(f"spektrafilm returned NaN for {profile}: the placeholder table was used")
    return out, "(film scanned)" if params.io.scan_film else params.print.info.stock


def filmkit_render(filmkit, name, chart_png, work):
    from PIL import Image
    out = os.path.join(work, f"{name}.png")
    subprocess.run([filmkit, "apply", "--filter", name, "--param", "grain=0", "--param", "halation=0",
                    "--param", "vignette=0", chart_png, out], check=True)
    return np.asarray(Image.open(out).convert("RGB"), dtype=np.float64) / 255.0


def photo_errors(colour, simulate, init_params, method, args, name, profile, photo, work):
    """Per-pixel ΔE2000 between FilmKit's and the reference's rendering of a photo: (mean, p95)."""
    from PIL import Image
    image = np.asarray(Image.open(photo).convert("RGB"), dtype=np.float64) / 255.0
    ref, _ = reference_render(simulate, init_params, method, profile, image)
    ours = filmkit_render(args.filmkit, name, photo, work)
    if ref.shape != ours.shape:
        sys.exit(f"sizes differ for {photo}: reference {ref.shape}, FilmKit {ours.shape}")
    de = colour.delta_E(to_lab(colour, ours), to_lab(colour, ref), method="CIE 2000")
    return de.mean(), np.percentile(de, 95)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkout", required=True, help="a checkout of spektrafilm")
    parser.add_argument("--filmkit", required=True, help="the filmkit executable (release build)")
    parser.add_argument("--save", help="folder for the rendered charts (PNG)")
    parser.add_argument("--photo", action="append", default=[],
                        help="a photo (sRGB) compared pixel by pixel as well; repeat for several")
    args = parser.parse_args()

    import colour
    from PIL import Image
    work = tempfile.mkdtemp()
    patches, names = chart_srgb(colour)
    image = chart_image(patches)
    chart_png = os.path.join(work, "chart.png")
    Image.fromarray(np.round(image * 255).astype(np.uint8)).save(chart_png)
    simulate, init_params, method = reference_simulator(args.checkout, work)
    print(f"reference: spektrafilm at {args.checkout}, spectral upsampling {method}")
    input_lab = to_lab(colour, patch_means(image))
    greys = list(range(18, 24))
    photo_heads = "".join(f" | {os.path.basename(p)} ΔE mean / p95" for p in args.photo)
    print("| stock | paper | chart ΔE2000 FilmKit mean / max | chart ΔE2000 input mean / max | grey L* ref | "
          f"grey L* FilmKit{photo_heads} |")
    print("|---|---|---|---|---|---|" + "---|" * len(args.photo))
    means = []
    for name, profile in STOCKS:
        ref, paper = reference_render(simulate, init_params, method, profile, image)
        ours = filmkit_render(args.filmkit, name, chart_png, work)
        if args.save:
            os.makedirs(args.save, exist_ok=True)
            Image.fromarray(np.round(np.clip(ref, 0, 1) * 255).astype(np.uint8)).save(
                os.path.join(args.save, f"{name}-reference.png"))
            Image.fromarray(np.round(ours * 255).astype(np.uint8)).save(
                os.path.join(args.save, f"{name}-filmkit.png"))
        ref_lab = to_lab(colour, patch_means(ref))
        our_lab = to_lab(colour, patch_means(ours))
        ours_de = colour.delta_E(our_lab, ref_lab, method="CIE 2000")
        input_de = colour.delta_E(input_lab, ref_lab, method="CIE 2000")
        means.append((ours_de.mean(), input_de.mean()))
        grey_ref = " ".join(f"{v:.1f}" for v in ref_lab[greys, 0])
        grey_ours = " ".join(f"{v:.1f}" for v in our_lab[greys, 0])
        photos = "".join(
            " | {:.2f} / {:.2f}".format(*photo_errors(colour, simulate, init_params, method, args, name, profile,
                                                      photo, work))
            for photo in args.photo)
        print(f"| {name} | {paper} | {ours_de.mean():.2f} / {ours_de.max():.2f} | "
              f"{input_de.mean():.2f} / {input_de.max():.2f} | {grey_ref} | {grey_ours}{photos} |")
    m = np.array(means).mean(axis=0)
    print(f"\nmean over the stocks: FilmKit {m[0]:.2f}, untouched input {m[1]:.2f}")


if __name__ == "__main__":
    main()
