import Foundation
import PixelTestSupport
import TestSupport
import Testing

@testable import Imaging

/// The ingest path (`normalizedToSRGB`): every encoding of one scene comes out as the colours
/// LittleCMS says it holds, and each kind of input has its documented outcome.
@Suite("Colour")
struct ColourTests {
    /// A file format and bit depth the scene is written in.
    struct Encoding: Sendable, CustomStringConvertible {
        let format: Image.EncodedFormat
        let depth: Int
        var description: String { "\(format) \(depth)-bit" }
    }

    static let encodings = [
        Encoding(format: .jpeg(quality: 100), depth: 8), Encoding(format: .png(), depth: 8),
        Encoding(format: .png(), depth: 16), Encoding(format: .tiff, depth: 8), Encoding(format: .tiff, depth: 16),
    ]

    @Test(arguments: LittleCMS.RGBSpace.allCases, encodings)
    func everyEncodingMatchesLittleCMS(space: LittleCMS.RGBSpace, encoding: Encoding) throws {
        let cms = try LittleCMS.shared.get()
        let scene = try ColourScene.image(in: space, depth: encoding.depth, cms: cms)
        let loaded = try Image(data: scene.encoded(as: encoding.format))
        #expect(loaded.format == (encoding.depth == 16 ? .ushort : .uchar))
        let reference = try ColourScene.patchColours(loaded, cms: cms)

        let working = try loaded.normalizedToSRGB()

        #expect(working.bands == 3 && working.format == .uchar && working.isInWorkingSpace)
        let difference = try ColourScene.largestDifference(
            ColourScene.patchColours(working, cms: cms), reference, cms: cms)
        #expect(difference <= 1, "ΔE2000 \(difference)")
        // And the same scene as every other encoding of it.
        let sRGB8 = try ColourScene.patchColours(ColourScene.image(in: .sRGB, depth: 8, cms: cms), cms: cms)
        let across = try ColourScene.largestDifference(ColourScene.patchColours(working, cms: cms), sRGB8, cms: cms)
        #expect(across <= 2, "ΔE2000 \(across) from the 8-bit sRGB scene")
    }

    @Test func sixteenBitsWithoutAProfileAreScaledNotCutOff() throws {
        let cms = try LittleCMS.shared.get()
        let eight = try ColourScene.image(in: .sRGB, depth: 8, embedProfile: false, cms: cms)
        // (Written to a file, it would carry the sRGB profile every encoder embeds.)
        let sixteen = try ColourScene.image(in: .sRGB, depth: 16, embedProfile: false, cms: cms)
        #expect(sixteen.iccProfile == nil && sixteen.format == .ushort)
        let working = try sixteen.normalizedToSRGB()
        let difference = try ColourScene.largestDifference(
            ColourScene.patchColours(working, cms: cms), ColourScene.patchColours(eight, cms: cms), cms: cms)
        #expect(difference <= 1, "ΔE2000 \(difference)")
    }

    @Test func anSRGBProfileCostsNothing() throws {
        let cms = try LittleCMS.shared.get()
        for profile in try [cms.profile(.sRGB), Image.builtInProfile("srgb")] {
            let image = try Image(
                data: ColourScene.image(in: .sRGB, depth: 8, cms: cms).withICCProfile(profile).encoded(as: .png()))
            #expect(image.isInWorkingSpace)
            let working = try image.normalizedToSRGB()
            #expect(working.iccProfile == profile)
            #expect(try working.pixels() == image.pixels())
        }
        for space in [LittleCMS.RGBSpace.displayP3, .adobeRGB, .proPhoto, .rec2020] {
            let image = try ColourScene.image(in: space, depth: 8, cms: cms)
            #expect(!image.isInWorkingSpace, "\(space)")
        }
    }

