import FilmKit
import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// One scene encoded as 8-bit sRGB, Display P3 and 16 bits comes out of a stock and a roll's
/// develop as the same colours: the look is computed in the working space, whatever the input.
@Suite("Colour through the film kit")
struct ColourIngestTests {
    /// The encodings compared with the 8-bit sRGB JPEG.
    static let versions: [(space: LittleCMS.RGBSpace, depth: Int, format: Image.EncodedFormat)] = [
        (.displayP3, 8, .jpeg(quality: 100)), (.displayP3, 16, .png()), (.sRGB, 16, .png()), (.sRGB, 16, .tiff),
        (.adobeRGB, 16, .tiff), (.proPhoto, 16, .tiff), (.rec2020, 16, .png()),
    ]

    static func scene(_ space: LittleCMS.RGBSpace, _ depth: Int, _ format: Image.EncodedFormat) throws -> Data {
        try ColourScene.image(in: space, depth: depth, cms: LittleCMS.shared.get()).encoded(as: format)
    }

    @Test func everyEncodingLooksTheSameThroughAStock() throws {
        let cms = try LittleCMS.shared.get()
        let stock = try FilterRegistry.shared.makeFilter("kodak-portra-400")
        func developed(_ data: Data) throws -> [[Double]] {
            try ColourScene.patchColours(stock.apply(to: Image(data: data), seed: 7), cms: cms)
        }
        let reference = try developed(Self.scene(.sRGB, 8, .jpeg(quality: 100)))
        for version in Self.versions {
            let difference = try ColourScene.largestDifference(
                developed(Self.scene(version.space, version.depth, version.format)), reference, cms: cms)
            #expect(difference <= 2, "\(version): ΔE2000 \(difference)")
        }
    }

    @Test func aRollDevelopsWideGamutAndSixteenBitShotsInTheirColours() async throws {
        let cms = try LittleCMS.shared.get()
        let camera = try RollFixtures.memoryCamera()
        _ = try await camera.load("Colour", stock: "kodak-portra-400", size: .twelve)
        let shots = [
            (LittleCMS.RGBSpace.displayP3, 8, Image.EncodedFormat.jpeg(quality: 100)), (.displayP3, 16, .png()),
        ]
        for (index, shot) in shots.enumerated() {
            _ = try await camera.shoot(
                encoded: Self.scene(shot.0, shot.1, shot.2), on: "Colour", metadata: RollFixtures.metadata(index))
        }
        _ = try await camera.finishEarly("Colour")
        let roll = try await camera.develop("Colour") { _ in }
        let stock = try FilterRegistry.shared.makeFilter("kodak-portra-400")
        let sRGB = try Image(data: Self.scene(.sRGB, 8, .jpeg(quality: 100)))
        for frame in 1...shots.count {
            let photo = try await Image(data: camera.photoData(frame: frame, of: "Colour"))
            // The sRGB scene through the same stock, grain seed and JPEG quality (92) as the frame.
            let expected = try Image(
                data: stock.apply(to: sRGB, seed: roll.seed(forFrame: frame)).encoded(as: .jpeg(quality: 92)))
            let difference = try ColourScene.largestDifference(
                ColourScene.patchColours(photo, cms: cms), ColourScene.patchColours(expected, cms: cms), cms: cms)
            // Both sides are JPEGs of quality 92 with grain, and frame 1 comes from an 8-bit P3 JPEG: up to
            // ΔE 2.3 over random roll seeds; a frame filtered on its P3 numbers is off by 6.6.
            #expect(difference <= 3, "frame \(frame): ΔE2000 \(difference)")
        }
    }
}
