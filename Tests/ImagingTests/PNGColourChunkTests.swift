import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// PNG's own colour chunks, which libvips does not read: `cICP` and `cHRM` + `gAMA` declare the
/// space of a PNG without an embedded profile, and the ingest path converts from it. LittleCMS,
/// reading the scene through the space's profile, is the reference.
@Suite("PNG colour chunks")
struct PNGColourChunkTests {
    /// A declaration and the space it names.
    struct Declaration: Sendable, CustomStringConvertible {
        let name: String
        let space: LittleCMS.RGBSpace
        let chunks: [PNGChunks.Chunk]
        var description: String { name }
    }

    static let declarations = [
        Declaration(name: "cICP Display P3", space: .displayP3, chunks: [.codePoints(12, 13, 0, 1)]),
        Declaration(name: "cICP BT.2020", space: .rec2020, chunks: [.codePoints(9, 1, 0, 1)]),
        Declaration(name: "cICP BT.2020 (12-bit transfer code)", space: .rec2020, chunks: [.codePoints(9, 15, 0, 1)]),
        Declaration(
            name: "cHRM + gAMA Adobe RGB", space: .adobeRGB,
            chunks: [.gamma(45471), .chromaticities([31270, 32900, 64000, 33000, 21000, 71000, 15000, 6000])]),
    ]

    /// `scene` as a PNG holding only `chunks` as its colour chunks (the profile every encoder
    /// embeds removed).
    private func png(_ scene: Image, _ chunks: [PNGChunks.Chunk]) throws -> Data {
        try PNGChunks.replacingColourChunks(in: scene.encoded(as: .png()), with: chunks)
    }

    @Test(arguments: declarations, [8, 16])
    func aDeclaredSpaceIsConverted(declaration: Declaration, depth: Int) throws {
        let cms = try LittleCMS.shared.get()
        let scene = try ColourScene.image(in: declaration.space, depth: depth, cms: cms)
        let reference = try ColourScene.patchColours(scene, cms: cms)
        let loaded = try Image(data: png(scene, declaration.chunks))
        #expect(!loaded.isInWorkingSpace)

        let working = try loaded.normalizedToSRGB()

        let difference = try ColourScene.largestDifference(
            ColourScene.patchColours(working, cms: cms), reference, cms: cms)
        #expect(difference <= 1, "ΔE2000 \(difference)")
    }

    @Test func aFileIsReadAsBytesAre() throws {
        let cms = try LittleCMS.shared.get()
        let scene = try ColourScene.image(in: .displayP3, depth: 8, cms: cms)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("p3.png")
        try png(scene, [.codePoints(12, 13, 0, 1)]).write(to: file)

        let fromFile = try Image(contentsOf: file)
        let thumbnail = try Image.thumbnail(contentsOf: file, width: 64)

        let reference = try ColourScene.patchColours(scene, cms: cms)
        for image in [fromFile, thumbnail] {
            // (A thumbnail is read sequentially, once: the patches read it band by band.)
            let difference = try ColourScene.largestDifference(
                ColourScene.patchColours(image.normalizedToSRGB().materialized(), cms: cms), reference, cms: cms)
            #expect(difference <= 1, "ΔE2000 \(difference)")
        }
    }

    @Test func precedenceFollowsThePNGSpecification() throws {
        let cms = try LittleCMS.shared.get()
        let scene = try ColourScene.image(in: .sRGB, depth: 8, embedProfile: false, cms: cms)
        let adobe: [PNGChunks.Chunk] = [
            .gamma(45471), .chromaticities([31270, 32900, 64000, 33000, 21000, 71000, 15000, 6000]),
        ]
        // An sRGB chunk wins over cHRM and gAMA.
        #expect(try Image(data: png(scene, adobe + [.sRGB])).isInWorkingSpace)
        // So does an embedded profile.
        let p3Profile = try cms.profile(.displayP3)
        let embedded = try Image(data: png(scene, adobe + [.profile(p3Profile)]))
        #expect(embedded.iccProfile == p3Profile)
        // cICP wins over the embedded profile.
        let adobeProfile = try cms.profile(.adobeRGB)
        let coded = try Image(data: png(scene, [.profile(adobeProfile), .codePoints(12, 13, 0, 1)]))
        #expect(coded.iccProfile != nil && coded.iccProfile != adobeProfile)
        // sRGB declared either way, or libpng's 1 / 2.2 with sRGB's chromaticities: nothing to convert.
        for chunks: [PNGChunks.Chunk] in [
            [.codePoints(1, 13, 0, 1)], [.gamma(45455)],
            [.gamma(45455), .chromaticities([31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000])],
        ] {
            #expect(try Image(data: png(scene, chunks)).isInWorkingSpace, "\(chunks)")
        }
    }