    @Test func greyEightAndSixteenBitAndAGreyProfile() throws {
        let cms = try LittleCMS.shared.get()
        let grey8 = try Image.solid(width: 8, height: 8, value: [128])
        let grey16 = try Image(samples16: Array(repeating: 128 * 257, count: 64), width: 8, height: 8, bands: 1)
        for image in [grey8, grey16] {
            let working = try Image(data: image.encoded(as: .png())).normalizedToSRGB()
            #expect(working.bands == 3 && working.format == .uchar)
            #expect(try working.pixels().samples.allSatisfy { $0 == 128 })
        }
        // A linear grey profile: 50 % light is sRGB's 188.
        let linear = try grey8.withICCProfile(cms.grayProfile(gamma: 1))
        let pixel = try Image(data: linear.encoded(as: .png())).normalizedToSRGB().pixels()
        #expect(abs(Int(pixel[0, 0, 0]) - 188) <= 2 && pixel.hasEqualChannels, "\(pixel[0, 0, 0])")
    }

    @Test func alphaIsCompositedOverWhiteAtEveryDepth() throws {
        // Half-transparent black (8-bit, and grey + alpha) and half-transparent 16-bit grey 20000.
        let cases: [(Image, ClosedRange<UInt8>)] = [
            (try Image.solid(width: 8, height: 8, value: [0, 0, 0, 128]), 126...128),
            (try Image.solid(width: 8, height: 8, value: [0, 128]), 126...128),
            (
                try Image(
                    samples16: Array(repeating: [20000, 20000, 20000, 32768], count: 64).flatMap { $0 }, width: 8,
                    height: 8, bands: 4),
                165...167
            ),
        ]
        for (image, expected) in cases {
            let working = try Image(data: image.encoded(as: .png())).normalizedToSRGB()
            #expect(working.bands == 3 && !working.hasAlpha)
            let samples = try working.pixels().samples
            #expect(samples.allSatisfy { expected.contains($0) }, "\(samples[0]), expected \(expected)")
        }
    }

    @Test func paletteImagesAreExpanded() throws {
        let working = try Image(data: Self.palettePNG).normalizedToSRGB()
        let pixel = try working.pixels()
        #expect(working.bands == 3 && [pixel[0, 0, 0], pixel[0, 0, 1], pixel[0, 0, 2]] == [200, 30, 30])
    }

    @Test func cmykIsConvertedThroughLibvipsBuiltInProfile() throws {
        let inks: [[Double]] = [[0, 0, 0, 0], [0, 0, 0, 255], [255, 0, 0, 0]]
        let patches = try inks.map { try Image.solid(width: 8, height: 8, value: $0).tagged(as: .other("cmyk")) }
        let loaded = try Image(
            data: Image.grid(patches, across: 3).tagged(as: .other("cmyk")).encoded(as: .jpeg(quality: 100)))
        #expect(loaded.colorSpace == .other("cmyk"))
        let pixels = try loaded.normalizedToSRGB().pixels()
        let white = (0..<3).map { pixels[4, 4, $0] }
        let black = (0..<3).map { pixels[12, 4, $0] }
        let cyan = (0..<3).map { pixels[20, 4, $0] }
        #expect(white.allSatisfy { $0 > 245 }, "\(white)")
        #expect(black.allSatisfy { $0 < 60 }, "\(black)")
        #expect(cyan[0] < 60 && cyan[2] > 180, "\(cyan)")
    }

    @Test func floatScRGBIsConverted() throws {
        let linear = try Image.solid(width: 8, height: 8, value: [0.2, 0.2, 0.2]).tagged(as: .scRGB)
        let loaded = try Image(data: linear.encoded(as: .tiff))
        let pixel = try loaded.normalizedToSRGB().pixels()
        #expect(abs(Int(pixel[0, 0, 0]) - 124) <= 1, "\(pixel[0, 0, 0])")
    }

    @Test(arguments: [animatedGIF, animatedWebP])
    func animationsKeepTheirFirstFrameAndSaySo(data: Data) throws {
        let image = try Image(data: data)
        #expect(image.frameCount == 2)
        #expect(image.ingestWarnings == [.firstFrameOnly(frameCount: 2)])
        let working = try image.normalizedToSRGB()
        #expect(working.height == 8)
        let pixel = try working.pixels()
        #expect(abs(Int(pixel[0, 0, 0]) - 200) <= 3 && abs(Int(pixel[0, 0, 2]) - 30) <= 3)
    }

