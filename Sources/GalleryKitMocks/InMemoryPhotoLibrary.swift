import Foundation
import GalleryKit
import Imaging

/// A photo library kept entirely in memory: locations, photos (their bytes and metadata) and
/// album membership. Saving checks that the bytes are an image (through libvips' header reader)
/// but writes no file; searches apply the same criteria as the real library. Thumbnails and
/// contact sheets are real images, made with libvips from the bytes (or image) each photo was
/// saved with and kept in memory, nothing on disk. For users' tests.
public actor InMemoryPhotoLibrary: PhotoLibrary {
    private let store: InMemoryLocationStore
    private var stored: [Int64: (photo: Photo, content: PhotoSource, metadata: PhotoMetadata)] = [:]
    private var thumbnailCache: [ThumbnailKey: Image] = [:]
    private var members: [Int64: Set<Int64>] = [:]
    private var nextID: Int64 = 1
    /// Every call to ``save(_:to:metadata:)`` that succeeded, in order, for assertions.
    public private(set) var savedMetadata: [PhotoMetadata] = []

    /// An empty library.
    public init() {
        store = InMemoryLocationStore()
    }

    /// Creates a location.
    ///
    /// - Throws: As ``InMemoryLocationStore/createLocation(named:kind:directory:)``.
    public func createLocation(named name: String, kind: LocationKind, directory: URL?) async throws(GalleryError)
        -> Location
    {
        try await store.createLocation(named: name, kind: kind, directory: directory)
    }

    /// Every location, oldest first.
    public func locations() async -> [Location] { await store.locations() }

    /// The location with this identifier.
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location.
    public func location(id: Int64) async throws(GalleryError) -> Location { try await store.location(id: id) }

    /// Renames a location.
    ///
    /// - Throws: As ``InMemoryLocationStore/renameLocation(id:to:)``.
    public func renameLocation(id: Int64, to name: String) async throws(GalleryError) -> Location {
        try await store.renameLocation(id: id, to: name)
    }

    /// Deletes a location and its photos.
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location.
    public func deleteLocation(id: Int64) async throws(GalleryError) {
        try await store.deleteLocation(id: id)
        stored = stored.filter { $0.value.photo.locationID != id }
        members[id] = nil
    }

    /// The bytes a photo was saved with (encoded bytes only; `nil` for an in-memory image).
    public func bytes(of photoID: Int64) -> Data? {
        guard case .encoded(let data)? = stored[photoID]?.content else { return nil }
        return data
    }

    /// Stores a photo in memory.
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location. `GalleryError.invalidMetadata(_:)` for
    ///   an orientation outside 1…8; `GalleryError.notAnImage(source:)` for bytes that are not an image.
    public func save(_ source: PhotoSource, to locationID: Int64, metadata: PhotoMetadata) async throws(GalleryError)
        -> Photo
    {
        let location = try await store.location(id: locationID)
        guard (1...8).contains(metadata.orientation) else {
            throw .invalidMetadata(.reported("orientation \(metadata.orientation) is not 1…8"))
        }
        let (bytes, width, height) = try Self.measure(source)
        let id = nextID
        nextID += 1
        let photo = Photo(
            id: id, locationID: locationID, url: location.directory.appendingPathComponent("\(id).jpg"),
            captureDate: metadata.captureDate, gps: metadata.gps, description: metadata.description, width: width,
            height: height, fileSize: Int64(bytes?.count ?? width * height * 3))
        stored[id] = (photo, source, metadata)
        if location.kind == .album { members[locationID, default: []].insert(id) }
        savedMetadata.append(metadata)
        return photo
    }

    private static func measure(_ source: PhotoSource) throws(GalleryError) -> (Data?, Int, Int) {
        switch source {
        case .image(let image, _): return (nil, image.width, image.height)
        case .encoded(let data):
            do {
                let header = try Image(data: data, options: Image.LoadOptions(autorotate: false))
                return (data, header.width, header.height)
            } catch {
                throw .notAnImage(source: "\(data.count) bytes")
            }
        }
    }

    /// A page of a location's photos, newest first.
    ///
    /// - Throws: `GalleryError.invalidArgument(_:)` for a negative page or a page size below 1;
    ///   `GalleryError.locationNotFound(id:)` for an unknown location.
    public func photos(in locationID: Int64, page: Int, pageSize: Int) async throws(GalleryError) -> [Photo] {
        guard page >= 0, pageSize > 0 else { throw .invalidArgument(.invalidPage(page: page, pageSize: pageSize)) }
        let all = try await photosOf(locationID)
        let start = min(all.count, page.multipliedReportingOverflow(by: pageSize).partialValue)
        return Array(all[start..<min(all.count, start + pageSize)])
    }

    /// How many photos a location has.
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location.
    public func photoCount(in locationID: Int64) async throws(GalleryError) -> Int {
        try await photosOf(locationID).count
    }

    /// The photo with this identifier.
    ///
    /// - Throws: `GalleryError.photoNotFound(id:)` for an unknown photo.
    public func photo(id: Int64) throws(GalleryError) -> Photo {
        guard let entry = stored[id] else { throw .photoNotFound(id: id) }
        return entry.photo
    }

    private func photosOf(_ locationID: Int64) async throws(GalleryError) -> [Photo] {
        let location = try await store.location(id: locationID)
        let photos = stored.values.map(\.photo).filter { photo in
            location.kind == .album
                ? members[locationID, default: []].contains(photo.id) : photo.locationID == locationID
        }
        return Self.newestFirst(photos)
    }

    private static func newestFirst(_ photos: [Photo]) -> [Photo] {
        photos.sorted { ($0.captureDate, $0.id) > ($1.captureDate, $1.id) }
    }

    /// Photos matching every criterion, newest first.
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location.
    public func search(_ query: PhotoQuery) async throws(GalleryError) -> [Photo] {
        var photos =
            if let id = query.locationID { try await photosOf(id) } else {
                Self.newestFirst(stored.values.map(\.photo))
            }
        if let range = query.dateRange { photos = photos.filter { range.contains($0.captureDate) } }
        if let text = query.text, !text.isEmpty {
            photos = photos.filter { $0.description?.localizedCaseInsensitiveContains(text) ?? false }
        }
        if let near = query.near {
            photos = photos.filter { photo in
                photo.gps.map { GeoDistance.meters(from: near.center, to: $0) <= near.radius } ?? false
            }
        }
        return photos
    }

    /// Nothing to rescan in memory: reports no change (but checks the location exists).
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location.
    public func rescan(_ locationID: Int64) async throws(GalleryError) -> RescanReport {
        _ = try await store.location(id: locationID)
        return RescanReport()
    }

    /// Reads the files and stores them as photos dated by their modification time.
    ///
    /// - Throws: `GalleryError.locationNotFound(id:)` for an unknown location. `GalleryError.fileSystem(path:reason:)`
    ///   for a file that cannot be read; `GalleryError.notAnImage(source:)` for one that is not an image.
    public func importFiles(_ urls: [URL], into locationID: Int64, mode: ImportMode) async throws(GalleryError)
        -> [Photo]
    {
        var loaded: [(URL, Data, Date)] = []
        for url in urls {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .fileSystem(path: url.path, reason: .reported("cannot read the file"))
            }
            _ = try Self.measure(.encoded(data))
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date
            loaded.append((url, data, modified ?? Date()))
        }
        var photos: [Photo] = []
        for (url, data, date) in loaded {
            photos.append(try await save(.encoded(data), to: locationID, metadata: PhotoMetadata(captureDate: date)))
            if mode == .move { try? FileManager.default.removeItem(at: url) }
        }
        return photos
    }

    /// Adds a photo to an album.
    ///
    /// - Throws: `GalleryError.photoNotFound(id:)`; `GalleryError.locationNotFound(id:)` for an unknown location.
    ///   `GalleryError.wrongLocationKind(id:expected:)` if it is not an album.
    public func addPhoto(_ photoID: Int64, toAlbum albumID: Int64) async throws(GalleryError) {
        let album = try await store.location(id: albumID)
        guard album.kind == .album else { throw .wrongLocationKind(id: albumID, expected: .album) }
        guard stored[photoID] != nil else { throw .photoNotFound(id: photoID) }
        members[albumID, default: []].insert(photoID)
    }

    // MARK: Thumbnails

    private struct ThumbnailKey: Hashable {
        let photoID: Int64
        let size: Int
    }

    /// How many thumbnails were made (not served from memory), for assertions.
    public private(set) var generatedThumbnailCount = 0

    /// The thumbnail of a photo, made in memory from the bytes it was saved with (upright, scaled
    /// to fit `size`×`size`, 8-bit sRGB) and kept for the next call.
    ///
    /// - Parameters:
    ///   - photoID: the photo's identifier.
    ///   - size: the largest width and height, 1…4096 pixels.
    /// - Returns: the thumbnail.
    /// - Throws: `GalleryError.photoNotFound(id:)`,
    ///   `GalleryError.invalidArgument(_:)` for a size outside 1…4096, and
    ///   `GalleryError.unreadablePhoto(source:reason:)` for bytes that do not decode.
    public func thumbnail(ofPhoto photoID: Int64, size: Int) throws(GalleryError) -> Image {
        guard (1...4096).contains(size) else { throw .invalidArgument(.thumbnailSize(size)) }
        guard let entry = stored[photoID] else { throw .photoNotFound(id: photoID) }
        let key = ThumbnailKey(photoID: photoID, size: size)
        if let cached = thumbnailCache[key] { return cached }
        let source = "photo \(photoID)"
        do {
            let original =
                switch entry.content {
                case .encoded(let data): try Image(data: data)
                case .image(let image, _): image
                }
            let upright = try original.normalizedToSRGB()
            let scale = min(Double(size) / Double(upright.width), Double(size) / Double(upright.height))
            let thumbnail = try upright.resized(
                width: max(1, Int((Double(upright.width) * scale).rounded())),
                height: max(1, Int((Double(upright.height) * scale).rounded())))
            // Decoded now, so a damaged photo fails here and the cache holds pixels, not a recipe.
            let materialised = try Image(pixels: try thumbnail.pixels())
            thumbnailCache[key] = materialised
            generatedThumbnailCount += 1
            return materialised
        } catch {
            throw GalleryError.unreadablePhoto(source: source, reason: error.description)
        }
    }
}
