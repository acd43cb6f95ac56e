import Foundation
import Imaging

/// What to save: an image in memory, or an encoded file's bytes.
public enum PhotoSource: Sendable {
    /// Encoded bytes (JPEG, PNG, TIFF, WebP, …). A JPEG is kept as it is, pixel for pixel; only
    /// its EXIF is replaced. Other formats are encoded to JPEG.
    case encoded(Data)
    /// An image, encoded to JPEG at the given quality.
    case image(Image, quality: Int = 92)
}
