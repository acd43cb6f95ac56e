import Foundation
import Imaging
import TestSupport
import Testing

@Suite("Fresh loading")
struct FreshLoadingTests {
    @Test("a file replaced on disk is read anew, not from libvips' operation cache")
    func replacedFile() throws {
        let temporary = try TemporaryDirectory("fresh-loading")
        defer { temporary.remove() }
        let file = temporary.file("photo.jpg")
        try Image.thumbnail(contentsOf: Samples.url("rocket.jpg"), width: 300).write(to: file)
        #expect(try Image(freshContentsOf: file).width == 300)
        try Image.thumbnail(contentsOf: Samples.url("astronaut.png"), width: 120).write(to: file)
        let reread = try Image(freshContentsOf: file)
        #expect(reread.width == 120)
        #expect(reread.height == 120)
        #expect(try reread.pixels().width == 120)
    }

    @Test("missing files, non-images and images over the pixel limit are refused")
    func badInput() throws {
        let temporary = try TemporaryDirectory("fresh-loading")
        defer { temporary.remove() }
        let missing = temporary.file("missing.jpg")
        #expect(throws: ImagingError.fileNotFound(path: missing.path)) { try Image(freshContentsOf: missing) }
        let text = temporary.file("text.jpg")
        try Data("not an image".utf8).write(to: text)
        #expect(throws: ImagingError.notAnImage(source: text.path)) { try Image(freshContentsOf: text) }
        let rocket = Samples.url("rocket.jpg")
        #expect(throws: ImagingError.tooLarge(width: 640, height: 427, limit: 1000)) {
            try Image(freshContentsOf: rocket, pixelLimit: 1000)
        }
    }
}
