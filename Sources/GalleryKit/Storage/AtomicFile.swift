import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a reader sees either nothing or the whole file, even if the writer is
/// killed: the bytes go to a hidden temporary file in the same directory, are flushed to disk
/// (fsync), and only then renamed to the final name; the directory is flushed too, so the rename
/// survives a power cut. A killed writer leaves at most a hidden `.…partial` file, which listings
/// ignore and ``removeStaleTemporaryFiles(in:)`` deletes.
enum AtomicFile {
    static let temporaryMarker = ".partial-"

    /// Whether a file name is one of this writer's temporary files.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(temporaryMarker)
    }

    /// Writes `data` to `url` atomically.
    /// - Parameter durable: flush the file and the directory to disk (fsync), so that the file
    ///   survives a power cut once this returns. Photos need it; a cache that can be rebuilt
    ///   does not, and skips the cost (still never showing a partial file).
    static func write(_ data: Data, to url: URL, durable: Bool = true) throws(GalleryError) {
        let directory = url.deletingLastPathComponent()
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent)\(temporaryMarker)\(random)")
        do {
            try writeFully(data, to: temporary, sync: durable)
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .fileSystem(path: url.path, reason: reason)
        }
        if durable { syncDirectory(directory) }
    }

    private static func writeFully(_ data: Data, to url: URL, sync: Bool) throws(GalleryError) {
        // O_EXCL: never write through a file (or link) someone else put at this name.
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(url) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            if sync { try handle.synchronize() }
            try handle.close()
        } catch {
            throw .fileSystem(path: url.path, reason: "\(error)")
        }
    }

    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ url: URL) -> GalleryError {
        .fileSystem(path: url.path, reason: String(cString: strerror(errno)))
    }

    /// Deletes temporary files that a killed writer left behind (those last modified more than
    /// `age` seconds ago, so that a save still in progress elsewhere is left alone); returns how many.
    @discardableResult
    static func removeStaleTemporaryFiles(in directory: URL, olderThan age: TimeInterval) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where isTemporary(name) {
            let url = directory.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            guard let modified, Date().timeIntervalSince(modified) >= age else { continue }
            if unlink(url.path) == 0 { removed += 1 }
        }
        return removed
    }
}
