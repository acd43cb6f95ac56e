import FileSafety
import Imaging

/// What went wrong in a photo library. Each case carries the cause, and nothing was changed on
/// disk or in the index when one is thrown.
public enum GalleryError: Error, Sendable, Hashable {
    /// A location's name is empty or only white space.
    case emptyLocationName
    /// Another location already has this name (names are compared case-insensitively).
    case duplicateLocationName(String)
    /// No location has this identifier (it was deleted, or never existed).
    case locationNotFound(id: Int64)
    /// A folder location's directory no longer exists on disk.
    case locationDirectoryMissing(path: String)
    /// The operation needs an album, and this location is a folder (or the other way round).
    case wrongLocationKind(id: Int64, expected: LocationKind)
    /// No photo has this identifier.
    case photoNotFound(id: Int64)
    /// The file or bytes are not an image that libvips can read.
    case notAnImage(source: String)
    /// The image is recognised but its data is corrupt or truncated.
    case unreadablePhoto(source: String, reason: String)
    /// The image declares more pixels than the library accepts.
    case photoTooLarge(source: String, width: Int, height: Int, limit: Int)
    /// Metadata that cannot be written, such as a latitude outside −90…90.
    case invalidMetadata(GalleryProblem)
    /// An argument outside what the call accepts, such as a page size of zero.
    case invalidArgument(GalleryProblem)
    /// A file-system call failed.
    case fileSystem(path: String, reason: GalleryProblem)
    /// The SQLite index failed.
    case database(GalleryProblem)
    /// Encoding or processing pixels failed.
    case imaging(ImagingError)
}

extension GalleryError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .emptyLocationName: "a location needs a name"
        case .duplicateLocationName(let name): "a location named '\(name)' already exists"
        case .locationNotFound(let id): "no location with id \(id)"
        case .locationDirectoryMissing(let path): "the location's folder is missing: \(path)"
        case .wrongLocationKind(let id, let expected): "location \(id) is not a \(expected.rawValue)"
        case .photoNotFound(let id): "no photo with id \(id)"
        case .notAnImage(let source): "not an image: \(source)"
        case .unreadablePhoto(let source, let reason): "cannot read \(source): \(reason)"
        case .photoTooLarge(let source, let width, let height, let limit):
            "\(source) is \(width)×\(height), over the limit of \(limit) pixels"
        case .invalidMetadata(let message): "invalid metadata: \(message)"
        case .invalidArgument(let message): "invalid argument: \(message)"
        case .fileSystem(let path, let reason): "file error at \(path): \(reason)"
        case .database(let message): "library index error: \(message)"
        case .imaging(let error): "image error: \(error)"
        }
    }
}

extension GalleryError {
    /// Maps an imaging failure for `source` to the gallery's own cases where one fits.
    static func from(_ error: ImagingError, source: String) -> GalleryError {
        switch error {
        case .notAnImage: .notAnImage(source: source)
        case .fileNotFound(let path): .fileSystem(path: path, reason: .noSuchFile)
        case .tooLarge(let width, let height, let limit):
            .photoTooLarge(source: source, width: width, height: height, limit: limit)
        case .decodeFailed(let message): .unreadablePhoto(source: source, reason: message)
        case .overWorkLimit: .unreadablePhoto(source: source, reason: error.description)
        default: .imaging(error)
        }
    }

    /// Maps a metadata failure for `source`: a value EXIF cannot hold is invalid metadata, and a
    /// JPEG that cannot take its EXIF is an unreadable photo.
    static func from(_ error: MetadataError, source: String) -> GalleryError {
        switch error {
        case .invalidValue(let message), .exifFailed(let message): .invalidMetadata(.reported(message))
        case .unreadableJPEG(let reason): .unreadablePhoto(source: source, reason: reason)
        }
    }

    /// A failed file write.
    init(_ failure: FileSystemFailure) {
        self = .fileSystem(path: failure.path, reason: .reported(failure.reason))
    }
}
