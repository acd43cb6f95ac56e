import CFFmpeg
import Foundation
import Imaging

/// Decodes the video stream of a file through libavformat and libavcodec, frame by frame, into
/// 8-bit RGB images, and, when asked, its best audio stream into PCM as the packets come. Used by
/// ``VideoFileSource`` and to read clips back.
final class VideoFileReader {
    // Every property has a value before the first FFmpeg call, so that `deinit` runs (and frees
    // what was opened) when the initialiser throws.
    let path: String
    private(set) var size = FrameSize(width: 0, height: 0)
    private(set) var frameRate = 0.0
    /// The number of frames the container declares, or 0 when it does not say.
    private(set) var declaredFrameCount = 0
    private(set) var codecName = ""

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var decoder: FrameDecoder?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var streamIndex: Int32 = -1
    private var timeBase = AVRational(num: 1, den: 1)
    private var finished = false
    private var decoded = 0
    /// Frames decoded but not yet handed out (a packet may complete several).
    private var ready: [(image: Image, timestamp: Double)] = []
    private var audioIndex: Int32 = -1
    private var audioDecoder: AudioDecoder?
    /// Decoded audio not yet taken, at most ``pendingAudioLimit`` seconds of it.
    private var pendingAudio: [AudioSamples] = []

    /// Audio a reader keeps for a caller that does not take it: the oldest goes beyond this many
    /// seconds, so reading only the frames of a long file costs no memory.
    static let pendingAudioLimit = 5.0

    /// Opens the file's video stream and, with `decodesAudio`, its best audio stream (a file
    /// whose audio cannot be decoded is read as silent).
    init(path: String, decodesAudio: Bool = false) throws(VideoIOError) {
        FFmpegRuntime.prepare()
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else {
            throw .openFailed(path: path, message: "no such file")
        }
        var context: UnsafeMutablePointer<AVFormatContext>?
        let opened = avformat_open_input(&context, path, nil, nil)
        guard opened >= 0, let context else { throw .openFailed(path: path, message: FFmpegRuntime.message(opened)) }
        format = context
        let probed = avformat_find_stream_info(context, nil)
        guard probed >= 0 else { throw .openFailed(path: path, message: FFmpegRuntime.message(probed)) }
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)], let parameters = stream.pointee.codecpar
        else { throw .noVideoStream(path: path) }
        streamIndex = index
        timeBase = stream.pointee.time_base
        size = FrameSize(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height))
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = rate.den > 0 && rate.num > 0 ? av_q2d(rate) : 0
        declaredFrameCount = Int(stream.pointee.nb_frames)
        let decoder = try FrameDecoder(parameters: parameters)
        self.decoder = decoder
        codecName = decoder.name
        packet = av_packet_alloc()
        guard packet != nil else { throw .ffmpeg(operation: "allocate", message: "out of memory") }
        guard size.width > 0, size.height > 0 else { throw .openFailed(path: path, message: "video has no frame size") }
        let audio = decodesAudio ? av_find_best_stream(context, AVMEDIA_TYPE_AUDIO, -1, index, nil, 0) : -1
        if audio >= 0, let audioStream = context.pointee.streams[Int(audio)],
            let audioParameters = audioStream.pointee.codecpar
        {
            audioDecoder = try? AudioDecoder(parameters: audioParameters, timeBase: audioStream.pointee.time_base)
            audioIndex = audioDecoder == nil ? -1 : audio
        }
    }

    /// Whether the reader decodes an audio stream.
    var hasAudio: Bool { audioDecoder != nil }

    /// The audio decoded so far, in time order, and forgets it.
    func takeAudio() -> [AudioSamples] {
        defer { pendingAudio.removeAll() }
        return pendingAudio
    }

    private func keep(_ runs: [AudioSamples]) {
        pendingAudio += runs
        guard let newest = pendingAudio.last?.timestamp else { return }
        pendingAudio.removeAll { $0.timestamp < newest - Self.pendingAudioLimit }
    }

    deinit {
        av_packet_free(&packet)
        decoder = nil
        avformat_close_input(&format)
    }

    /// The next frame in display order, or `nil` at the end of the stream.
    func next() throws(VideoIOError) -> (image: Image, timestamp: Double)? {
        guard let decoder, let packet else { return nil }
        while ready.isEmpty, !finished {
            let read = av_read_frame(format, packet)
            if read == FFmpegRuntime.endOfFile {
                finished = true
                try decoder.decode(nil) { frame throws(VideoIOError) in ready.append(try convert(frame)) }
                if let audioDecoder { keep(try audioDecoder.decode(nil)) }
                break
            }
            try FFmpegRuntime.check(read, "av_read_frame")
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == audioIndex, let audioDecoder {
                keep(try audioDecoder.decode(packet))
                continue
            }
            guard packet.pointee.stream_index == streamIndex else { continue }
            try decoder.decode(packet) { frame throws(VideoIOError) in ready.append(try convert(frame)) }
        }
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoIOError) -> (Image, Double) {
        guard let decoder else { throw .noFrames }
        let image = try decoder.image(of: frame)
        let pts = frame.pointee.best_effort_timestamp
        let timestamp =
            pts == FFmpegRuntime.noTimestamp
            ? Double(decoded) / max(frameRate, 1) : Double(pts) * av_q2d(timeBase)
        decoded += 1
        return (image, timestamp)
    }
}
