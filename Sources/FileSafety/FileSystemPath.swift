import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File names as the operating system keeps them: bytes, which on Linux need not be UTF-8.
///
/// Swift strings and Foundation's `URL` hold only valid Unicode, so a name such as `caf\xE9.jpg`
/// (Latin-1) would be decoded with a replacement character, and the file opened (or written)
/// under another name. AnalogKit keeps such names exact by carrying each byte that is not part of
/// valid UTF-8 as one private-use character, U+10FF80 + (byte − 0x80), which `URL` and `String`
/// carry unchanged; every kit turns a path back into its bytes with ``bytes(of:)`` before
/// calling the system. (A name that itself contains U+10FF80…U+10FFFF, which no system or
/// keyboard produces, is read as the bytes those characters stand for.)
///
/// Command-line tools read their arguments with ``arguments`` instead of
/// `CommandLine.arguments`, which replaces the bytes it cannot decode.
public enum FileSystemPath {
    /// The first of the 128 private-use characters that stand for bytes 0x80…0xFF.
    private static let escapeBase: UInt32 = 0x10_FF80

    /// The program's arguments, each exactly as given: bytes that are not UTF-8 are kept as the
    /// characters ``bytes(of:)`` turns back into them.
    public static var arguments: [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return string(fromBytes: UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// A path string for raw file-name bytes: valid UTF-8 is decoded, every other byte becomes
    /// its private-use character.
    /// - Parameter bytes: the name as the system gives it, without a terminating zero.
    /// - Returns: a string that ``bytes(of:)`` turns back into exactly `bytes`.
    public static func string<Bytes: Collection<UInt8>>(fromBytes bytes: Bytes) -> String {
        var scalars = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        // The parser reports an invalid sequence by its length; the bytes are replayed from a copy.
        var pending = Array(bytes)[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                pending = pending.dropFirst(encoded.count)
            case .error(let length):
                for byte in pending.prefix(length) {
                    scalars.append(Unicode.Scalar(escapeBase + UInt32(byte) - 0x80)!)
                }
                pending = pending.dropFirst(length)
            case .emptyInput:
                return String(scalars)
            }
        }
    }

    /// The bytes a path string stands for: its UTF-8, with each private-use character of
    /// ``string(fromBytes:)`` turned back into its byte.
    /// - Parameter path: a path, such as `URL.path`.
    /// - Returns: the bytes to give the system, without a terminating zero.
    public static func bytes(of path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase {
                bytes.append(UInt8(scalar.value - escapeBase + 0x80))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether the path holds bytes that are not UTF-8.
    /// - Parameter path: a path, such as `URL.path`.
    /// - Returns: `true` when some of its bytes are carried as private-use characters.
    public static func hasRawBytes(_ path: String) -> Bool {
        path.unicodeScalars.contains { $0.value >= escapeBase }
    }

    /// The path for people: each byte that is not UTF-8 is shown as `\xE9`.
    /// - Parameter path: a path, such as `URL.path`.
    /// - Returns: printable text that names the same bytes.
    public static func displayed(_ path: String) -> String {
        guard hasRawBytes(path) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase {
                let byte = scalar.value - escapeBase + 0x80
                text += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// Runs `body` with the zero-terminated system path of a file URL.
    package static func withCString<T, E: Error>(_ url: URL, _ body: (UnsafePointer<CChar>) throws(E) -> T) throws(E)
        -> T
    {
        var bytes = bytes(of: url.path)
        bytes.append(0)
        return try bytes.withUnsafeBufferPointer { buffer throws(E) in
            try body(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
    }

    /// `rename(2)` of two file URLs, through their exact bytes.
    package static func rename(_ source: URL, to destination: URL) -> Int32 {
        withCString(source) { from in withCString(destination) { systemRename(from, $0) } }
    }

    /// `unlink(2)` of a file URL, through its exact bytes.
    @discardableResult
    package static func unlink(_ url: URL) -> Int32 {
        withCString(url) { systemUnlink($0) }
    }

    /// The file's status, or `nil` (with `errno` set) when it cannot be read.
    package static func status(_ url: URL) -> stat? {
        var info = stat()
        return withCString(url) { stat($0, &info) } == 0 ? info : nil
    }

    /// Whether something exists at the URL (a broken symbolic link does not count).
    package static func exists(_ url: URL) -> Bool {
        status(url) != nil
    }

    /// Whether the URL names a folder.
    static func isDirectory(_ url: URL) -> Bool {
        status(url).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false
    }

    /// Creates a folder and the folders above it that are missing.
    package static func makeDirectory(_ url: URL) throws(FileSystemFailure) {
        if isDirectory(url) { return }
        let parent = url.deletingLastPathComponent()
        if parent.path != url.path, !exists(parent) { try makeDirectory(parent) }
        guard withCString(url, { mkdir($0, 0o755) }) == 0 || errno == EEXIST else { throw .posix(url, "mkdir") }
        guard isDirectory(url) else { throw FileSystemFailure(url, "mkdir: not a folder") }
    }

    /// Reads a whole regular file, refusing one larger than `limit` bytes before reading it (and
    /// while reading, for a file that grows), so a huge file costs neither time nor memory.
    package static func read(_ url: URL, limit: Int) throws(ReadFailure) -> Data {
        let descriptor = withCString(url) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .system(.posix(url, "open")) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(.posix(url, "stat")) }
        guard (info.st_mode & S_IFMT) != S_IFDIR else {
            throw .system(FileSystemFailure(url, "read: Is a directory"))
        }
        if (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) > limit {
            throw .tooLarge(byteCount: Int(info.st_size), limit: limit)
        }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(.posix(url, "read"))
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw .tooLarge(byteCount: data.count + count, limit: limit) }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// Why ``read(_:limit:)`` failed.
    package enum ReadFailure: Error, Sendable, Hashable {
        /// The system refused (no such file, no permission, a folder…).
        case system(FileSystemFailure)
        /// The file has more than `limit` bytes (at least `byteCount`).
        case tooLarge(byteCount: Int, limit: Int)

        /// The reason, for an error message.
        package var reason: String {
            switch self {
            case .system(let failure): failure.reason
            case .tooLarge(let count, let limit): "\(count) bytes or more, over the limit of \(limit) bytes"
            }
        }
    }
}

/// The C library's `read`, which a member named `read` would shadow.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// The C library's `rename` and `unlink`, which `FileSystemPath`'s own would shadow inside the enum.
private func systemRename(_ source: UnsafePointer<CChar>, _ destination: UnsafePointer<CChar>) -> Int32 {
    rename(source, destination)
}

private func systemUnlink(_ path: UnsafePointer<CChar>) -> Int32 {
    unlink(path)
}
