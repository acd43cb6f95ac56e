import Foundation

/// Makes the archive file a data export is written into: `ZipDataExportWriter` from
/// `SocialModelExport` writes a zip; the core only names the files and their contents.
public protocol DataExportWriter: Sendable {
    /// Creates a new, empty archive at `url`.
    /// - Parameter url: where the file goes (it does not exist yet).
    /// - Returns: the archive, to add files to and then finish.
    /// - Throws: the file system's error.
    func create(at url: URL) throws -> any DataExportArchive
}

/// One archive being written, by one task; files are added one at a time and never read back.
public protocol DataExportArchive: AnyObject {
    /// Adds a file.
    /// - Parameters:
    ///   - path: its path in the archive (`/`-separated, relative).
    ///   - contents: its bytes.
    ///   - compress: whether to compress it (JSON yes; JPEGs, already compressed, no).
    /// - Throws: the file system's or the format's error.
    func add(_ path: String, contents: Data, compress: Bool) throws
    /// Completes the file; nothing is added after.
    /// - Throws: the file system's or the format's error.
    func finish() throws
}
