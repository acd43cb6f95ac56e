// Softness' guided filter (He, Sun and Tang, 2013; the image guiding itself) as one libvips
// operation: per band, out = blur(a) · I + blur(b), with a = σ² / (σ² + ε) and b = (1 − a) · mean
// from the Gaussian-weighted mean and variance around each pixel. The four Gaussian blurs use
// libvips' own separable mask (`vips_gaussmat`, minimum amplitude 0.2, float precision) and extend
// the edges by copying, as `vips_gaussblur` does; each tile computes them together from its
// input and a margin of twice the mask's half width, so no whole-frame float image is made.
#ifndef AKV_SOFTNESS_H
#define AKV_SOFTNESS_H

// libvips' image is declared here, not included: libvips' declarations then belong to the CVips
// module alone, and Swift finds them whichever of the two modules a file imports first.
struct _VipsImage;

/// Smooths `in` (float samples, any number of bands) into a new lazy float image: `sigma` is the
/// blurs' standard deviation in pixels (0.5…1000), `epsilon` > 0 the variance below which detail is
/// smoothed.
int akv_softness(struct _VipsImage *in, struct _VipsImage **out, double sigma, double epsilon);

#endif
