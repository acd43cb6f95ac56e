import CFFmpeg
import CFFmpegShim
import Imaging

/// Decodes a video stream's packets through libavcodec and turns decoded frames into images:
/// full-size RGB for recording and export, small grey copies for motion detection.
///
/// Used by ``VideoFileReader``, by live sources that are recorded decoded, by motion detection
/// on a passthrough recording, and to re-encode a passthrough clip through an export filter.
final class FrameDecoder {
    // Every property has a value before the first FFmpeg call, so that `deinit` runs (and frees
    // what was opened) when the initialiser throws.
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var scaler: OpaquePointer?
    /// The matrix and range `scaler` was last told (see ``VideoColour``).
    private var colourSetting: VideoColour.Setting?
    /// A packet of the decoder's own, for bytes read back from the ring buffer.
    private var ownPacket: UnsafeMutablePointer<AVPacket>?
    /// The FFmpeg name of the decoder.
    private(set) var name = ""
    /// Memory for the RGB frames, reused once the images made on it are gone (a 4K frame would
    /// otherwise be a fresh 25 MB, zero-filled, then copied into libvips).
    private let pixelMemory = PixelMemoryPool(capacity: 2)

    /// Opens a decoder for the stream.
    ///
    /// - Parameters:
    ///   - threads: decoding threads, 0 for FFmpeg's choice.
    ///   - analysisWidth: set for motion detection: the decoder may skip its loop filter and,
    ///     where the codec can (MJPEG), decode at a reduced size no narrower than twice this.
    init(parameters: UnsafePointer<AVCodecParameters>, threads: Int32 = 0, analysisWidth: Int? = nil)
        throws(VideoIOError)
    {
        FFmpegRuntime.prepare()
        guard let decoder = avcodec_find_decoder(parameters.pointee.codec_id) else {
            throw .decoderUnavailable(String(cString: avcodec_get_name(parameters.pointee.codec_id)))
        }
        name = String(cString: decoder.pointee.name)
        codec = avcodec_alloc_context3(decoder)
        frame = av_frame_alloc()
        guard let codec, frame != nil else { throw .ffmpeg(operation: "allocate decoder", message: "out of memory") }
        try FFmpegRuntime.check(avcodec_parameters_to_context(codec, parameters), "avcodec_parameters_to_context")
        codec.pointee.thread_count = threads
        if let analysisWidth {
            // Motion detection compares small grey copies: deblocking and full resolution are wasted.
            codec.pointee.skip_loop_filter = AVDISCARD_ALL
            var lowres: Int32 = 0
            let width = Int(parameters.pointee.width)
            while lowres < Int32(decoder.pointee.max_lowres), width >> Int(lowres + 1) >= analysisWidth * 2 {
                lowres += 1
            }
            codec.pointee.lowres = lowres
        }
        try FFmpegRuntime.check(avcodec_open2(codec, decoder, nil), "avcodec_open2 \(name)")
    }

    deinit {
        av_packet_free(&ownPacket)
        sws_freeContext(scaler)
        av_frame_free(&frame)
        avcodec_free_context(&codec)
    }

    /// Sends `packet` (`nil` to flush at the end of the stream) and hands every frame it
    /// completes to `body`, in display order. The frame is valid only during the call.
    func decode(
        _ packet: UnsafeMutablePointer<AVPacket>?, _ body: (UnsafeMutablePointer<AVFrame>) throws(VideoIOError) -> Void
    ) throws(VideoIOError) {
        guard let codec, let frame else { return }
        var sent = false
        while true {
            if !sent {
                let result = avcodec_send_packet(codec, packet)
                if result == FFmpegRuntime.endOfFile { return }
                if result != FFmpegRuntime.again {
                    try FFmpegRuntime.check(result, "decode \(name)")
                    sent = true
                }
            }
            let received = avcodec_receive_frame(codec, frame)
            if received == FFmpegRuntime.again {
                // The decoder wants input; unless it refused the packet, it has all it gets.
                if sent { return }
                continue
            }
            if received == FFmpegRuntime.endOfFile { return }
            try FFmpegRuntime.check(received, "decode \(name)")
            defer { av_frame_unref(frame) }
            try body(frame)
        }
    }

