import Foundation
import GalleryKit
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// GalleryKit under the SDK's decoding policy (issue 15, case 3): corrupt data and small files
/// declaring huge images are refused with `unreadablePhoto`, from every entry point, and nothing
/// is written.
@Suite("Hostile input")
struct HostileInputTests {
    /// Expects `unreadablePhoto` whose reason mentions `text`.
    func expectUnreadable(
        mentioning text: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () async throws(GalleryError) -> Void
    ) async {
        do {
            try await body()
            Issue.record("accepted", sourceLocation: sourceLocation)
        } catch {
            guard case .unreadablePhoto(_, let reason) = error, reason.contains(text) else {
                Issue.record(
                    "expected unreadablePhoto mentioning '\(text)', got \(error)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test("corrupt JPEG data is refused when saved, imported, rescanned or thumbnailed")
    func corruptJPEG() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Inbox")
        let corrupt = try HostileFiles.corruptJPEG()
        await expectUnreadable(mentioning: "Corrupt JPEG data") { () async throws(GalleryError) in
            _ = try await library.save(.encoded(corrupt), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
        }
        let file = temporary.file("corrupt.jpg")
        try corrupt.write(to: file)
        await expectUnreadable(mentioning: "Corrupt JPEG data") { () async throws(GalleryError) in
            _ = try await library.importFiles([file], into: folder.id, mode: .copy)
        }
        await expectUnreadable(mentioning: "Corrupt JPEG data") { () async throws(GalleryError) in
            _ = try await library.thumbnails.thumbnail(for: file)
        }
        try corrupt.write(to: folder.directory.appendingPathComponent("dropped-in.jpg"))
        let report = try await library.rescan(folder.id)
        #expect(report.added.isEmpty)
        #expect(report.skipped.values.first?.contains("Corrupt JPEG data") == true)
        #expect(try await library.photoCount(in: folder.id) == 0)
    }

    @Test("a small file declaring a huge image is refused from its header")
    func workBound() async throws {
        let (library, temporary) = try makeLibrary()
        defer { temporary.remove() }
        let folder = try await library.createLocation(named: "Inbox")
        let bomb = try HostileFiles.hugeHeaderJPEG()
        await expectUnreadable(mentioning: "work limit") { () async throws(GalleryError) in
            _ = try await library.save(.encoded(bomb), to: folder.id, metadata: PhotoMetadata(captureDate: date()))
        }
        let file = temporary.file("bomb.jpg")
        try bomb.write(to: file)
        await expectUnreadable(mentioning: "work limit") { () async throws(GalleryError) in
            _ = try await library.thumbnails.thumbnail(for: file)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.directory.path).isEmpty)
    }
}
