import Foundation
import GRDB
import Imaging

/// A row of the `location` table.
struct LocationRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "location"
    var id: Int64?
    var name: String
    var kind: LocationKind
    var directory: String
    var createdAt: Date

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var location: Location {
        Location(
            id: id ?? 0, name: name, kind: kind, directory: URL(fileURLWithPath: directory, isDirectory: true),
            createdAt: createdAt)
    }
}

/// A row of the `photo` table: one file, in the directory of the location that holds it.
struct PhotoRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "photo"
    var id: Int64?
    var locationId: Int64
    var path: String
    var captureDate: Date
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var description: String?
    var width: Int
    var height: Int
    var fileSize: Int64
    var modifiedAt: Double

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    var photo: Photo {
        var gps: GPSCoordinate?
        if let latitude, let longitude {
            gps = try? GPSCoordinate(latitude: latitude, longitude: longitude, altitude: altitude)
        }
        return Photo(
            id: id ?? 0, locationID: locationId, url: URL(fileURLWithPath: path), captureDate: captureDate, gps: gps,
            description: description, width: width, height: height, fileSize: fileSize)
    }
}

/// A row of the `albumMember` table: a photo shown in an album.
struct AlbumMemberRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "albumMember"
    var albumId: Int64
    var photoId: Int64
}

/// A row of the `thumbnail` table: a cached thumbnail of a source file at one size, valid while
/// the source keeps the recorded modification time and size.
struct ThumbnailRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "thumbnail"
    var id: Int64?
    var sourcePath: String
    var size: Int
    var sourceModifiedAt: Double
    var sourceFileSize: Int64
    var cacheFile: String

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
