import CVips
import CVipsShim
import FileSafety
import Foundation

/// The encoded file or bytes a loaded image's pixels are decoded from, kept with every image
/// computed from it, so that a pipeline failure whose message libvips lost can still be told
/// apart from a damaged source (``VipsRuntime/pipelineError(operation:sources:message:)``).
///
/// A class: images computed from one load share the same source, and an operation on several of
/// them (an image and its own blur, say) keeps it once.
final class EncodedSource: Sendable {
    enum Location: Sendable {
        case file(URL)
        case bytes(Data)

        /// `body`'s answer from reading the file or bytes through `read(offset, count)`, which
        /// gives exactly `count` bytes or `nil`; `nil` when a file cannot be opened. For the small,
        /// bounded header reads of ``PNGColourChunks`` and ``HEIFColourBoxes``.
        func readingBytes<T>(_ body: (_ read: (Int, Int) -> [UInt8]?) -> T?) -> T? {
            switch self {
            case .bytes(let data):
                return body { offset, count in
                    guard offset >= 0, count >= 0, offset <= data.count - count else { return nil }
                    let start = data.startIndex + offset
                    return [UInt8](data[start..<start + count])
                }
            case .file(let url):
                let descriptor = FileSystemPath.withCString(url) { open($0, O_RDONLY | O_CLOEXEC) }
                guard descriptor >= 0 else { return nil }
                defer { close(descriptor) }
                return body { offset, count in
                    guard offset >= 0, count >= 0 else { return nil }
                    var bytes = [UInt8](repeating: 0, count: count)
                    let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
                    return got == count ? bytes : nil
                }
            }
        }
    }

    let location: Location
    let failOn: VipsFailOn

    init(location: Location, failOn: VipsFailOn) {
        self.location = location
        self.failOn = failOn
    }

    /// The sources of an operation's `inputs`, each once.
    static func union(of inputs: [Image]) -> [EncodedSource] {
        var sources: [EncodedSource] = []
        for source in inputs.lazy.flatMap(\.handle.sources) where !sources.contains(where: { $0 === source }) {
            sources.append(source)
        }
        return sources
    }

    /// Starts decoding the source under its policy (libvips reads the pixels lazily).
    /// - Parameters:
    ///   - sequential: read top to bottom once, as ``Image/LoadOptions/sequential`` says.
    ///   - out: the image, when this returns 0.
    func load(sequential: Bool, into out: inout UnsafeMutablePointer<VipsImage>?) -> Int32 {
        switch location {
        case .file(let url):
            return FileSystemPath.withCString(url) { akv_load_file($0, sequential ? 1 : 0, failOn, &out) }
        case .bytes(let data):
            return data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return -1 }
                return akv_load_buffer(base, bytes.count, sequential ? 1 : 0, failOn, &out)
            }
        }
    }

    /// `nil` if every pixel of the source decodes under its policy, otherwise why not.
    ///
    /// A second decode of its own, sequential and to a mean, so that no memory the size of the
    /// image is held; under ``VipsRuntime/failureMessage(of:)``, so that the message is this
    /// decoder's own whatever other threads fail at the same moment.
    func decodingFailure() -> String? {
        VipsRuntime.failureMessage {
            var loaded: UnsafeMutablePointer<VipsImage>?
            var mean = 0.0
            guard load(sequential: true, into: &loaded) == 0, let loaded else { return false }
            defer { g_object_unref(loaded) }
            return akv_avg(loaded, &mean) == 0
        }
    }
}
