import Foundation
import SocialModel
import ZIPFoundation

/// Writes data export archives as zip files, with ZIPFoundation: JSON deflated, JPEGs stored as
/// they are (already compressed). Zip64 takes over past 4 GiB, so no size the policy allows is
/// too large for the format.
public struct ZipDataExportWriter: DataExportWriter {
    /// The date every entry carries, so that the same data makes the same bytes (none by default:
    /// the entries then carry the moment they were written).
    public var entryDate: Date?

    /// A writer.
    /// - Parameter entryDate: the date every entry carries, or `nil` for the time of writing.
    public init(entryDate: Date? = nil) {
        self.entryDate = entryDate
    }

    /// Creates an empty zip file at `url`.
    ///
    /// - Throws: ZIPFoundation's `Archive.ArchiveError` when the file cannot be created.
    public func create(at url: URL) throws -> any DataExportArchive {
        ZipDataExportArchive(archive: try Archive(url: url, accessMode: .create), entryDate: entryDate)
    }
}

/// One zip file being written.
final class ZipDataExportArchive: DataExportArchive {
    let archive: Archive
    let entryDate: Date?

    init(archive: Archive, entryDate: Date?) {
        self.archive = archive
        self.entryDate = entryDate
    }

    func add(_ path: String, contents: Data, compress: Bool) throws {
        try archive.addEntry(
            with: path, type: .file, uncompressedSize: Int64(contents.count), modificationDate: entryDate ?? Date(),
            permissions: 0o644, compressionMethod: compress ? .deflate : .none
        ) { position, size in
            contents.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// ZIPFoundation writes the central directory with each entry: there is nothing left to do.
    func finish() throws {}
}
