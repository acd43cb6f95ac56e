import Foundation
import Imaging

extension ColorLookupTable {
    /// The largest `.cube` file read: a 65³ table (the most a `.cube` can meaningfully hold) is
    /// about 10 MB written with six decimals, so 64 MiB leaves room for long numbers and comments.
    /// A larger file is refused before any of it is read.
    public static let maximumCubeFileSize = 64 << 20

    /// The longest line of a `.cube` file, in bytes.
    public static let maximumCubeLineLength = 4_096

    /// Reads an Adobe/Resolve `.cube` file: `TITLE`, `LUT_1D_SIZE` or `LUT_3D_SIZE`, optional
    /// `DOMAIN_MIN`/`DOMAIN_MAX` (or `LUT_1D_INPUT_RANGE`/`LUT_3D_INPUT_RANGE`), then one `r g b`
    /// line per entry; `#` starts a comment.
    ///
    /// The file is read as a stream, a chunk at a time, and refused as soon as it breaks a limit:
    /// over ``maximumCubeFileSize`` bytes (checked before reading), a size over 65 (3D) or 65 536
    /// (1D), more entries than the size calls for, a line over ``maximumCubeLineLength`` bytes.
    /// - Parameter url: the file; its path is used byte for byte.
    /// - Throws: ``LUTError`` naming the problem (and the line, for a malformed one).
    public init(cubeFile url: URL) throws(LUTError) {
        let path = FileSystemPath.displayed(url.path)
        if let size = FileSystemPath.status(url).map({ Int($0.st_size) }), size > Self.maximumCubeFileSize {
            throw .tooLarge(byteCount: size, limit: Self.maximumCubeFileSize)
        }
        guard let file = FileSystemPath.withCString(url, { fopen($0, "rb") }) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        var parser = CubeParser()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 {
                guard ferror(file) == 0 else { throw .unreadable(path: path, reason: "read error") }
                break
            }
            total += count
            guard total <= Self.maximumCubeFileSize else {
                throw .tooLarge(byteCount: total, limit: Self.maximumCubeFileSize)
            }
            try parser.feed(chunk[0..<count])
        }
        self = try parser.finish()
    }

    /// Parses the text of a `.cube` file, with the limits of ``init(cubeFile:)``.
    /// - Parameter text: the file's text.
    /// - Throws: ``LUTError`` naming the problem (and the line, for a malformed one).
    public init(cube text: String) throws(LUTError) {
        guard text.utf8.count <= Self.maximumCubeFileSize else {
            throw .tooLarge(byteCount: text.utf8.count, limit: Self.maximumCubeFileSize)
        }
        var parser = CubeParser()
        try parser.feed(text.utf8)
        self = try parser.finish()
    }

    /// The table as `.cube` text.
    public var cubeText: String {
        var lines: [String] = []
        if let title { lines.append("TITLE \"\(title)\"") }
        let values: [[Double]]
        switch entries {
        case .oneDimensional(let size, let entries):
            lines.append("LUT_1D_SIZE \(size)")
            values = entries
        case .threeDimensional(let size, let entries):
            lines.append("LUT_3D_SIZE \(size)")
            values = entries
        }
        lines.append("DOMAIN_MIN \(domainMin.map { String($0) }.joined(separator: " "))")
        lines.append("DOMAIN_MAX \(domainMax.map { String($0) }.joined(separator: " "))")
        lines += values.map { $0.map { String(format: "%.6f", $0) }.joined(separator: " ") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Reads `.cube` text a chunk at a time and a line at a time, so that neither a huge file nor a
/// huge declared size is held in memory: every limit is checked the moment it can be.
struct CubeParser {
    private var title: String?
    private var size: (count: Int, threeDimensional: Bool)?
    private var domainMin = [0.0, 0, 0]
    private var domainMax = [1.0, 1, 1]
    private var values: [[Double]] = []
    private var line: [UInt8] = []
    private var lineNumber = 0

    /// Takes the next bytes of the file.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(LUTError) {
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                try endLine()
            } else {
                guard line.count < ColorLookupTable.maximumCubeLineLength else {
                    throw .malformedLine(
                        line: lineNumber + 1, text: String(decoding: line.prefix(40), as: UTF8.self) + "…",
                        reason: "longer than \(ColorLookupTable.maximumCubeLineLength) bytes")
                }
                line.append(byte)
            }
        }
    }

    /// Ends the file and builds the table.
    mutating func finish() throws(LUTError) -> ColorLookupTable {
        if !line.isEmpty { try endLine() }
        guard let size else { throw .missingSize }
        let entries: ColorLookupTable.Entries =
            size.threeDimensional
            ? .threeDimensional(size: size.count, values: values) : .oneDimensional(size: size.count, values: values)
        return try ColorLookupTable(entries: entries, domainMin: domainMin, domainMax: domainMax, title: title)
    }

    private mutating func endLine() throws(LUTError) {
        lineNumber += 1
        defer { line.removeAll(keepingCapacity: true) }
        let uncommented = line.split(separator: UInt8(ascii: "#"), maxSplits: 1, omittingEmptySubsequences: false)
        let text = String(decoding: uncommented.first ?? [], as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
        if text.isEmpty { return }
        try parse(text)
    }

    private mutating func parse(_ line: String) throws(LUTError) {
        let number = lineNumber
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        func numbers(_ slice: ArraySlice<String>, count: Int) throws(LUTError) -> [Double] {
            var parsed: [Double] = []
            for text in slice {
                guard let value = Double(text), value.isFinite else {
                    throw .malformedLine(line: number, text: line, reason: "'\(text)' is not a number")
                }
                // The kernels compute in single precision: a number that is finite only as a
                // Double (1e39) would become infinite there.
                guard Float(value).isFinite else {
                    throw .malformedLine(
                        line: number, text: line, reason: "'\(text)' is outside single precision (±3.4e38)")
                }
                parsed.append(value)
            }
            guard parsed.count == count else {
                throw .malformedLine(
                    line: number, text: line, reason: "expected \(count) numbers, found \(parsed.count)")
            }
            return parsed
        }
        let keyword = fields[0].uppercased()
        switch keyword {
        case "TITLE":
            title = line.dropFirst(5).trimmingCharacters(in: .whitespaces).trimmingCharacters(
                in: CharacterSet(charactersIn: "\""))
        case "LUT_1D_SIZE", "LUT_3D_SIZE":
            guard size == nil else {
                throw .malformedLine(line: number, text: line, reason: "the size is given twice")
            }
            guard fields.count == 2, let count = Int(fields[1]) else {
                throw .malformedLine(line: number, text: line, reason: "expected one whole number")
            }
            let threeDimensional = keyword == "LUT_3D_SIZE"
            // Refused here, before any entry is read: a declared 256³ would otherwise be read in full.
            let allowed = threeDimensional ? ColorLookupTable.allowed3DSizes : ColorLookupTable.allowed1DSizes
            guard allowed.contains(count) else { throw .sizeOutOfRange(count, allowed: allowed) }
            size = (count, threeDimensional)
            values.reserveCapacity(threeDimensional ? count * count * count : count)
        case "DOMAIN_MIN":
            domainMin = try numbers(fields.dropFirst(), count: 3)
        case "DOMAIN_MAX":
            domainMax = try numbers(fields.dropFirst(), count: 3)
        case "LUT_1D_INPUT_RANGE", "LUT_3D_INPUT_RANGE":
            guard fields.count == 3 else {
                throw .malformedLine(line: number, text: line, reason: "expected two numbers")
            }
            let range = try numbers(fields.dropFirst(), count: 2)
            domainMin = [range[0], range[0], range[0]]
            domainMax = [range[1], range[1], range[1]]
        default:
            guard fields[0].first.map({ $0.isNumber || $0 == "-" || $0 == "." || $0 == "+" }) == true else {
                throw .malformedLine(line: number, text: line, reason: "unknown keyword '\(fields[0])'")
            }
            guard let size else {
                throw .malformedLine(line: number, text: line, reason: "an entry before LUT_1D_SIZE or LUT_3D_SIZE")
            }
            let expected = size.threeDimensional ? size.count * size.count * size.count : size.count
            guard values.count < expected else { throw .tooManyEntries(expected: expected, line: number) }
            values.append(try numbers(fields[...], count: 3))
        }
    }
}
