import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes that a killed process cannot leave half done: bytes go to a temporary file in the same
/// folder, are flushed to the disk, and the file is renamed over the target, which POSIX makes
/// atomic; the folder is flushed too so the rename itself survives a power cut.
enum AtomicFile {
    /// The prefix of every temporary file and folder; anything carrying it is a leftover of an
    /// interrupted write and is removed when a library is opened.
    static let temporaryPrefix = ".tmp-"

    /// A fresh temporary name next to `url`.
    static func temporaryURL(near url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(
            "\(temporaryPrefix)\(UUID().uuidString)-\(url.lastPathComponent)")
    }

    /// Writes `data` to `url` atomically, replacing any file there.
    static func write(_ data: Data, to url: URL) throws(RollError) {
        let temporary = temporaryURL(near: url)
        do throws(RollError) {
            try writeDurably(data, to: temporary, exclusive: true)
            guard rename(temporary.path, url.path) == 0 else { throw posixFailure(url, "rename") }
            try syncFolder(url.deletingLastPathComponent())
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Writes `data` to `url` atomically unless a file has that name; returns whether it did.
    /// The temporary file is hard-linked to its final name, which fails when the name is taken.
    static func create(_ data: Data, at url: URL) throws(RollError) -> Bool {
        let temporary = temporaryURL(near: url)
        defer { unlink(temporary.path) }
        try writeDurably(data, to: temporary, exclusive: true)
        guard link(temporary.path, url.path) == 0 else {
            if errno == EEXIST { return false }
            throw posixFailure(url, "link")
        }
        try syncFolder(url.deletingLastPathComponent())
        return true
    }

    /// Writes and flushes a file; `exclusive` refuses to open an existing one.
    private static func writeDurably(_ data: Data, to url: URL, exclusive: Bool) throws(RollError) {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | (exclusive ? O_EXCL : 0)
        let descriptor = open(url.path, flags, 0o644)
        guard descriptor >= 0 else { throw posixFailure(url, "open") }
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
        guard written else { throw posixFailure(url, "write") }
        guard fsync(descriptor) == 0 else { throw posixFailure(url, "fsync") }
    }

    /// Flushes a folder's entries (new, renamed and removed names) to the disk.
    static func syncFolder(_ url: URL) throws(RollError) {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw posixFailure(url, "open folder") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw posixFailure(url, "fsync folder") }
    }

    /// Renames a file or folder atomically and flushes the folder that holds the new name.
    static func move(_ source: URL, to destination: URL) throws(RollError) {
        guard rename(source.path, destination.path) == 0 else { throw posixFailure(destination, "rename") }
        try syncFolder(destination.deletingLastPathComponent())
    }

    /// The error for the failed system call `call`, with `errno`'s message.
    static func posixFailure(_ url: URL, _ call: String) -> RollError {
        .storageFailed(path: url.path, reason: "\(call): \(String(cString: strerror(errno)))")
    }
}

/// The C library's `write`, which the static `AtomicFile.write` would shadow inside the enum.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
