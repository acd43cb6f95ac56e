import CFFmpeg
import Foundation

/// Decodes an audio stream's packets through libavcodec into interleaved float PCM
/// (libswresample changes the layout only, never the rate), timestamped in seconds. Used for
/// the sound of video files and of decoded live sources and capture devices.
final class AudioDecoder {
    // Every property has a value before the first FFmpeg call, so that `deinit` frees what was
    // opened when the initialiser throws.
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var resampler: OpaquePointer?
    private var resamplerFormat: (format: Int32, rate: Int32, channels: Int32)?
    private let timeBase: AVRational
    /// Where the next frame starts when a frame carries no timestamp.
    private var nextTime: Double?

    init(parameters: UnsafePointer<AVCodecParameters>, timeBase: AVRational) throws(VideoIOError) {
        FFmpegRuntime.prepare()
        self.timeBase = timeBase
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw .decoderUnavailable(String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        codec = avcodec_alloc_context3(decoder)
        frame = av_frame_alloc()
        guard let codec, frame != nil else {
            throw .ffmpeg(operation: "allocate audio decoder", message: "out of memory")
        }
        try FFmpegRuntime.check(avcodec_parameters_to_context(codec, parameters), "avcodec_parameters_to_context")
        codec.pointee.pkt_timebase = timeBase
        try FFmpegRuntime.check(avcodec_open2(codec, decoder, nil), "avcodec_open2 audio")
    }

    deinit {
        swr_free(&resampler)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
    }

    /// Sends a packet (`nil` to flush) and returns the PCM it completes. A damaged packet is
    /// skipped (its sound is lost), as players do, rather than ending the recording.
    func decode(_ packet: UnsafeMutablePointer<AVPacket>?) throws(VideoIOError) -> [AudioSamples] {
        guard let codec, let frame else { return [] }
        let sent = avcodec_send_packet(codec, packet)
        if sent < 0, sent != FFmpegRuntime.endOfFile, sent != FFmpegRuntime.again { return [] }
        var runs: [AudioSamples] = []
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received == FFmpegRuntime.again || received == FFmpegRuntime.endOfFile { break }
            guard received >= 0 else { break }
            defer { av_frame_unref(frame) }
            if let run = try interleaved(frame) { runs.append(run) }
        }
        return runs
    }

    private func interleaved(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoIOError) -> AudioSamples? {
        let count = Int(frame.pointee.nb_samples)
        let channels = Int(frame.pointee.ch_layout.nb_channels)
        let rate = Int(frame.pointee.sample_rate)
        guard count > 0, channels > 0, rate > 0 else { return nil }
        let format = (frame.pointee.format, Int32(rate), Int32(channels))
        if resampler == nil || resamplerFormat.map({ $0 != format }) ?? true {
            swr_free(&resampler)
            try FFmpegRuntime.check(
                swr_alloc_set_opts2(
                    &resampler, &frame.pointee.ch_layout, AV_SAMPLE_FMT_FLT, Int32(rate), &frame.pointee.ch_layout,
                    AVSampleFormat(frame.pointee.format), Int32(rate), 0, nil), "swr_alloc_set_opts2")
            try FFmpegRuntime.check(swr_init(resampler), "swr_init")
            resamplerFormat = format
        }
        var samples = [Float](repeating: 0, count: count * channels)
        let made = samples.withUnsafeMutableBytes { bytes in
            var output: UnsafeMutablePointer<UInt8>? = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return withUnsafeMutablePointer(to: &output) { pointer in
                frame.pointee.extended_data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: channels) {
                    swr_convert(resampler, pointer, Int32(count), $0, Int32(count))
                }
            }
        }
        try FFmpegRuntime.check(made, "swr_convert")
        let pts = frame.pointee.best_effort_timestamp
        let time = pts == FFmpegRuntime.noTimestamp ? (nextTime ?? 0) : Double(pts) * av_q2d(timeBase)
        nextTime = time + Double(made) / Double(rate)
        return AudioSamples(
            samples: Array(samples.prefix(Int(made) * channels)), channels: channels, sampleRate: rate, timestamp: time)
    }
}
