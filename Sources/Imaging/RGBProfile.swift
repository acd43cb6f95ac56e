import Foundation

/// A matrix/TRC RGB colour space, written as a compact ICC v4 profile (about 500 bytes): the
/// profiles the SDK embeds in what it writes, and the ones it gives files that declare their
/// colour space without a profile (EXIF's Adobe RGB, PNG's `cHRM`/`gAMA` and `cICP` chunks).
struct RGBProfile: Sendable {
    /// A tone curve: an ICC `para` curve.
    enum Curve: Sendable, Hashable {
        /// sRGB's (also Display P3's): linear toe, then exponent 2.4.
        case sRGB
        /// A pure power: decoded = encoded ^ exponent.
        case gamma(Double)
        /// BT.709's (also BT.2020's): linear toe, then exponent 1 / 0.45.
        case bt709
    }

    /// x, y of red, green, blue and the white point.
    let red: (Double, Double)
    let green: (Double, Double)
    let blue: (Double, Double)
    let white: (Double, Double)
    let curve: Curve
    let name: String
    /// The profile's bytes.
    let bytes: [UInt8]

    init(
        red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double),
        curve: Curve, name: String
    ) {
        self.red = red
        self.green = green
        self.blue = blue
        self.white = white
        self.curve = curve
        self.name = name
        bytes = Self.encode(red: red, green: green, blue: blue, white: white, curve: curve, name: name)
    }

    static let d65 = (0.3127, 0.3290)

    static let sRGB = RGBProfile(
        red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: d65, curve: .sRGB, name: "sRGB")
    static let displayP3 = RGBProfile(
        red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65, curve: .sRGB,
        name: "Display P3")
    static let adobeRGB = RGBProfile(
        red: (0.64, 0.33), green: (0.21, 0.71), blue: (0.15, 0.06), white: d65, curve: .gamma(563.0 / 256),
        name: "Adobe RGB (1998) compatible")

    private static func encode(
        red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double),
        curve: Curve, name: String
    ) -> [UInt8] {
        let adaptation = bradford(from: xyz(white), to: pcsWhite)
        let colorants = multiply(adaptation, rgbToXYZ(red: red, green: green, blue: blue, white: white))
        var tags: [(String, [UInt8])] = [
            ("desc", Self.mluc(name)), ("cprt", Self.mluc("No copyright, use freely")),
            ("wtpt", Self.xyzTag(Self.pcsWhite)),
            ("chad", Array("sf32".utf8) + [0, 0, 0, 0] + adaptation.flatMap { $0.flatMap(Self.fixed) }),
        ]
        for (index, name) in ["rXYZ", "gXYZ", "bXYZ"].enumerated() {
            tags.append((name, Self.xyzTag(colorants.map { $0[index] })))
        }
        let trc = Self.para(curve)
        tags += [("rTRC", trc), ("gTRC", trc), ("bTRC", trc)]
        return assemble(tags)
    }

    /// A grey ICC v4 profile (white point D50, as the PCS's) whose tone curve is `curve`: the
    /// profile the SDK gives a grey PNG that declares its gamma.
    static func grey(curve: Curve, name: String) -> [UInt8] {
        assemble(
            [
                ("desc", Self.mluc(name)), ("cprt", Self.mluc("No copyright, use freely")),
                ("wtpt", Self.xyzTag(Self.pcsWhite)), ("kTRC", Self.para(curve)),
            ], colourSpace: "GRAY")
    }

    // MARK: - ICC encoding

    private static let pcsWhite = [0.9642, 1.0, 0.8249]

    /// Header, tag table and tag data; the three TRC tags share one copy.
    private static func assemble(_ tags: [(String, [UInt8])], colourSpace: String = "RGB ") -> [UInt8] {
        var data: [UInt8] = []
        var entries: [(String, Int, Int)] = []
        var stored: [[UInt8]: Int] = [:]
        let dataStart = 128 + 4 + 12 * tags.count
        for (signature, body) in tags {
            if let offset = stored[body] {
                entries.append((signature, offset, body.count))
                continue
            }
            stored[body] = dataStart + data.count
            entries.append((signature, dataStart + data.count, body.count))
            data += body
            while data.count % 4 != 0 { data.append(0) }
        }
        var header = [UInt8](repeating: 0, count: 128)
        func put(_ value: [UInt8], at offset: Int) {
            header.replaceSubrange(offset..<offset + value.count, with: value)
        }
        put(be32(dataStart + data.count), at: 0)
        put([0x04, 0x30, 0, 0], at: 8)
        put(Array("mntr\(colourSpace)XYZ ".utf8), at: 12)
        put(be16(2026) + be16(1) + be16(1) + be16(0) + be16(0) + be16(0), at: 24)
        put(Array("acsp".utf8), at: 36)
        put(pcsWhite.flatMap(fixed), at: 68)
        var table = be32(tags.count)
        for (signature, offset, size) in entries { table += Array(signature.utf8) + be32(offset) + be32(size) }
        return header + table + data
    }

    private static func be32(_ value: Int) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
    private static func be16(_ value: Int) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }
    /// An s15Fixed16 number; out-of-range values (from a file's implausible chromaticities) are
    /// clamped, not trapped on.
    private static func fixed(_ value: Double) -> [UInt8] {
        be32(value.isFinite ? Int((min(max(value, -32768), 32767) * 65536).rounded()) : 0)
    }

    private static func xyzTag(_ xyz: [Double]) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + xyz.flatMap(fixed) }

    private static func mluc(_ text: String) -> [UInt8] {
        let utf16 = text.utf16.flatMap { be16(Int($0)) }
        return Array("mluc".utf8) + [0, 0, 0, 0] + be32(1) + be32(12) + Array("enUS".utf8) + be32(utf16.count)
            + be32(28) + utf16
    }

    private static func para(_ curve: Curve) -> [UInt8] {
        let (function, parameters): (Int, [Double])
        switch curve {
        case .sRGB: (function, parameters) = (3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        case .gamma(let exponent): (function, parameters) = (0, [exponent])
        case .bt709: (function, parameters) = (3, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
        }
        return Array("para".utf8) + [0, 0, 0, 0] + be16(function) + [0, 0] + parameters.flatMap(fixed)
    }

    // MARK: - Colorimetry

    private static func xyz(_ xy: (Double, Double)) -> [Double] { [xy.0 / xy.1, 1, (1 - xy.0 - xy.1) / xy.1] }

    /// Columns: the XYZ of full red, green and blue, scaled so that they add up to the white point.
    private static func rgbToXYZ(
        red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double)
    ) -> [[Double]] {
        let primaries = [xyz(red), xyz(green), xyz(blue)]
        let matrix = (0..<3).map { row in primaries.map { $0[row] } }
        let scale = multiply(invert(matrix), [xyz(white)].transposed)
        return (0..<3).map { row in (0..<3).map { column in matrix[row][column] * scale[column][0] } }
    }

    /// The Bradford chromatic adaptation from white `source` to white `target` (as ICC's `chad`).
    private static func bradford(from source: [Double], to target: [Double]) -> [[Double]] {
        let cone = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
        let from = multiply(cone, [source].transposed)
        let to = multiply(cone, [target].transposed)
        let scale = (0..<3).map { row in (0..<3).map { $0 == row ? to[row][0] / from[row][0] : 0 } }
        return multiply(invert(cone), multiply(scale, cone))
    }

    private static func multiply(_ left: [[Double]], _ right: [[Double]]) -> [[Double]] {
        left.map { row in (0..<right[0].count).map { column in zip(row, right).reduce(0) { $0 + $1.0 * $1.1[column] } }
        }
    }

    private static func invert(_ m: [[Double]]) -> [[Double]] {
        let determinant =
            m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
        let cofactors = (0..<3).map { row in
            (0..<3).map { column in
                let rows = (0..<3).filter { $0 != column }
                let columns = (0..<3).filter { $0 != row }
                let minor =
                    m[rows[0]][columns[0]] * m[rows[1]][columns[1]] - m[rows[0]][columns[1]] * m[rows[1]][columns[0]]
                return ((row + column) % 2 == 0 ? minor : -minor) / determinant
            }
        }
        return cofactors
    }
}

extension Array where Element == [Double] {
    fileprivate var transposed: [[Double]] { (0..<(first?.count ?? 0)).map { column in map { $0[column] } } }
}
