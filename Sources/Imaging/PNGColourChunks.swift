internal import CIccTransform
import CVips
import Foundation

/// What a PNG says about its colour space in the chunks libvips 8.14 does not read: `cICP`
/// (coding-independent code points, ITU-T H.273), `cHRM` (chromaticities) and `gAMA` (the
/// encoding exponent), with the `iCCP` and `sRGB` chunks that take precedence over the last two;
/// and, for HDR, `mDCv` (the mastering display's colour volume) and `cLLi` (the content's light
/// levels).
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
    /// `mDCv`'s mastering display peak luminance, in cd/m².
    var masteringPeak: Double?
    /// `cLLi`'s maximum content light level (MaxCLL), in cd/m².
    var maxContentLight: Double?

    /// The most chunks read before the image data.
    static let chunkLimit = 1000

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The colour chunks of the PNG `location` holds, or `nil` when it is not a PNG (or cannot
    /// be read).
    static func read(_ location: EncodedSource.Location) -> PNGColourChunks? {
        location.readingBytes { read($0) }
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
            // Chromaticities (8 × 2 bytes), then the peak and the black, each × 10,000 cd/m².
            case ("mDCv", 24): found.masteringPeak = bytes(body + 16, 4).map { Double(uint32($0, at: 0)) / 10_000 }
            // MaxCLL then MaxFALL, each × 10,000 cd/m².
            case ("cLLi", 8): found.maxContentLight = bytes(body, 4).map { Double(uint32($0, at: 0)) / 10_000 }
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
            guard let gammaCurve = Self.curve(forGamma: gamma) else { return nil }
            // 1 / 2.2 with sRGB's primaries (or none) is how libpng and most editors mark sRGB.
            if hasSRGBPrimaries, Self.marksSRGB(gamma) { return nil }
            curve = gammaCurve
        } else {
            if hasSRGBPrimaries { return nil }
            curve = .sRGB
        }
        return RGBProfile(
            red: (points[2], points[3]), green: (points[4], points[5]), blue: (points[6], points[7]),
            white: (points[0], points[1]), curve: curve, name: "PNG cHRM/gAMA")
    }

    /// What the chunks declare for a grey PNG: only `gAMA` means anything there (`cHRM`'s
    /// primaries do not apply), with `iCCP` and `sRGB` taking precedence as for RGB. A grey ICC
    /// profile with that curve, or `nil` when nothing is declared, the gamma is implausible, or it
    /// is libpng's 1 / 2.2 (the working space's grey, as for RGB).
    var declaredGreyProfile: [UInt8]? {
        guard !hasICCProfile, !isSRGB, let gamma, !Self.marksSRGB(gamma), let curve = Self.curve(forGamma: gamma)
        else { return nil }
        return RGBProfile.grey(curve: curve, name: "PNG gAMA")
    }

    /// The HDR transfer a `cICP` chunk declares, PQ (code 16) or HLG (code 18), by name; `nil`
    /// for every other transfer. Such samples are not SDR values in any matrix/TRC profile: the
    /// load tone-maps them to SDR (``Image/toneMappedToSDR(transfer:peak:)``).
    var hdrTransfer: String? {
        guard let codePoints, codePoints.count == 4 else { return nil }
        switch Int32(codePoints[1]) {
        case Int32(AKV_TRANSFER_PQ): return "PQ (SMPTE ST 2084)"
        case Int32(AKV_TRANSFER_HLG): return "HLG (ARIB STD-B67)"
        default: return nil
        }
    }

    /// The peak luminance a PQ image is tone-mapped from, in cd/m²: the mastering display's
    /// (`mDCv`), the source range ITU-R BT.2390's EETF maps from; without it, the content's
    /// brightest pixel (`cLLi`'s MaxCLL); `nil` (PQ's whole range, 10,000 cd/m²) when neither
    /// chunk gives a value within 1…10,000 cd/m² (0 means unknown in both).
    var pqSourcePeak: Double? {
        [masteringPeak, maxContentLight].lazy.compactMap { $0 }.first { $0 >= 1 && $0 <= Double(AKV_PQ_PEAK_NITS) }
    }

    /// Whether an HDR transfer comes with code points the tone mapping reads: BT.709, BT.2020 or
    /// Display P3 primaries, RGB (matrix 0) at full range.
    var toneMapsHDR: Bool {
        guard let codePoints, codePoints.count == 4 else { return false }
        return hdrTransfer != nil && [1, 9, 12].contains(codePoints[0]) && codePoints[2] == 0 && codePoints[3] == 1
    }

    /// The SDR space an HDR image is in once tone-mapped (``Image/toneMappedToSDR(transfer:peak:)``):
    /// its primaries with the sRGB curve, the profile ``declaredProfile`` gives those code points
    /// (`nil` for BT.709's primaries: sRGB itself).
    var toneMappedProfile: [UInt8]? {
        guard toneMapsHDR, let primaries = codePoints?.first else { return nil }
        return PNGColourChunks(codePoints: [primaries, 13, 0, 1]).declaredProfile?.bytes
    }

    /// The decoding curve of `gAMA`'s encoding exponent, or `nil` when it is implausible
    /// (outside 0.2…2).
    private static func curve(forGamma gamma: Double) -> RGBProfile.Curve? {
        gamma >= 0.2 && gamma <= 2 ? .gamma(1 / gamma) : nil
    }

    /// Whether `gAMA` is 1 / 2.2, how libpng and most editors mark sRGB.
    private static func marksSRGB(_ gamma: Double) -> Bool { abs(gamma - 0.45455) < 0.002 }

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
    /// The image with the colour space its file declares besides an ICC profile attached as its
    /// ICC profile, so that the ingest path converts from it as from an embedded one: a PNG's
    /// chunks (``PNGColourChunks``: RGB's `cICP`, `cHRM` and `gAMA`, grey's `gAMA`), a HEIF or
    /// AVIF file's `nclx` colour box (``HEIFColourBoxes``, which libvips 8.14 ignores) when it
    /// has no profile. Itself when the file declares nothing the SDK can tell.
    /// An HDR transfer (PQ or HLG) is tone-mapped to SDR first (``toneMappedToSDR(transfer:peak:)``),
    /// whatever the bands, and the result carries the SDR profile of its primaries.
    /// - Throws: ``ImagingError/unsupportedColorEncoding(_:)`` when the file declares an HDR
    ///   transfer with primaries other than BT.709, BT.2020 or Display P3, or not as RGB at full
    ///   range.
    func withDeclaredColour(from location: EncodedSource.Location) throws(ImagingError) -> Image {
        let chunks: PNGColourChunks?
        let container: String
        // A PNG's chunks carry their own precedence over its profile; in HEIF an ICC profile wins.
        let declares: Bool
        switch loader {
        case let name? where name.hasPrefix("png"):
            (chunks, container, declares) = (PNGColourChunks.read(location), "PNG cICP chunk", true)
        case let name? where name.hasPrefix("heif"):
            let codePoints = HEIFColourBoxes.read(location)?.codePoints
            (chunks, container) = (codePoints.map { PNGColourChunks(codePoints: $0) }, "HEIF nclx colour box")
            declares = iccProfile == nil
        default:
            return self
        }
        guard let chunks else { return self }
        if let transfer = chunks.hdrTransfer, let codePoints = chunks.codePoints {
            guard chunks.toneMapsHDR else {
                let points = codePoints.map(String.init).joined(separator: " ")
                throw .unsupportedColorEncoding("HDR transfer \(transfer) with code points \(points), \(container)")
            }
            return try toneMappedToSDR(transfer: codePoints[1], peak: chunks.pqSourcePeak)
                .withICCProfile(bands >= 3 ? chunks.toneMappedProfile : nil)
        }
        guard declares else { return self }
        let profile: [UInt8]?
        switch hasAlpha ? bands - 1 : bands {
        case 3: profile = chunks.declaredProfile?.bytes
        case 1: profile = chunks.declaredGreyProfile
        default: profile = nil
        }
        guard let profile else { return self }
        return try withICCProfile(profile)
    }

    /// The image tone-mapped from the HDR `transfer` (H.273 code point 16, PQ, or 18, HLG) to SDR:
    /// 16-bit samples in the same primaries with the sRGB curve, reference white (203 cd/m²) rolled
    /// a little below SDR white, highlights up to the source's peak rolled off (ITU-R BT.2390's
    /// EETF; the standards and constants are in `AkvToneMap.c`). Alpha is kept, widened to 16 bits.
    /// `peak` is a PQ source's peak luminance in cd/m² (``PNGColourChunks/pqSourcePeak``), `nil`
    /// for PQ's whole range; HLG ignores it.
    func toneMappedToSDR(transfer: UInt8, peak: Double?) throws(ImagingError) -> Image {
        try apply("hdr_to_sdr") { akv_hdr_to_sdr($0, $1, Int32(transfer), peak ?? 0) }
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
