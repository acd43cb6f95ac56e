import Foundation
import Imaging

/// Encodes a developed frame: the one place every developed photo's bytes come from.
///
/// Today it writes a JPEG without metadata (the latent shot's own EXIF, which may disagree with
/// the shot's recorded date and place, is dropped). The photo's capture date, GPS and
/// description are kept on its ``DevelopedPhoto`` record, ready to be written as EXIF here.
enum DevelopedFrameEncoder {
    /// The extension of the files ``encode(_:metadata:)`` makes.
    static let fileExtension = "jpg"

    /// The JPEG quality of developed frames.
    static let quality = 92

    /// Encodes `image` as the developed frame described by `photo`.
    static func encode(_ image: Image, metadata photo: DevelopedPhoto) throws(ImagingError) -> Data {
        try image.encoded(as: .jpeg(quality: quality), stripMetadata: true)
    }
}
