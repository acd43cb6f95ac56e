#!/usr/bin/env python3
"""FilmKit's grain against a reference: the Boolean model of Newson et al. (IPOL 2017).

A. Newson, J. Delon, B. Galerne, "Realistic Film Grain Rendering", Image Processing On Line 7
(2017), pp. 165-183, https://doi.org/10.5201/ipol.2017.192. Their model: silver grains are discs
of radius r whose centres are a Poisson process of intensity lambda(x) = -ln(1 - u(x)) / (pi r^2),
so that a point is covered with probability u(x); the rendered value of output pixel y is the
union's indicator filtered by phi, evaluated by Monte Carlo (their "pixel-wise" algorithm: for
each sample point, the grains of the cells of side delta around it are drawn from a generator
seeded by the cell's index, and the point is tested against them). This script implements that
algorithm with numpy (not shipped, not in CI). Its filter is the output pixel's box (FilmKit's
pixels average the film over the area they cover; `--filter gaussian` uses the paper's Gaussian of
standard deviation `--sigma` pixels), the samples a stratified grid in the pixel.

It renders a flat mid-grey through `filmkit apply` (a built-in stock, halation and vignette off)
at a size where the stock's clumps span pixels, renders the Boolean model with the same coverage
(u = 0.5, mid-grey) and disc radius r = 2.1 x the stock's clump (near 2, the radius whose
autocorrelation has the second moment of FilmKit's Gaussian clump; 2.1 fits best at small lags),
and compares
  - the radial autocorrelation, normalised, at every integer lag up to twice the disc radius
    (the criterion: within 10 % up to twice FilmKit's clump);
  - the distribution of the values: skew (and excess kurtosis, which differs: see the report).

Usage: python3 Benchmarks/grain/newson_reference.py [--filmkit .build/debug/filmkit]
       [--stock ilford-delta-3200] [--width 5670] [--crop 512] [--ratio 2.1]
Run from the repository root; needs numpy and `vips` on the PATH.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np


def filmkit_render(filmkit, stock, width, height, crop, seed=7):
    """FilmKit's stock on a flat mid-grey (118), a crop of channel 0 (green for colour)."""
    with tempfile.TemporaryDirectory() as work:
        flat = os.path.join(work, "flat.png")
        out = os.path.join(work, "out.png")
        subprocess.run(["vips", "black", os.path.join(work, "b.v"), str(width), str(height), "--bands", "3"], check=True)
        subprocess.run(["vips", "linear", os.path.join(work, "b.v"), os.path.join(work, "g.v"), "1", "118"], check=True)
        subprocess.run(["vips", "cast", os.path.join(work, "g.v"), flat, "uchar"], check=True)
        subprocess.run([filmkit, "apply", "--filter", stock, "--param", "halation=0", "--param", "vignette=0",
                        "--seed", str(seed), flat, out], check=True)
        left, top = (width - crop) // 2, (height - crop) // 2
        subprocess.run(["vips", "crop", out, os.path.join(work, "c.v"), str(left), str(top), str(crop), str(crop)],
                       check=True)
        subprocess.run(["vips", "rawsave", os.path.join(work, "c.v"), os.path.join(work, "c.raw")], check=True)
        image = np.fromfile(os.path.join(work, "c.raw"), dtype=np.uint8).reshape(crop, crop, 3).astype(np.float64)
    return image[:, :, 1]


def boolean_model(size, radius, coverage, samples, seed, filter_kind, sigma):
    """Newson et al.'s pixel-wise Monte Carlo of the Boolean model on a `size` x `size` pixel
    crop of constant coverage: value = mean over sample points of [point is in a grain]."""
    lam = -math.log(1 - coverage) / (math.pi * radius * radius)
    delta = radius  # cell side, as in the paper (delta = r_max)
    margin = int(math.ceil(radius)) + 8
    cells = int(math.ceil((size + 2 * margin) / delta)) + 1
    rng = np.random.default_rng(seed)
    # Every cell's grains, drawn once (the paper draws them again per sample from the cell's seed:
    # the same grains, as the generator is seeded by the cell's index).
    counts = rng.poisson(lam * delta * delta, size=(cells, cells))
    most = int(counts.max())
    gx = np.full((cells, cells, most), np.inf)
    gy = np.full((cells, cells, most), np.inf)
    for k in range(most):
        present = counts > k
        ox = rng.random((cells, cells))
        oy = rng.random((cells, cells))
        base_x = (np.arange(cells)[None, :] * delta - margin)
        base_y = (np.arange(cells)[:, None] * delta - margin)
        gx[:, :, k] = np.where(present, base_x + ox * delta, np.inf)
        gy[:, :, k] = np.where(present, base_y + oy * delta, np.inf)
    # Sample offsets within a pixel.
    if filter_kind == "box":
        n = int(round(math.sqrt(samples)))
        grid = (np.arange(n) + 0.5) / n - 0.5
        offsets = np.array([(a, b) for a in grid for b in grid])
    else:
        offsets = np.random.default_rng(seed + 1).normal(0, sigma, size=(samples, 2))
    out = np.zeros((size, size))
    r2 = radius * radius
    ys, xs = np.mgrid[0:size, 0:size]
    for row in range(0, size, 32):
        rows = slice(row, min(size, row + 32))
        px = xs[rows] + 0.5
        py = ys[rows] + 0.5
        hits = np.zeros(px.shape)
        for ox, oy in offsets:
            x = px + ox
            y = py + oy
            cx = np.floor((x + margin) / delta).astype(int)
            cy = np.floor((y + margin) / delta).astype(int)
            covered = np.zeros(px.shape, dtype=bool)
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    ccx = cx + dx
                    ccy = cy + dy
                    d2 = (gx[ccy, ccx] - x[..., None]) ** 2 + (gy[ccy, ccx] - y[..., None]) ** 2
                    covered |= (d2 <= r2).any(axis=-1)
            hits += covered
        out[rows] = hits / len(offsets)
    return out


