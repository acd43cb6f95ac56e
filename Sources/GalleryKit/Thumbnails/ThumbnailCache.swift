import FileSafety
import Foundation
import GRDB
import Imaging

/// Thumbnails made with libvips' shrink-on-load (a JPEG is decoded at 1/2, 1/4 or 1/8 size
/// directly), cached as JPEG files on disk and indexed in the library's database by source path,
/// size and the source's modification time and byte size: a photo that changes gets a new
/// thumbnail on the next request.
///
/// When many tasks ask for the same thumbnail at once, one generates it and the others wait for
/// that result (single flight); different thumbnails are generated in parallel.
public actor ThumbnailCache {
    /// Where the thumbnail files are kept.
    public nonisolated let directory: URL
    /// The largest source image, in pixels, that is read.
    public nonisolated let pixelLimit: Int
    private let database: LibraryDatabase
    private var inFlight: [Key: Task<Result<URL, GalleryError>, Never>] = [:]
    /// What the cache has done so far.
    public private(set) var statistics = Statistics()

    /// Counts of how requests were served.
    public struct Statistics: Sendable, Hashable {
        /// Served from a valid cached file.
        public var hits = 0
        /// Generated (a miss, or the source changed since the cached one was made).
        public var generated = 0
        /// Waited for a generation another request had already started.
        public var joined = 0

        /// Creates counts.
        public init(hits: Int = 0, generated: Int = 0, joined: Int = 0) {
            self.hits = hits
            self.generated = generated
            self.joined = joined
        }
    }

    struct Key: Hashable {
        let path: String
        let size: Int
        let attributes: FileAttributes
    }

    init(directory: URL, database: LibraryDatabase, pixelLimit: Int) {
        self.directory = directory
        self.database = database
        self.pixelLimit = pixelLimit
    }

    /// The cached thumbnail file of `source` that fits in `size`×`size` pixels, generating it if
    /// it is missing or older than the source.
    /// - Throws: ``GalleryError/notAnImage(source:)``, ``GalleryError/unreadablePhoto(source:reason:)``,
    ///   ``GalleryError/photoTooLarge(source:width:height:limit:)``, ``GalleryError/fileSystem(path:reason:)``.
    public func thumbnail(for source: URL, size: Int = 256) async throws(GalleryError) -> URL {
        guard (1...4096).contains(size) else { throw .invalidArgument(.thumbnailSize(size)) }
        let path = source.standardizedFileURL.path
        guard let attributes = FileAttributes(of: source) else { throw .fileSystem(path: path, reason: .noSuchFile) }
        let key = Key(path: path, size: size, attributes: attributes)
        if let running = inFlight[key] {
            statistics.joined += 1
            return try await running.value.get()
        }
        if let cached = try cachedFile(for: key) {
            statistics.hits += 1
            return cached
        }
        let (database, directory, pixelLimit) = (self.database, self.directory, self.pixelLimit)
        let task = Task.detached {
            Result { () throws(GalleryError) -> URL in
                try Self.generate(key, database: database, directory: directory, pixelLimit: pixelLimit)
            }
        }
        inFlight[key] = task
        let result = await task.value
        inFlight[key] = nil
        statistics.generated += 1
        return try result.get()
    }

    /// Thumbnails of many sources, generated in parallel on every core; in the order given.
    ///
    /// - Throws: The first error of ``thumbnail(for:size:)`` among the sources; ``GalleryError/invalidArgument(_:)``
    ///   if the task is cancelled.
    public func thumbnails(for sources: [URL], size: Int = 256) async throws(GalleryError) -> [URL] {
        do {
            return try await withThrowingTaskGroup(of: (Int, URL).self) { group in
                for (index, source) in sources.enumerated() {
                    group.addTask { (index, try await self.thumbnail(for: source, size: size)) }
                }
                var urls = [URL?](repeating: nil, count: sources.count)
                for try await (index, url) in group { urls[index] = url }
                return urls.compactMap { $0 }
            }
        } catch {
            // Only the children's GalleryError, or cancellation, can arrive here.
            throw error as? GalleryError ?? .invalidArgument(.thumbnailsStopped("\(error)"))
        }
    }

    /// The thumbnail as an image.
    ///
    /// - Throws: The errors of ``thumbnail(for:size:)``; ``GalleryError/notAnImage(source:)`` or
    ///   ``GalleryError/unreadablePhoto(source:reason:)`` if the cached file cannot be read back.
    public func image(for source: URL, size: Int = 256) async throws(GalleryError) -> Image {
        let url = try await thumbnail(for: source, size: size)
        do {
            return try Image(contentsOf: url, options: .init(autorotate: false))
        } catch {
            throw GalleryError.from(error, source: url.path)
        }
    }

    private func cachedFile(for key: Key) throws(GalleryError) -> URL? {
        let row = try database.readNow { db in try Self.row(for: key, in: db) }
        guard let row, row.sourceModifiedAt == key.attributes.modified, row.sourceFileSize == key.attributes.size
        else { return nil }
        let url = directory.appendingPathComponent(row.cacheFile)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    private static func row(for key: Key, in db: Database) throws -> ThumbnailRecord? {
        try ThumbnailRecord.filter(Column("sourcePath") == key.path && Column("size") == key.size).fetchOne(db)
    }

    private static func generate(_ key: Key, database: LibraryDatabase, directory: URL, pixelLimit: Int)
        throws(GalleryError) -> URL
    {
        let source = URL(fileURLWithPath: key.path)
        let bytes: Data
        do {
            let thumbnail = try Image.thumbnail(
                contentsOf: source, width: key.size, height: key.size, options: .init(pixelLimit: pixelLimit))
            bytes = try thumbnail.normalizedToSRGB().encoded(as: .jpeg(quality: 85), stripMetadata: true)
        } catch {
            // Decoding is lazy: a corrupt source surfaces only when the thumbnail is encoded.
            if case .encodeFailed(_, let message) = error {
                throw .unreadablePhoto(source: key.path, reason: message)
            }
            throw GalleryError.from(error, source: key.path)
        }
        let existing = try database.readNow { db in try row(for: key, in: db) }
        let name = existing?.cacheFile ?? "\(UUID().uuidString.lowercased())-\(key.size).jpg"
        let url = directory.appendingPathComponent(name)
        // A cache entry can be rebuilt, so it skips fsync; the rename still keeps it whole.
        do {
            try AtomicFile.write(bytes, to: url, durable: false)
        } catch {
            throw GalleryError(error)
        }
        try database.writeNow { db in
            var record =
                try row(for: key, in: db)
                ?? ThumbnailRecord(
                    id: nil, sourcePath: key.path, size: key.size, sourceModifiedAt: 0, sourceFileSize: 0,
                    cacheFile: name)
            record.sourceModifiedAt = key.attributes.modified
            record.sourceFileSize = key.attributes.size
            record.cacheFile = name
            try record.save(db)
        }
        return url
    }
}