    /// Decodes a packet given as bytes, with its timestamps (which the frames it completes
    /// carry), as ``decode(_:_:)`` does.
    func decode(
        _ bytes: UnsafeRawBufferPointer, pts: Int64, dts: Int64, isKey: Bool,
        _ body: (UnsafeMutablePointer<AVFrame>) throws(VideoIOError) -> Void
    ) throws(VideoIOError) {
        if ownPacket == nil { ownPacket = av_packet_alloc() }
        guard let packet = ownPacket, let base = bytes.baseAddress else { return }
        try FFmpegRuntime.check(av_new_packet(packet, Int32(bytes.count)), "av_new_packet")
        defer { av_packet_unref(packet) }
        packet.pointee.data.update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        packet.pointee.pts = pts
        packet.pointee.dts = dts
        packet.pointee.flags = isKey ? akf_packet_flag_key() : 0
        try decode(packet, body)
    }

    /// A decoded frame as 8-bit RGB, converted straight into reused memory.
    func image(of frame: UnsafeMutablePointer<AVFrame>) throws(VideoIOError) -> Image {
        let (width, height) = (Int(frame.pointee.width), Int(frame.pointee.height))
        let scaler = try scaler(for: frame, width: width, height: height, format: AV_PIX_FMT_RGB24)
        do {
            return try pixelMemory.image(width: width, height: height, bands: 3) { memory in
                Self.scale(frame, with: scaler, into: memory.assumingMemoryBound(to: UInt8.self), stride: width * 3)
            }
        } catch {
            throw .ffmpeg(operation: "convert frame", message: error.description)
        }
    }

    /// A decoded frame as a small 8-bit grey image, `width` pixels across (narrower frames keep
    /// their width), for motion detection.
    func greyImage(of frame: UnsafeMutablePointer<AVFrame>, width: Int) throws(VideoIOError) -> Image {
        let sourceWidth = Int(frame.pointee.width)
        let sourceHeight = Int(frame.pointee.height)
        let targetWidth = min(width, sourceWidth)
        let targetHeight = max(
            1, Int((Double(sourceHeight) * Double(targetWidth) / Double(max(1, sourceWidth))).rounded()))
        return try convert(frame, width: targetWidth, height: targetHeight, format: AV_PIX_FMT_GRAY8)
    }

    private func scaler(
        for frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, format: AVPixelFormat
    ) throws(VideoIOError) -> OpaquePointer {
        scaler = sws_getCachedContext(
            scaler, frame.pointee.width, frame.pointee.height, AVPixelFormat(frame.pointee.format), Int32(width),
            Int32(height), format, SWS_BILINEAR, nil, nil, nil)
        guard let scaler else { throw .ffmpeg(operation: "sws_getCachedContext", message: "unsupported pixel format") }
        colourSetting = VideoColour.configure(scaler, readingFrame: frame, last: colourSetting)
        return scaler
    }

    /// Converts the whole frame into one packed plane of `stride` bytes a row.
    private static func scale(
        _ frame: UnsafeMutablePointer<AVFrame>, with scaler: OpaquePointer,
        into destination: UnsafeMutablePointer<UInt8>,
        stride: Int
    ) {
        let (sourcePlanes, sourceLines) = FFmpegRuntime.planes(of: frame)
        let sourceData = sourcePlanes.map { UnsafePointer($0) }
        let planes: [UnsafeMutablePointer<UInt8>?] = [destination, nil, nil, nil]
        let lines: [Int32] = [Int32(stride), 0, 0, 0]
        _ = sws_scale(scaler, sourceData, sourceLines, 0, frame.pointee.height, planes, lines)
    }

    private func convert(_ frame: UnsafeMutablePointer<AVFrame>, width: Int, height: Int, format: AVPixelFormat)
        throws(VideoIOError) -> Image
    {
        let scaler = try scaler(for: frame, width: width, height: height, format: format)
        let bands = format == AV_PIX_FMT_GRAY8 ? 1 : 3
        let stride = width * bands
        var samples = [UInt8](repeating: 0, count: stride * height)
        samples.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { Self.scale(frame, with: scaler, into: base, stride: stride) }
        }
        do {
            return try Image(pixels: PixelBuffer(width: width, height: height, bands: bands, samples: samples))
        } catch {
            throw .ffmpeg(operation: "convert frame", message: error.description)
        }
    }
}
