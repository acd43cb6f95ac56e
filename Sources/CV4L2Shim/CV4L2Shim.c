#include "CV4L2Shim.h"

#include <errno.h>
#include <string.h>

#ifdef __linux__

#include <fcntl.h>
#include <linux/videodev2.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/// The character-device major number Linux gives every V4L2 node (Documentation/admin-guide/devices.txt).
#define AKV_VIDEO_MAJOR 81

/// ioctl, retried when a signal interrupts it; returns 0 or errno.
static int akv_ioctl(int fd, unsigned long request, void *argument) {
    int result;
    do {
        result = ioctl(fd, request, argument);
    } while (result == -1 && errno == EINTR);
    return result == -1 ? errno : 0;
}

/// Copies a fixed-size driver string that may lack its terminating NUL.
static void akv_copy(char *destination, const void *source, size_t size) {
    size_t length = strnlen((const char *)source, size);
    memcpy(destination, source, length);
    destination[length] = '\0';
}

int akv_open(const char *path) {
    struct stat status;
    if (stat(path, &status) != 0) return -1;
    if (!S_ISCHR(status.st_mode) || major(status.st_rdev) != AKV_VIDEO_MAJOR) {
        errno = ENODEV;
        return -1;
    }
    int fd;
    do {
        fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    } while (fd == -1 && errno == EINTR);
    if (fd == -1) return -1;
    // The name may have been swapped for another file between stat and open: check what was opened.
    if (fstat(fd, &status) != 0 || !S_ISCHR(status.st_mode) || major(status.st_rdev) != AKV_VIDEO_MAJOR) {
        close(fd);
        errno = ENODEV;
        return -1;
    }
    return fd;
}

void akv_close(int fd) { close(fd); }

int akv_query_capability(int fd, akv_capability *out) {
    struct v4l2_capability capability;
    memset(&capability, 0, sizeof capability);
    int error = akv_ioctl(fd, VIDIOC_QUERYCAP, &capability);
    if (error) return error;
    akv_copy(out->driver, capability.driver, sizeof capability.driver);
    akv_copy(out->card, capability.card, sizeof capability.card);
    akv_copy(out->bus_info, capability.bus_info, sizeof capability.bus_info);
    out->device_caps =
        (capability.capabilities & V4L2_CAP_DEVICE_CAPS) ? capability.device_caps : capability.capabilities;
    return 0;
}

int akv_enum_format(int fd, uint32_t buffer_type, uint32_t index, akv_format *out) {
    struct v4l2_fmtdesc format;
    memset(&format, 0, sizeof format);
    format.index = index;
    format.type = buffer_type;
    int error = akv_ioctl(fd, VIDIOC_ENUM_FMT, &format);
    if (error) return error;
    out->pixel_format = format.pixelformat;
    out->flags = format.flags;
    akv_copy(out->description, format.description, sizeof format.description);
    return 0;
}

int akv_enum_frame_size(int fd, uint32_t pixel_format, uint32_t index, akv_frame_size *out) {
    struct v4l2_frmsizeenum size;
    memset(&size, 0, sizeof size);
    size.index = index;
    size.pixel_format = pixel_format;
    int error = akv_ioctl(fd, VIDIOC_ENUM_FRAMESIZES, &size);
    if (error) return error;
    out->type = size.type;
    if (size.type == V4L2_FRMSIZE_TYPE_DISCRETE) {
        out->min_width = out->max_width = size.discrete.width;
        out->min_height = out->max_height = size.discrete.height;
    } else {
        out->min_width = size.stepwise.min_width;
        out->min_height = size.stepwise.min_height;
        out->max_width = size.stepwise.max_width;
        out->max_height = size.stepwise.max_height;
    }
    return 0;
}

int akv_enum_frame_interval(
    int fd, uint32_t pixel_format, uint32_t width, uint32_t height, uint32_t index, akv_frame_interval *out) {
    struct v4l2_frmivalenum interval;
    memset(&interval, 0, sizeof interval);
    interval.index = index;
    interval.pixel_format = pixel_format;
    interval.width = width;
    interval.height = height;
    int error = akv_ioctl(fd, VIDIOC_ENUM_FRAMEINTERVALS, &interval);
    if (error) return error;
    out->type = interval.type;
    if (interval.type == V4L2_FRMIVAL_TYPE_DISCRETE) {
        out->min_numerator = out->max_numerator = interval.discrete.numerator;
        out->min_denominator = out->max_denominator = interval.discrete.denominator;
    } else {
        out->min_numerator = interval.stepwise.min.numerator;
        out->min_denominator = interval.stepwise.min.denominator;
        out->max_numerator = interval.stepwise.max.numerator;
        out->max_denominator = interval.stepwise.max.denominator;
    }
    return 0;
}

int akv_control_value(int fd, uint32_t id, akv_control *out) {
    struct v4l2_queryctrl query;
    memset(&query, 0, sizeof query);
    query.id = id;
    int error = akv_ioctl(fd, VIDIOC_QUERYCTRL, &query);
    if (error) return error;
    if (query.flags & V4L2_CTRL_FLAG_DISABLED) return EINVAL;
    struct v4l2_control control;
    memset(&control, 0, sizeof control);
    control.id = id;
    error = akv_ioctl(fd, VIDIOC_G_CTRL, &control);
    if (error) return error;
    out->minimum = query.minimum;
    out->maximum = query.maximum;
    out->value = control.value;
    return 0;
}

uint32_t akv_cap_video_capture(void) { return V4L2_CAP_VIDEO_CAPTURE; }
uint32_t akv_cap_video_capture_mplane(void) { return V4L2_CAP_VIDEO_CAPTURE_MPLANE; }
uint32_t akv_buf_type_video_capture(void) { return V4L2_BUF_TYPE_VIDEO_CAPTURE; }
uint32_t akv_buf_type_video_capture_mplane(void) { return V4L2_BUF_TYPE_VIDEO_CAPTURE_MPLANE; }
uint32_t akv_format_flag_compressed(void) { return V4L2_FMT_FLAG_COMPRESSED; }
uint32_t akv_format_flag_emulated(void) { return V4L2_FMT_FLAG_EMULATED; }
uint32_t akv_control_camera_orientation(void) { return V4L2_CID_CAMERA_ORIENTATION; }
uint32_t akv_control_zoom_absolute(void) { return V4L2_CID_ZOOM_ABSOLUTE; }
int32_t akv_orientation_front(void) { return V4L2_CAMERA_ORIENTATION_FRONT; }
int32_t akv_orientation_back(void) { return V4L2_CAMERA_ORIENTATION_BACK; }
int32_t akv_orientation_external(void) { return V4L2_CAMERA_ORIENTATION_EXTERNAL; }

#endif
