import Imaging

/// Why an uploaded photo was refused.
public enum PhotoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not an image libvips can read, are truncated or corrupt, or declare more
    /// pixels than allowed; the cause is libvips' own error.
    case unusable(ImagingError)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .unusable(let error): "the photo cannot be used: \(error)"
        }
    }
}
