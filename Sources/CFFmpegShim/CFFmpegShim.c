#include "CFFmpegShim.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int akf_error_again(void) { return AVERROR(EAGAIN); }
int akf_error_eof(void) { return AVERROR_EOF; }
int akf_error_exit(void) { return AVERROR_EXIT; }

void akf_error_string(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0 && size > 0) {
        snprintf(buffer, size, "FFmpeg error %d", code);
    }
}

int64_t akf_no_pts(void) { return AV_NOPTS_VALUE; }
int akf_packet_flag_key(void) { return AV_PKT_FLAG_KEY; }
int akf_packet_flag_corrupt(void) { return AV_PKT_FLAG_CORRUPT; }
int akf_format_no_timestamps(void) { return AVFMT_NOTIMESTAMPS; }
int akf_format_no_file(void) { return AVFMT_NOFILE; }
int akf_format_global_header(void) { return AVFMT_GLOBALHEADER; }
int akf_codec_flag_global_header(void) { return AV_CODEC_FLAG_GLOBAL_HEADER; }
int akf_codec_flag_qscale(void) { return AV_CODEC_FLAG_QSCALE; }
int akf_qp2lambda(void) { return FF_QP2LAMBDA; }
void akf_quiet_logging(void) { av_log_set_level(AV_LOG_ERROR); }

void akf_return_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

struct akf_interrupt {
    atomic_int cancelled;
    atomic_int timed_out;
    /// CLOCK_MONOTONIC nanoseconds, or 0 for no deadline.
    _Atomic int64_t deadline;
};

static int64_t now_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

static int interrupt_callback(void *opaque) {
    akf_interrupt *interrupt = opaque;
    if (atomic_load(&interrupt->cancelled)) return 1;
    int64_t deadline = atomic_load(&interrupt->deadline);
    if (deadline != 0 && now_ns() > deadline) {
        atomic_store(&interrupt->timed_out, 1);
        return 1;
    }
    return 0;
}

akf_interrupt *akf_interrupt_create(void) { return calloc(1, sizeof(akf_interrupt)); }
void akf_interrupt_free(akf_interrupt *interrupt) { free(interrupt); }
void akf_interrupt_cancel(akf_interrupt *interrupt) { atomic_store(&interrupt->cancelled, 1); }
int akf_interrupt_is_cancelled(const akf_interrupt *interrupt) {
    return atomic_load(&((akf_interrupt *)interrupt)->cancelled);
}

void akf_interrupt_set_deadline(akf_interrupt *interrupt, double seconds) {
    atomic_store(&interrupt->timed_out, 0);
    // Swift validates timeouts; the clamp keeps the arithmetic defined whatever it is given.
    if (!(seconds < 1e7)) seconds = seconds > 0 ? 1e7 : 0;
    atomic_store(&interrupt->deadline, seconds > 0 ? now_ns() + (int64_t)(seconds * 1e9) : 0);
}

int akf_interrupt_timed_out(const akf_interrupt *interrupt) {
    return atomic_load(&((akf_interrupt *)interrupt)->timed_out);
}

void akf_interrupt_install(akf_interrupt *interrupt, struct AVFormatContext *context) {
    context->interrupt_callback.callback = interrupt_callback;
    context->interrupt_callback.opaque = interrupt;
}
