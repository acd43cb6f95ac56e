import Foundation
import GalleryKit
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// A wide-gamut or 16-bit photo saved to the library, and its thumbnail, keep their colours.
@Suite("Colour of saved photos")
struct ColourSavingTests {
    @Test func wideGamutAndSixteenBitPhotosKeepTheirColours() async throws {
        let cms = try LittleCMS.shared.get()
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Colour")
        // The saved photo and its thumbnail (a JPEG of quality 85, chroma subsampled) of each
        // encoding, against the same of the 8-bit sRGB PNG. A PNG is re-encoded as an sRGB JPEG
        // (stripped); a JPEG is kept as it is, with its profile.
        func colours(_ space: LittleCMS.RGBSpace, _ depth: Int, _ format: Image.EncodedFormat) async throws
            -> [[[Double]]]
        {
            let data = try ColourScene.image(in: space, depth: depth, cms: cms).encoded(as: format)
            let photo = try await library.save(
                .encoded(data), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
            let thumbnail = try await library.thumbnail(ofPhoto: photo.id, size: 64)
            return try [Image(contentsOf: photo.url), thumbnail].map { try ColourScene.patchColours($0, cms: cms) }
        }
        let reference = try await colours(.sRGB, 8, .png())
        let sources: [(LittleCMS.RGBSpace, Int, Image.EncodedFormat)] = [
            (.displayP3, 16, .png()), (.adobeRGB, 8, .png()), (.displayP3, 8, .jpeg(quality: 100)),
        ]
        for (space, depth, format) in sources {
            let measured = try await colours(space, depth, format)
            // Quality 85 with 4:2:0 chroma turns rounding differences of a level into up to ΔE 3.6.
            for (what, index, limit) in [("saved", 0, 2.0), ("thumbnail", 1, 4.0)] {
                let difference = ColourScene.largestDifference(measured[index], reference[index], cms: cms)
                #expect(difference <= limit, "\(space) \(depth)-bit \(format), \(what): ΔE2000 \(difference)")
            }
        }
    }
}
