import FileSafety
import Foundation

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
            throw .unreadable(path: path, reason: .system(String(cString: strerror(errno))))
        }
        defer { fclose(file) }
        var parser = CubeParser()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 {
                guard ferror(file) == 0 else {
                    throw .unreadable(path: path, reason: .system(String(cString: strerror(errno))))
                }
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
        var text = title.map { "TITLE \"\($0)\"\n" } ?? ""
        text += "LUT_\(isThreeDimensional ? "3D" : "1D")_SIZE \(size)\n"
        text += "DOMAIN_MIN \(domainMin.map { String($0) }.joined(separator: " "))\n"
        text += "DOMAIN_MAX \(domainMax.map { String($0) }.joined(separator: " "))\n"
        for start in stride(from: 0, to: samples.count, by: 3) {
            text += String(format: "%.6f %.6f %.6f\n", samples[start], samples[start + 1], samples[start + 2])
        }
        return text
    }
}

/// Reads `.cube` text a chunk at a time and a line at a time, so that neither a huge file nor a
/// huge declared size is held in memory: every limit is checked the moment it can be.
///
/// An entry line of plain decimals (`0.123456 1 0.5`, what every tool writes) is read straight
/// from the bytes, without making a string; any other line (a keyword, an exponent, a number
/// with more digits than a `Double` holds exactly, something malformed) goes through the general
/// parser, which is therefore the one place that decides what is refused and how.
struct CubeParser {
    private var title: String?
    private var size: (count: Int, threeDimensional: Bool)?
    private var expectedEntries = 0
    private var domainMin = [0.0, 0, 0]
    private var domainMax = [1.0, 1, 1]
    /// The entries so far, three numbers each.
    private var samples: [Double] = []
    /// The start of a line the previous chunk ended in the middle of.
    private var line: [UInt8] = []
    private var lineNumber = 0

