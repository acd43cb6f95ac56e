import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// File names that are not UTF-8 (issue 15, case 6): an existing file opens, an output is
/// written under exactly the bytes given. (The names' round trip: FileSafetyTests.)
@Suite("File names as bytes")
struct FileSystemPathTests {
    /// `café.png` in Latin-1: the é is the single byte 0xE9, which is not UTF-8.
    let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)

    @Test func anExistingFileOpensAndAnOutputKeepsItsExactName() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try HostileFiles.write(Samples.data("chelsea.png"), named: latin1Name, in: folder.url)
        let input = folder.url.appendingPathComponent(FileSystemPath.string(fromBytes: latin1Name))
        let image = try Image(contentsOf: input)
        #expect(image.width == 451)
        #expect(try Image.thumbnail(contentsOf: input, width: 32).width == 32)

        let outputName: [UInt8] = Array("v".utf8) + [0xFD] + Array("stup.jpg".utf8)
        try image.write(to: folder.url.appendingPathComponent(FileSystemPath.string(fromBytes: outputName)))
        #expect(HostileFiles.rawNames(in: folder.url) == [latin1Name, outputName])
    }
}
