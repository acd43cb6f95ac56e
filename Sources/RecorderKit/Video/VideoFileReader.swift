import CFFmpeg
import Foundation
import Imaging

/// Decodes the video stream of a file through libavformat and libavcodec, frame by frame, into
/// 8-bit RGB images. Used by ``VideoFileSource`` and to read clips back.
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
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    private var streamIndex: Int32 = -1
    private var timeBase = AVRational(num: 1, den: 1)
    private var draining = false
    private var finished = false
    private var decoded = 0

    init(path: String) throws(VideoIOError) {
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
        var decoder: UnsafePointer<AVCodec>?
        let index = av_find_best_stream(context, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
        guard index >= 0, let stream = context.pointee.streams[Int(index)] else { throw .noVideoStream(path: path) }
        let parameters = stream.pointee.codecpar!
        guard let decoder else {
            throw .decoderUnavailable(String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        streamIndex = index
        timeBase = stream.pointee.time_base
        codecName = String(cString: decoder.pointee.name)
        size = FrameSize(width: Int(parameters.pointee.width), height: Int(parameters.pointee.height))
        let rate = stream.pointee.avg_frame_rate.num > 0 ? stream.pointee.avg_frame_rate : stream.pointee.r_frame_rate
        frameRate = rate.den > 0 && rate.num > 0 ? av_q2d(rate) : 0
        declaredFrameCount = Int(stream.pointee.nb_frames)
        codec = avcodec_alloc_context3(decoder)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        guard let codec, packet != nil, frame != nil else {
            throw .ffmpeg(operation: "allocate", message: "out of memory")
        }
        try FFmpegRuntime.check(avcodec_parameters_to_context(codec, parameters), "avcodec_parameters_to_context")
        try FFmpegRuntime.check(avcodec_open2(codec, decoder, nil), "avcodec_open2")
        guard size.width > 0, size.height > 0 else { throw .openFailed(path: path, message: "video has no frame size") }
    }

    deinit {
        sws_freeContext(scaler)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        avformat_close_input(&format)
    }

    /// The next frame in display order, or `nil` at the end of the stream.
    func next() throws(VideoIOError) -> (image: Image, timestamp: Double)? {
        guard !finished, let codec, let frame, let packet else { return nil }
        while true {
            let received = avcodec_receive_frame(codec, frame)
            if received >= 0 {
                defer { av_frame_unref(frame) }
                return try convert(frame)
            }
            if received == FFmpegRuntime.endOfFile || (received == FFmpegRuntime.again && draining) {
                finished = true
                return nil
            }
            guard received == FFmpegRuntime.again else {
                throw .ffmpeg(operation: "avcodec_receive_frame", message: FFmpegRuntime.message(received))
            }
            let read = av_read_frame(format, packet)
            if read == FFmpegRuntime.endOfFile {
                draining = true
                try FFmpegRuntime.check(avcodec_send_packet(codec, nil), "avcodec_send_packet")
                continue
            }
            try FFmpegRuntime.check(read, "av_read_frame")
            defer { av_packet_unref(packet) }
            if packet.pointee.stream_index == streamIndex {
                try FFmpegRuntime.check(avcodec_send_packet(codec, packet), "avcodec_send_packet")
            }
        }
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>) throws(VideoIOError) -> (Image, Double) {
        let width = frame.pointee.width
        let height = frame.pointee.height
        scaler = sws_getCachedContext(
            scaler, width, height, AVPixelFormat(frame.pointee.format), width, height, AV_PIX_FMT_RGB24,
            SWS_BILINEAR, nil, nil, nil)
        guard let scaler else { throw .ffmpeg(operation: "sws_getCachedContext", message: "unsupported pixel format") }
        let stride = Int(width) * 3
        var samples = [UInt8](repeating: 0, count: stride * Int(height))
        let (sourcePlanes, sourceLines) = FFmpegRuntime.planes(of: frame)
        let sourceData = sourcePlanes.map { UnsafePointer($0) }
        samples.withUnsafeMutableBufferPointer { buffer in
            let destination: [UnsafeMutablePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            let destinationLines: [Int32] = [Int32(stride), 0, 0, 0]
            _ = sws_scale(scaler, sourceData, sourceLines, 0, height, destination, destinationLines)
        }
        let image: Image
        do {
            image = try Image(
                pixels: PixelBuffer(width: Int(width), height: Int(height), bands: 3, samples: samples))
        } catch {
            throw .ffmpeg(operation: "convert frame", message: error.description)
        }
        let pts = frame.pointee.best_effort_timestamp
        let timestamp =
            pts == FFmpegRuntime.noTimestamp
            ? Double(decoded) / max(frameRate, 1) : Double(pts) * av_q2d(timeBase)
        decoded += 1
        return (image, timestamp)
    }
}
