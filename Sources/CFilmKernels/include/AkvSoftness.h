// Softness' guided filter (He, Sun and Tang, 2013; the image guiding itself) as one libvips
// operation: per band, out = blur(a) · I + blur(b), with a = σ² / (σ² + ε) and b = (1 − a) · mean
// from the Gaussian-weighted mean and variance around each pixel. The four Gaussian blurs use
// libvips' own separable mask (`vips_gaussmat`, minimum amplitude 0.2, float precision) and extend
// the edges by copying, as `vips_gaussblur` does; each tile computes them together from its
// input and a margin of twice the mask's half width, so no whole-frame float image is made.
// With a factor f > 1 (the fast guided filter, He and Sun 2015) the means, a and b are computed on
// a grid of f × f-pixel cells (each cell's mean value and mean square, the blurs' σ shrunk to
// match) and a and b are interpolated bilinearly back to each pixel: about f² times less work for
// smooth quantities; f = 1 is the filter at full size.
#ifndef AKV_SOFTNESS_H
#define AKV_SOFTNESS_H

// libvips' image is declared here, not included: libvips' declarations then belong to the CVips
// module alone, and Swift finds them whichever of the two modules a file imports first.
struct _VipsImage;

/// Smooths `in` (8-bit or float samples, any number of bands) into a new lazy image of the same
/// format (8-bit results rounded to the nearest level): `sigma` is the
/// blurs' standard deviation in pixels (0.5…1000), `epsilon` > 0 the variance below which detail is
/// smoothed, `factor` (1…16) the side of the cells the means are computed on.
int akv_softness(struct _VipsImage *in, struct _VipsImage **out, double sigma, double epsilon, int factor);

#endif
