import FileSafety
import Foundation

/// A colour lookup table, as film-emulation looks are exchanged: one curve per channel (1D) or a
/// cube of colours (3D). Values are 0…1 over the domain `domainMin`…`domainMax`.
///
/// A table is checked when it is made and cannot change afterwards, so every table that exists
/// is safe to apply.
public struct ColorLookupTable: Sendable, Hashable {
    /// The table's shape and entries.
    public enum Entries: Sendable, Hashable {
        /// `size` RGB entries, one curve per channel.
        case oneDimensional(size: Int, values: [[Double]])
        /// `size³` RGB entries, red varying fastest, then green, then blue.
        case threeDimensional(size: Int, values: [[Double]])
    }

    // Constants, so that what the initialisers checked stays true. The entries are kept flat,
    // three numbers after another: a 65³ table is one array, not 274 625 small ones, which made
    // reading a `.cube` file three times slower.

    /// Entries per channel (1D) or per side (3D).
    public let size: Int
    /// Whether the table is a cube of colours rather than one curve per channel.
    public let isThreeDimensional: Bool
    /// The entries' red, green and blue, one entry after another (red varying fastest in 3D).
    let samples: [Double]
    /// The input value each channel's first entry stands for.
    public let domainMin: [Double]
    /// The input value each channel's last entry stands for.
    public let domainMax: [Double]
    /// A title, from the file.
    public let title: String?

    /// The entries, as three-number arrays (made on each access: a kernel reads the flat entries).
    public var entries: Entries {
        let values = stride(from: 0, to: samples.count, by: 3).map { Array(samples[$0..<$0 + 3]) }
        return isThreeDimensional
            ? .threeDimensional(size: size, values: values) : .oneDimensional(size: size, values: values)
    }

    /// The sizes a 3D table may have: 65³ entries is the most a `.cube` file can meaningfully hold.
    public static let allowed3DSizes = 2...65
    /// The sizes a 1D table may have.
    public static let allowed1DSizes = 2...65_536

    /// Creates a table, checking its size, its entries and its domain.
    ///
    /// Every number must be finite in single precision, the precision the lookup kernels compute
    /// in (so `1e39` is refused though a `Double` holds it), and in each channel the domain's span,
    /// `Float(domainMax) − Float(domainMin)`, must be a finite, normal, positive number.
    /// - Parameters:
    ///   - entries: the table's shape and entries, three numbers (red, green, blue) each.
    ///   - domainMin: the input value each channel's first entry stands for.
    ///   - domainMax: the input value each channel's last entry stands for.
    ///   - title: a title, from the file.
    /// - Throws: ``LUTError/sizeOutOfRange(_:allowed:)``, ``LUTError/wrongEntryCount(expected:found:)``,
    ///   ``LUTError/invalidEntry(index:reason:)``, ``LUTError/invalidDomain``.
    public init(
        entries: Entries, domainMin: [Double] = [0, 0, 0], domainMax: [Double] = [1, 1, 1], title: String? = nil
    )
        throws(LUTError)
    {
        let (size, threeDimensional, values) =
            switch entries {
            case .oneDimensional(let size, let values): (size, false, values)
            case .threeDimensional(let size, let values): (size, true, values)
            }
        try Self.checkShape(size: size, threeDimensional: threeDimensional, entryCount: values.count)
        var samples: [Double] = []
        samples.reserveCapacity(values.count * 3)
        for (index, entry) in values.enumerated() {
            guard entry.count == 3 else {
                throw .invalidEntry(index: index, reason: .wrongNumberCount(expected: 3, found: entry.count))
            }
            samples += entry
        }
        try self.init(
            size: size, threeDimensional: threeDimensional, samples: samples, domainMin: domainMin,
            domainMax: domainMax, title: title)
    }

    /// Creates a table from its flat entries (three numbers each), with the checks of
    /// ``init(entries:domainMin:domainMax:title:)``.
    init(
        size: Int, threeDimensional: Bool, samples: [Double], domainMin: [Double] = [0, 0, 0],
        domainMax: [Double] = [1, 1, 1], title: String? = nil
    ) throws(LUTError) {
        try Self.checkShape(size: size, threeDimensional: threeDimensional, entryCount: samples.count / 3)
        guard samples.count % 3 == 0 else {
            throw .invalidEntry(
                index: samples.count / 3, reason: .wrongNumberCount(expected: 3, found: samples.count % 3))
        }
        for start in stride(from: 0, to: samples.count, by: 3)
        where
            !(Float(samples[start]).isFinite && Float(samples[start + 1]).isFinite
            && Float(samples[start + 2]).isFinite)
        {
            let entry = Array(samples[start..<start + 3])
            throw .invalidEntry(index: start / 3, reason: .notFinite(entry))
        }
        guard domainMin.count == 3, domainMax.count == 3,
            zip(domainMin, domainMax).allSatisfy({ Self.isUsableSpan(from: $0, to: $1) })
        else { throw .invalidDomain }
        self.size = size
        self.isThreeDimensional = threeDimensional
        self.samples = samples
        self.domainMin = domainMin
        self.domainMax = domainMax
        self.title = title
    }

