import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Saving")
struct SavingTests {
    @Test(arguments: [
        (Image.EncodedFormat.jpeg(quality: 85), [UInt8]([0xFF, 0xD8, 0xFF])),
        (.png(), [0x89, 0x50, 0x4E, 0x47]),
        (.tiff, [0x49, 0x49, 0x2A, 0x00]),
        (.webp(quality: 80), [0x52, 0x49, 0x46, 0x46]),
    ])
    func encodesEveryFormat(format: Image.EncodedFormat, magic: [UInt8]) throws {
        let photo = try Image(contentsOf: Samples.url("coffee.png"))
        let data = try photo.encoded(as: format)
        #expect(Array(data.prefix(magic.count)) == magic)
        let decoded = try Image(data: data)
        #expect(decoded.width == 600 && decoded.height == 400)
    }

    @Test func losslessFormatsRoundTripExactly() throws {
        let photo = try Image(contentsOf: Samples.url("chelsea.png"))
        let original = try photo.pixels()
        for format in [Image.EncodedFormat.png(compression: 1), .tiff, .webp(lossless: true)] {
            #expect(try Image(data: photo.encoded(as: format)).pixels() == original)
        }
    }

    @Test func writesAtomicallyAndPicksTheFormatFromTheExtension() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let photo = try Image(contentsOf: Samples.url("chelsea.png"))
        let target = folder.file("out.webp")
        try photo.write(to: target)
        let written = try Data(contentsOf: target)
        #expect(String(decoding: written[8..<12], as: UTF8.self) == "WEBP")
        // Atomic: nothing but the finished file is left in the folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.webp"])
    }

    @Test func unwritablePlacesAndUnknownExtensionsAreTypedErrors() throws {
        let photo = try Image(contentsOf: Samples.url("chelsea.png"))
        #expect(throws: ImagingError.self) { try photo.write(to: URL(fileURLWithPath: "/nonexistent/dir/out.png")) }
        #expect(throws: ImagingError.invalidArgument("unknown image file extension 'bmpx'")) {
            try photo.write(to: URL(fileURLWithPath: "/tmp/out.bmpx"))
        }
    }

    @Test func iccProfileAndExifTravelFromInputToOutput() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let tagged = folder.file("tagged.jpg")
        try FileManager.default.copyItem(at: Samples.url("rocket.jpg"), to: tagged)
        let tool = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/exiftool"),
            ["-q", "-overwrite_original", "-Make=AnalogKit", "-Model=Test Camera", tagged.path])
        try #require(tool.status == 0, "exiftool: \(tool.error)")

        let photo = try Image(contentsOf: tagged)
        let profile = try #require(photo.iccProfile)
        let output = try Image(data: photo.linear(multiply: 0.9, add: 0, toUChar: true).encoded(as: .jpeg()))
        #expect(output.iccProfile == profile)
        #expect(output.exifFields["exif-ifd0-Make"]?.hasPrefix("AnalogKit") == true)
        #expect(output.exifFields["exif-ifd0-Model"]?.hasPrefix("Test Camera") == true)

        // Stripping leaves out EXIF, not the colour profile that says what the numbers mean.
        let stripped = try Image(data: photo.encoded(as: .jpeg(), stripMetadata: true))
        #expect(stripped.iccProfile == profile && stripped.exifData == nil)
    }
}
