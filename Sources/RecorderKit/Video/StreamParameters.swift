import CFFmpeg
import Foundation

/// A video stream's codec parameters (codec, size, the parameter sets in `extradata`), copied
/// from the demuxer so that they outlive the connection they came from: every group of
/// pictures in a passthrough ring buffer refers to the parameters it was recorded with, and a
/// clip is remuxed with them.
final class StreamParameters: @unchecked Sendable {
    // Immutable after init: only read (copied into muxers and decoders) from any thread.
    let pointer: UnsafeMutablePointer<AVCodecParameters>
    /// The FFmpeg name of the codec (`h264`, `hevc`, `mjpeg`).
    let codecName: String
    let size: FrameSize
    /// The nominal frames per second, or 0 when the stream does not say.
    let frameRate: Double
    /// The codec and parameter sets, for telling whether two streams can share one clip.
    private let identity: [UInt8]

    init(copying source: UnsafePointer<AVCodecParameters>, frameRate: Double) throws(VideoIOError) {
        guard let copy = avcodec_parameters_alloc() else {
            throw .ffmpeg(operation: "avcodec_parameters_alloc", message: "out of memory")
        }
        pointer = copy
        let copied = avcodec_parameters_copy(copy, source)
        codecName = String(cString: avcodec_get_name(source.pointee.codec_id))
        size = FrameSize(width: Int(source.pointee.width), height: Int(source.pointee.height))
        self.frameRate = frameRate.isFinite && frameRate > 0 ? frameRate : 0
        var identity = withUnsafeBytes(of: source.pointee.codec_id.rawValue) { Array($0) }
        identity += withUnsafeBytes(of: (source.pointee.width, source.pointee.height)) { Array($0) }
        if let extradata = source.pointee.extradata, source.pointee.extradata_size > 0 {
            identity += UnsafeBufferPointer(start: extradata, count: Int(source.pointee.extradata_size))
        }
        self.identity = identity
        try FFmpegRuntime.check(copied, "avcodec_parameters_copy")
    }

    deinit {
        var pointer: UnsafeMutablePointer<AVCodecParameters>? = pointer
        avcodec_parameters_free(&pointer)
    }

    var codecID: AVCodecID { pointer.pointee.codec_id }

    /// Whether a recording can keep this codec's packets and remux them into MP4/MOV clips.
    var isPassthroughCodec: Bool {
        [AV_CODEC_ID_H264, AV_CODEC_ID_HEVC, AV_CODEC_ID_MJPEG].contains(codecID)
    }

    /// Whether every frame is a key frame (MJPEG), so that any frame decodes on its own.
    var isIntraOnly: Bool {
        guard let descriptor = avcodec_descriptor_get(codecID) else { return false }
        return descriptor.pointee.props & AV_CODEC_PROP_INTRA_ONLY != 0
    }

    /// Whether packets of both streams can go into one clip's track.
    func isCompatible(with other: StreamParameters) -> Bool {
        self === other || identity == other.identity
    }
}
