import CFFmpeg
import CFFmpegShim

/// Small helpers around FFmpeg's C conventions (negative return codes, quiet logging).
enum FFmpegRuntime {
    /// FFmpeg prints a warning for every clip otherwise; set once per process, with the
    /// registration of libavdevice's inputs (V4L2 cameras).
    private static let quieted: Bool = {
        akf_quiet_logging()
        avdevice_register_all()
        return true
    }()

    static func prepare() {
        _ = quieted
    }

    /// FFmpeg's message for an error code.
    static func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        akf_error_string(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Throws ``VideoIOError/ffmpeg(operation:message:)`` for a negative return code.
    @discardableResult
    static func check(_ code: Int32, _ operation: String) throws(VideoIOError) -> Int32 {
        guard code >= 0 else { throw .ffmpeg(operation: operation, message: message(code)) }
        return code
    }

    static let again = akf_error_again()
    static let exit = akf_error_exit()
    static let endOfFile = akf_error_eof()
    static let noTimestamp = akf_no_pts()

    /// The data plane pointers and line sizes of a frame, as the arrays `sws_scale` takes.
    static func planes(of frame: UnsafeMutablePointer<AVFrame>) -> ([UnsafeMutablePointer<UInt8>?], [Int32]) {
        let data = withUnsafeBytes(of: frame.pointee.data) {
            Array($0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self))
        }
        let lines = withUnsafeBytes(of: frame.pointee.linesize) { Array($0.bindMemory(to: Int32.self)) }
        return (data, lines)
    }
}
