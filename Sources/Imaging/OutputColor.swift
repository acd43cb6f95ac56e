import CVips
import CVipsShim
import Foundation

/// The colour of the files the SDK writes: the one output policy every encoder applies
/// (``Image/encoded(as:stripMetadata:color:)`` and ``Image/write(to:as:stripMetadata:color:)``).
///
/// Every file is written with the ICC profile of its colour space embedded, **also when metadata
/// is stripped**, so a file always says what its numbers mean: RGB pixels without a profile are
/// sRGB and get a compact (about 500-byte) sRGB profile. By default (``unchanged``) the pixels are
/// written in the space and depth they are in; every kit's output is in the working space, so it is
/// sRGB. ``sRGB`` and ``displayP3`` convert the colour bands with LittleCMS on the way out. Grey
/// images stay grey (grey is the same in sRGB and Display P3); images that are neither RGB nor grey
/// (Lab, multiband) are written as they are.
public struct OutputColor: Sendable, Hashable {
    /// The colour space of a written file.
    public enum Space: Sendable, Hashable, CaseIterable {
        /// The space the pixels are in: a profile that describes them is kept, RGB without one is
        /// sRGB. The default.
        case unchanged
        /// sRGB: pixels in another space (a photo that still carries its Display P3 or Adobe RGB
        /// profile) are converted.
        case sRGB
        /// Display P3, for apps that show wide gamut: images in the working space are converted
        /// from sRGB; an image that still carries a wide-gamut profile (not brought into the working
        /// space) is converted from it directly, so its wide-gamut colours survive.
        case displayP3
    }

    /// The sample depth of a written file.
    public enum Depth: Sendable, Hashable, CaseIterable {
        /// The depth the samples have (float samples are cut to 8 bits by the encoder). The default.
        case unchanged
        /// 8 bits per sample, rounded.
        case eightBit
        /// 16 bits per sample where the format holds them (PNG, TIFF); JPEG and WebP are written at
        /// 8 bits. 8-bit samples are widened exactly (× 257), float ones (a look computed at float
        /// precision) rounded, 16-bit ones kept: no 8-bit step, so no banding.
        case sixteenBit
    }

    /// The colour space written.
    public var space: Space
    /// The sample depth written.
    public var depth: Depth

    /// A policy; by default the image's own space and depth, with its profile.
    public init(space: Space = .unchanged, depth: Depth = .unchanged) {
        self.space = space
        self.depth = depth
    }

    /// The image's own colour space and depth, with its profile embedded: every encoder's default.
    public static let unchanged = OutputColor()
    /// 8-bit sRGB with its profile.
    public static let sRGB = OutputColor(space: .sRGB, depth: .eightBit)
    /// 8-bit Display P3 with its profile.
    public static let displayP3 = OutputColor(space: .displayP3, depth: .eightBit)
}

extension Image.EncodedFormat {
    /// Whether the format stores 16-bit samples.
    var holdsSixteenBits: Bool {
        switch self {
        case .png, .tiff: true
        case .jpeg, .webp: false
        }
    }
}

