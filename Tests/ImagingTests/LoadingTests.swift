import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@Suite("Loading")
struct LoadingTests {
    @Test func readsTheHeaderOfAJPEG() throws {
        let image = try Image(contentsOf: Samples.url("rocket.jpg"))
        #expect(image.width == 640)
        #expect(image.height == 427)
        #expect(image.bands == 3)
        #expect(image.colorSpace == .sRGB)
        #expect(image.format == .uchar)
    }

    @Test func bytesAndFilesGiveTheSamePixels() throws {
        let fromFile = try Image(contentsOf: Samples.url("chelsea.png")).pixels()
        let fromBytes = try Image(data: Samples.data("chelsea.png")).pixels()
        #expect(fromFile == fromBytes)
    }

    @Test func missingFileIsATypedError() {
        #expect(throws: ImagingError.fileNotFound(path: "/nonexistent/photo.jpg")) {
            try Image(contentsOf: URL(fileURLWithPath: "/nonexistent/photo.jpg"))
        }
    }

    @Test func textFileIsNotAnImage() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let url = folder.file("notes.jpg")
        try Data("these are not pixels".utf8).write(to: url)
        #expect(throws: ImagingError.notAnImage(source: url.path)) { try Image(contentsOf: url) }
        #expect(throws: ImagingError.self) { try Image(data: Data("these are not pixels".utf8)) }
        #expect(throws: ImagingError.self) { try Image(data: Data()) }
    }

    @Test func truncatedJPEGFailsWithADecodeErrorWhenPixelsAreNeeded() throws {
        let whole = try Samples.data("rocket.jpg")
        let truncated = whole.prefix(whole.count / 3)
        let image = try Image(data: truncated)
        // The header survives truncation; the missing scan lines are found when decoding.
        #expect(image.width == 640)
        let error = #expect(throws: ImagingError.self) { try image.encoded(as: .png()) }
        guard case .decodeFailed(let message) = error else {
            Issue.record("expected decodeFailed, got \(String(describing: error))")
            return
        }
        #expect(message.contains("Premature end"))
        #expect(throws: ImagingError.self) { try image.pixels() }
    }

    @Test func pixelLimitIsCheckedFromTheHeader() throws {
        let limit = 640 * 427 - 1
        #expect(throws: ImagingError.tooLarge(width: 640, height: 427, limit: limit)) {
            try Image(contentsOf: Samples.url("rocket.jpg"), options: .init(pixelLimit: limit))
        }
        #expect(throws: Never.self) {
            try Image(contentsOf: Samples.url("rocket.jpg"), options: .init(pixelLimit: limit + 1))
        }
    }

    @Test func decompressionBombIsRefusedBeforeDecoding() throws {
        // A 77-byte PNG that declares 100 000 × 100 000 pixels: 30 GB if decoded.
        let bomb = PNGBomb.make(width: 100_000, height: 100_000)
        #expect(bomb.count < 100)
        #expect(
            throws: ImagingError.tooLarge(width: 100_000, height: 100_000, limit: Image.LoadOptions.defaultPixelLimit)
        ) {
            try Image(data: bomb)
        }
    }

    @Test func exifOrientationIsAppliedOnLoad() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let rotated = folder.file("rotated.jpg")
        try FileManager.default.copyItem(at: Samples.url("rocket.jpg"), to: rotated)
        // Orientation 6: the camera was turned a quarter clockwise; upright is 427 wide.
        let tool = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/exiftool"), ["-q", "-overwrite_original", "-Orientation#=6", rotated.path])
        try #require(tool.status == 0, "exiftool: \(tool.error)")

        let upright = try Image(contentsOf: rotated)
        #expect(upright.width == 427 && upright.height == 640)
        #expect(upright.orientation == 1)
        let asStored = try Image(contentsOf: rotated, options: .init(autorotate: false))
        #expect(asStored.width == 640 && asStored.orientation == 6)
    }

    @Test func thumbnailShrinksOnLoadAndKeepsTheAspect() throws {
        let thumbnail = try Image.thumbnail(contentsOf: Samples.url("rocket.jpg"), width: 128)
        #expect(thumbnail.width == 128)
        #expect(thumbnail.height == 85)
        let square = try Image.thumbnail(contentsOf: Samples.url("rocket.jpg"), width: 100, height: 100, crop: true)
        #expect(square.width == 100 && square.height == 100)
        #expect(throws: ImagingError.self) { try Image.thumbnail(contentsOf: Samples.url("rocket.jpg"), width: 0) }
    }
}

/// Builds the smallest valid PNG header for a size: signature, IHDR and IEND, with CRCs.
enum PNGBomb {
    static func make(width: UInt32, height: UInt32) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: width)
        header.append(bigEndian: height)
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8-bit RGB, deflate, no interlace
        png.append(chunk: "IHDR", header)
        png.append(chunk: "IDAT", Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]))
        png.append(chunk: "IEND", Data())
        return png
    }
}

extension Data {
    fileprivate mutating func append(bigEndian value: UInt32) {
        Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
    }

    fileprivate mutating func append(chunk type: String, _ body: Data) {
        append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        append(typed)
        append(bigEndian: PNGBytes.crc32(typed))
    }
}
