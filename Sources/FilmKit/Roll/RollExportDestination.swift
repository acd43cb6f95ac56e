import FileSafety
import Foundation

/// Somewhere developed photos can be exported to: a folder, or (in GalleryKit) a location.
///
/// Conform your own type to receive a roll's photos from ``Camera/export(_:to:)`` and
/// ``Camera/export(frame:of:to:)``. The requirement is `async`, so a destination may save into
/// an asynchronous store (GalleryKit's `LocationExportDestination` does); a synchronous `store`
/// satisfies it too.
public protocol RollExportDestination: Sendable {
    /// Stores one developed photo: its encoded bytes (a JPEG whose EXIF already carries the
    /// capture date, GPS and description) and its record.
    ///
    /// - Throws: Whatever the destination refuses with; ``Camera`` reports it as
    ///   ``RollError/exportFailed(name:frame:reason:)``.
    func store(_ photo: Data, metadata: DevelopedPhoto) async throws
}

/// Exports photos as files into a folder, named from the roll and frame (`Leto-07.jpg`), never
/// replacing a file: a taken name gets a number (`Leto-07 2.jpg`). Each file appears whole. The
/// folder's path is used byte for byte (see `FileSystemPath`).
public struct FolderExportDestination: RollExportDestination {
    /// The folder.
    public let folder: URL

    /// Exports into `folder`, creating it when needed.
    public init(folder: URL) {
        self.folder = folder
    }

    /// Writes the photo under a free name.
    /// - Throws: ``RollError/storageFailed(path:reason:)``.
    public func store(_ photo: Data, metadata: DevelopedPhoto) throws(RollError) {
        try storing { () throws(FileSystemFailure) in try FileSystemPath.makeDirectory(folder) }
        let name = metadata.suggestedFileName
        let base = (name as NSString).deletingPathExtension
        let fileExtension = (name as NSString).pathExtension
        for attempt in 1...10_000 {
            let candidate = folder.appendingPathComponent(attempt == 1 ? name : "\(base) \(attempt).\(fileExtension)")
            if try storing({ () throws(FileSystemFailure) in try AtomicFile.create(photo, at: candidate) }) { return }
        }
        throw .storageFailed(path: folder.appendingPathComponent(name).path, reason: .noFreeFileName)
    }
}