extension Image {
    /// The image as `color` says it is written in `format`: colour bands in the output space at
    /// the output depth, alpha kept, the profile attached.
    func prepared(for color: OutputColor, format: EncodedFormat) throws(ImagingError) -> Image {
        if let declared = declaredProfile {
            // A file that declares its space in EXIF alone is written with that space's profile.
            return try withICCProfile(declared).prepared(for: color, format: format)
        }
        let depth: Int? =
            switch color.depth {
            case .unchanged: nil
            case .eightBit: 8
            case .sixteenBit: format.holdsSixteenBits ? 16 : 8
            }
        let colourBands = hasAlpha ? bands - 1 : bands
        let profile = iccProfile
        // Pixels in a space of their own, described by their profile (RGB, grey or CMYK).
        let ownSpace = profile.map { profileFitsPixels($0) && !ICCProfileSummary.isSRGB($0) } ?? false
        if ownSpace, color.space != .unchanged {
            let deep = format.holdsSixteenBits && self.format == .ushort
            return try convertingColourBands(to: color.space, depth: depth ?? (deep ? 16 : 8))
        }
        switch (colourBands, interpretation) {
        case (1, VIPS_INTERPRETATION_B_W), (1, VIPS_INTERPRETATION_GREY16):
            // Grey is written as grey; a profile that does not describe it is dropped.
            let grey = try depth.map { bits throws(ImagingError) in try withDepth(bits, grey: true) } ?? self
            return profile.map(profileFitsPixels) == true ? grey : try grey.withICCProfile(nil)
        case (3, VIPS_INTERPRETATION_sRGB), (3, VIPS_INTERPRETATION_RGB16):
            break
        default:
            return self
        }
        if color.space == .displayP3 {
            // sRGB pixels (8-bit, 16-bit or float) into Display P3.
            let deep = self.format != .uchar && format.holdsSixteenBits
            let source = try self.format == .uchar || self.format == .ushort ? self : withDepth(16, grey: false)
            return try source.withICCProfile(RGBProfile.sRGB.bytes)
                .convertingColourBands(to: .displayP3, depth: depth ?? (deep ? 16 : 8))
        }
        // A profile that describes the pixels (sRGB, or their own space left unchanged) is kept.
        let rgb = try depth.map { bits throws(ImagingError) in try withDepth(bits, grey: false) } ?? self
        return profile.map(profileFitsPixels) == true ? rgb : try rgb.withICCProfile(RGBProfile.sRGB.bytes)
    }

    /// The samples at `bits` (8 or 16) per sample, on the same scale: 8 → 16 is exact (× 257),
    /// float and 16 → 8 are rounded. Alpha is on the colour bands' scale, so it is scaled alike.
    private func withDepth(_ bits: Int, grey: Bool) throws(ImagingError) -> Image {
        let target: PixelFormat = bits == 16 ? .ushort : .uchar
        guard format != target else { return self }
        let scale: Double =
            switch (format, bits) {
            case (.ushort, _): 1.0 / 257
            case (_, 16): 257
            default: 1
            }
        let space: ColorSpace = bits == 16 ? .other(grey ? "grey16" : "rgb16") : grey ? .blackAndWhite : .sRGB
        return try linear(
            multiply: [Double](repeating: scale, count: bands), add: [Double](repeating: 0.5, count: bands)
        )
        .cast(to: target).tagged(as: space)
    }

    /// Converts the colour bands from the embedded profile to `space` (sRGB or Display P3) with
    /// LittleCMS at `depth` bits, then attaches the output profile; alpha is carried over at the
    /// output depth.
    private func convertingColourBands(to space: OutputColor.Space, depth: Int) throws(ImagingError) -> Image {
        let profile = space == .displayP3 ? RGBProfile.displayP3 : RGBProfile.sRGB
        guard hasAlpha else { return try convertedFromProfile(to: profile, depth: depth) }
        let colour = try extractingBands(0, count: bands - 1).withICCProfile(iccProfile)
        let converted = try colour.convertedFromProfile(to: profile, depth: depth)
        var alpha = try extractingBands(bands - 1)
        let alphaMax: Double = format == .ushort ? 65535 : 255
        let wanted: Double = depth == 16 ? 65535 : 255
        if alphaMax != wanted {
            alpha = try alpha.linear(multiply: wanted / alphaMax, add: 0.5).cast(to: depth == 16 ? .ushort : .uchar)
        }
        return try Image.joiningBands([converted, alpha]).tagged(as: depth == 16 ? .other("rgb16") : .sRGB)
            .withICCProfile(profile.bytes)
    }

    /// A copy without EXIF, XMP, IPTC and comments but with its ICC profile, which PNG and TIFF
    /// then write alone when saved without libvips' `strip`.
    func strippedKeepingProfile() throws(ImagingError) -> Image {
        try apply("strip") { akv_strip_keeping_profile($0, $1) }
    }
}

/// Finishes encoded JPEG and WebP bytes whose metadata was to be stripped: libvips 8.14's JPEG
/// encoder can only strip all metadata (the profile too) or synthesise an EXIF block, and its WebP
/// encoder ignores `strip` (it writes EXIF, XMP and a synthesised EXIF block all the same). This
/// puts the profile back in, and drops WebP's EXIF and XMP chunks.
enum ProfileSplice {
    /// `encoded` with only `profile` as metadata, or `nil` if the bytes are not a JPEG or WebP
    /// this understands.
    static func strippedKeeping(_ profile: [UInt8]?, in encoded: Data, format: Image.EncodedFormat) -> Data? {
        switch format {
        case .jpeg: profile.map { jpeg($0, [UInt8](encoded)).map { Data($0) } } ?? encoded
        case .webp: webp(profile, [UInt8](encoded)).map { Data($0) }
        case .png, .tiff: encoded
        }
    }

