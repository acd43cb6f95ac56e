// The V4L2 queries that capture-device discovery needs. V4L2's requests are function-like macros
// around the variadic ioctl, neither of which Swift can import, so each query is a plain function
// here that fills a flat struct. Nothing else happens in C. Linux only: the package builds this
// target for Linux alone, and the file compiles to nothing elsewhere.
#ifndef CV4L2SHIM_H
#define CV4L2SHIM_H

#include <stdint.h>

/// What VIDIOC_QUERYCAP reports, with its strings made NUL-terminated.
typedef struct {
    char driver[17];
    char card[33];
    char bus_info[33];
    /// The capabilities of this device node (device_caps when the driver fills it, else capabilities).
    uint32_t device_caps;
} akv_capability;

/// One VIDIOC_ENUM_FMT answer.
typedef struct {
    uint32_t pixel_format;
    uint32_t flags;
    char description[33];
} akv_format;

/// One VIDIOC_ENUM_FRAMESIZES answer: `type` is 1 (discrete: `min_*` only), 2 (continuous) or 3
/// (stepwise: the range `min_*`…`max_*`).
typedef struct {
    uint32_t type;
    uint32_t min_width, min_height, max_width, max_height;
} akv_frame_size;

/// One VIDIOC_ENUM_FRAMEINTERVALS answer, in seconds per frame: `type` as for sizes; discrete
/// answers fill `min_*` only, ranges run from `min_*` (the shortest interval) to `max_*`.
typedef struct {
    uint32_t type;
    uint32_t min_numerator, min_denominator, max_numerator, max_denominator;
} akv_frame_interval;

/// A control's range from VIDIOC_QUERYCTRL, and its current value from VIDIOC_G_CTRL.
typedef struct {
    int32_t minimum, maximum, value;
} akv_control;

/// Opens `path` for queries after checking it is a V4L2 character device (major number 81), so
/// that no other kind of file or device is ever opened. Returns the descriptor, or -1 with errno:
/// ENOENT, EACCES, ENODEV (not a V4L2 device), or open's own.
int akv_open(const char *path);
/// Closes a descriptor from akv_open.
void akv_close(int fd);
/// VIDIOC_QUERYCAP. Returns 0, or errno (ENOTTY: not a V4L2 device).
int akv_query_capability(int fd, akv_capability *out);
/// VIDIOC_ENUM_FMT for the buffer type `buffer_type` at `index`. Returns 0, EINVAL past the last
/// one, or another errno.
int akv_enum_format(int fd, uint32_t buffer_type, uint32_t index, akv_format *out);
/// VIDIOC_ENUM_FRAMESIZES. Returns 0, EINVAL past the last one, or another errno.
int akv_enum_frame_size(int fd, uint32_t pixel_format, uint32_t index, akv_frame_size *out);
/// VIDIOC_ENUM_FRAMEINTERVALS. Returns 0, EINVAL past the last one, or another errno.
int akv_enum_frame_interval(
    int fd, uint32_t pixel_format, uint32_t width, uint32_t height, uint32_t index, akv_frame_interval *out);
/// VIDIOC_QUERYCTRL then VIDIOC_G_CTRL for control `id`. Returns 0, EINVAL when the device has no
/// such control (or it is disabled), or another errno.
int akv_control_value(int fd, uint32_t id, akv_control *out);

/// V4L2_CAP_VIDEO_CAPTURE.
uint32_t akv_cap_video_capture(void);
/// V4L2_CAP_VIDEO_CAPTURE_MPLANE.
uint32_t akv_cap_video_capture_mplane(void);
/// V4L2_BUF_TYPE_VIDEO_CAPTURE.
uint32_t akv_buf_type_video_capture(void);
/// V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE.
uint32_t akv_buf_type_video_capture_mplane(void);
/// V4L2_FMT_FLAG_COMPRESSED.
uint32_t akv_format_flag_compressed(void);
/// V4L2_FMT_FLAG_EMULATED (converted in software by libv4l, not the hardware's own).
uint32_t akv_format_flag_emulated(void);
/// V4L2_CID_CAMERA_ORIENTATION: where the camera is mounted (front, back, external).
uint32_t akv_control_camera_orientation(void);
/// V4L2_CID_ZOOM_ABSOLUTE.
uint32_t akv_control_zoom_absolute(void);
/// V4L2_CAMERA_ORIENTATION_FRONT, _BACK and _EXTERNAL.
int32_t akv_orientation_front(void);
int32_t akv_orientation_back(void);
int32_t akv_orientation_external(void);

#endif
