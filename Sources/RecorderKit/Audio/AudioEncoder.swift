import CFFmpeg
import CFFmpegShim
import Foundation

/// Compresses PCM into AAC or Opus packets through libswresample and libavcodec, on the
/// recorder's timeline.
///
/// Input of any rate and channel count is converted to the settings' format; a FIFO cuts it into
/// the encoder's frame size. Samples are numbered by count, not by the timestamps they came
/// with (an audio clock is steadier than any timestamp), unless a timestamp jumps by more than
/// ``jumpTolerance``: then the partial frame is sent short and numbering restarts at the new time,
/// so a pause, a lost source or a late start leaves a gap in the audio as in the video.
final class AudioEncoder {
    // Every property has a value before the first FFmpeg call, so that `deinit` frees what was
    // opened when the initialiser throws.
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var resampler: OpaquePointer?
    private var fifo: OpaquePointer?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var converted: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var inputFormat: (rate: Int, channels: Int)?
    /// The timeline time (in samples) of the first sample in the FIFO.
    private var fifoStart: Int64?
    private var flushed = false
    /// Where the last packet handed out ends: a reopened encoder's priming packet reaches back
    /// before it and is dropped, so packet times only increase.
    private var lastEnd = Int64.min
    private(set) var track: AudioTrack?
    let settings: AudioSettings

    /// A timestamp this far (in seconds) from where counting samples puts it restarts numbering.
    static let jumpTolerance = 0.1

    init(settings: AudioSettings) throws(AudioError) {
        FFmpegRuntime.prepare()
        self.settings = settings
        guard let encoder = avcodec_find_encoder_by_name(settings.codec.encoderName) else {
            throw .encoderUnavailable(settings.codec.encoderName)
        }
        codec = avcodec_alloc_context3(encoder)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        converted = av_frame_alloc()
        guard let codec, packet != nil, frame != nil, converted != nil else {
            throw .encoderUnavailable("out of memory")
        }
        codec.pointee.sample_rate = Int32(settings.sampleRate)
        av_channel_layout_default(&codec.pointee.ch_layout, Int32(settings.channels))
        codec.pointee.bit_rate = Int64(settings.bitrate)
        codec.pointee.time_base = AVRational(num: 1, den: Int32(settings.sampleRate))
        codec.pointee.sample_fmt = Self.sampleFormat(of: encoder)
        // MP4 and MOV keep the codec's configuration out of band.
        codec.pointee.flags |= akf_codec_flag_global_header()
        guard avcodec_open2(codec, encoder, nil) >= 0 else { throw .encoderUnavailable(settings.codec.encoderName) }
        guard let parameters = avcodec_parameters_alloc() else { throw .encoderUnavailable("out of memory") }
        defer {
            var owned: UnsafeMutablePointer<AVCodecParameters>? = parameters
            avcodec_parameters_free(&owned)
        }
        guard avcodec_parameters_from_context(parameters, codec) >= 0,
            let copied = try? StreamParameters(copying: parameters, frameRate: 0)
        else { throw .encoderUnavailable(settings.codec.encoderName) }
        track = AudioTrack(parameters: copied, timeBaseNum: 1, timeBaseDen: Int32(settings.sampleRate))
        fifo = av_audio_fifo_alloc(codec.pointee.sample_fmt, Int32(settings.channels), max(codec.pointee.frame_size, 1))
        guard fifo != nil else { throw .encoderUnavailable("out of memory") }
    }

    deinit {
        av_audio_fifo_free(fifo)
        swr_free(&resampler)
        av_frame_free(&frame)
        av_frame_free(&converted)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
    }

    /// The encoder's preferred sample layout: float planar for `aac`, float or 16-bit for `libopus`.
    private static func sampleFormat(of encoder: UnsafePointer<AVCodec>) -> AVSampleFormat {
        guard let formats = encoder.pointee.sample_fmts else { return AV_SAMPLE_FMT_FLTP }
        var index = 0
        var first: AVSampleFormat?
        while formats[index] != AV_SAMPLE_FMT_NONE {
            if formats[index] == AV_SAMPLE_FMT_FLTP || formats[index] == AV_SAMPLE_FMT_FLT { return formats[index] }
            first = first ?? formats[index]
            index += 1
        }
        return first ?? AV_SAMPLE_FMT_FLTP
    }

