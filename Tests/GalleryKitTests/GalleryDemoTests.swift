import Foundation
import TestSupport
import Testing

/// `gallery-demo DIR` (issue 15, case 4): it writes only into a new or empty folder, and never
/// deletes or replaces what is there.
@Suite("gallery-demo")
struct GalleryDemoTests {
    let demo = ChildProcess.product("gallery-demo")

    @Test func aFolderWithFilesInItIsRefusedAndLeftAlone() async throws {
        let folder = try TemporaryDirectory("gallery-demo-full")
        defer { folder.remove() }
        let letter = folder.file("letter.txt")
        try Data("dear diary".utf8).write(to: letter)
        let result = try await ChildProcess.run(demo, [folder.url.path])
        #expect(result.status == 1 && !result.killedBySignal)
        #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
        #expect(result.error.contains("not empty"))
        #expect(try Data(contentsOf: letter) == Data("dear diary".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["letter.txt"])
    }

    @Test func aFileIsRefusedAndLeftAlone() async throws {
        let folder = try TemporaryDirectory("gallery-demo-file")
        defer { folder.remove() }
        let file = folder.file("photos")
        try Data("not a folder".utf8).write(to: file)
        let result = try await ChildProcess.run(demo, [file.path])
        #expect(result.status == 1 && !result.killedBySignal)
        #expect(result.error.contains("is a file"), "\(result.error)")
        #expect(try Data(contentsOf: file) == Data("not a folder".utf8))
    }

    @Test func aNewFolderIsFilled() async throws {
        let folder = try TemporaryDirectory("gallery-demo-new")
        defer { folder.remove() }
        let output = folder.file("out")
        let result = try await ChildProcess.run(demo, [output.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("exported 4 developed photos"))
        let written = try FileManager.default.contentsOfDirectory(atPath: output.path)
        #expect(written.contains("Library") && written.contains("Rolls"))
    }
}
