// FFmpeg spells its error codes and several flags as macros that Swift cannot import; these
// functions return their values. Nothing here does work of its own. One C-library call that
// Swift's Glibc module does not expose (malloc_trim) sits here too.
#ifndef CFFMPEGSHIM_H
#define CFFMPEGSHIM_H

#include <stddef.h>
#include <stdint.h>

/// AVERROR(EAGAIN): the codec wants more input (or output to be drained) first.
int akf_error_again(void);
/// AVERROR_EOF: the end of the stream.
int akf_error_eof(void);
/// av_err2str: FFmpeg's message for an error code, written into `buffer`.
void akf_error_string(int code, char *buffer, size_t size);
/// AV_NOPTS_VALUE: "no timestamp".
int64_t akf_no_pts(void);
/// AVFMT_NOFILE: the output format opens no file of its own.
int akf_format_no_file(void);
/// AVFMT_GLOBALHEADER: the container wants codec headers out of band.
int akf_format_global_header(void);
/// AV_CODEC_FLAG_GLOBAL_HEADER.
int akf_codec_flag_global_header(void);
/// AV_CODEC_FLAG_QSCALE: fixed quantiser (used for MJPEG quality).
int akf_codec_flag_qscale(void);
/// FF_QP2LAMBDA: converts a quantiser to FFmpeg's lambda scale.
int akf_qp2lambda(void);
/// Makes FFmpeg log errors only (its default prints warnings for every clip to stderr).
void akf_quiet_logging(void);
/// Hands memory the allocator holds but no longer uses back to the system (glibc's
/// malloc_trim); does nothing on other C libraries.
void akf_return_freed_memory(void);

#endif
