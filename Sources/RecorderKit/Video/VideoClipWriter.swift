import CFFmpeg
import CFFmpegShim
import Foundation
import Imaging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Encodes frames into an MP4 or MOV file through libavcodec and libavformat on a grid of
/// `1 / framerate` seconds: each frame is given the grid position it was recorded at, so a clip
/// that spans a gap keeps the gap (the frame before it lasts longer) instead of inventing frames.
///
/// Both encoders take full-range 4:2:0 YUV (`yuvj420p`), the format a 4:2:0 JPEG decodes to, so
/// the ring buffer's frames go from the JPEG decoder to the encoder untouched when the clip has
/// the recorded size: no conversion pass and no frame buffer of the writer's own. Frames of
/// another size are scaled to fit, centred between black bars. (H.264 streams carry the
/// full-range flag, as FFmpeg's own transcodes of JPEG sources do; players honour it.)
final class VideoClipWriter {
    let path: String
    private(set) var encoderName = ""
    private(set) var framesWritten = 0

    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var stream: UnsafeMutablePointer<AVStream>?
    /// The writer's own frame, made on first use: only frames that need converting (RGB, or JPEG
    /// in another layout) are drawn into it.
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var scaler: OpaquePointer?
    /// The matrix and range `scaler` and `jpegScaler` were last told (see ``VideoColour``).
    private var colourSetting: VideoColour.Setting?
    private var fittingColourSetting: VideoColour.Setting?
    /// Decodes the ring buffer's JPEG frames straight into YUV for ``appendJPEG(_:)``.
    private var jpegDecoder: UnsafeMutablePointer<AVCodecContext>?
    private var jpegPacket: UnsafeMutablePointer<AVPacket>?
    private var jpegFrame: UnsafeMutablePointer<AVFrame>?
    private var jpegScaler: OpaquePointer?
    private var fileOpen = false
    private var headerWritten = false
    private var finished = false
    private var size = FrameSize(width: 0, height: 0)
    /// The grid position of the last frame sent, so that positions only increase.
    private var lastPosition: Int64 = -1
    private var framerate = 1
    /// The clip's audio, written interleaved with the frames.
    private var audioMuxer: AudioMuxer?

    /// The FFmpeg name of the clip's audio codec, or `nil` for a silent clip.
    var audioCodecName: String? { audioMuxer?.codecName }
    /// Told, before each video packet goes into the file, the size the file will have with it
    /// (its buffered bytes included) and how many video packets it will then hold: the
    /// recorder's storage budget counts a clip as it grows, and makes room before it does.
    var growing: ((_ bytes: Int64, _ packets: Int) -> Void)?
    private var packetsWritten = 0

    /// The FFmpeg encoder a codec choice resolves to on this machine, or `nil` when it is missing.
    static func encoderName(for codec: VideoCodec) -> String? {
        FFmpegRuntime.prepare()
        let h264 = avcodec_find_encoder_by_name("libx264") != nil
        switch codec {
        case .preferred: return h264 ? "libx264" : "mjpeg"
        case .h264: return h264 ? "libx264" : nil
        case .mjpeg: return avcodec_find_encoder(AV_CODEC_ID_MJPEG) != nil ? "mjpeg" : nil
        case .passthrough: return encoderName(for: .preferred)
        }
    }

