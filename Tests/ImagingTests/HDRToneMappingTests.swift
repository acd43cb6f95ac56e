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

    /// zlib's own `crc32`, from the libz libvips' PNG reader links against: the chunks the tests
    /// write carry the CRC the readers check.
    static let zlibCRC32: @convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt = {
        let zlib = dlopen("libz.so.1", RTLD_NOW)
        guard let symbol = dlsym(zlib, "crc32") else { fatalError("zlib's crc32: \(String(cString: dlerror()))") }
        return unsafeBitCast(symbol, to: (@convention(c) (UInt, UnsafePointer<UInt8>?, UInt32) -> UInt).self)
    }()

    /// A PNG chunk: length, type, body and zlib's CRC-32 of type and body.
    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        let crc = typed.withUnsafeBufferPointer { zlibCRC32(0, $0.baseAddress, UInt32($0.count)) }
        return PNGBytes.bigEndian(UInt32(body.count)) + typed + PNGBytes.bigEndian(UInt32(crc))
    }

    /// An `mDCv` chunk: BT.2020 primaries and D65 (× 50,000), then `peak` and 0.005 cd/m² (× 10,000).
    static func masteringDisplay(peak: UInt32) -> [UInt8] {
        let points: [UInt16] = [35400, 14600, 8500, 39850, 6550, 2300, 15635, 16450]
        let body = points.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } + PNGBytes.bigEndian(peak * 10_000)
        return chunk("mDCv", body + PNGBytes.bigEndian(50))
    }

    /// A `cLLi` chunk: MaxCLL `peak` and MaxFALL a fifth of it (× 10,000 cd/m²).
    static func contentLight(peak: UInt32) -> [UInt8] {
        chunk("cLLi", PNGBytes.bigEndian(peak * 10_000) + PNGBytes.bigEndian(peak * 2_000))
    }

    /// `png` with `chunks` inserted after its `IHDR` (whose 25 bytes follow the signature).
    static func inserting(_ chunks: [[UInt8]], into png: Data) -> Data {
        let bytes = [UInt8](png)
        return Data(bytes[0..<33] + chunks.joined() + bytes[33...])
    }

    /// PQ content rolls off towards the peak it was mastered to: ITU-R BT.2390's EETF maps from the
    /// mastering display's range (`mDCv`), else from the content's brightest pixel (`cLLi`'s MaxCLL),
    /// else from PQ's whole range, 10,000 cd/m². The expected sRGB codes of grey patches at 20, 100,
    /// 203, 500, 1,000, 2,000 and 4,000 cd/m² were computed from ST 2084 and BT.2390 §5.4.1 in Python
    /// (as `Benchmarks/colour/hdr_reference.py` writes the EETF, with the peak as its source peak).
    @Test func theMasteringPeakSetsWhereHighlightsRollOff() throws {
        let nits: [Double] = [20, 100, 203, 500, 1000, 2000, 4000]
        let expected: [UInt32: [Double]] = [
            1000: [88.41, 185.74, 228.99, 252.70, 255, 255, 255],
            4000: [88.41, 173.98, 207.92, 237.81, 249.79, 254.35, 255],
            10000: [88.41, 164.32, 195.15, 225.92, 241.50, 250.39, 254.17],
        ]
        // ST 2084's inverse EOTF, as 16-bit codes.
        let (m1, m2, c1, c2, c3) = (
            2610.0 / 16384, 2523.0 / 4096 * 128, 3424.0 / 4096, 2413.0 / 4096 * 32, 2392.0 / 4096 * 32
        )
        let codes = nits.map { light -> UInt16 in
            let y = pow(light / 10_000, m1)
            return UInt16((pow((c1 + c2 * y) / (1 + c3 * y), m2) * 65535).rounded())
        }
        let plain = try Self.png(codes.map { [$0, $0, $0] }, transfer: 16)
        let cases: [(String, [[UInt8]], UInt32)] = [
            ("no metadata", [], 10000),
            ("mDCv 1,000", [Self.masteringDisplay(peak: 1000)], 1000),
            ("mDCv 4,000", [Self.masteringDisplay(peak: 4000)], 4000),
            ("cLLi 1,000 alone", [Self.contentLight(peak: 1000)], 1000),
            ("mDCv 4,000 before cLLi 1,000", [Self.contentLight(peak: 1000), Self.masteringDisplay(peak: 4000)], 4000),
            ("an mDCv peak of 0 (unknown)", [Self.masteringDisplay(peak: 0)], 10000),
            ("an mDCv peak beyond PQ's range", [Self.masteringDisplay(peak: 20000)], 10000),
        ]
        for (name, chunks, peak) in cases {
            let pixels = try Image(data: Self.inserting(chunks, into: plain)).normalizedToSRGB().pixels()
            let got = nits.indices.map { Double(pixels[$0, 0, 1]) }
            let want = try #require(expected[peak])
            #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 1 } && pixels.hasEqualChannels, "\(name): \(got)")
        }
    }

    /// The tone mapper itself refuses a source peak outside PQ's range (the chunks' reader never
    /// passes one): a typed error naming the operation, no image.
    @Test func aPeakOutsidePQsRangeIsRefused() throws {
        let image = try Image(samples16: [38055, 38055, 38055], width: 1, height: 1, bands: 3)
        for peak in [0.5, 20_000, .nan] {
            #expect(throws: ImagingError.self, "\(peak)") { try image.toneMappedToSDR(transfer: 16, peak: peak) }
        }
        #expect(try image.toneMappedToSDR(transfer: 16, peak: 1000).format == .ushort)
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
