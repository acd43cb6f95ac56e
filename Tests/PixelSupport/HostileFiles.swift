import Foundation
import Imaging
import TestSupport

/// Damaged and hostile inputs, made from the bundled samples, as the hardening tests use them.
public enum HostileFiles {
    /// `rocket.jpg` with 64 bytes in the middle of its compressed data overwritten: libjpeg warns
    /// "Corrupt JPEG data: bad Huffman code" and, unless told to fail, decodes a damaged picture.
    public static func corruptJPEG() throws -> Data {
        var bytes = try Samples.data("rocket.jpg")
        let middle = bytes.startIndex + bytes.count / 2
        for offset in 0..<64 {
            bytes[middle + offset] = offset.isMultiple(of: 2) ? 0xFF : 0x00
        }
        return bytes
    }

    /// A JPEG (by default `rocket.jpg`, 640×427, 112 KB) whose header claims `width`×`height`
    /// pixels; by default 196 megapixels, under the pixel limit, in a file of about 110 KB.
    public static func hugeHeaderJPEG(width: Int = 14_000, height: Int = 14_000, from jpeg: Data? = nil) throws -> Data
    {
        var bytes = [UInt8](try jpeg ?? Samples.data("rocket.jpg"))
        var index = 2
        while index + 9 < bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC2).contains(marker) {
                bytes[index + 5] = UInt8(height >> 8)
                bytes[index + 6] = UInt8(height & 0xFF)
                bytes[index + 7] = UInt8(width >> 8)
                bytes[index + 8] = UInt8(width & 0xFF)
                return Data(bytes)
            }
            index += 2 + length
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    /// Makes a sparse file of `size` bytes (zeros that take no disk space): a huge input that
    /// only a reader that checks sizes first refuses cheaply.
    public static func sparseFile(at url: URL, size: UInt64) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.truncate(atOffset: size)
    }

    /// Writes `data` under a file name given as raw bytes (which need not be UTF-8) in `folder`.
    public static func write(_ data: Data, named name: [UInt8], in folder: URL) throws {
        let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
        let descriptor = path.withUnsafeBufferPointer {
            open(
                UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_EXCL,
                0o644)
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw POSIXError(.EIO) }
    }

    /// The names in a folder exactly as the system stores them (Foundation would decode them).
    public static func rawNames(in folder: URL) -> [[UInt8]] {
        let path = FileSystemPath.bytes(of: folder.path).map { CChar(bitPattern: $0) } + [0]
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name != [UInt8(ascii: ".")] && name != [UInt8(ascii: "."), UInt8(ascii: ".")] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
