import FilmKit
import Foundation
import Imaging
import Testing

/// A 3D lookup table gives the colours of an independent tetrahedral interpolation written here,
/// blended with the original by its intensity.
@Suite("Lookup tables: against a tetrahedral reference")
struct LUTReferenceTests {
    /// A 17³ table that is far from the identity in every direction, over a domain wider than
    /// 0…1 in green: a warm, contrasty, channel-mixing grade.
    static let table: ColorLookupTable = {
        let size = 17
        var values: [[Double]] = []
        for blue in 0..<size {
            for green in 0..<size {
                for red in 0..<size {
                    let (r, g, b) = (Double(red) / 16, Double(green) / 16 * 1.2, Double(blue) / 16)
                    values.append([
                        0.9 * pow(r, 0.8) + 0.08 * b, min(1, pow(g, 1.3) + 0.05 * r), 0.3 * r + 0.65 * b * b,
                    ])
                }
            }
        }
        return try! ColorLookupTable(
            entries: .threeDimensional(size: size, values: values), domainMax: [1, 1.2, 1])
    }()

    /// The table's entries (``ColorLookupTable/entries`` makes them on each access).
    static let entries: [[Double]] = {
        guard case .threeDimensional(_, let values) = table.entries else { return [] }
        return values
    }()

    /// Every red and green level (every other one at each pixel) against eight blue ones, 128 × 128
    /// pixels.
    static func colours() throws -> Image {
        var samples: [UInt8] = []
        for y in 0..<128 {
            for x in 0..<128 {
                samples += [UInt8(2 * x + y % 2), UInt8(2 * y + x % 2), UInt8((x / 16 * 37 + y / 32 * 71) % 256)]
            }
        }
        return try Image(pixels: PixelBuffer(width: 128, height: 128, bands: 3, samples: samples))
    }

    /// What the separate table operation made of one pixel: tetrahedral interpolation of the
    /// table (Kasson et al., 1995) in double precision, mixed with the pixel by `intensity`.
    static func reference(_ pixel: [UInt8], intensity: Double) -> [Double] {
        let size = table.size
        let values = entries
        var cell = [0, 0, 0]
        var fraction = [0.0, 0, 0]
        for c in 0..<3 {
            let span = table.domainMax[c] - table.domainMin[c]
            let position = min(max((Double(pixel[c]) / 255 - table.domainMin[c]) / span, 0), 1) * Double(size - 1)
            cell[c] = min(Int(position), size - 2)
            fraction[c] = position - Double(cell[c])
        }
        func corner(_ dr: Int, _ dg: Int, _ db: Int) -> [Double] {
            values[((cell[2] + db) * size + cell[1] + dg) * size + cell[0] + dr]
        }
        // The corners from (0,0,0) to (1,1,1) along the channels in decreasing fraction.
        let order = (0..<3).sorted { fraction[$0] > fraction[$1] }
        var step = [0, 0, 0]
        var mapped = corner(0, 0, 0).map { $0 * (1 - fraction[order[0]]) }
        for (rank, channel) in order.enumerated() {
            step[channel] = 1
            let weight = fraction[channel] - (rank < 2 ? fraction[order[rank + 1]] : 0)
            mapped = zip(mapped, corner(step[0], step[1], step[2])).map { $0 + weight * $1 }
        }
        return (0..<3).map { c in
            let level = (255 * min(max(mapped[c], 0), 1)).rounded()
            return Double(pixel[c]) * (1 - intensity) + level * intensity
        }
    }

    @Test(arguments: [1.0, 0.6])
    func aThreeDimensionalTableMatchesTheReferenceWithinOneLevel(intensity: Double) throws {
        let input = try Self.colours()
        let output = try LookupTableFilter(table: Self.table, intensity: intensity).apply(to: input).pixels()
        let pixels = try input.pixels()
        var worst = 0.0
        for y in 0..<128 {
            for x in 0..<128 {
                let pixel = (0..<3).map { pixels[x, y, $0] }
                let expected = Self.reference(pixel, intensity: intensity)
                for c in 0..<3 { worst = max(worst, abs(Double(output[x, y, c]) - expected[c])) }
            }
        }
        #expect(worst <= 1)
    }
}
