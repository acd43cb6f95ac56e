import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file-system call that failed: the path it was about and the system's reason. Each kit turns
/// it into its own error (`ImagingError.writeFailed`, `RollError.storageFailed`,
/// `GalleryError.fileSystem`).
package struct FileSystemFailure: Error, Sendable, Hashable {
    /// The file or folder the call was about.
    package let path: String
    /// What went wrong, such as `rename: No space left on device`.
    package let reason: String

    /// The failure of the system call `call` on `url`, with `errno`'s message; read `errno`
    /// before anything else can change it. The path is shown as ``FileSystemPath/displayed(_:)``.
    package static func posix(_ url: URL, _ call: String) -> FileSystemFailure {
        let reason = "\(call): \(String(cString: strerror(errno)))"
        return FileSystemFailure(path: FileSystemPath.displayed(url.path), reason: reason)
    }
}

extension FileSystemFailure {
    /// A failure about `url` with a reason of the caller's.
    init(_ url: URL, _ reason: String) {
        self.init(path: FileSystemPath.displayed(url.path), reason: reason)
    }
}
