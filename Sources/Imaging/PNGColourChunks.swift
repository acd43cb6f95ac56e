import CVips
import Foundation

/// What a PNG says about its colour space in the chunks libvips 8.14 does not read: `cICP`
/// (coding-independent code points, ITU-T H.273), `cHRM` (chromaticities) and `gAMA` (the
/// encoding exponent), with the `iCCP` and `sRGB` chunks that take precedence over the last two.
///
/// Read from the chunks before the image data, bounded (at most ``chunkLimit`` chunks, fixed
/// chunk sizes, plausible values), so that a damaged or hostile file costs a few small reads and
/// declares nothing rather than failing.
struct PNGColourChunks: Sendable, Equatable {
    /// `cICP`'s colour primaries, transfer function, matrix coefficients and full-range flag.
    var codePoints: [UInt8]?
    /// `cHRM`'s white point and red, green and blue primaries, x then y.
    var chromaticities: [Double]?
    /// `gAMA`'s encoding exponent (0.45455 for the common 1 / 2.2).
    var gamma: Double?
    /// Whether an `iCCP` chunk (the embedded profile libvips reads) is present.
    var hasICCProfile = false
    /// Whether an `sRGB` chunk is present.
    var isSRGB = false

    /// The most chunks read before the image data.
    static let chunkLimit = 1000

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The colour chunks of the PNG `location` holds, or `nil` when it is not a PNG (or cannot
    /// be read).
    static func read(_ location: EncodedSource.Location) -> PNGColourChunks? {
        switch location {
        case .bytes(let data):
            return read { offset, count in
                guard offset >= 0, count >= 0, offset <= data.count - count else { return nil }
                let start = data.startIndex + offset
                return [UInt8](data[start..<start + count])
            }
        case .file(let url):
            let descriptor = FileSystemPath.withCString(url) { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            return read { offset, count in
                var bytes = [UInt8](repeating: 0, count: count)
                let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
                return got == count ? bytes : nil
            }
        }
    }

    /// Walks the chunks through `bytes(offset, count)`, which returns exactly `count` bytes or nil.
    static func read(_ bytes: (Int, Int) -> [UInt8]?) -> PNGColourChunks? {
        guard bytes(0, 8) == signature else { return nil }
        var found = PNGColourChunks()
        var offset = 8
        for _ in 0..<chunkLimit {
            guard let header = bytes(offset, 8) else { break }
            let length = Self.uint32(header, at: 0)
            let type = String(decoding: header[4..<8], as: UTF8.self)
            guard length <= 0x7FFF_FFFF, type != "IDAT", type != "IEND" else { break }
            let body = offset + 8
            switch (type, length) {
            case ("cICP", 4): found.codePoints = bytes(body, 4)
            case ("cHRM", 32):
                found.chromaticities = bytes(body, 32).map { data in
                    (0..<8).map { Double(uint32(data, at: $0 * 4)) / 100_000 }
                }
            case ("gAMA", 4): found.gamma = bytes(body, 4).map { Double(uint32($0, at: 0)) / 100_000 }
            case ("iCCP", _): found.hasICCProfile = true
            case ("sRGB", _): found.isSRGB = true
            default: break
            }
            offset = body + length + 4
        }
        return found
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> Int {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    /// What the chunks declare, by the PNG specification's precedence: a `cICP` this reads wins
    /// over everything (over an embedded profile too); then `iCCP` (libvips reads it) and `sRGB`
    /// (the working space) leave nothing to declare; then `cHRM` and `gAMA`. `nil` when nothing
    /// is declared, or it is sRGB, or it cannot be told as a matrix/TRC profile (an HDR transfer
    /// such as PQ or HLG, implausible chromaticities).
    var declaredProfile: RGBProfile? {
        if let space = codePointSpace { return space }
        guard !hasICCProfile, !isSRGB, chromaticities != nil || gamma != nil else { return nil }
        let s = RGBProfile.sRGB
        let sRGBPoints = [s.white.0, s.white.1, s.red.0, s.red.1, s.green.0, s.green.1, s.blue.0, s.blue.1]
        let points = chromaticities ?? sRGBPoints
        guard Self.arePlausible(points) else { return nil }
        let hasSRGBPrimaries = zip(points, sRGBPoints).allSatisfy { abs($0 - $1) < 0.002 }
        let curve: RGBProfile.Curve
        if let gamma {
            guard gamma >= 0.2, gamma <= 2 else { return nil }
            // 1 / 2.2 with sRGB's primaries (or none) is how libpng and most editors mark sRGB.
            if hasSRGBPrimaries, abs(gamma - 0.45455) < 0.002 { return nil }
            curve = .gamma(1 / gamma)
        } else {
            if hasSRGBPrimaries { return nil }
            curve = .sRGB
        }
        return RGBProfile(
            red: (points[2], points[3]), green: (points[4], points[5]), blue: (points[6], points[7]),
            white: (points[0], points[1]), curve: curve, name: "PNG cHRM/gAMA")
    }

    /// Whether white, red, green and blue (x, y each) can be a display's: every coordinate inside
    /// 0…1 with y above 0.01, the primaries spanning a triangle, the white point inside it.
    private static func arePlausible(_ points: [Double]) -> Bool {
        guard points.count == 8, points.allSatisfy({ $0 > 0 && $0 < 1 }),
            stride(from: 1, to: 8, by: 2).allSatisfy({ points[$0] > 0.01 })
        else { return false }
        // Twice the signed areas of the triangles white–red–green, white–green–blue, white–blue–red: all of
        // one sign when the white point lies inside the primaries' triangle.
        func area(_ a: Int, _ b: Int, _ c: Int) -> Double {
            (points[b] - points[a]) * (points[c + 1] - points[a + 1]) - (points[c] - points[a])
                * (points[b + 1] - points[a + 1])
        }
        let areas = [area(0, 2, 4), area(0, 4, 6), area(0, 6, 2)]
        return areas.allSatisfy { $0 > 0.0005 } || areas.allSatisfy { $0 < -0.0005 }
    }

    /// The space `cICP` names, if this reads it: BT.709/sRGB, Display P3 or BT.2020 primaries with
    /// sRGB's, BT.709's or a linear transfer, RGB (matrix 0) at full range, as PNG requires.
    private var codePointSpace: RGBProfile? {
        guard let codePoints, codePoints.count == 4, codePoints[2] == 0, codePoints[3] == 1 else { return nil }
        let curve: RGBProfile.Curve
        switch codePoints[1] {
        case 13: curve = .sRGB
        case 1, 6, 14, 15: curve = .bt709
        case 8: curve = .gamma(1)
        default: return nil
        }
        let s = RGBProfile.sRGB
        switch codePoints[0] {
        case 1 where curve == .sRGB: return nil  // sRGB itself: the working space
        case 1:
            return RGBProfile(
                red: s.red, green: s.green, blue: s.blue, white: s.white, curve: curve, name: "cICP BT.709")
        case 12:
            let p3 = RGBProfile.displayP3
            return curve == .sRGB
                ? p3
                : RGBProfile(
                    red: p3.red, green: p3.green, blue: p3.blue, white: p3.white, curve: curve, name: "cICP P3")
        case 9:
            return RGBProfile(
                red: (0.708, 0.292), green: (0.170, 0.797), blue: (0.131, 0.046), white: RGBProfile.d65, curve: curve,
                name: "cICP BT.2020")
        default:
            return nil
        }
    }
}

extension Image {
    /// The image with the colour space its PNG chunks declare (``PNGColourChunks``) attached as
    /// its ICC profile, so that the ingest path converts from it as from an embedded one; itself
    /// when it was not loaded from a PNG, declares nothing the chunks can tell, or is not RGB
    /// (a grey PNG's `gAMA` is not read).
    func withPNGDeclaredProfile(from location: EncodedSource.Location) throws(ImagingError) -> Image {
        guard (hasAlpha ? bands - 1 : bands) == 3, loader?.hasPrefix("png") == true,
            let profile = PNGColourChunks.read(location)?.declaredProfile
        else { return self }
        return try withICCProfile(profile.bytes)
    }

    /// The libvips loader that read the image (`jpegload`, `pngload_buffer`, …).
    private var loader: String? {
        var value: UnsafePointer<CChar>?
        guard vips_image_get_typeof(pointer, "vips-loader") != 0,
            vips_image_get_string(pointer, "vips-loader", &value) == 0,
            let value
        else { return nil }
        return String(cString: value)
    }
}
