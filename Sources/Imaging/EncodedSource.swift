import CVips
import CVipsShim
import Foundation

/// The encoded file or bytes a loaded image's pixels are decoded from, kept with every image
/// computed from it, so that a pipeline failure whose message libvips lost can still be told
/// apart from a damaged source (``VipsRuntime/pipelineError(operation:sources:)``).
struct EncodedSource: Sendable {
    enum Location: Sendable {
        case file(URL)
        case bytes(Data)
    }

    let location: Location
    let failOn: VipsFailOn

    /// `nil` if every pixel of the source decodes under its policy, otherwise why not.
    ///
    /// A second decode of its own, sequential and to a mean, so that no memory the size of the
    /// image is held.
    func decodingFailure() -> String? {
        var loaded: UnsafeMutablePointer<VipsImage>?
        let status: Int32
        switch location {
        case .file(let url):
            status = FileSystemPath.withCString(url) { akv_load_file($0, 1, failOn, &loaded) }
        case .bytes(let data):
            status = data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return -1 }
                return akv_load_buffer(base, bytes.count, 1, failOn, &loaded)
            }
        }
        var mean = 0.0
        if status == 0, let loaded {
            defer { g_object_unref(loaded) }
            if akv_avg(loaded, &mean) == 0 { return nil }
        }
        // This message too can go to another thread's failure; the decode failed all the same.
        return VipsRuntime.takeErrorIfAny()
            ?? "the source could not be decoded (libvips' message was taken by another thread's failure)"
    }
}