    init(
        path: String, container: VideoFormat, size: FrameSize, framerate: Int, settings: ExportSettings,
        filtered: Bool = false, audio: ClipAudio? = nil
    ) throws(VideoIOError) {
        FFmpegRuntime.prepare()
        self.path = path
        self.size = size
        self.framerate = max(framerate, 1)
        guard let name = Self.encoderName(for: settings.codec), let encoder = avcodec_find_encoder_by_name(name) else {
            throw .encoderUnavailable(settings.codec == .mjpeg ? "mjpeg" : "libx264")
        }
        encoderName = name
        try FFmpegRuntime.check(
            avformat_alloc_output_context2(&format, nil, container.rawValue, path), "avformat_alloc_output_context2")
        guard let format, let stream = avformat_new_stream(format, nil), let codec = avcodec_alloc_context3(encoder)
        else { throw .ffmpeg(operation: "allocate encoder", message: "out of memory") }
        self.stream = stream
        self.codec = codec
        codec.pointee.width = Int32(size.width)
        codec.pointee.height = Int32(size.height)
        codec.pointee.time_base = AVRational(num: 1, den: Int32(framerate))
        codec.pointee.framerate = AVRational(num: Int32(framerate), den: 1)
        // No B-frames: presentation order is decoding order, so every timestamp is exact.
        codec.pointee.max_b_frames = 0
        codec.pointee.pix_fmt = AV_PIX_FMT_YUVJ420P
        VideoColour.tag(codec)
        if name == "libx264" {
            codec.pointee.gop_size = Int32(framerate)
            // ultrafast: at 1080p it needs about 40 MB less than veryfast (measured with ffmpeg's
            // own encoder, 120 MB against 162 MB peak), which keeps a long recording under 150 MB;
            // clips are larger for it.
            av_opt_set(codec.pointee.priv_data, "preset", "ultrafast", 0)
            // No lookahead queue: a few frames of memory instead of dozens at 1080p.
            av_opt_set(codec.pointee.priv_data, "tune", "zerolatency", 0)
            // A constant quantiser, not a constant rate factor: CRF weighs each frame's complexity
            // on quarter-size copies that libx264 keeps with every input frame (8 MB a frame at
            // 1080p instead of 3.4 MB). At ultrafast, which has no adaptive quantisation or
            // macroblock tree for CRF to steer, QP 23 gives about the quality and size of CRF 23 on
            // the ring buffer's JPEG frames, for a quarter less encoder time. Frames through an
            // export filter have their own quantiser: a look's grain is noise (see
            // `ExportSettings.filteredQuantiser`).
            av_opt_set(codec.pointee.priv_data, "qp", settings.h264Quantiser(filtered: filtered), 0)
            // One encoding thread: libavcodec hands libx264 "auto", which at 1080p adds a slice
            // thread and a lookahead thread, each with buffers of its own. Clips are written in the
            // background while frames keep arriving on every core, so more threads buy no speed.
            codec.pointee.thread_count = 1
        } else {
            codec.pointee.flags |= akf_codec_flag_qscale()
            codec.pointee.global_quality = settings.compression.mjpegQuantiser * akf_qp2lambda()
        }
        if format.pointee.oformat.pointee.flags & akf_format_global_header() != 0 {
            codec.pointee.flags |= akf_codec_flag_global_header()
        }
        try FFmpegRuntime.check(avcodec_open2(codec, encoder, nil), "avcodec_open2")
        try FFmpegRuntime.check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "parameters")
        stream.pointee.time_base = codec.pointee.time_base
        stream.pointee.avg_frame_rate = codec.pointee.framerate
        if let audio { audioMuxer = try AudioMuxer(audio, to: format) }
        packet = av_packet_alloc()
        guard packet != nil else { throw .ffmpeg(operation: "allocate packet", message: "out of memory") }
        try FFmpegRuntime.check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "avio_open \(path)")
        fileOpen = true
        try FFmpegRuntime.check(avformat_write_header(format, nil), "avformat_write_header")
        headerWritten = true
    }

    deinit {
        if let format {
            if fileOpen { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
        sws_freeContext(scaler)
        sws_freeContext(jpegScaler)
        av_frame_free(&jpegFrame)
        av_packet_free(&jpegPacket)
        avcodec_free_context(&jpegDecoder)
        av_frame_free(&frame)
        av_packet_free(&packet)
        avcodec_free_context(&codec)
    }

    /// Encodes one frame of 3-band 8-bit RGB at the writer's size, at grid position `position`
    /// (by default the one after the last frame).
    func append(_ pixels: PixelBuffer, at position: Int64? = nil) throws(VideoIOError) {
        guard !finished else { throw .ffmpeg(operation: "append", message: "writer is closed") }
        guard pixels.width == size.width, pixels.height == size.height, pixels.bands == 3 else {
            throw .ffmpeg(
                operation: "append",
                message: "frame is \(pixels.width)×\(pixels.height)×\(pixels.bands), clip is \(size)×3")
        }
        let frame = try writableFrame()
        scaler = sws_getCachedContext(
            scaler, Int32(size.width), Int32(size.height), AV_PIX_FMT_RGB24, frame.pointee.width, frame.pointee.height,
            AVPixelFormat(frame.pointee.format), SWS_BILINEAR, nil, nil, nil)
        guard let scaler else { throw .ffmpeg(operation: "sws_getCachedContext", message: "unsupported conversion") }
        colourSetting = VideoColour.configure(scaler, writingFromRGB: colourSetting)
        let (planes, lines) = FFmpegRuntime.planes(of: frame)
        pixels.samples.withUnsafeBufferPointer { buffer in
            let source: [UnsafePointer<UInt8>?] = [buffer.baseAddress, nil, nil, nil]
            let sourceLines: [Int32] = [Int32(size.width * 3), 0, 0, 0]
            _ = sws_scale(scaler, source, sourceLines, 0, Int32(size.height), planes, lines)
        }
        try encode(frame, at: position)
    }

    /// The writer's own frame, allocated on first use, ready to be drawn into.
    private func writableFrame() throws(VideoIOError) -> UnsafeMutablePointer<AVFrame> {
        if let frame {
            try FFmpegRuntime.check(av_frame_make_writable(frame), "av_frame_make_writable")
            return frame
        }
        let made = try makeFrame()
        frame = made
        // Black in full-range YUV, for the bars around frames of another aspect ratio; later
        // frames are drawn over the same picture area, so the bars stay.
        let (planes, lines) = FFmpegRuntime.planes(of: made)
        for (plane, value) in [(0, UInt8(0)), (1, 128), (2, 128)] {
            let rows = plane == 0 ? size.height : (size.height + 1) / 2
            planes[plane]?.update(repeating: value, count: Int(lines[plane]) * rows)
        }
        return made
    }

    /// A frame of the encoder's format and the writer's size, for frames made ready elsewhere
    /// (see `TransformedFrames`) and handed to ``encode(_:at:)``; the caller frees it.
    func makeFrame() throws(VideoIOError) -> UnsafeMutablePointer<AVFrame> {
        guard let codec, let made = av_frame_alloc() else {
            throw .ffmpeg(operation: "allocate frame", message: "out of memory")
        }
        made.pointee.format = codec.pointee.pix_fmt.rawValue
        made.pointee.width = codec.pointee.width
        made.pointee.height = codec.pointee.height
        do {
            try FFmpegRuntime.check(av_frame_get_buffer(made, 0), "av_frame_get_buffer")
        } catch {
            var freed: UnsafeMutablePointer<AVFrame>? = made
            av_frame_free(&freed)
            throw error
        }
        return made
    }

    /// Encodes one JPEG image at grid position `position` (by default the one after the last
    /// frame), decoded by FFmpeg into YUV: a 4:2:0 JPEG of the writer's size goes to the encoder
    /// as decoded; other layouts and sizes are converted (and fitted) first. No RGB detour and no
    /// large allocation per frame.
    func appendJPEG(_ data: Data, at position: Int64? = nil) throws(VideoIOError) {
        guard let codec, !finished else { throw .ffmpeg(operation: "append", message: "writer is closed") }
        let (decoder, packet, decoded) = try openJPEGDecoder()
        try FFmpegRuntime.check(av_new_packet(packet, Int32(data.count)), "av_new_packet")
        defer { av_packet_unref(packet) }
        data.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress {
                packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
            }
        }
        try FFmpegRuntime.check(avcodec_send_packet(decoder, packet), "decode JPEG frame")
        try FFmpegRuntime.check(avcodec_receive_frame(decoder, decoded), "decode JPEG frame")
        defer { av_frame_unref(decoded) }
        let sameSize = decoded.pointee.width == Int32(size.width) && decoded.pointee.height == Int32(size.height)
        if sameSize, decoded.pointee.format == codec.pointee.pix_fmt.rawValue {
            try encode(decoded, at: position)
            return
        }
        try encode(fitted(decoded), at: position)
    }

    /// Draws a decoded frame of any size and YUV layout into the writer's frame: scaled to fit,
    /// centred, on the black bars drawn when the frame was made.
    func fitted(_ decoded: UnsafeMutablePointer<AVFrame>) throws(VideoIOError) -> UnsafeMutablePointer<AVFrame> {
        let frame = try writableFrame()
        let area = Self.fittedArea(
            of: FrameSize(width: Int(decoded.pointee.width), height: Int(decoded.pointee.height)), in: size)
        jpegScaler = sws_getCachedContext(
            jpegScaler, decoded.pointee.width, decoded.pointee.height, AVPixelFormat(decoded.pointee.format),
            Int32(area.width), Int32(area.height), AVPixelFormat(frame.pointee.format), SWS_BILINEAR, nil, nil, nil)
        guard let jpegScaler else {
            throw .ffmpeg(operation: "sws_getCachedContext", message: "unsupported frame format")
        }
        fittingColourSetting = VideoColour.configure(jpegScaler, readingFrame: decoded, last: fittingColourSetting)
        let (sourcePlanes, sourceLines) = FFmpegRuntime.planes(of: decoded)
        let (planes, lines) = FFmpegRuntime.planes(of: frame)
        // The 4:2:0 chroma planes have half the resolution; the area's corner is even.
        let origins = [
            planes[0].map { $0 + area.y * Int(lines[0]) + area.x },
            planes[1].map { $0 + area.y / 2 * Int(lines[1]) + area.x / 2 },
            planes[2].map { $0 + area.y / 2 * Int(lines[2]) + area.x / 2 },
            nil,
        ]
        _ = sws_scale(
            jpegScaler, sourcePlanes.map { UnsafePointer($0) }, sourceLines, 0, decoded.pointee.height, origins, lines)
        return frame
    }

    /// Where a frame of `source` size goes in a clip of `target` size: as large as fits with the
    /// same aspect ratio, centred, with even corners and sides for 4:2:0.
    static func fittedArea(of source: FrameSize, in target: FrameSize) -> (x: Int, y: Int, width: Int, height: Int) {
        guard source.width > 0, source.height > 0 else { return (0, 0, target.width, target.height) }
        let scale = min(Double(target.width) / Double(source.width), Double(target.height) / Double(source.height))
        func even(_ value: Double, limit: Int) -> Int { min(limit, max(2, Int((value / 2).rounded()) * 2)) }
        let width = even(Double(source.width) * scale, limit: target.width)
        let height = even(Double(source.height) * scale, limit: target.height)
        return ((target.width - width) / 4 * 2, (target.height - height) / 4 * 2, width, height)
    }

    private func openJPEGDecoder() throws(VideoIOError) -> (
        UnsafeMutablePointer<AVCodecContext>, UnsafeMutablePointer<AVPacket>, UnsafeMutablePointer<AVFrame>
    ) {
        if let jpegDecoder, let jpegPacket, let jpegFrame { return (jpegDecoder, jpegPacket, jpegFrame) }
        guard let decoder = avcodec_find_decoder(AV_CODEC_ID_MJPEG) else { throw .decoderUnavailable("mjpeg") }
        jpegDecoder = avcodec_alloc_context3(decoder)
        jpegPacket = av_packet_alloc()
        jpegFrame = av_frame_alloc()
        guard let jpegDecoder, let jpegPacket, let jpegFrame else {
            throw .ffmpeg(operation: "allocate decoder", message: "out of memory")
        }
        try FFmpegRuntime.check(avcodec_open2(jpegDecoder, decoder, nil), "avcodec_open2 mjpeg")
        return (jpegDecoder, jpegPacket, jpegFrame)
    }

    /// Sends a frame to the encoder at grid position `position` (by default the one after the
    /// last), which takes a reference of its own, and writes what comes out.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>, at position: Int64? = nil) throws(VideoIOError) {
        guard let codec else { return }
        let position = max(position ?? lastPosition + 1, lastPosition + 1)
        lastPosition = position
        frame.pointee.pts = position
        // A decoded JPEG says it is an intra picture, and libx264 obeys a frame's picture type:
        // leave the choice to the encoder's GOP.
        frame.pointee.pict_type = AV_PICTURE_TYPE_NONE
        if let audioMuxer, let format {
            try audioMuxer.write(before: Double(position + 1) / Double(framerate), into: format)
        }
        try FFmpegRuntime.check(avcodec_send_frame(codec, frame), "avcodec_send_frame")
        framesWritten += 1
        try drainPackets()
    }

    /// Flushes the encoder and writes the container's index. The file is complete afterwards.
    func finish() throws(VideoIOError) {
        guard let codec, let format, !finished else { return }
        guard framesWritten > 0 else { throw .noFrames }
        try FFmpegRuntime.check(avcodec_send_frame(codec, nil), "avcodec_send_frame")
        try drainPackets()
        try audioMuxer?.writeRest(into: format)
        try FFmpegRuntime.check(av_write_trailer(format), "av_write_trailer")
        finished = true
        try FFmpegRuntime.check(avio_closep(&format.pointee.pb), "avio_close")
        fileOpen = false
    }

    private func drainPackets() throws(VideoIOError) {
        guard let codec, let packet, let stream, let format else { return }
        while true {
            let received = avcodec_receive_packet(codec, packet)
            if received == FFmpegRuntime.again || received == FFmpegRuntime.endOfFile { return }
            try FFmpegRuntime.check(received, "avcodec_receive_packet")
            if packet.pointee.duration == 0 { packet.pointee.duration = 1 }
            av_packet_rescale_ts(packet, codec.pointee.time_base, stream.pointee.time_base)
            packet.pointee.stream_index = stream.pointee.index
            packetsWritten += 1
            if let growing, let output = format.pointee.pb {
                growing(avio_seek(output, 0, SEEK_CUR) + Int64(packet.pointee.size), packetsWritten)
            }
            // av_interleaved_write_frame takes ownership of the packet's data and resets it.
            try FFmpegRuntime.check(av_interleaved_write_frame(format, packet), "av_interleaved_write_frame")
        }
    }
}