    /// Samples per encoded frame (1024 for AAC, 960 for Opus at 48 kHz).
    var frameSize: Int { Int(max(codec?.pointee.frame_size ?? 1024, 1)) }

    /// Adds interleaved float samples whose first sample frame is at `time` seconds on the
    /// recorder's timeline; returns the packets that completes.
    func encode(_ samples: UnsafeBufferPointer<Float>, channels: Int, rate: Int, at time: Double)
        throws(VideoIOError) -> [AudioPacket]
    {
        guard codec != nil, let fifo, let converted, !flushed, channels > 0, rate > 0 else { return [] }
        let count = samples.count / channels
        guard count > 0 else { return [] }
        var packets: [AudioPacket] = []
        let start = Int64((time * Double(settings.sampleRate)).rounded())
        let expected = (fifoStart ?? start) + Int64(av_audio_fifo_size(fifo))
        let tolerance = Int64(Self.jumpTolerance * Double(settings.sampleRate))
        if start < expected - tolerance {
            // Overlaps samples already taken: a host sending the same moment twice.
            return []
        }
        if fifoStart == nil || start > expected + tolerance {
            try sendFIFO(all: true, into: &packets)
            fifoStart = start
        }
        // Read the context only now: sending a short last frame reopens the encoder (`restart`),
        // which frees the context held before.
        guard let codec else { return packets }
        try configureResampler(rate: rate, channels: channels)
        let capacity = swr_get_out_samples(resampler, Int32(count)) + 16
        av_frame_unref(converted)
        converted.pointee.format = codec.pointee.sample_fmt.rawValue
        converted.pointee.nb_samples = capacity
        try FFmpegRuntime.check(
            av_channel_layout_copy(&converted.pointee.ch_layout, &codec.pointee.ch_layout), "layout")
        try FFmpegRuntime.check(av_frame_get_buffer(converted, 0), "av_frame_get_buffer")
        let made = samples.baseAddress!.withMemoryRebound(to: UInt8.self, capacity: samples.count * 4) { bytes in
            var input: UnsafePointer<UInt8>? = UnsafePointer(bytes)
            return withUnsafeMutablePointer(to: &input) { pointer in
                swr_convert(resampler, converted.pointee.extended_data, capacity, pointer, Int32(count))
            }
        }
        try FFmpegRuntime.check(made, "swr_convert")
        if made > 0 {
            let written = converted.pointee.extended_data.withMemoryRebound(
                to: UnsafeMutableRawPointer?.self, capacity: 8
            ) { av_audio_fifo_write(fifo, $0, made) }
            try FFmpegRuntime.check(written, "av_audio_fifo_write")
        }
        try sendFIFO(all: false, into: &packets)
        return packets
    }

    /// Sends what the FIFO holds and drains the encoder: the samples still inside it (its
    /// look-ahead) come out. The encoder takes nothing afterwards.
    func finish() throws(VideoIOError) -> [AudioPacket] {
        guard codec != nil, !flushed else { return [] }
        var packets: [AudioPacket] = []
        try sendFIFO(all: true, into: &packets)
        flushed = true
        // The context after sendFIFO: a short last frame reopened the encoder and freed the old one
        // (using it here was a use-after-free that crashed one run in six of `recorder-host --audio`).
        guard let codec else { return packets }
        try FFmpegRuntime.check(avcodec_send_frame(codec, nil), "avcodec_send_frame")
        try receive(into: &packets)
        return packets
    }

