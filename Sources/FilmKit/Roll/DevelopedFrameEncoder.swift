import Foundation
import Imaging

/// Encodes a developed frame: the one place every developed photo's bytes come from.
///
/// libvips encodes the pixels as a JPEG without the latent shot's own metadata (whose date and
/// place may disagree with the shot's record); then libexif builds the photo's EXIF from its
/// ``DevelopedPhoto/photoMetadata`` and it is spliced into the fresh JPEG's header (a copy, not a
/// transcode: a 12 MP frame would otherwise hold its DCT coefficients, about 70 MB, a second
/// time). Every input is fixed by the roll, so the bytes are the same each time the roll is
/// developed.
enum DevelopedFrameEncoder {
    /// The extension of the files ``encode(_:metadata:)`` makes.
    static let fileExtension = "jpg"

    /// The JPEG quality of developed frames.
    static let quality = 92

    /// Encodes `image` as the developed frame described by `photo`, with its EXIF.
    /// - Throws: `ImagingError` when encoding fails, `MetadataError` when the EXIF cannot be written.
    static func encode(_ image: Image, metadata photo: DevelopedPhoto) throws -> Data {
        let pixels = try image.encoded(as: .jpeg(quality: quality), stripMetadata: true)
        let exif = try ExifWriter.block(for: photo.photoMetadata, width: image.width, height: image.height)
        return try JPEGMetadata.insertingExif(into: pixels, with: exif)
    }
}
