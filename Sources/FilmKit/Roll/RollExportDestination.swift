import Foundation

/// Somewhere developed photos can be exported to: a folder, or (in GalleryKit) a location.
///
/// Conform your own type to receive a roll's photos from ``Camera/export(_:to:)`` and
/// ``Camera/export(frame:of:to:)``.
public protocol RollExportDestination: Sendable {
    /// Stores one developed photo: its encoded bytes and what its EXIF carries.
    func store(_ photo: Data, metadata: DevelopedPhoto) throws
}

/// Exports photos as files into a folder, named from the roll and frame (`Leto-07.jpg`), never
/// replacing a file: a taken name gets a number (`Leto-07 2.jpg`). Each file appears whole.
public struct FolderExportDestination: RollExportDestination {
    /// The folder.
    public let folder: URL

    /// Exports into `folder`, creating it when needed.
    public init(folder: URL) {
        self.folder = folder
    }

    /// Writes the photo under a free name.
    public func store(_ photo: Data, metadata: DevelopedPhoto) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw RollError.storageFailed(path: folder.path, reason: error.localizedDescription)
        }
        let name = metadata.suggestedFileName
        let base = (name as NSString).deletingPathExtension
        let fileExtension = (name as NSString).pathExtension
        for attempt in 1...10_000 {
            let candidate = attempt == 1 ? name : "\(base) \(attempt).\(fileExtension)"
            if try AtomicFile.create(photo, at: folder.appendingPathComponent(candidate)) { return }
        }
        throw RollError.storageFailed(path: folder.appendingPathComponent(name).path, reason: "no free file name")
    }
}