    private func configureResampler(rate: Int, channels: Int) throws(VideoIOError) {
        guard let codec else { return }
        if let inputFormat, inputFormat == (rate, channels), resampler != nil { return }
        swr_free(&resampler)
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, Int32(channels))
        defer { av_channel_layout_uninit(&layout) }
        try FFmpegRuntime.check(
            swr_alloc_set_opts2(
                &resampler, &codec.pointee.ch_layout, codec.pointee.sample_fmt, codec.pointee.sample_rate, &layout,
                AV_SAMPLE_FMT_FLT, Int32(rate), 0, nil), "swr_alloc_set_opts2")
        try FFmpegRuntime.check(swr_init(resampler), "swr_init")
        inputFormat = (rate, channels)
    }

    /// Sends whole frames from the FIFO (and, with `all`, the short remainder as a last frame
    /// of its own: the codecs take a short frame, and nothing is invented to fill it).
    private func sendFIFO(all: Bool, into packets: inout [AudioPacket]) throws(VideoIOError) {
        guard let codec, let fifo, let frame, let start = fifoStart else { return }
        var position = start
        while true {
            let available = Int(av_audio_fifo_size(fifo))
            let take = available >= frameSize ? frameSize : (all ? available : 0)
            guard take > 0 else { break }
            av_frame_unref(frame)
            frame.pointee.format = codec.pointee.sample_fmt.rawValue
            frame.pointee.nb_samples = Int32(take)
            frame.pointee.sample_rate = codec.pointee.sample_rate
            try FFmpegRuntime.check(
                av_channel_layout_copy(&frame.pointee.ch_layout, &codec.pointee.ch_layout), "layout")
            try FFmpegRuntime.check(av_frame_get_buffer(frame, 0), "av_frame_get_buffer")
            let read = frame.pointee.extended_data.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 8) {
                av_audio_fifo_read(fifo, $0, Int32(take))
            }
            try FFmpegRuntime.check(read, "av_audio_fifo_read")
            frame.pointee.pts = position
            position += Int64(take)
            try FFmpegRuntime.check(avcodec_send_frame(codec, frame), "avcodec_send_frame")
            try receive(into: &packets)
            // A short frame must be the last: the encoder is reopened for what follows.
            if take < frameSize {
                try restart(into: &packets)
                break  // the local `codec` is the freed one now
            }
        }
        fifoStart = position
    }

    /// After a short frame the codecs take no more input: drain this encoder and open a fresh one
    /// with the same settings (the stream's parameters stay the same).
    private func restart(into packets: inout [AudioPacket]) throws(VideoIOError) {
        guard let old = codec, let encoder = old.pointee.codec else { return }
        try FFmpegRuntime.check(avcodec_send_frame(old, nil), "avcodec_send_frame")
        try receive(into: &packets)
        guard let fresh = avcodec_alloc_context3(encoder) else {
            throw .ffmpeg(operation: "allocate audio encoder", message: "out of memory")
        }
        fresh.pointee.sample_rate = old.pointee.sample_rate
        try FFmpegRuntime.check(av_channel_layout_copy(&fresh.pointee.ch_layout, &old.pointee.ch_layout), "layout")
        fresh.pointee.bit_rate = old.pointee.bit_rate
        fresh.pointee.time_base = old.pointee.time_base
        fresh.pointee.sample_fmt = old.pointee.sample_fmt
        fresh.pointee.flags = old.pointee.flags
        avcodec_free_context(&codec)
        codec = fresh
        try FFmpegRuntime.check(avcodec_open2(fresh, encoder, nil), "avcodec_open2 audio")
    }

    private func receive(into packets: inout [AudioPacket]) throws(VideoIOError) {
        guard let codec, let packet else { return }
        while true {
            let received = avcodec_receive_packet(codec, packet)
            if received == FFmpegRuntime.again || received == FFmpegRuntime.endOfFile { return }
            try FFmpegRuntime.check(received, "avcodec_receive_packet audio")
            defer { av_packet_unref(packet) }
            let pts = packet.pointee.pts
            guard pts >= lastEnd else { continue }
            let data = Data(bytes: packet.pointee.data, count: Int(packet.pointee.size))
            packets.append(AudioPacket(data: data, pts: pts, duration: max(packet.pointee.duration, 1)))
            lastEnd = pts + max(packet.pointee.duration, 1)
        }
    }
}
