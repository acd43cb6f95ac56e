import Foundation
import PixelTestSupport
import TestSupport
import Testing

@testable import Imaging

/// HDR stills (PQ or HLG in a PNG's `cICP`) are tone-mapped to SDR when loaded (ITU-R BT.2390's
/// EETF to BT.2408's 203 cd/m² reference white, then BT.2020 clipped to sRGB), matching
/// colour-science (`Benchmarks/colour/hdr_reference.py` wrote `hdr-reference.json`).
@Suite("HDR tone mapping")
struct HDRToneMappingTests {
    struct Patch: Decodable, Sendable, CustomStringConvertible {
        let transfer: String
        let name: String
        let codes: [UInt16]
        let sRGB: [Double]
        var description: String { "\(transfer) \(name)" }
    }

    struct Reference: Decodable {
        let patches: [Patch]
    }

    static let reference: [Patch] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Benchmarks/colour/hdr-reference.json")
        guard let data = try? Data(contentsOf: file),
            let reference = try? JSONDecoder().decode(Reference.self, from: data)
        else { return [] }
        return reference.patches
    }()

    /// A 16-bit PNG holding `pixels` (one pixel each, in a row) with `cICP` `primaries`/`transfer`.
    static func png(_ pixels: [[UInt16]], primaries: UInt8 = 9, transfer: UInt8) throws -> Data {
        let bands = pixels.first?.count ?? 3
        let image = try Image(samples16: pixels.flatMap { $0 }, width: pixels.count, height: 1, bands: bands)
        return try PNGChunks.replacingColourChunks(
            in: image.encoded(as: .png()), with: [.codePoints(primaries, transfer, 0, 1)])
    }

    @Test(arguments: [("PQ", UInt8(16)), ("HLG", 18)])
    func everyPatchMatchesColourScience(transfer: String, code: UInt8) throws {
        let patches = Self.reference.filter { $0.transfer == transfer }
        try #require(patches.count >= 8, "hdr-reference.json")
        let loaded = try Image(data: Self.png(patches.map(\.codes), transfer: code))
        #expect(loaded.format == .ushort && loaded.iccProfile != nil)
        let working = try loaded.normalizedToSRGB()
        #expect(working.isInWorkingSpace)
        let pixels = try working.pixels()
        for (x, patch) in patches.enumerated() {
            let got = (0..<3).map { Double(pixels[x, 0, $0]) }
            #expect(zip(got, patch.sRGB).allSatisfy { abs($0 - $1) <= 1 }, "\(patch): \(got) for \(patch.sRGB)")
        }
        // The documented outcomes, read from the reference rather than assumed.
        let byName = Dictionary(uniqueKeysWithValues: zip(patches.map(\.name), 0..<patches.count))
        if let white = byName.first(where: { $0.key.hasPrefix("reference white") })?.value {
            #expect((191...255).contains(pixels[white, 0, 1]), "reference white at 75–100 % of SDR white")
        }
        if transfer == "PQ", let a = byName["highlight 1000 nits"], let b = byName["highlight 2000 nits"],
            let c = byName["highlight 4000 nits"]
        {
            // Rolled off, not clipped: each brighter highlight is still brighter.
            #expect(pixels[a, 0, 1] < pixels[b, 0, 1] && pixels[b, 0, 1] < pixels[c, 0, 1])
        }
    }

    @Test func greyAlphaAndDisplayP3Primaries() throws {
        let white = Self.reference.first { $0.transfer == "PQ" && $0.name.hasPrefix("reference white") }
        let patch = try #require(white)
        let expected = patch.sRGB[1]
        let code = patch.codes[0]
        // Grey, grey + alpha, RGBA: the same grey, alpha kept (composited over white here: opaque).
        for pixel: [UInt16] in [[code], [code, 65535], [code, code, code, 65535]] {
            let loaded = try Image(data: Self.png([pixel, pixel], transfer: 16))
            #expect(loaded.bands == pixel.count)
            let got = try loaded.normalizedToSRGB().pixels()
            #expect(abs(Double(got[0, 0, 0]) - expected) <= 1 && got.hasEqualChannels, "\(pixel.count) bands")
        }
        // Display P3 primaries: white stays neutral.
        let p3 = try Image(data: Self.png([[code, code, code]], primaries: 12, transfer: 16))
        let got = try p3.normalizedToSRGB().pixels()
        #expect(abs(Double(got[0, 0, 1]) - expected) <= 1 && got.hasEqualChannels)
    }

    @Test func everyLoadPathToneMapsAndOtherPrimariesAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let code = UInt16(38055)  // 203 cd/m² in PQ
        let file = directory.file("pq.png")
        try Self.png(Array(repeating: [code, code, code], count: 16), transfer: 16).write(to: file)
        for image in try [Image(contentsOf: file), Image.thumbnail(contentsOf: file, width: 8)] {
            let got = try image.normalizedToSRGB().pixels()
            #expect(abs(Int(got[0, 0, 1]) - 195) <= 1, "\(got[0, 0, 1])")
        }
        // Primaries the SDK does not read, or a matrix PNG forbids: refused, never shown as sRGB.
        for points: (UInt8, UInt8, UInt8) in [(200, 0, 1), (9, 9, 1), (9, 0, 0)] {
            let png = try PNGChunks.replacingColourChunks(
                in: Image(samples16: [code, code, code], width: 1, height: 1, bands: 3).encoded(as: .png()),
                with: [.codePoints(points.0, 16, points.1, points.2)])
            #expect("\(points)") {
                try Image(data: png)
            } throws: { error in
                guard case .unsupportedColorEncoding(let encoding) = error as? ImagingError else { return false }
                return encoding.contains("PQ")
            }
        }
    }
}