    @Test func anOrdinaryPhotoHasNoWarnings() throws {
        #expect(try Image(contentsOf: Samples.url("rocket.jpg")).ingestWarnings.isEmpty)
    }

    @Test func aProfileThatDoesNotFitThePixelsIsIgnoredAndSaysSo() throws {
        let cms = try LittleCMS.shared.get()
        // (The encoders refuse to write such a file; a decoder may still hand one over.)
        let grey = try Image.solid(width: 8, height: 8, value: [100]).withICCProfile(cms.profile(.displayP3))
        #expect(grey.ingestWarnings == [.profileIgnored(profileColourSpace: "RGB")])
        #expect(try grey.normalizedToSRGB().pixels().samples.allSatisfy { $0 == 100 })
    }

    @Test func theSamplesProfilesAreRecognised() throws {
        // chelsea.png and astronaut.png carry HP's sRGB IEC61966-2.1 profile: nothing to convert.
        for name in ["chelsea.png", "astronaut.png"] {
            let image = try Image(contentsOf: Samples.url(name))
            #expect(image.iccProfile != nil && image.isInWorkingSpace, "\(name)")
        }
        // rocket.jpg is Adobe RGB (1998): converted.
        let rocket = try Image(contentsOf: Samples.url("rocket.jpg"))
        #expect(!rocket.isInWorkingSpace)
        #expect(try rocket.normalizedToSRGB().pixels() != rocket.pixels())
    }

    @Test func aJPEGTooWideForTheEncoderIsAnEncodingFailure() throws {
        let wide = try Image.solid(width: 70_000, height: 8, value: [90, 90, 90])
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try wide.write(to: folder.file("wide.png"))
        for image in [wide, try Image(contentsOf: folder.file("wide.png"))] {
            #expect {
                _ = try image.encoded(as: .jpeg())
            } throws: { error in
                guard case .encodeFailed(let format, _) = error as? ImagingError else { return false }
                return format == "JPEG"
            }
        }
    }

    // 8 × 8, two frames: red (200, 30, 30), then blue; made with `vips gifsave`/`webpsave`.
    static let animatedGIF = Data(
        base64Encoded:
            "R0lGODlhCAAIAIAAAEdwTMgeHiH/C05FVFNDQVBFMi4wAwEAAAAh+QQFAAAAACwAAAAACAAIAAACB4yPqcvtXQAAIfkEBQAAAAAsAAAAAAgACACAR3BMHh7IAgeMj6nL7V0AADs="
    )!
    static let animatedWebP = Data(
        base64Encoded:
            "UklGRkoBAABXRUJQVlA4WAoAAAAKAAAABwAABwAAQU5JTQYAAAD/////AABBTk1GKgAAAAAAAAAAAAcAAAcAAGQAAAJWUDhMEQAAAC8HwAEAB1CPItej/4GI6H8AAEFOTUYqAAAAAAAAAAAABwAABwAAZAAAAFZQOEwRAAAALwfAAQAHUI96FLn/gYjofwAARVhJRroAAABFeGlmAABJSSoACAAAAAYAEgEDAAEAAAABAAAAGgEFAAEAAABWAAAAGwEFAAEAAABeAAAAKAEDAAEAAAACAAAAEwIDAAEAAAABAAAAaYcEAAEAAABmAAAAAAAAADhjAADoAwAAOGMAAOgDAAAGAACQBwAEAAAAMDIxMAGRBwAEAAAAAQIDAACgBwAEAAAAMDEwMAGgAwABAAAA//8AAAKgBAABAAAACAAAAAOgBAABAAAAEAAAAAAAAAA="
    )!
    // 8 × 8, a 4-bit palette PNG of one colour (200, 30, 30).
    static let palettePNG = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAIBAMAAAA2IaO4AAAAA1BMVEXIHh4WiPieAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWNgIA4AAAAoAAFgSV8yAAAAAElFTkSuQmCC"
    )!
}