    @Test func implausibleOrUnknownChunksDeclareNothing() throws {
        let cms = try LittleCMS.shared.get()
        let scene = try ColourScene.image(in: .sRGB, depth: 8, embedProfile: false, cms: cms)
        let hostile: [[PNGChunks.Chunk]] = [
            [.chromaticities([UInt32](repeating: 0, count: 8))],
            [.chromaticities([UInt32](repeating: .max, count: 8))],
            // All primaries on one line; the white point outside the triangle.
            [.chromaticities([31270, 32900, 10000, 10000, 20000, 20000, 30000, 30000])],
            [.chromaticities([90000, 5000, 64000, 33000, 30000, 60000, 15000, 6000])],
            [.gamma(0)], [.gamma(.max)],
            [.codePoints(12, 13, 1, 1)], [.codePoints(12, 13, 0, 0)], [.codePoints(200, 13, 0, 1)],
            [.raw("cHRM", [1, 2, 3])], [.raw("gAMA", [])], [.raw("cICP", [12, 13, 0, 1, 0])],
        ]
        for chunks in hostile {
            let image = try Image(data: png(scene, chunks))
            #expect(image.iccProfile == nil && image.isInWorkingSpace, "\(chunks)")
        }
        // A chunk whose length runs past the end of the file: the walk stops, nothing declared.
        var truncated = try png(scene, [.codePoints(12, 13, 0, 1)])
        truncated.replaceSubrange(33..<37, with: [0x7F, 0xFF, 0xFF, 0xFF])
        #expect((try? Image(data: truncated))?.iccProfile == nil)
    }
}

/// What a PNG declares beyond RGB's matrix/TRC spaces: a grey PNG's `gAMA` (HDR transfers:
/// `HDRToneMappingTests`).
@Suite("PNG grey gamma")
struct PNGGreyGammaTests {
    @Test(arguments: [8, 16])
    func aGreyPNGsGammaIsHonoured(depth: Int) throws {
        let grey =
            depth == 8
            ? try Image.solid(width: 8, height: 8, value: [128])
            : try Image(samples16: Array(repeating: 128 * 257, count: 64), width: 8, height: 8, bands: 1)
        let encoded = try PNGChunks.replacingColourChunks(in: grey.encoded(as: .png()), with: [.gamma(100_000)])
        let loaded = try Image(data: encoded)
        #expect(loaded.iccProfile != nil)
        // Linear light: 50 % is sRGB's 188.
        let pixel = try loaded.normalizedToSRGB().pixels()
        #expect(abs(Int(pixel[0, 0, 0]) - 188) <= 2 && pixel.hasEqualChannels, "\(pixel[0, 0, 0])")
        // libpng's 1 / 2.2, an sRGB chunk or an implausible gamma: the working space's grey, as before.
        for chunks: [PNGChunks.Chunk] in [[.gamma(45455)], [.gamma(100_000), .sRGB], [.gamma(0)], [.gamma(.max)]] {
            let plain = try Image(data: PNGChunks.replacingColourChunks(in: grey.encoded(as: .png()), with: chunks))
            #expect(plain.iccProfile == nil, "\(chunks)")
            #expect(try plain.normalizedToSRGB().pixels().samples.allSatisfy { $0 == 128 }, "\(chunks)")
        }
    }
}

/// Rewrites a PNG's chunks, for tests.
enum PNGChunks {
    /// A chunk to insert after `IHDR`.
    enum Chunk: Sendable, CustomStringConvertible {
        case codePoints(UInt8, UInt8, UInt8, UInt8)
        /// White, red, green, blue; x then y, × 100 000.
        case chromaticities([UInt32])
        /// The encoding exponent × 100 000.
        case gamma(UInt32)
        case sRGB
        /// An `iCCP` chunk holding `profile`.
        case profile([UInt8])
        case raw(String, [UInt8])

        var description: String {
            switch self {
            case .codePoints(let a, let b, let c, let d): "cICP \(a) \(b) \(c) \(d)"
            case .chromaticities(let values): "cHRM \(values)"
            case .gamma(let value): "gAMA \(value)"
            case .sRGB: "sRGB"
            case .profile: "iCCP"
            case .raw(let type, let body): "\(type) \(body.count) bytes"
            }
        }

        var typeAndBody: (String, [UInt8]) {
            switch self {
            case .codePoints(let a, let b, let c, let d): ("cICP", [a, b, c, d])
            case .chromaticities(let values): ("cHRM", values.flatMap(PNGBytes.bigEndian))
            case .gamma(let value): ("gAMA", PNGBytes.bigEndian(value))
            case .sRGB: ("sRGB", [0])
            case .profile(let bytes): ("iCCP", Array("icc".utf8) + [0, 0] + PNGChunks.deflateStored(bytes))
            case .raw(let type, let body): (type, body)
            }
        }
    }

    static let colourTypes: Set<String> = ["iCCP", "sRGB", "gAMA", "cHRM", "cICP"]

    static func replacingColourChunks(in png: Data, with chunks: [Chunk]) throws -> Data {
        let bytes = [UInt8](png)
        var output = Array(bytes[0..<8])
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let end = offset + 12 + length
            try #require(end <= bytes.count)
            if !colourTypes.contains(type) { output += bytes[offset..<end] }
            if type == "IHDR" {
                for chunk in chunks {
                    let (name, body) = chunk.typeAndBody
                    output += PNGBytes.chunk(name, body)
                }
            }
            offset = end
        }
        return Data(output)
    }

    /// `bytes` as a zlib stream of stored (uncompressed) deflate blocks.
    static func deflateStored(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, bytes.count - offset)
            let last: UInt8 = offset + count == bytes.count ? 1 : 0
            output += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            output += bytes[offset..<offset + count]
            offset += count
        } while offset < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return output + PNGBytes.bigEndian(b << 16 | a)
    }
}
