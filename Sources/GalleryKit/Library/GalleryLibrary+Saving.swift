import FileSafety
import Foundation
import GRDB
import Imaging

extension GalleryLibrary {
    /// Saves a photo into a location with `metadata` in its EXIF; see ``PhotoLibrary/save(_:to:metadata:)``.
    ///
    /// JPEG bytes are not re-encoded: libjpeg carries their DCT coefficients over unchanged
    /// (lossless transcoding, as `jpegtran` does), so the pixels are exactly the input's; only the
    /// entropy coding is redone and the EXIF segment replaced (libexif builds it). Other encoded
    /// formats and in-memory images are encoded to JPEG by libvips first.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``, ``GalleryError/locationDirectoryMissing(path:)``;
    ///   ``GalleryError/notAnImage(source:)``, ``GalleryError/unreadablePhoto(source:reason:)`` or
    ///   ``GalleryError/photoTooLarge(source:width:height:limit:)`` for bytes that are not a readable image;
    ///   ``GalleryError/invalidMetadata(_:)``; ``GalleryError/fileSystem(path:reason:)`` if the file cannot be
    ///   written; ``GalleryError/database(_:)`` if the index fails. Nothing is left on disk or in the index then.
    public func save(_ source: PhotoSource, to locationID: Int64, metadata: PhotoMetadata) async throws(GalleryError)
        -> Photo
    {
        do {
            _ = try metadata.validated()
        } catch {
            throw GalleryError.from(error, source: "metadata")
        }
        let location = try await location(id: locationID)
        let directory = try existingDirectory(of: location)
        let prepared = try PreparedJPEG(source, pixelLimit: pixelLimit)
        let bytes: Data
        do {
            let exif = try ExifWriter.block(for: metadata, width: prepared.width, height: prepared.height)
            bytes = try JPEGMetadata.replacingExif(in: prepared.data, with: exif)
        } catch {
            throw GalleryError.from(error, source: prepared.label)
        }
        let url = PhotoFileName.unused(in: directory, capturedAt: metadata.captureDate, pathExtension: "jpg")
        do {
            try AtomicFile.write(bytes, to: url)
        } catch {
            throw GalleryError(error)
        }
        let attributes = FileAttributes(of: url)
        var record = PhotoRecord(
            id: nil, locationId: locationID, path: url.path, captureDate: metadata.captureDate,
            latitude: metadata.gps?.latitude, longitude: metadata.gps?.longitude, altitude: metadata.gps?.altitude,
            description: metadata.description, width: prepared.width, height: prepared.height,
            fileSize: attributes?.size ?? Int64(bytes.count), modifiedAt: attributes?.modified ?? 0)
        do {
            record = try await insert(record, album: location.kind == .album ? locationID : nil)
        } catch {
            // The index refused it (the location was deleted meanwhile, say): leave no stray file.
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return record.photo
    }

    func insert(_ record: PhotoRecord, album: Int64?) async throws(GalleryError) -> PhotoRecord {
        try await database.write { db -> PhotoRecord in
            var record = record
            _ = try Self.locationRecord(record.locationId, in: db)
            try record.insert(db)
            if let album, let id = record.id {
                try AlbumMemberRecord(albumId: album, photoId: id).insert(db)
            }
            return record
        }
    }
}

/// JPEG bytes ready to receive EXIF, with their pixel size.
struct PreparedJPEG {
    let data: Data
    let width: Int
    let height: Int
    let label: String

    init(_ source: PhotoSource, pixelLimit: Int) throws(GalleryError) {
        switch source {
        case .encoded(let bytes):
            label = "\(bytes.count) bytes of image data"
            let options = Image.LoadOptions(pixelLimit: pixelLimit, autorotate: false)
            let header: Image
            do {
                header = try Image(data: bytes, options: options)
            } catch {
                throw GalleryError.from(error, source: label)
            }
            if JPEGMetadata.isJPEG(bytes) {
                (data, width, height) = (bytes, header.width, header.height)
            } else {
                (data, width, height) = (
                    try Self.encode(header, quality: 92, label: label), header.width, header.height
                )
            }
        case .image(let image, let quality):
            label = "image \(image.width)×\(image.height)"
            guard image.pixelCount <= pixelLimit else {
                throw .photoTooLarge(source: label, width: image.width, height: image.height, limit: pixelLimit)
            }
            (data, width, height) = (try Self.encode(image, quality: quality, label: label), image.width, image.height)
        }
    }

    private static func encode(_ image: Image, quality: Int, label: String) throws(GalleryError) -> Data {
        do {
            return try image.normalizedToSRGB().encoded(as: .jpeg(quality: quality), stripMetadata: true)
        } catch {
            throw GalleryError.from(error, source: label)
        }
    }
}

/// A file's size and modification time, as the index and the thumbnail cache compare them.
struct FileAttributes: Hashable {
    let size: Int64
    /// Seconds since 1970, with sub-second precision where the file system has it.
    let modified: Double

    init?(of url: URL) {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            let size = attributes[.size] as? NSNumber, let date = attributes[.modificationDate] as? Date
        else { return nil }
        self.size = size.int64Value
        modified = date.timeIntervalSince1970
    }
}
