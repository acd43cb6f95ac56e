import CFFmpeg
import CFFmpegShim
import Foundation

/// One connection to a live source through libavformat (and libavdevice for cameras): opens
/// the input with its options, finds the video stream and the best audio stream beside it, and
/// reads their packets. Every blocking
/// call runs under a deadline enforced by the interrupt callback: ``LiveSourceOptions/connectTimeout``
/// for opening, ``LiveSourceOptions/readTimeout`` for each packet.
final class LiveStreamReader {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var streamIndex: Int32 = -1
    private var audioIndex: Int32 = -1
    /// The audio stream's parameters and time base, when the source has sound.
    private(set) var audioParameters: StreamParameters?
    private(set) var audioTimeBase = AVRational(num: 1, den: 1)
    /// Whether the stream's timestamps are its own; a format without any (MJPEG over HTTP) gets
    /// made-up ones at a guessed rate, and its packets are better timed by their arrival.
    private(set) var hasTimestamps = true
    /// The video stream's time base.
    private(set) var timeBase = AVRational(num: 1, den: Int32(PacketTimeline.ticksPerSecond))
    private let interrupt: OpaquePointer
    private let options: LiveSourceOptions
    /// The monotonic clock (nanoseconds of uptime) when the input was open and probing began:
    /// about when the first packet arrived. (Packets read while probing are buffered and come
    /// out first, so reading them says nothing of when they arrived.)
    private(set) var openedAt = DispatchTime.now().uptimeNanoseconds

    /// Opens the input and finds its video stream.
    ///
    /// - Throws: ``FrameSourceError/connectionFailed(url:message:)`` when it cannot be opened in
    ///   time, ``FrameSourceError/unsupportedStream(url:message:)`` when it has no usable video.
    init(options: LiveSourceOptions, interrupt: OpaquePointer) throws(FrameSourceError) {
        FFmpegRuntime.prepare()
        self.options = options
        self.interrupt = interrupt
        let url = options.redactedURL
        var input: UnsafePointer<AVInputFormat>?
        if let name = options.effectiveInputFormat {
            input = av_find_input_format(name)
            guard input != nil else {
                throw .unsupportedStream(url: url, message: "FFmpeg has no input format '\(name)'")
            }
        }
        guard var context = avformat_alloc_context() else {
            throw .connectionFailed(url: url, message: "out of memory")
        }
        akf_interrupt_install(interrupt, context)
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options.demuxerOptions.sorted(by: { $0.key < $1.key }) {
            av_dict_set(&dictionary, key, value, 0)
        }
        if options.url.lowercased().hasPrefix("rtsp") {
            av_dict_set(&dictionary, "rtsp_transport", options.rtspTransport.rawValue, 0)
        }
        akf_interrupt_set_deadline(interrupt, options.connectTimeout)
        var opening: UnsafeMutablePointer<AVFormatContext>? = context
        // On failure avformat_open_input frees the context itself.
        let opened = avformat_open_input(&opening, options.url, input, &dictionary)
        guard opened >= 0, let opened = opening else { throw failure(opened, during: "connecting") }
        context = opened
        format = context
        openedAt = DispatchTime.now().uptimeNanoseconds
        let probed = avformat_find_stream_info(context, nil)
        guard probed >= 0 else { throw failure(probed, during: "reading the stream's parameters") }
        akf_interrupt_set_deadline(interrupt, 0)
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)], let codecpar = stream.pointee.codecpar
        else {
            throw .unsupportedStream(url: url, message: "no video stream")
        }
        guard codecpar.pointee.width > 0, codecpar.pointee.height > 0 else {
            throw .unsupportedStream(url: url, message: "the video stream has no frame size")
        }
        streamIndex = index
        timeBase = stream.pointee.time_base
        hasTimestamps = context.pointee.iformat.pointee.flags & akf_format_no_timestamps() == 0
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        do {
            parameters = try StreamParameters(
                copying: codecpar, frameRate: rate.num > 0 && rate.den > 0 ? av_q2d(rate) : 0)
        } catch {
            throw .video(error)
        }
        packet = av_packet_alloc()
        guard packet != nil else { throw .connectionFailed(url: url, message: "out of memory") }
        let audio = av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, index, nil, 0)
        if audio >= 0, let audioStream = context.pointee.streams[Int(audio)],
            let audioCodecpar = audioStream.pointee.codecpar, audioCodecpar.pointee.sample_rate > 0
        {
            // A stream whose parameters cannot be copied is recorded as silent.
            audioParameters = try? StreamParameters(copying: audioCodecpar, frameRate: 0)
            audioIndex = audioParameters == nil ? -1 : audio
            audioTimeBase = audioStream.pointee.time_base
        }
    }

    /// Whether a packet ``read()`` returned belongs to the audio stream.
    func isAudio(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        audioIndex >= 0 && packet.pointee.stream_index == audioIndex
    }

    /// The video stream's parameters.
    private(set) var parameters: StreamParameters?

    deinit {
        av_packet_free(&packet)
        avformat_close_input(&format)
    }

    /// The next packet of the video or audio stream (see ``isAudio(_:)``), valid until the next
    /// call, or `nil` at the end of the stream.
    ///
    /// - Throws: ``FrameSourceError/connectionFailed(url:message:)`` when reading fails or no
    ///   packet arrives within the read timeout.
    func read() throws(FrameSourceError) -> UnsafeMutablePointer<AVPacket>? {
        guard let format, let packet else { return nil }
        while true {
            av_packet_unref(packet)
            akf_interrupt_set_deadline(interrupt, options.readTimeout)
            let result = av_read_frame(format, packet)
            if result == FFmpegRuntime.endOfFile { return nil }
            guard result >= 0 else { throw failure(result, during: "reading") }
            let stream = packet.pointee.stream_index
            if stream == streamIndex || stream == audioIndex, packet.pointee.size > 0 { return packet }
        }
    }

    /// The error for a failed call: a timeout or a stop says so rather than "Immediate exit requested".
    private func failure(_ code: Int32, during action: String) -> FrameSourceError {
        let message: String
        if akf_interrupt_timed_out(interrupt) != 0 {
            let limit = action == "reading" ? options.readTimeout : options.connectTimeout
            message = "nothing received for \(limit) s while \(action)"
        } else if akf_interrupt_is_cancelled(interrupt) != 0 {
            message = "stopped while \(action)"
        } else {
            message = "\(FFmpegRuntime.message(code)) while \(action)"
        }
        return .connectionFailed(url: options.redactedURL, message: message)
    }
}
