import FilmKit
import Foundation
import TestSupport
import Testing

/// A roll library that may not be written (read-only media, another user's folder) can still be
/// read: `FileRollStore(readingFolder:)` takes a shared lock on the lock file it opens for
/// reading, creates, changes and removes nothing, and refuses writes (issue 49).
@Suite("Rolls: read-only libraries")
struct ReadOnlyRollLibraryTests {
    /// A library with a developed roll, a loaded roll, and the leftovers a crash leaves (a
    /// temporary file, a shot's bytes without their record), which a writing store removes.
    static func library(_ label: String) async throws -> TemporaryDirectory {
        let library = try TemporaryDirectory(label)
        let zima = try await RollFixtures.withFileCamera(library.url) { camera in
            try await RollFixtures.developedRoll(camera, name: "Léto", shots: 2)
            return try await RollFixtures.shotRoll(camera, name: "Zima", shots: 1)
        }
        try Data("half".utf8).write(to: library.file(".tmp-interrupted"))
        try Data("orphan".utf8).write(to: RollFixtures.file("shots/0009.jpg", of: zima, in: library.url))
        return library
    }

    /// Every path in the library with its bytes: what a reader must leave exactly as it was.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        let entries = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
        var snapshot: [String: Data] = [:]
        for case let url as URL in entries {
            let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            snapshot[String(url.path.dropFirst(folder.path.count))] = isFile ? try Data(contentsOf: url) : Data()
        }
        return snapshot
    }

    @Test func aReaderListsAndReadsWithoutChangingAByte() async throws {
        let library = try await Self.library("roll-reader")
        defer { library.remove() }
        let before = try Self.snapshot(library.url)
        #expect(before.keys.contains("/.tmp-interrupted") && before.keys.contains("/.lock"))

        let camera = try Camera(store: FileRollStore(readingFolder: library.url), registry: .shared)
        #expect(await camera.rolls().map(\.name) == ["Léto", "Zima"])
        #expect(try await camera.photos(of: "leto").count == 2)
        #expect(try await camera.photoData(frame: 1, of: "leto").count > 0)
        #expect(await camera.check().isHealthy)
        let refused = RollError.storageFailed(path: library.url.path, reason: .readOnly)
        await #expect(throws: refused) { try await camera.load("Jaro", stock: "vintage", size: .twelve) }
        await #expect(throws: refused) { try await camera.delete("Zima") }
        #expect(try Self.snapshot(library.url) == before)
    }

    @Test func readersShareTheLibraryAndAWriterWaitsForThem() async throws {
        let library = try await Self.library("roll-reader-lock")
        defer { library.remove() }
        do {
            let first = try FileRollStore(readingFolder: library.url)
            let second = try FileRollStore(readingFolder: library.url)
            #expect(first.isReadOnly && second.isReadOnly)
            #expect(throws: RollError.libraryInUse(path: library.url.path)) { try FileRollStore(folder: library.url) }
        }
        let writer = try FileRollStore(folder: library.url)
        #expect(!writer.isReadOnly)
        #expect(throws: RollError.libraryInUse(path: library.url.path)) {
            try FileRollStore(readingFolder: library.url)
        }
    }

    @Test func aLibraryWithoutALockFileOrFolderIsReadAsItIs() async throws {
        let library = try await Self.library("roll-reader-unlocked")
        defer { library.remove() }
        // A copy of a library without its dot files, or one this user may not open the lock of.
        try FileManager.default.removeItem(at: library.file(".lock"))
        let before = try Self.snapshot(library.url)
        let camera = try Camera(store: FileRollStore(readingFolder: library.url), registry: .shared)
        #expect(await camera.rolls().map(\.name) == ["Léto", "Zima"])
        #expect(try Self.snapshot(library.url) == before)

        let missing = library.file("nowhere")
        #expect(try FileRollStore(readingFolder: missing).loadRolls() == RollStoreContents(rolls: []))
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    /// `filmkit roll list` and `roll export` as a user who may not write the library, as on
    /// read-only media: the tool opened the lock file for writing and failed before.
    @Test func theToolListsAndExportsALibraryItMayNotWrite() async throws {
        let library = try await Self.library("roll-cli-read-only")
        defer {
            try? Self.setWritable(library.url, true)
            library.remove()
        }
        let out = try TemporaryDirectory("roll-cli-read-only-out")
        defer { out.remove() }
        try Self.setWritable(library.url, false)
        let before = try Self.snapshot(library.url)
        let tool = try Self.toolEveryoneReaches()
        defer { tool.remove() }
        let list = try await Self.runWithoutWriteAccess(tool, ["roll", "list", "--library", library.url.path])
        #expect(list.status == 0, "\(list.error)")
        #expect(list.output.contains("Léto\tVintage\tdeveloped\t2 photos"), "\(list.output)")
        #expect(list.output.contains("Zima\tVintage\tloaded\t1 of 12 shot, 11 left"), "\(list.output)")
        let check = try await Self.runWithoutWriteAccess(tool, ["roll", "check", "--library", library.url.path])
        #expect(check.status == 0, "\(check.error)")
        try Self.setWritable(out.url, true, everyone: true)
        let export = try await Self.runWithoutWriteAccess(
            tool, ["roll", "export", "leto", out.url.path, "--library", library.url.path])
        #expect(export.status == 0, "\(export.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.url.path).count == 2)
        #expect(try Self.snapshot(library.url) == before)
    }

    /// Runs `filmkit` as a user who cannot write the library: as root (whom permissions do not
    /// stop, as in the CI container) it drops to `nobody` through util-linux's `setpriv`.
    static func runWithoutWriteAccess(_ tool: TemporaryDirectory, _ arguments: [String]) async throws
        -> ChildProcess.Result
    {
        let filmkit = tool.file("filmkit")
        guard geteuid() == 0 else { return try await ChildProcess.run(filmkit, arguments) }
        return try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=65534", "--regid=65534", "--clear-groups", "--", filmkit.path] + arguments)
    }

    /// A copy of `filmkit` and the resource bundles beside it in a folder every user may enter:
    /// the build's own folder may sit in one only its owner enters (a clone under `mktemp -d`,
    /// mode 0700), where `nobody` cannot reach the tool's bundles and Foundation stops it.
    static func toolEveryoneReaches() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory("filmkit-for-everyone")
        let products = ChildProcess.product("filmkit").deletingLastPathComponent()
        let bundles = try FileManager.default.contentsOfDirectory(atPath: products.path).filter {
            $0.hasSuffix(".resources")
        }
        for name in ["filmkit"] + bundles {
            try FileManager.default.copyItem(at: products.appendingPathComponent(name), to: folder.file(name))
        }
        // Made with the umask (0755 for folders), and the copies keep their modes.
        return folder
    }

    /// Takes away (or gives back) write permission on a folder and everything in it; `everyone`
    /// lets any user write it.
    static func setWritable(_ folder: URL, _ writable: Bool, everyone: Bool = false) throws {
        let entries = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects ?? []
        for url in [folder] + entries.compactMap({ $0 as? URL }) {
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            let mode = (isFolder.boolValue ? 0o555 : 0o444) | (writable ? (everyone ? 0o222 : 0o200) : 0)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
    }
}
