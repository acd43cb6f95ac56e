#include "CFFmpegShim.h"

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int akf_error_again(void) { return AVERROR(EAGAIN); }
int akf_error_eof(void) { return AVERROR_EOF; }

void akf_error_string(int code, char *buffer, size_t size) {
    if (av_strerror(code, buffer, size) < 0 && size > 0) {
        snprintf(buffer, size, "FFmpeg error %d", code);
    }
}

int64_t akf_no_pts(void) { return AV_NOPTS_VALUE; }
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
