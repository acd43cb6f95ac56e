import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// The output colour policy (`OutputColor`): every encoder writes the profile of what it writes,
/// also when stripping metadata, converts to sRGB or Display P3 on request, and writes 16 bits
/// where asked and the format holds them. LittleCMS, reading each file through its own embedded
/// profile, is the reference.
@Suite("Output colour")
struct OutputColorTests {
    static let formats: [Image.EncodedFormat] = [.jpeg(quality: 100), .png(), .tiff, .webp(lossless: true)]

    /// The scene's colours as LittleCMS reads them from `data`, and the file's profile.
    private func colours(of data: Data, cms: LittleCMS) throws -> (colours: [[Double]], image: Image) {
        let image = try Image(data: data)
        return (try ColourScene.patchColours(image, cms: cms), image)
    }

    @Test(arguments: formats)
    func displayP3OutputKeepsTheColoursAndCarriesItsProfileWhenStripped(format: Image.EncodedFormat) throws {
        let cms = try LittleCMS.shared.get()
        let scene = try ColourScene.image(in: .sRGB, depth: 8, embedProfile: false, cms: cms)
        let expected = try ColourScene.patchColours(scene, cms: cms)

        let data = try scene.encoded(as: format, stripMetadata: true, color: .displayP3)

        let (written, image) = try colours(of: data, cms: cms)
        let profile = try #require(image.iccProfile, "\(format): no profile")
        #expect(profile != (try cms.profile(.sRGB)) && !image.isInWorkingSpace, "\(format)")
        #expect(image.exifData == nil, "\(format): metadata was not stripped")
        // JPEG, lossy even at quality 100, rounds its colour transform: a little more room.
        let isJPEG = if case .jpeg = format { true } else { false }
        let difference = ColourScene.largestDifference(written, expected, cms: cms)
        #expect(difference <= (isJPEG ? 1.5 : 1), "\(format): ΔE2000 \(difference)")
        // The numbers are Display P3's, not sRGB's read under another label: LittleCMS' own P3 scene.
        let p3 = try ColourScene.patchMeans(ColourScene.image(in: .displayP3, depth: 8, cms: cms))
        let means = try ColourScene.patchMeans(image)
        let largest = zip(p3.joined(), means.joined()).map { abs($0 - $1) * 255 }.max() ?? .infinity
        #expect(largest <= (isJPEG ? 2.5 : 1.001), "\(format): \(largest) levels from LittleCMS' P3 numbers")
    }

    @Test(arguments: formats)
    func theDefaultWritesAnSRGBProfileAlsoWhenStripped(format: Image.EncodedFormat) throws {
        // rocket.jpg converted from Adobe RGB into the working space, with an EXIF block to strip
        // (libvips' JPEG encoder writes one).
        let rocket = try Image(
            data: Image(contentsOf: Samples.url("rocket.jpg")).normalizedToSRGB().encoded(as: .jpeg()))
        try #require(rocket.exifData != nil)
        let image = try Image(data: rocket.encoded(as: format, stripMetadata: true))
        let profile = try #require(image.iccProfile, "\(format)")
        #expect(profile.count < 1000, "\(format): a \(profile.count)-byte profile")
        #expect(image.isInWorkingSpace && image.exifData == nil && image.exifFields.isEmpty, "\(format)")
        // A profile that describes the pixels (here the HP sRGB profile of a sample) is kept as it is.
        let chelsea = try Image(contentsOf: Samples.url("chelsea.png"))
        let written = try Image(data: chelsea.encoded(as: format, stripMetadata: true))
        #expect(written.iccProfile == chelsea.iccProfile, "\(format)")
    }

    @Test func aPhotoInItsOwnSpaceIsConvertedToSRGBOnRequest() throws {
        let cms = try LittleCMS.shared.get()
        for space in [LittleCMS.RGBSpace.displayP3, .adobeRGB, .proPhoto] {
            for depth in [8, 16] {
                let scene = try ColourScene.image(in: space, depth: depth, cms: cms)
                let expected = try ColourScene.patchColours(scene, cms: cms)
                let (written, image) = try colours(of: scene.encoded(as: .png(), color: .sRGB), cms: cms)
                #expect(image.isInWorkingSpace && image.format == .uchar, "\(space) \(depth)")
                let difference = ColourScene.largestDifference(written, expected, cms: cms)
                #expect(difference <= 1, "\(space) \(depth)-bit: ΔE2000 \(difference)")
            }
        }
    }

    @Test func aWideGamutPhotoKeepsItsGamutWrittenAsDisplayP3() throws {
        let cms = try LittleCMS.shared.get()
        // Display P3's pure green, far outside sRGB, at 16 bits.
        let green = try Image(
            samples16: Array(repeating: [0, 65535, 0], count: 64).flatMap { $0 }, width: 8, height: 8, bands: 3
        )
        .withICCProfile(cms.profile(.displayP3))
        let written = try Image(
            data: green.encoded(as: .png(), color: OutputColor(space: .displayP3, depth: .sixteenBit)))
        #expect(written.format == .ushort)
        let pixel = try (0..<3).map { try written.extractingBands($0).floatSamples()[0] / 65535 }
        #expect(pixel[0] < 0.01 && pixel[1] > 0.99 && pixel[2] < 0.01, "\(pixel)")
    }

