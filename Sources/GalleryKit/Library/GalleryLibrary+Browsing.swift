import Foundation
import GRDB

extension GalleryLibrary {
    /// A page of a location's photos, newest first (ties broken by file name, newest first).
    ///
    /// - Throws: ``GalleryError/invalidArgument(_:)`` for a negative page or a page size below 1;
    ///   ``GalleryError/locationNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    public func photos(in locationID: Int64, page: Int, pageSize: Int) async throws(GalleryError) -> [Photo] {
        guard page >= 0, pageSize > 0 else {
            throw .invalidArgument(.invalidPage(page: page, pageSize: pageSize))
        }
        return try await database.read { db in
            let location = try Self.locationRecord(locationID, in: db)
            return try Self.photosRequest(of: location)
                .limit(pageSize, offset: page.multipliedReportingOverflow(by: pageSize).partialValue)
                .fetchAll(db)
        }.map(\.photo)
    }

    /// How many photos a location has.
    ///
    /// - Throws: ``GalleryError/locationNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    public func photoCount(in locationID: Int64) async throws(GalleryError) -> Int {
        try await database.read { db in
            try Self.photosRequest(of: try Self.locationRecord(locationID, in: db)).fetchCount(db)
        }
    }

    /// The photo with this identifier.
    ///
    /// - Throws: ``GalleryError/photoNotFound(id:)``; ``GalleryError/database(_:)`` if the index fails.
    public func photo(id: Int64) async throws(GalleryError) -> Photo {
        try await database.read { db in
            guard let record = try PhotoRecord.fetchOne(db, key: id) else { throw GalleryError.photoNotFound(id: id) }
            return record
        }.photo
    }

    /// A folder's photos are the files in it; an album's are its members.
    static func photosRequest(of location: LocationRecord) -> QueryInterfaceRequest<PhotoRecord> {
        let id = location.id ?? 0
        let request: QueryInterfaceRequest<PhotoRecord>
        switch location.kind {
        case .folder: request = PhotoRecord.filter(Column("locationId") == id)
        case .album:
            request = PhotoRecord.filter(
                sql: "id IN (SELECT photoId FROM albumMember WHERE albumId = ?)", arguments: [id])
        }
        return request.order(Column("captureDate").desc, Column("path").desc)
    }

    /// Photos matching every criterion, newest first. Distance is prefiltered by a latitude/
    /// longitude box in SQL, then checked exactly (haversine) in Swift.
    ///
    /// - Throws: ``GalleryError/invalidArgument(_:)`` for a negative or non-finite radius;
    ///   ``GalleryError/locationNotFound(id:)`` for a query limited to a location that does not exist;
    ///   ``GalleryError/database(_:)`` if the index fails.
    public func search(_ query: PhotoQuery) async throws(GalleryError) -> [Photo] {
        if let near = query.near, !(near.radius.isFinite && near.radius >= 0) {
            throw .invalidArgument(.negativeRadius)
        }
        let candidates = try await database.read { db -> [PhotoRecord] in
            var request: QueryInterfaceRequest<PhotoRecord>
            if let id = query.locationID {
                request = Self.photosRequest(of: try Self.locationRecord(id, in: db))
            } else {
                request = PhotoRecord.order(Column("captureDate").desc, Column("path").desc)
            }
            if let range = query.dateRange {
                request = request.filter(
                    Column("captureDate") >= range.lowerBound && Column("captureDate") <= range.upperBound)
            }
            if let text = query.text, !text.isEmpty {
                let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
                request = request.filter(sql: "description LIKE ? ESCAPE '\\'", arguments: ["%\(escaped)%"])
            }
            if let near = query.near {
                let box = GeoDistance.boundingBox(of: near)
                let latitude = Column("latitude")
                let longitude = Column("longitude")
                let inLongitude = box.longitudes.map { longitude >= $0.lowerBound && longitude <= $0.upperBound }
                    .joined(operator: .or)
                request = request.filter(
                    latitude >= box.latitude.lowerBound && latitude <= box.latitude.upperBound && inLongitude)
            }
            return try request.fetchAll(db)
        }
        let photos = candidates.map(\.photo)
        guard let near = query.near else { return photos }
        return photos.filter { photo in
            guard let gps = photo.gps else { return false }
            return GeoDistance.meters(from: near.center, to: gps) <= near.radius
        }
    }

    /// Adds an existing photo to an album.
    ///
    /// - Throws: ``GalleryError/photoNotFound(id:)``; ``GalleryError/locationNotFound(id:)``;
    ///   ``GalleryError/wrongLocationKind(id:expected:)`` if `albumID` is a folder; ``GalleryError/database(_:)`` if
    ///   the index fails.
    public func addPhoto(_ photoID: Int64, toAlbum albumID: Int64) async throws(GalleryError) {
        try await database.write { db in
            let album = try Self.locationRecord(albumID, in: db)
            guard album.kind == .album else { throw GalleryError.wrongLocationKind(id: albumID, expected: .album) }
            guard try PhotoRecord.fetchOne(db, key: photoID) != nil else {
                throw GalleryError.photoNotFound(id: photoID)
            }
            try AlbumMemberRecord(albumId: albumID, photoId: photoID).insert(db, onConflict: .ignore)
        }
    }
}
