import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

/// A HEIF or AVIF file's `nclx` colour box, which libvips 8.14 ignores: an HDR transfer is
/// tone-mapped, a wide-gamut SDR space is converted from, and a damaged box declares nothing.
@Suite("HEIF nclx colour boxes")
struct HEIFColourBoxTests {
    /// A 64 × 64 AVIF of grey 100, with an `nclx` box saying "unspecified" (2, 2, 6); made with
    /// `vips heifsave --compression av1 --strip`.
    static let avif = Data(
        base64Encoded: """
            AAAAHGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZgAAAOptZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAA\
            AA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAEOAAEAAAAAAAAAGAAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEA\
            AGF2MDEAAAAAamlwcnAAAABLaXBjbwAAABNjb2xybmNseAACAAIABoAAAAAMYXYxQ4EADAAAAAAUaXNwZQAAAAAAAABAAAAAQAAA\
            ABBwaXhpAAAAAAMICAgAAAAXaXBtYQAAAAAAAAABAAEEgYIDhAAAACBtZGF0EgAKCRgVf/2CBAQNCDIJGAAAAEAKBX+o
            """)!

    /// Where the `nclx` box's primaries start.
    static var codePointsOffset: Int {
        let bytes = [UInt8](avif)
        let marker = Array("colrnclx".utf8)
        let start = (0...bytes.count - marker.count).first { Array(bytes[$0..<$0 + marker.count]) == marker }
        return start.map { $0 + marker.count } ?? 0
    }

    /// The AVIF with `primaries` and `transfer` in its `nclx` box.
    static func avif(primaries: UInt8, transfer: UInt8) -> Data {
        var data = avif
        data.replaceSubrange(codePointsOffset..<codePointsOffset + 4, with: [0, primaries, 0, transfer])
        return data
    }

    @Test(arguments: [(UInt8(16), "PQ"), (18, "HLG")])
    func anHDRTransferIsToneMappedAsAPNGsIs(transfer: UInt8, name: String) throws {
        let bytes = Self.avif(primaries: 9, transfer: transfer)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.file("hdr.avif")
        try bytes.write(to: file)
        // The same grey in a PNG that declares the same space in cICP.
        let grey = try Image(data: Self.avif).extractingBands(0, count: 1)
        let png = try PNGChunks.replacingColourChunks(
            in: grey.encoded(as: .png()), with: [.codePoints(9, transfer, 0, 1)])
        let expected = try Image(data: png).normalizedToSRGB().pixels()[0, 0, 0]
        for image in try [Image(data: bytes), Image(contentsOf: file), Image.thumbnail(contentsOf: file, width: 8)] {
            let got = try image.normalizedToSRGB().pixels()
            #expect(abs(Int(got[0, 0, 0]) - Int(expected)) <= 2 && got.hasEqualChannels, "\(name)")
        }
        // Primaries "unspecified" (2): refused, never shown as sRGB.
        #expect {
            try Image(data: Self.avif(primaries: 2, transfer: transfer))
        } throws: { error in
            guard case .unsupportedColorEncoding(let encoding) = error as? ImagingError else { return false }
            return encoding.contains(name) && encoding.contains("nclx")
        }
    }

    @Test func aWideGamutSDRSpaceIsConvertedFromAndUnspecifiedIsSRGB() throws {
        let plain = try Image(data: Self.avif)
        #expect(plain.iccProfile == nil && plain.isInWorkingSpace)
        // Display P3 with sRGB's curve: grey stays grey, through a profile.
        let p3 = try Image(data: Self.avif(primaries: 12, transfer: 13))
        #expect(p3.iccProfile != nil && !p3.isInWorkingSpace)
        let before = try plain.normalizedToSRGB().pixels()
        let after = try p3.normalizedToSRGB().pixels()
        #expect(abs(Int(after[0, 0, 0]) - Int(before[0, 0, 0])) <= 1 && after.hasEqualChannels)
    }

    @Test func aDamagedBoxDeclaresNothing() throws {
        let offset = Self.codePointsOffset
        var damaged: [Data] = []
        // The colr box's size past its parent's end, zero, and 1 (a 64-bit size that is not there).
        for size: [UInt8] in [[0x7F, 0xFF, 0xFF, 0xFF], [0, 0, 0, 0], [0, 0, 0, 1]] {
            var data = Self.avif
            data.replaceSubrange(offset - 16..<offset - 12, with: size)
            damaged.append(data)
        }
        // Primaries and transfer past 255.
        var wide = Self.avif
        wide.replaceSubrange(offset..<offset + 4, with: [1, 0, 0, 16])
        damaged.append(wide)
        for data in damaged {
            // libheif may refuse the damaged file itself; what loads declares nothing.
            if let image = try? Image(data: data) { #expect(image.iccProfile == nil) }
        }
    }
}
