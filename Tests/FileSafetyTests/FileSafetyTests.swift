import FileSafety
import Foundation
import TestSupport
import Testing

/// The file helpers every kit shares, without libvips: names as bytes, atomic writes, checksums.
@Suite("File safety")
struct FileSafetyTests {
    @Test func bytesSurviveTheRoundTripThroughAString() {
        // Seeded, so every run checks the same names.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        // `café.png` in Latin-1: the é is the single byte 0xE9, which is not UTF-8.
        let latin1Name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".png".utf8)
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

    @Test func theChecksumIsSHA256() {
        #expect(Checksum.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Checksum.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func atomicFilesReplaceOrRefuseAndLeaveNothingBehind() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let target = folder.file("record.json")
        try AtomicFile.write(Data("one".utf8), to: target)
        try AtomicFile.write(Data("two".utf8), to: target, durable: false)
        #expect(try Data(contentsOf: target) == Data("two".utf8))
        #expect(try AtomicFile.create(Data("three".utf8), at: target) == false)
        #expect(try AtomicFile.create(Data("four".utf8), at: folder.file("new.json")))
        #expect(try Data(contentsOf: target) == Data("two".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
                "new.json", "record.json",
            ])

        let missing = folder.file("no/such/folder/out.png")
        do {
            try AtomicFile.write(Data(), to: missing)
            Issue.record("wrote into a missing folder")
        } catch {
            #expect(error.path == missing.path)
            #expect(error.reason.hasPrefix("open: "))
        }

        // A killed writer's leftover is a temporary; a fresh one is kept, an old one removed.
        let leftover = folder.file("\(AtomicFile.temporaryPrefix)1F2E-photo.jpg")
        try Data("partial".utf8).write(to: leftover)
        #expect(AtomicFile.isTemporary(leftover.lastPathComponent))
        #expect(AtomicFile.removeStaleTemporaryFiles(in: folder.url, olderThan: 3600) == 0)
        #expect(AtomicFile.removeStaleTemporaryFiles(in: folder.url, olderThan: 0) == 1)
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
    }
}
