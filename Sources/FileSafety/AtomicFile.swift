import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes that a killed process cannot leave half done, for every kit: the bytes go to a hidden
/// temporary file in the same folder, are flushed to the disk, and the file is renamed over the
/// target, which POSIX makes atomic; the folder is flushed too, so the rename itself survives a
/// power cut. A killed writer leaves at most a file named with ``temporaryPrefix``, which
/// listings skip (it is hidden) and the owner of the folder removes when it opens it.
package enum AtomicFile {
    /// The prefix of every temporary file (and of the folders a kit stages under its own name).
    package static let temporaryPrefix = ".tmp-"

    /// Whether a file name is one of these temporary files.
    package static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix)
    }

    /// A fresh temporary name next to `url`.
    package static func temporaryURL(near url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(
            "\(temporaryPrefix)\(UUID().uuidString)-\(url.lastPathComponent)")
    }

    /// Writes `data` to `url` atomically, replacing any file there.
    ///
    /// - Parameter durable: flush the file and the folder to the disk, so that the file survives
    ///   a power cut once this returns. Photos and records need it; a cache that can be rebuilt
    ///   skips the cost (and still never shows a partial file).
    package static func write(_ data: Data, to url: URL, durable: Bool = true) throws(FileSystemFailure) {
        let temporary = temporaryURL(near: url)
        do throws(FileSystemFailure) {
            try writeFully(data, to: temporary, for: url, durable: durable)
            guard FileSystemPath.rename(temporary, to: url) == 0 else { throw .posix(url, "rename") }
            if durable { try syncFolder(url.deletingLastPathComponent()) }
        } catch {
            FileSystemPath.unlink(temporary)
            throw error
        }
    }

    /// Writes `data` to `url` atomically unless a file has that name; returns whether it did.
    /// The temporary file is hard-linked to its final name, which fails when the name is taken.
    package static func create(_ data: Data, at url: URL, durable: Bool = true) throws(FileSystemFailure) -> Bool {
        let temporary = temporaryURL(near: url)
        defer { FileSystemPath.unlink(temporary) }
        try writeFully(data, to: temporary, for: url, durable: durable)
        guard link(temporary, url) == 0 else {
            if errno == EEXIST { return false }
            throw .posix(url, "link")
        }
        if durable { try syncFolder(url.deletingLastPathComponent()) }
        return true
    }

    /// Renames a file or folder atomically and flushes the folder that holds the new name.
    package static func move(_ source: URL, to destination: URL) throws(FileSystemFailure) {
        guard FileSystemPath.rename(source, to: destination) == 0 else { throw .posix(destination, "rename") }
        try syncFolder(destination.deletingLastPathComponent())
    }

    /// Flushes a folder's entries (new, renamed and removed names) to the disk.
    package static func syncFolder(_ url: URL) throws(FileSystemFailure) {
        let descriptor = FileSystemPath.withCString(url) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .posix(url, "open folder") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .posix(url, "fsync folder") }
    }

    /// Deletes the temporary files a killed writer left in `directory` (those last modified more
    /// than `age` seconds ago, so that a write still in progress elsewhere is left alone);
    /// returns how many.
    @discardableResult
    package static func removeStaleTemporaryFiles(in directory: URL, olderThan age: TimeInterval) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed = 0
        for name in names where isTemporary(name) {
            let url = directory.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            guard let modified, Date().timeIntervalSince(modified) >= age else { continue }
            if FileSystemPath.unlink(url) == 0 { removed += 1 }
        }
        return removed
    }

    /// Writes the new temporary file for `target` (never through a file someone else put at its
    /// name), flushing it when `durable`; failures name `target`, the file the caller asked for.
    private static func writeFully(_ data: Data, to temporary: URL, for target: URL, durable: Bool)
        throws(FileSystemFailure)
    {
        let descriptor = FileSystemPath.withCString(temporary) {
            open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw .posix(target, "open") }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written else { throw .posix(target, "write") }
        if durable, fsync(descriptor) != 0 { throw .posix(target, "fsync") }
    }
}

/// The C library's `write`, which the static `AtomicFile.write` would shadow inside the enum.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}

// The system calls on file URLs, through their exact bytes (see `FileSystemPath`).

private func link(_ source: URL, _ destination: URL) -> Int32 {
    FileSystemPath.withCString(source) { from in FileSystemPath.withCString(destination) { link(from, $0) } }
}