    /// APP2 `ICC_PROFILE` segments after SOI and a JFIF APP0.
    private static func jpeg(_ profile: [UInt8], _ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var position = 2
        if bytes[2] == 0xFF, bytes[3] == 0xE0, bytes.count >= 6 {
            position = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
            guard position <= bytes.count else { return nil }
        }
        let chunkSize = 65_519
        let chunks = stride(from: 0, to: profile.count, by: chunkSize).map {
            profile[$0..<min($0 + chunkSize, profile.count)]
        }
        guard !chunks.isEmpty, chunks.count < 256 else { return nil }
        var segments: [UInt8] = []
        for (index, chunk) in chunks.enumerated() {
            let length = 2 + 12 + 2 + chunk.count
            segments += [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("ICC_PROFILE".utf8) + [0]
            segments += [UInt8(index + 1), UInt8(chunks.count)] + chunk
        }
        return Array(bytes[..<position]) + segments + bytes[position...]
    }

    /// The WebP's chunks without `EXIF`, `XMP ` and `ICCP`, with an `ICCP` chunk of `profile`
    /// after `VP8X` (made for a simple lossy or lossless file), and the flags to match.
    private static func webp(_ profile: [UInt8]?, _ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 20, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8)
        else { return nil }
        var chunks: [(String, ArraySlice<UInt8>)] = []
        var position = 12
        while position + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[position + 4 + $1]) << (8 * $1) }
            let end = position + 8 + size
            guard end <= bytes.count else { return nil }
            chunks.append((String(decoding: bytes[position..<position + 4], as: UTF8.self), bytes[position + 8..<end]))
            position = end + size % 2
        }
        chunks.removeAll { ["EXIF", "XMP ", "ICCP"].contains($0.0) }
        guard let first = chunks.first else { return nil }
        var vp8x: [UInt8]
        if first.0 == "VP8X", first.1.count >= 10 {
            vp8x = Array(first.1)
            chunks.removeFirst()
        } else if let (width, height, alpha) = canvas(of: Array(first.1), kind: first.0) {
            guard profile != nil else { return bytes }
            vp8x = [alpha ? 0x10 : 0, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        } else {
            return nil
        }
        vp8x[0] = vp8x[0] & ~0x2C | (profile == nil ? 0 : 0x20)
        var output = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)
        func append(_ name: String, _ payload: some Collection<UInt8>) {
            output += Array(name.utf8) + le32(payload.count) + payload
            if payload.count % 2 == 1 { output.append(0) }
        }
        append("VP8X", vp8x)
        if let profile { append("ICCP", profile) }
        for (name, payload) in chunks { append(name, payload) }
        output.replaceSubrange(4..<8, with: le32(output.count - 8))
        return output
    }

    /// The canvas of a simple WebP from its `VP8 ` or `VP8L` bitstream header.
    private static func canvas(of bytes: [UInt8], kind: String) -> (Int, Int, Bool)? {
        let data = 0
        switch kind {
        case "VP8 ":
            guard bytes.count >= data + 10, bytes[data + 3] == 0x9D, bytes[data + 4] == 0x01, bytes[data + 5] == 0x2A
            else { return nil }
            let width = (Int(bytes[data + 6]) | Int(bytes[data + 7]) << 8) & 0x3FFF
            let height = (Int(bytes[data + 8]) | Int(bytes[data + 9]) << 8) & 0x3FFF
            return (width, height, false)
        case "VP8L":
            guard bytes.count >= data + 5, bytes[data] == 0x2F else { return nil }
            let bits = (1...4).reduce(0) { $0 | Int(bytes[data + $1]) << (8 * ($1 - 1)) }
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1, bits >> 28 & 1 == 1)
        default:
            return nil
        }
    }

    private static func le32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
    private static func le24(_ value: Int) -> [UInt8] { (0..<3).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
