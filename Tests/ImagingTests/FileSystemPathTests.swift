import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// File names that are not UTF-8 (issue 15, case 6): an existing file opens, an output is
/// written under exactly the bytes given.
@Suite("File names as bytes")
struct FileSystemPathTests {
    /// `café.png` in Latin-1: the é is the single byte 0xE9, which is not UTF-8.
    let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)

    @Test func bytesSurviveTheRoundTripThroughAString() {
        // Seeded, so every run checks the same names.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        var samples: [[UInt8]] = [latin1Name, [0xFF, 0xFE], Array("Léto/šťastie".utf8), [0xC3], [0xED, 0xA0, 0x80]]
        for _ in 0..<500 {
            // Any byte a file name may hold: all but 0 and "/".
            samples.append((0..<Int(1 + next() % 24)).map { _ in UInt8(48 + next() % 208) })
        }
        for bytes in samples {
            let string = FileSystemPath.string(fromBytes: bytes)
            #expect(FileSystemPath.bytes(of: string) == bytes, "\(bytes)")
            #expect(FileSystemPath.bytes(of: URL(fileURLWithPath: "/x/" + string).path) == Array("/x/".utf8) + bytes)
        }
        #expect(FileSystemPath.string(fromBytes: Array("Léto".utf8)) == "Léto")
        #expect(FileSystemPath.displayed(FileSystemPath.string(fromBytes: latin1Name)) == "caf\\xE9.png")
    }

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

    @Test func theChecksumIsSHA256() {
        #expect(Checksum.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Checksum.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