    /// Takes the next bytes of the file.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(LUTError) {
        var failure: LUTError?
        let fed: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            do throws(LUTError) { try feedBuffer(buffer) } catch { failure = error }
        }
        if fed == nil {
            [UInt8](bytes).withUnsafeBufferPointer { buffer in
                do throws(LUTError) { try feedBuffer(buffer) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Takes the next bytes of the file.
    mutating func feedBuffer(_ bytes: UnsafeBufferPointer<UInt8>) throws(LUTError) {
        var start = 0
        while start < bytes.count {
            let newline = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start).map {
                bytes.baseAddress!.distance(to: $0.assumingMemoryBound(to: UInt8.self))
            }
            let end = newline ?? bytes.count
            // The line limit is checked before the line's bytes are kept.
            guard line.count + (end - start) <= ColorLookupTable.maximumCubeLineLength else {
                let kept = line + bytes[start..<min(end, start + 40)]
                throw .malformedLine(
                    line: lineNumber + 1, text: String(decoding: kept.prefix(40), as: UTF8.self) + "…",
                    reason: .lineTooLong(limit: ColorLookupTable.maximumCubeLineLength))
            }
            guard newline != nil else {
                line.append(contentsOf: bytes[start..<end])
                return
            }
            if line.isEmpty {
                try endLine(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            } else {
                line.append(contentsOf: bytes[start..<end])
                let whole = line
                line.removeAll(keepingCapacity: true)
                try whole.withUnsafeBufferPointer { buffer throws(LUTError) in try endLine(buffer) }
            }
            start = end + 1
        }
    }

    /// Ends the file and builds the table.
    mutating func finish() throws(LUTError) -> ColorLookupTable {
        if !line.isEmpty {
            let whole = line
            line.removeAll()
            try whole.withUnsafeBufferPointer { buffer throws(LUTError) in try endLine(buffer) }
        }
        guard let size else { throw .missingSize }
        return try ColorLookupTable(
            size: size.count, threeDimensional: size.threeDimensional, samples: samples, domainMin: domainMin,
            domainMax: domainMax, title: title)
    }

    private mutating func endLine(_ bytes: UnsafeBufferPointer<UInt8>) throws(LUTError) {
        lineNumber += 1
        if size != nil, samples.count < expectedEntries * 3, let entry = Self.plainEntry(bytes) {
            samples.append(entry.red)
            samples.append(entry.green)
            samples.append(entry.blue)
            return
        }
        let uncommented = bytes.split(separator: UInt8(ascii: "#"), maxSplits: 1, omittingEmptySubsequences: false)
        let text = String(decoding: uncommented.first ?? bytes[0..<0], as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: " \t\r"))
        if text.isEmpty { return }
        try parse(text)
    }

    /// The three numbers of an entry line written as plain decimals, with an optional comment, or
    /// `nil` for any other line (left to the general parser).
    private static func plainEntry(_ bytes: UnsafeBufferPointer<UInt8>) -> (red: Double, green: Double, blue: Double)? {
        var entry = (0.0, 0.0, 0.0)
        var count = 0
        var index = 0
        while true {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D {
                index += 1
            }
            if index == bytes.count || bytes[index] == UInt8(ascii: "#") { break }
            guard count < 3, let value = plainDecimal(bytes, at: &index) else { return nil }
            switch count {
            case 0: entry.0 = value
            case 1: entry.1 = value
            default: entry.2 = value
            }
            count += 1
        }
        return count == 3 ? entry : nil
    }

    /// A number `[+-]digits[.digits]` starting at `index` and ending at a blank, a `#` or the end
    /// of the line, with at most 15 significant digits and 22 decimals: then both the digits and
    /// the power of ten are exact in a `Double`, so one division rounds correctly, as `Double(_:)`
    /// does. `nil` for anything else.
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Double? {
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var decimals = 0
        var digits = 0
        var point = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard !point else { return nil }
                point = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
                if point { decimals += 1 }
                if mantissa != 0 || byte != UInt8(ascii: "0") { significant += 1 }
                guard significant <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == UInt8(ascii: "#") {
                break
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, decimals <= 22 else { return nil }
        // 10ⁿ = 2ⁿ·5ⁿ with 5²² < 2⁵³: every power up to 10²² is exact, and so is each product here.
        var power = 1.0
        for _ in 0..<decimals { power *= 10 }
        let magnitude = Double(mantissa) / power
        return negative ? -magnitude : magnitude
    }

    private mutating func parse(_ line: String) throws(LUTError) {
        let number = lineNumber
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
        func numbers(_ slice: ArraySlice<String>, count: Int) throws(LUTError) -> [Double] {
            var parsed: [Double] = []
            for text in slice {
                guard let value = Double(text), value.isFinite else {
                    throw .malformedLine(line: number, text: line, reason: .notANumber(text))
                }
                // The kernels compute in single precision: a number that is finite only as a
                // Double (1e39) would become infinite there.
                guard Float(value).isFinite else {
                    throw .malformedLine(
                        line: number, text: line, reason: .outsideSinglePrecision(text))
                }
                parsed.append(value)
            }
            guard parsed.count == count else {
                throw .malformedLine(
                    line: number, text: line, reason: .wrongNumberCount(expected: count, found: parsed.count))
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
                throw .malformedLine(line: number, text: line, reason: .sizeGivenTwice)
            }
            guard fields.count == 2, let count = Int(fields[1]) else {
                throw .malformedLine(line: number, text: line, reason: .sizeNotAWholeNumber)
            }
            let threeDimensional = keyword == "LUT_3D_SIZE"
            // Refused here, before any entry is read: a declared 256³ would otherwise be read in full.
            expectedEntries = try ColorLookupTable.entryCount(size: count, threeDimensional: threeDimensional)
            size = (count, threeDimensional)
            samples.reserveCapacity(expectedEntries * 3)
        case "DOMAIN_MIN":
            domainMin = try numbers(fields.dropFirst(), count: 3)
        case "DOMAIN_MAX":
            domainMax = try numbers(fields.dropFirst(), count: 3)
        case "LUT_1D_INPUT_RANGE", "LUT_3D_INPUT_RANGE":
            guard fields.count == 3 else {
                throw .malformedLine(
                    line: number, text: line, reason: .wrongNumberCount(expected: 2, found: fields.count - 1))
            }
            let range = try numbers(fields.dropFirst(), count: 2)
            domainMin = [range[0], range[0], range[0]]
            domainMax = [range[1], range[1], range[1]]
        default:
            guard fields[0].first.map({ $0.isNumber || $0 == "-" || $0 == "." || $0 == "+" }) == true else {
                throw .malformedLine(line: number, text: line, reason: .unknownKeyword(fields[0]))
            }
            guard size != nil else {
                throw .malformedLine(line: number, text: line, reason: .entryBeforeSize)
            }
            guard samples.count < expectedEntries * 3 else {
                throw .tooManyEntries(expected: expectedEntries, line: number)
            }
            samples += try numbers(fields[...], count: 3)
        }
    }
}
