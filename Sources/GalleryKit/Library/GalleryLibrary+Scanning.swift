import FileSafety
import Foundation
import GRDB
import Imaging

extension GalleryLibrary {
    /// Brings a folder's index up to date with its files; see ``PhotoLibrary/rescan(_:)``.
    ///
    /// Hidden files are ignored (so are the temporary `.tmp-` files of a save in progress);
    /// temporary files older than an hour, left by a killed writer, are deleted. Files
    /// that are not readable images are listed in ``RescanReport/skipped`` and not indexed.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/locationDirectoryMissing(path:)`` if a
    ///   folder's directory is gone; ``GalleryError/fileSystem(path:reason:)`` if it cannot be listed;
    ///   ``GalleryError/database(_:)`` if the index fails.
    public func rescan(_ locationID: Int64) async throws(GalleryError) -> RescanReport {
        let location = try await location(id: locationID)
        guard location.kind == .folder else { return RescanReport() }
        let directory = try existingDirectory(of: location)
        AtomicFile.removeStaleTemporaryFiles(in: directory, olderThan: 3600)
        let onDisk = try Self.visibleFiles(in: directory)
        let known = try await database.read { db in
            try PhotoRecord.filter(Column("locationId") == locationID).fetchAll(db)
        }
        var report = RescanReport()
        var inserts: [PhotoRecord] = []
        var updates: [PhotoRecord] = []
        let knownByPath = Dictionary(known.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for url in onDisk {
            let existing = knownByPath[url.path]
            if let existing, let attributes = FileAttributes(of: url),
                attributes.size == existing.fileSize, attributes.modified == existing.modifiedAt
            {
                continue
            }
            do {
                var record = try Self.inspect(url, locationID: locationID, pixelLimit: pixelLimit)
                if let existing {
                    record.id = existing.id
                    updates.append(record)
                    report.updated.append(url)
                } else {
                    inserts.append(record)
                    report.added.append(url)
                }
            } catch {
                report.skipped[url] = error.description
            }
        }
        let present = Set(onDisk.map(\.path))
        let gone = known.filter { !present.contains($0.path) }
        report.removed = gone.map { URL(fileURLWithPath: $0.path) }
        guard !report.isEmpty else { return report }
        try await database.write { [inserts, updates, gone] db in
            for record in gone { _ = try record.delete(db) }
            for record in updates { try record.update(db) }
            for var record in inserts { try record.insert(db) }
        }
        return report
    }

    /// Copies or moves image files into a location; see ``PhotoLibrary/importFiles(_:into:mode:)``.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/notAnImage(source:)``,
    ///   ``GalleryError/unreadablePhoto(source:reason:)`` or
    ///   ``GalleryError/photoTooLarge(source:width:height:limit:)`` for the first file that is not a readable image
    ///   (nothing is imported then); ``GalleryError/fileSystem(path:reason:)`` if a file cannot be copied or moved;
    ///   ``GalleryError/database(_:)`` if the index fails.
    public func importFiles(_ urls: [URL], into locationID: Int64, mode: ImportMode) async throws(GalleryError)
        -> [Photo]
    {
        let location = try await location(id: locationID)
        let directory = try existingDirectory(of: location)
        // Every file is read and checked before anything is copied, so a bad one imports nothing.
        var checked: [(source: URL, record: PhotoRecord, bytes: Data)] = []
        for url in urls {
            let record = try Self.inspect(url, locationID: locationID, pixelLimit: pixelLimit)
            let bytes: Data
            do {
                bytes = try Data(contentsOf: url)
            } catch {
                throw .fileSystem(path: url.path, reason: .reported(error.localizedDescription))
            }
            checked.append((url, record, bytes))
        }
        var imported: [Photo] = []
        for (source, template, bytes) in checked {
            let pathExtension = source.pathExtension.isEmpty ? "jpg" : source.pathExtension.lowercased()
            let destination = PhotoFileName.unused(
                in: directory, capturedAt: template.captureDate, pathExtension: pathExtension)
            do {
                try AtomicFile.write(bytes, to: destination)
            } catch {
                throw GalleryError(error)
            }
            var record = template
            record.path = destination.path
            if let attributes = FileAttributes(of: destination) {
                record.fileSize = attributes.size
                record.modifiedAt = attributes.modified
            }
            do {
                record = try await insert(record, album: location.kind == .album ? locationID : nil)
            } catch {
                try? FileManager.default.removeItem(at: destination)
                throw error
            }
            if mode == .move {
                try? FileManager.default.removeItem(at: source)
            }
            imported.append(record.photo)
        }
        return imported
    }

    /// Reads a file's header and EXIF and decodes a small version of it, so that a truncated or
    /// corrupt file is refused here rather than later.
    static func inspect(_ url: URL, locationID: Int64, pixelLimit: Int) throws(GalleryError) -> PhotoRecord {
        let header: Image
        do {
            let options = Image.LoadOptions(pixelLimit: pixelLimit, autorotate: false)
            header = try Image(contentsOf: url, options: options)
            _ = try Image.thumbnail(contentsOf: url, width: 32, options: options).pixels()
        } catch {
            throw GalleryError.from(error, source: url.path)
        }
        guard let attributes = FileAttributes(of: url) else {
            throw .fileSystem(path: url.path, reason: .unreadableAttributes)
        }
        let modified = Date(timeIntervalSince1970: attributes.modified)
        let metadata =
            header.exifData.map { ExifReader.metadata(from: $0, fallbackDate: modified) }
            ?? PhotoMetadata(captureDate: modified, software: nil)
        return PhotoRecord(
            id: nil, locationId: locationID, path: url.standardizedFileURL.path, captureDate: metadata.captureDate,
            latitude: metadata.gps?.latitude, longitude: metadata.gps?.longitude, altitude: metadata.gps?.altitude,
            description: metadata.description, width: header.width, height: header.height, fileSize: attributes.size,
            modifiedAt: attributes.modified)
    }

    /// The regular, non-hidden files of a directory, sorted by name.
    static func visibleFiles(in directory: URL) throws(GalleryError) -> [URL] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .fileSystem(path: directory.path, reason: .reported(error.localizedDescription))
        }
        return names.sorted().filter { !$0.hasPrefix(".") }.compactMap { name in
            let url = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return nil }
            return URL(fileURLWithPath: url.standardizedFileURL.path)
        }
    }
}