def radial_autocorrelation(image, lags):
    """The normalised autocorrelation averaged over directions, at integer radii 0..lags (each
    the mean over the 2-D autocorrelation's values within half a pixel of the radius)."""
    d = image - image.mean()
    h, w = d.shape
    f = np.fft.rfft2(d, s=(2 * h, 2 * w))
    ac = np.fft.irfft2(f * np.conj(f), s=(2 * h, 2 * w))
    counts = np.fft.irfft2(np.abs(np.fft.rfft2(np.ones_like(d), s=(2 * h, 2 * w))) ** 2, s=(2 * h, 2 * w))
    ac = ac / np.maximum(counts, 1)
    ac = np.fft.fftshift(ac)
    cy, cx = h, w
    yy, xx = np.mgrid[-lags - 1 : lags + 2, -lags - 1 : lags + 2]
    window = ac[cy - lags - 1 : cy + lags + 2, cx - lags - 1 : cx + lags + 2]
    radius = np.sqrt(xx * xx + yy * yy)
    values = []
    for lag in range(lags + 1):
        ring = np.abs(radius - lag) < 0.5
        values.append(window[ring].mean())
    return np.array(values) / values[0]


def moments(image):
    d = image - image.mean()
    sd = d.std()
    return {"sd": float(sd), "skew": float((d ** 3).mean() / sd ** 3), "kurtosis": float((d ** 4).mean() / sd ** 4 - 3)}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--filmkit", default=".build/debug/filmkit")
    parser.add_argument("--stock", default="ilford-delta-3200")
    parser.add_argument("--width", type=int, default=5670, help="output width of a 35 mm 3:2 frame")
    parser.add_argument("--crop", type=int, default=512)
    parser.add_argument("--ratio", type=float, default=2.1, help="disc radius / FilmKit's clump")
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--filter", choices=["box", "gaussian"], default="box")
    parser.add_argument("--sigma", type=float, default=0.5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    stock_file = os.path.join("Sources/FilmKit/Resources/Stocks", args.stock + ".json")
    stock = json.load(open(stock_file))
    clump = stock["grain"].get("clumpMicrometres") or 3 * (stock["iso"] / 100) ** (1 / 3)
    width, height = args.width, args.width * 2 // 3
    pitch = 1000 * math.sqrt(36 * 24 / (width * height))
    radius = args.ratio * clump / pitch
    lags = int(math.ceil(2 * radius))

    ours = filmkit_render(args.filmkit, args.stock, width, height, args.crop)
    reference = boolean_model(args.crop, radius, 0.5, args.samples, 11, args.filter, args.sigma)
    ours_ac = radial_autocorrelation(ours, lags)
    reference_ac = radial_autocorrelation(reference, lags)
    report = {
        "stock": args.stock,
        "pitch_um": round(pitch, 3),
        "clump_um": round(clump, 3),
        "disc_radius_px": round(radius, 3),
        "lags": list(range(lags + 1)),
        "filmkit_autocorrelation": [round(float(v), 4) for v in ours_ac],
        "boolean_autocorrelation": [round(float(v), 4) for v in reference_ac],
        "relative_difference": [round(float(abs(a - b) / b), 4) if b > 1e-9 else None for a, b in zip(ours_ac, reference_ac)],
        "filmkit_moments": moments(ours),
        "boolean_moments": moments(reference),
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.stock}: pitch {pitch:.2f} um, clump {clump:.2f} um, disc radius {radius:.2f} px, {args.filter} filter")
    print("lag  FilmKit  Boolean  difference")
    for lag in range(lags + 1):
        a, b = ours_ac[lag], reference_ac[lag]
        print(f"{lag:3d}  {a:7.4f}  {b:7.4f}  {abs(a - b) / b * 100 if b > 1e-9 else float('nan'):6.1f} %")
    for name, m in (("FilmKit", report["filmkit_moments"]), ("Boolean", report["boolean_moments"])):
        print(f"{name}: sd {m['sd']:.4g}, skew {m['skew']:+.3f}, excess kurtosis {m['kurtosis']:+.3f}")


if __name__ == "__main__":
    sys.exit(main())
