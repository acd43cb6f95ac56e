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
        #expect(try Image(contentsOf: file, options: .init(autorotate: false)).width == 300)
        try Image.thumbnail(contentsOf: Samples.url("astronaut.png"), width: 120).write(to: file)
        let reread = try Image(contentsOf: file, options: .init(autorotate: false))
        #expect(reread.width == 120)
        #expect(reread.height == 120)
        #expect(try reread.pixels().width == 120)
        #expect(try Image.thumbnail(contentsOf: file, width: 1000).width == 120)
    }

    @Test("missing files, non-images and images over the pixel limit are refused")
    func badInput() throws {
        let temporary = try TemporaryDirectory("fresh-loading")
        defer { temporary.remove() }
        let missing = temporary.file("missing.jpg")
        #expect(throws: ImagingError.fileNotFound(path: missing.path)) {
            try Image(contentsOf: missing, options: .init(autorotate: false))
        }
        let text = temporary.file("text.jpg")
        try Data("not an image".utf8).write(to: text)
        #expect(throws: ImagingError.notAnImage(source: text.path)) {
            try Image(contentsOf: text, options: .init(autorotate: false))
        }
        let rocket = Samples.url("rocket.jpg")
        #expect(throws: ImagingError.tooLarge(width: 640, height: 427, limit: 1000)) {
            try Image(contentsOf: rocket, options: .init(pixelLimit: 1000, autorotate: false))
        }
    }
}
