import CFFmpeg
import CFFmpegShim
import Foundation

/// Sound from a capture device through libavdevice: an ALSA device (`default`, `hw:1,0`) or a
/// PulseAudio source (`default`, or a name from `pactl list sources`).
///
/// ``EventRecorder/record(audioFrom:)`` reads it beside the frames the host pushes (or a
/// ``LiveVideoSource`` delivers). The device's clock is not the frames' clock, so the source
/// places its samples on the frames' clock itself: the first sample gets `timeOrigin`, later ones
/// the device's own spacing from there.
public final class AudioCaptureSource: @unchecked Sendable {
    // Used by one reading task at a time; `cancel()` only sets the interrupt, which is atomic.
    /// The sound system.
    public enum Backend: String, Sendable, Hashable, CaseIterable {
        /// ALSA (`alsa` in libavdevice).
        case alsa
        /// PulseAudio (`pulse` in libavdevice).
        case pulse
    }

    /// The sound system and device.
    public let backend: Backend
    /// The device name.
    public let device: String
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var decoder: AudioDecoder?
    private var streamIndex: Int32 = -1
    private let interrupt: InterruptHandle
    private let timeOrigin: Double
    /// The device time of the first sample, once read.
    private var firstDeviceTime: Double?

    /// Opens the device.
    ///
    /// - Parameters:
    ///   - backend: ALSA or PulseAudio.
    ///   - device: the device name (`default` by default).
    ///   - sampleRate: the rate to ask the device for, or `nil` for its own.
    ///   - channels: the channel count to ask for, or `nil` for the device's.
    ///   - timeOrigin: the frames' clock reading (seconds) that the first sample gets.
    ///   - openTimeout: seconds to wait for the device.
    /// - Throws: ``FrameSourceError/unsupportedStream(url:message:)`` when this FFmpeg has no such
    ///   input, ``FrameSourceError/connectionFailed(url:message:)`` when the device cannot be opened
    ///   (none, busy, no permission).
    public init(
        backend: Backend = .alsa, device: String = "default", sampleRate: Int? = nil, channels: Int? = nil,
        timeOrigin: Double = 0, openTimeout: Double = 5
    ) throws(FrameSourceError) {
        FFmpegRuntime.prepare()
        self.backend = backend
        self.device = device
        self.timeOrigin = timeOrigin
        interrupt = InterruptHandle()
        let name = "\(backend.rawValue):\(device)"
        guard let input = av_find_input_format(backend.rawValue) else {
            throw .unsupportedStream(url: name, message: "FFmpeg has no '\(backend.rawValue)' input")
        }
        guard let context = avformat_alloc_context() else {
            throw .connectionFailed(url: name, message: "out of memory")
        }
        akf_interrupt_install(interrupt.pointer, context)
        akf_interrupt_set_deadline(interrupt.pointer, openTimeout)
        var options: OpaquePointer?
        defer { av_dict_free(&options) }
        if let sampleRate { av_dict_set(&options, "sample_rate", "\(sampleRate)", 0) }
        if let channels { av_dict_set(&options, "channels", "\(channels)", 0) }
        var opening: UnsafeMutablePointer<AVFormatContext>? = context
        // On failure avformat_open_input frees the context itself.
        let opened = avformat_open_input(&opening, device, input, &options)
        guard opened >= 0, let opened = opening else {
            throw .connectionFailed(url: name, message: FFmpegRuntime.message(opened))
        }
        format = opened
        let index = av_find_best_stream(opened, AVMEDIA_TYPE_AUDIO, -1, -1, nil, 0)
        guard index >= 0, let stream = opened.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar
        else { throw .unsupportedStream(url: name, message: "the device has no audio stream") }
        streamIndex = index
        do {
            decoder = try AudioDecoder(parameters: parameters, timeBase: stream.pointee.time_base)
        } catch {
            throw .video(error)
        }
        akf_interrupt_set_deadline(interrupt.pointer, 0)
        packet = av_packet_alloc()
        guard packet != nil else { throw .connectionFailed(url: name, message: "out of memory") }
    }

    deinit {
        av_packet_free(&packet)
        avformat_close_input(&format)
    }

    /// Ends a ``next()`` that is waiting for the device, from any thread.
    public func cancel() {
        interrupt.cancel()
    }

    /// The next run of samples (blocks until the device delivers), or `nil` once cancelled.
    ///
    /// - Returns: samples in the device's rate and channels, timestamped on the frames' clock.
    /// - Throws: ``FrameSourceError/connectionFailed(url:message:)`` when the device fails.
    public func next() throws(FrameSourceError) -> [AudioSamples]? {
        guard let format, let packet, let decoder else { return nil }
        while true {
            if interrupt.isCancelled { return nil }
            av_packet_unref(packet)
            let read = av_read_frame(format, packet)
            if read == FFmpegRuntime.endOfFile || interrupt.isCancelled { return nil }
            if read == FFmpegRuntime.again { continue }
            guard read >= 0 else {
                throw .connectionFailed(url: "\(backend.rawValue):\(device)", message: FFmpegRuntime.message(read))
            }
            guard packet.pointee.stream_index == streamIndex else { continue }
            let runs: [AudioSamples]
            do {
                runs = try decoder.decode(packet)
            } catch {
                throw .video(error)
            }
            guard !runs.isEmpty else { continue }
            return runs.map { run in
                var placed = run
                let first = firstDeviceTime ?? run.timestamp
                firstDeviceTime = first
                placed.timestamp = timeOrigin + (run.timestamp - first)
                return placed
            }
        }
    }
}