    /// The number of entries a table of this shape has: `size` (1D) or `size³` (3D).
    /// - Throws: ``LUTError/sizeOutOfRange(_:allowed:)`` for a size outside the allowed ones.
    static func entryCount(size: Int, threeDimensional: Bool) throws(LUTError) -> Int {
        let allowed = threeDimensional ? allowed3DSizes : allowed1DSizes
        guard allowed.contains(size) else { throw .sizeOutOfRange(size, allowed: allowed) }
        return threeDimensional ? size * size * size : size
    }

    private static func checkShape(size: Int, threeDimensional: Bool, entryCount count: Int) throws(LUTError) {
        let expected = try entryCount(size: size, threeDimensional: threeDimensional)
        guard count == expected else { throw .wrongEntryCount(expected: expected, found: count) }
    }

    /// The entries as single-precision numbers, as the lookup kernels read them.
    var singlePrecisionSamples: [Float] { samples.map(Float.init) }

    /// Whether a channel's domain works in the kernels' single precision: both ends finite, and
    /// the span between them finite, normal (not rounded to or near zero) and positive.
    static func isUsableSpan(from low: Double, to high: Double) -> Bool {
        let span = Float(high) - Float(low)
        return Float(low).isFinite && Float(high).isFinite && span.isNormal && span > 0
    }

    /// The identity table of a size: a round trip through it changes nothing.
    /// - Parameters:
    ///   - size: entries per channel: 2…65 for 3D, 2…65 536 for 1D.
    ///   - threeDimensional: a cube rather than one curve per channel.
    /// - Returns: the table.
    /// - Throws: ``LUTError/sizeOutOfRange(_:allowed:)``, before anything is built.
    public static func identity(size: Int, threeDimensional: Bool = true) throws(LUTError) -> ColorLookupTable {
        let count = try entryCount(size: size, threeDimensional: threeDimensional)
        let step = 1 / Double(size - 1)
        var samples: [Double] = []
        samples.reserveCapacity(count * 3)
        for index in 0..<count {
            if threeDimensional {
                samples += [Double(index % size), Double(index / size % size), Double(index / (size * size))].map {
                    $0 * step
                }
            } else {
                samples += Array(repeating: Double(index) * step, count: 3)
            }
        }
        return try ColorLookupTable(size: size, threeDimensional: threeDimensional, samples: samples)
    }
}

/// What is wrong with a lookup table or its file.
public enum LUTError: Error, Sendable, Hashable {
    /// The file could not be read.
    case unreadable(path: String, reason: LUTProblem)
    /// A line of a `.cube` file cannot be parsed.
    case malformedLine(line: Int, text: String, reason: LUTProblem)
    /// The file declares no `LUT_1D_SIZE` or `LUT_3D_SIZE`.
    case missingSize
    /// The declared size is outside what the format allows.
    case sizeOutOfRange(Int, allowed: ClosedRange<Int>)
    /// There are more or fewer entries than the size calls for.
    case wrongEntryCount(expected: Int, found: Int)
    /// A `.cube` file has more entry lines than its size calls for; refused at `line`, the first
    /// one too many, without reading further.
    case tooManyEntries(expected: Int, line: Int)
    /// An entry is not three numbers that are finite in single precision; `index` counts from 0.
    case invalidEntry(index: Int, reason: LUTProblem)
    /// `DOMAIN_MIN` is not below `DOMAIN_MAX` in every channel, or a bound or the span between
    /// them is not a finite, normal number in single precision.
    case invalidDomain
    /// The file is larger than ``ColorLookupTable/maximumCubeFileSize``; nothing more was read.
    case tooLarge(byteCount: Int, limit: Int)
    /// The image is not a HaldCLUT: its side must be a cube of a whole number (level³ × level³).
    case notAHaldCLUT(width: Int, height: Int)
}

extension LUTError: CustomStringConvertible {
    /// A one-line message for people, in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}
