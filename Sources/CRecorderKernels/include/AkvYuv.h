// 8-bit RGB to the full-range 4:2:0 YUV (`yuvj420p`) that the recorder's encoders take, in one
// pass without a scaler: libswscale's general path takes about 12 ms a 1920×1080 frame for this
// conversion, which was the largest single cost of a clip export with a film look.
#ifndef AKV_YUV_H
#define AKV_YUV_H

#include <stddef.h>
#include <stdint.h>

/// Converts `width`×`height` pixels of interleaved 8-bit RGB (`rgb_stride` bytes a row) to
/// full-range BT.601 Y, Cb and Cr (the JPEG matrix), each chroma sample the mean of its 2×2
/// pixels (an odd last column or row repeats its pixels). The chroma planes hold
/// ceil(width / 2)×ceil(height / 2) samples. Integer arithmetic: the same bytes on any machine.
void akv_rgb_to_yuv420(const uint8_t *rgb, ptrdiff_t rgb_stride, int width, int height, uint8_t *y_plane,
                       ptrdiff_t y_stride, uint8_t *cb_plane, ptrdiff_t cb_stride, uint8_t *cr_plane,
                       ptrdiff_t cr_stride);

#endif