    @Test(arguments: [Image.EncodedFormat.png(), .tiff])
    func sixteenBitOutputHasNoBanding(format: Image.EncodedFormat) throws {
        // A smooth 16-bit ramp: 2,048 levels, which an 8-bit step would cut to 256.
        let width = 2048
        let ramp = (0..<width).flatMap { x in Array(repeating: UInt16(x * 32), count: 3) }
        let image = try Image(samples16: ramp, width: width, height: 1, bands: 3)
        for color in [
            OutputColor(space: .sRGB, depth: .sixteenBit), OutputColor(space: .displayP3, depth: .sixteenBit),
        ] {
            let written = try Image(data: image.encoded(as: format, color: color))
            #expect(written.format == .ushort && written.iccProfile != nil, "\(format) \(color)")
            let levels = Set(try written.extractingBands(1).floatSamples())
            #expect(levels.count > 1500, "\(format) \(color): \(levels.count) levels")
        }
        // And an 8-bit image widens exactly.
        let eight = try ColourScene.image(in: .sRGB, depth: 8, embedProfile: false, cms: LittleCMS.shared.get())
        let widened = try Image(data: eight.encoded(as: format, color: OutputColor(space: .sRGB, depth: .sixteenBit)))
        #expect(widened.format == .ushort)
        for band in 0..<3 {
            let wide = try widened.extractingBands(band).floatSamples()
            #expect(try wide == eight.extractingBands(band).floatSamples().map { $0 * 257 })
        }
    }

    @Test func alphaIsCarriedToTheOutputDepth() throws {
        let image = try Image.solid(width: 4, height: 4, value: [200, 30, 30, 128])
        let written = try Image(
            data: image.encoded(as: .png(), color: OutputColor(space: .displayP3, depth: .sixteenBit)))
        #expect(written.bands == 4 && written.format == .ushort)
        let alpha = try written.extractingBands(3).floatSamples()
        #expect(alpha.allSatisfy { $0 == 128 * 257 }, "\(alpha[0])")
    }

    @Test func greyStaysGrey() throws {
        let grey = try Image.solid(width: 4, height: 4, value: [100])
        for color in [OutputColor.unchanged, .sRGB, .displayP3] {
            let written = try Image(data: grey.encoded(as: .png(), stripMetadata: true, color: color))
            #expect(written.bands == 1 && written.iccProfile == nil, "\(color)")
            #expect(try written.floatSamples().allSatisfy { $0 == 100 })
        }
    }
}

/// Files that declare their colour space without an ICC profile, and the float-precision path.
@Suite("Declared colour spaces and precision")
struct DeclaredColourTests {
    @Test func anAdobeRGBJPEGDeclaredInEXIFAloneIsConverted() async throws {
        let cms = try LittleCMS.shared.get()
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("adobe.jpg")
        // The scene's Adobe RGB numbers, marked as a camera marks them: no profile, EXIF ColorSpace
        // 65535 (uncalibrated) and interoperability index R03.
        let scene = try ColourScene.image(in: .adobeRGB, depth: 8, cms: cms)
        try scene.write(to: file, as: .jpeg(quality: 100))
        let tool = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/exiftool"),
            [
                "-q", "-overwrite_original", "-icc_profile:all=", "-ExifIFD:ColorSpace=65535", "-InteropIndex=R03",
                file.path,
            ])
        try #require(tool.status == 0, "exiftool: \(tool.error)")
        let marked = try Image(contentsOf: file)
        try #require(marked.iccProfile == nil)
        #expect(!marked.isInWorkingSpace)

        let working = try marked.normalizedToSRGB()

        let expected = try ColourScene.patchColours(ColourScene.image(in: .sRGB, depth: 8, cms: cms), cms: cms)
        let difference = try ColourScene.largestDifference(
            ColourScene.patchColours(working, cms: cms), expected, cms: cms)
        #expect(difference <= 2, "ΔE2000 \(difference)")
        // Written unconverted, it carries the Adobe RGB profile it declares.
        let written = try Image(data: marked.encoded(as: .png()))
        let asWritten = try ColourScene.largestDifference(
            ColourScene.patchColours(written, cms: cms), expected, cms: cms)
        #expect(asWritten <= 2, "ΔE2000 \(asWritten)")
        // EXIF ColorSpace 1 (sRGB) is the working space: nothing to do.
        let srgbFile = folder.file("srgb.jpg")
        try ColourScene.image(in: .sRGB, depth: 8, embedProfile: false, cms: cms).write(to: srgbFile)
        _ = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/exiftool"),
            ["-q", "-overwrite_original", "-icc_profile:all=", "-ExifIFD:ColorSpace=1", srgbFile.path])
        #expect(try Image(contentsOf: srgbFile).isInWorkingSpace)
    }

    @Test func floatPrecisionKeepsSixteenBitsThroughToSixteenBitOutput() throws {
        let cms = try LittleCMS.shared.get()
        // A smooth 16-bit ramp in Display P3: 2,048 levels, which an 8-bit working space would cut to 256.
        let width = 2048
        let ramp = (0..<width).flatMap { x in Array(repeating: UInt16(x * 32), count: 3) }
        let photo = try Image(samples16: ramp, width: width, height: 1, bands: 3).withICCProfile(
            cms.profile(.displayP3))

        let working = try photo.normalizedToSRGB(precision: .float)

        #expect(working.format == .float && working.isInWorkingSpace)
        let written = try Image(
            data: working.encoded(as: .png(), color: OutputColor(space: .sRGB, depth: .sixteenBit)))
        #expect(written.format == .ushort)
        #expect(Set(try written.extractingBands(1).floatSamples()).count > 1500)
        // The 8-bit working space has at most 256 levels.
        #expect(Set(try photo.normalizedToSRGB().extractingBands(1).floatSamples()).count <= 256)
        // And the same colours as the 8-bit path, within a level.
        let eight = try photo.normalizedToSRGB().extractingBands(1).floatSamples()
        let float = try working.extractingBands(1).floatSamples()
        #expect(zip(eight, float).allSatisfy { abs($0 - $1) <= 1 })
    }
}
