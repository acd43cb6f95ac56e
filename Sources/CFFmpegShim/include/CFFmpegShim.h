// FFmpeg spells its error codes and several flags as macros that Swift cannot import; these
// functions return their values. One C-library call that Swift's Glibc module does not expose
// (malloc_trim) sits here too, and the interrupt callback that gives live sources their timeouts:
// FFmpeg calls it from inside blocking reads, so it is plain C with atomics.
#ifndef CFFMPEGSHIM_H
#define CFFMPEGSHIM_H

#include <stddef.h>
#include <stdint.h>

struct AVFormatContext;

/// AVERROR(EAGAIN): the codec wants more input (or output to be drained) first.
int akf_error_again(void);
/// AVERROR_EOF: the end of the stream.
int akf_error_eof(void);
/// AVERROR_EXIT: a blocking call was interrupted by the interrupt callback.
int akf_error_exit(void);
/// av_err2str: FFmpeg's message for an error code, written into `buffer`.
void akf_error_string(int code, char *buffer, size_t size);
/// AV_NOPTS_VALUE: "no timestamp".
int64_t akf_no_pts(void);
/// AV_PKT_FLAG_KEY: the packet holds a key frame.
int akf_packet_flag_key(void);
/// AV_PKT_FLAG_CORRUPT: the demuxer found the packet damaged.
int akf_packet_flag_corrupt(void);
/// AVFMT_NOTIMESTAMPS: the input format carries no timestamps (the demuxer makes some up).
int akf_format_no_timestamps(void);
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

/// A cancel flag and a deadline that an input's interrupt callback checks: FFmpeg calls the
/// callback while it waits on the network or a device, and gives up (AVERROR_EXIT) once it
/// returns 1.
typedef struct akf_interrupt akf_interrupt;
/// A new interrupt, with no deadline and not cancelled.
akf_interrupt *akf_interrupt_create(void);
/// Frees an interrupt; no input may still use it.
void akf_interrupt_free(akf_interrupt *interrupt);
/// Interrupts any blocking call from now on (from any thread).
void akf_interrupt_cancel(akf_interrupt *interrupt);
/// Whether akf_interrupt_cancel was called.
int akf_interrupt_is_cancelled(const akf_interrupt *interrupt);
/// Interrupts blocking calls once `seconds` have passed from now; 0 or less removes the deadline.
/// Clears the timed-out mark.
void akf_interrupt_set_deadline(akf_interrupt *interrupt, double seconds);
/// Whether a call was interrupted because the deadline passed.
int akf_interrupt_timed_out(const akf_interrupt *interrupt);
/// Installs the interrupt as `context`'s interrupt callback.
void akf_interrupt_install(akf_interrupt *interrupt, struct AVFormatContext *context);

#endif
