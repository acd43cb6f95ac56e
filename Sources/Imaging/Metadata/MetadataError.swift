/// What went wrong while checking, building or embedding a photo's EXIF metadata.
public enum MetadataError: Error, Sendable, Hashable {
    /// A value that EXIF cannot record, such as a latitude outside −90…90 or an orientation of 9.
    case invalidValue(String)
    /// libexif could not build or serialise the EXIF block.
    case exifFailed(String)
    /// The JPEG that should receive the EXIF is corrupt or truncated; carries libjpeg's reason.
    case unreadableJPEG(reason: String)
}

extension MetadataError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .invalidValue(let message): "invalid metadata: \(message)"
        case .exifFailed(let message): "cannot write EXIF: \(message)"
        case .unreadableJPEG(let reason): "cannot read the JPEG: \(reason)"
        }
    }
}
