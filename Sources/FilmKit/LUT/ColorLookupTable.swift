import Foundation

/// A colour lookup table, as film-emulation looks are exchanged: one curve per channel (1D) or a
/// cube of colours (3D). Values are 0…1 over the domain `domainMin`…`domainMax`.
public struct ColorLookupTable: Sendable, Hashable {
    /// The table's shape and entries.
    public enum Entries: Sendable, Hashable {
        /// `size` RGB entries, one curve per channel.
        case oneDimensional(size: Int, values: [[Double]])
        /// `size³` RGB entries, red varying fastest, then green, then blue.
        case threeDimensional(size: Int, values: [[Double]])
    }

    /// The entries.
    public var entries: Entries
    /// The input value each channel's first entry stands for.
    public var domainMin: [Double]
    /// The input value each channel's last entry stands for.
    public var domainMax: [Double]
    /// A title, from the file.
    public var title: String?

    /// Creates a table, checking its size and entry count.
    public init(
        entries: Entries, domainMin: [Double] = [0, 0, 0], domainMax: [Double] = [1, 1, 1], title: String? = nil
    )
        throws(LUTError)
    {
        switch entries {
        case .oneDimensional(let size, let values):
            guard (2...65_536).contains(size) else { throw .sizeOutOfRange(size, allowed: 2...65_536) }
            guard values.count == size else { throw .wrongEntryCount(expected: size, found: values.count) }
        case .threeDimensional(let size, let values):
            guard (2...65).contains(size) else { throw .sizeOutOfRange(size, allowed: 2...65) }
            guard values.count == size * size * size else {
                throw .wrongEntryCount(expected: size * size * size, found: values.count)
            }
        }
        guard domainMin.count == 3, domainMax.count == 3, zip(domainMin, domainMax).allSatisfy({ $0 < $1 }) else {
            throw .invalidDomain
        }
        self.entries = entries
        self.domainMin = domainMin
        self.domainMax = domainMax
        self.title = title
    }

    /// The identity table of a size: a round trip through it changes nothing.
    public static func identity(size: Int, threeDimensional: Bool = true) throws(LUTError) -> ColorLookupTable {
        let step = 1 / Double(size - 1)
        if !threeDimensional {
            return try ColorLookupTable(
                entries: .oneDimensional(
                    size: size, values: (0..<size).map { Array(repeating: Double($0) * step, count: 3) }))
        }
        var values: [[Double]] = []
        values.reserveCapacity(size * size * size)
        for blue in 0..<size {
            for green in 0..<size {
                for red in 0..<size {
                    values.append([Double(red) * step, Double(green) * step, Double(blue) * step])
                }
            }
        }
        return try ColorLookupTable(entries: .threeDimensional(size: size, values: values))
    }
}

/// What is wrong with a lookup table or its file.
public enum LUTError: Error, Sendable, Hashable {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// A line of a `.cube` file cannot be parsed.
    case malformedLine(line: Int, text: String, reason: String)
    /// The file declares no `LUT_1D_SIZE` or `LUT_3D_SIZE`.
    case missingSize
    /// The declared size is outside what the format allows.
    case sizeOutOfRange(Int, allowed: ClosedRange<Int>)
    /// There are more or fewer entries than the size calls for.
    case wrongEntryCount(expected: Int, found: Int)
    /// `DOMAIN_MIN` is not below `DOMAIN_MAX` in every channel.
    case invalidDomain
    /// The image is not a HaldCLUT: its side must be a cube of a whole number (level³ × level³).
    case notAHaldCLUT(width: Int, height: Int)
}

extension LUTError: CustomStringConvertible {
    /// A one-line message for people.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read lookup table \(path): \(reason)"
        case .malformedLine(let line, let text, let reason): "line \(line): \(reason): '\(text)'"
        case .missingSize: "no LUT_1D_SIZE or LUT_3D_SIZE line"
        case .sizeOutOfRange(let size, let allowed):
            "size \(size) is outside \(allowed.lowerBound)…\(allowed.upperBound)"
        case .wrongEntryCount(let expected, let found): "expected \(expected) entries, found \(found)"
        case .invalidDomain: "DOMAIN_MIN must be below DOMAIN_MAX in every channel"
        case .notAHaldCLUT(let width, let height):
            "a \(width)×\(height) image is not a HaldCLUT (level³ × level³ pixels)"
        }
    }
}
