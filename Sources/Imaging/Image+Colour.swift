internal import CIccTransform
import CVips
import CVipsShim
import Foundation

// The SDK's one colour ingest path. Every kit brings a photo into the working space through
// ``Image/normalizedToSRGB()`` before its look; see the "Colour" article for the policy.

extension Image {
    /// Whether the image already is in the working space, so that ``normalizedToSRGB()`` has
    /// nothing to convert: three sRGB bands without alpha, 8-bit (or float, as a filter leaves
    /// them), and an sRGB ICC profile, or none and no other colour space declared in EXIF.
    ///
    /// A cheap check: the embedded profile is compared with libvips' own sRGB profile byte for
    /// byte, or read for sRGB's colorants and tone curve; no pixel is read.
    public var isInWorkingSpace: Bool {
        guard bands == 3, interpretation == VIPS_INTERPRETATION_sRGB, format == .uchar || format == .float else {
            return false
        }
        return iccProfile.map(ICCProfileSummary.isSRGB) ?? (declaredProfile == nil)
    }

    /// Brings any input into the working space: 3-band, 8-bit sRGB without alpha. The SDK's one
    /// ingest conversion, used by every kit before its look.
    ///
    /// In this order:
    /// 1. Alpha is composited over white, at the image's own scale (255, 65535, or 1 for float).
    /// 2. An embedded ICC profile that fits the pixels (RGB, grey or CMYK, 8- or 16-bit) and is not
    ///    already sRGB is converted from (profiles read by LittleCMS, relative colorimetric intent)
    ///    straight to 8-bit sRGB, which then carries a compact sRGB profile. A JPEG that declares
    ///    Adobe RGB in EXIF alone (ColorSpace 65535, interoperability index `R03`) is converted as
    ///    if it embedded the Adobe RGB (1998) profile; a PNG's `cICP`, `cHRM` and `gAMA` chunks
    ///    became its profile when it was loaded (see the "Colour" article).
    ///    Colours outside sRGB's gamut (from Display P3, Adobe RGB, ProPhoto, Rec. 2020) are
    ///    clipped to its edge.
    /// 3. Without a usable profile the pixels are read as what they declare: RGB as sRGB, 16-bit
    ///    RGB and grey scaled down (not cut off), grey spread to three bands, CMYK through libvips'
    ///    built-in CMYK profile, Lab, XYZ and linear scRGB converted.
    ///
    /// An image already in the working space (``isInWorkingSpace``, 8-bit) is returned as it is.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation in one of the
    ///   steps (a damaged profile LittleCMS cannot read, for example).
    public func normalizedToSRGB() throws(ImagingError) -> Image {
        try normalizedToSRGB(precision: .eightBit)
    }

    /// Brings any input into the working space as ``normalizedToSRGB()`` does, keeping the
    /// precision of deep sources when `precision` is ``WorkingPrecision/float``: a 16-bit photo
    /// (or one converted from its profile, at 16 bits) comes out as float sRGB samples on 0…255,
    /// which FilmKit's filters take as they are, so the look is computed at float precision and
    /// can be written as 16-bit output (``OutputColor/Depth/sixteenBit``) without banding. An
    /// 8-bit source without a profile to convert stays 8-bit.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation in one of the
    ///   steps (a damaged profile LittleCMS cannot read, for example).
    public func normalizedToSRGB(precision: WorkingPrecision) throws(ImagingError) -> Image {
        let deep = precision == .float
        if isInWorkingSpace, format == .uchar || deep { return self }
        var image = try declaredProfile.map { profile throws(ImagingError) in try withICCProfile(profile) } ?? self
        if image.hasAlpha { image = try image.apply("flatten") { akv_flatten_white($0, $1) } }
        if image.interpretation == VIPS_INTERPRETATION_MULTIBAND {
            image = try image.tagged(as: image.bands >= 3 ? .sRGB : .blackAndWhite)
        }
        if image.needsProfileConversion {
            image = try image.convertedFromProfile(to: .sRGB, depth: deep ? 16 : 8)
        }
        if deep, image.format == .ushort {
            // 16-bit samples onto the working scale, 0…255, as float.
            let space: ColorSpace = image.bands == 1 ? .blackAndWhite : .sRGB
            image = try image.linear(multiply: 1.0 / 257, add: 0).tagged(as: space)
        }
        if image.interpretation != VIPS_INTERPRETATION_sRGB || image.bands != 3 {
            image = try image.converted(to: .sRGB)
        }
        if image.bands == 1 {
            image = try Image.joiningBands([image, image, image])
        } else if image.bands > 3 {
            image = try image.extractingBands(0, count: 3)
        }
        return image.format == .uchar || (deep && image.format == .float) ? image : try image.cast(to: .uchar)
    }

    /// The profile a file declares without embedding one: EXIF's ColorSpace "uncalibrated" (65535)
    /// with the interoperability index `R03` is Adobe RGB (1998), as cameras that shoot Adobe RGB
    /// mark their JPEGs (DCF 2.0). `nil` when a profile is embedded or nothing else is declared
    /// (EXIF ColorSpace 1 is sRGB, the working space).
    var declaredProfile: [UInt8]? {
        guard iccProfile == nil, (hasAlpha ? bands - 1 : bands) == 3,
            exifValue("exif-ifd2-ColorSpace")?.hasPrefix("65535") == true,
            exifValue("exif-ifd4-InteroperabilityIndex")?.hasPrefix("R03") == true
        else { return nil }
        return RGBProfile.adobeRGB.bytes
    }

    /// One EXIF field libvips decoded, as text (`"65535 (Uncalibrated, Short, 1 components, 2 bytes)"`).
    private func exifValue(_ name: String) -> String? {
        guard vips_image_get_typeof(pointer, name) != 0 else { return nil }
        var value: UnsafePointer<CChar>?
        guard vips_image_get_string(pointer, name, &value) == 0, let value else { return nil }
        return String(cString: value)
    }

    /// The pixels converted from their embedded ICC profile into `target` at `depth` (8 or 16)
    /// bits, relative colorimetric, carrying `target`'s profile: LittleCMS reads both profiles,
    /// and between two matrix/TRC profiles (nearly every photo's) a table kernel converts the
    /// pixels, several times cheaper than libvips' `icc_transform` and as exact; any other
    /// profile goes through LittleCMS's own transform. The image has no alpha and a profile that
    /// fits its pixels (``profileFitsPixels(_:)``).
    func convertedFromProfile(to target: RGBProfile, depth: Int) throws(ImagingError) -> Image {
        let source = iccProfile ?? []
        let bits = Int32(depth)
        return try apply("icc_transform") { input, out in
            source.withUnsafeBytes { from in
                target.bytes.withUnsafeBytes { to in
                    akv_lcms_transform(input, out, from.baseAddress, from.count, to.baseAddress, to.count, bits)
                }
            }
        }
        .withICCProfile(target.bytes)
    }

    /// How libvips reads the pixels (its guess, checked against bands and format).
    var interpretation: VipsInterpretation { vips_image_guess_interpretation(pointer) }

    /// Whether the embedded profile describes these pixels and is not sRGB.
    private var needsProfileConversion: Bool {
        guard let profile = iccProfile, profileFitsPixels(profile) else { return false }
        return ICCProfileSummary.colourSpace(of: profile) != "RGB " || !ICCProfileSummary.isSRGB(profile)
    }

    /// Whether `profile` can convert these pixels: its colour space matches the colour bands
    /// (alpha aside), and the samples are 8- or 16-bit.
    func profileFitsPixels(_ profile: [UInt8]) -> Bool {
        guard format == .uchar || format == .ushort else { return false }
        switch (ICCProfileSummary.colourSpace(of: profile), hasAlpha ? bands - 1 : bands) {
        case ("RGB ", 3), ("GRAY", 1): return true
        case ("CMYK", 4): return interpretation == VIPS_INTERPRETATION_CMYK
        default: return false
        }
    }

    /// The number of pages or frames in the file the image was loaded from: more than 1 for an
    /// animated GIF or WebP or a multi-page TIFF, of which only the first is loaded (see
    /// ``ingestWarnings``).
    public var frameCount: Int {
        var value: Int32 = 1
        guard vips_image_get_typeof(pointer, "n-pages") != 0, vips_image_get_int(pointer, "n-pages", &value) == 0
        else { return 1 }
        return max(Int(value), 1)
    }

    /// What ``normalizedToSRGB()`` will not carry over from the file, for a caller to show or
    /// log; empty for an ordinary photo.
    public var ingestWarnings: [IngestWarning] {
        var warnings: [IngestWarning] = []
        if frameCount > 1 { warnings.append(.firstFrameOnly(frameCount: frameCount)) }
        if let profile = iccProfile, !isInWorkingSpace, !profileFitsPixels(profile) {
            let space = ICCProfileSummary.colourSpace(of: profile) ?? "unreadable"
            warnings.append(.profileIgnored(profileColourSpace: space.trimmingCharacters(in: .whitespaces)))
        }
        return warnings
    }

    /// A copy with `profile` as its embedded ICC profile, or with none when `nil`; the pixels are
    /// not changed ("assign profile", not "convert to profile").
    ///
    /// For samples known to be in a space the file does not say, such as a scanner's raw RGB
    /// with the scanner's profile: ``normalizedToSRGB()`` then converts from `profile`, and an
    /// unconverted image is written with it.
    /// - Parameter profile: the ICC profile's bytes, or `nil` to remove any profile.
    /// - Returns: the same pixels with the new profile.
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips cannot copy the
    ///   image. The profile's bytes are not checked here: one that does not fit the pixels is
    ///   reported by ``ingestWarnings`` and ignored by the conversion.
    public func withICCProfile(_ profile: [UInt8]?) throws(ImagingError) -> Image {
        try apply("copy") { input, out in
            guard let profile else { return akv_set_blob(input, out, "icc-profile-data", nil, 0) }
            return profile.withUnsafeBytes { akv_set_blob(input, out, "icc-profile-data", $0.baseAddress, $0.count) }
        }
    }

    /// Makes an image from raw 16-bit samples, interleaved row by row: 16-bit RGB for 3 bands
    /// (RGBA for 4), 16-bit grey for 1 (grey and alpha for 2); ``init(pixels:)`` is its 8-bit
    /// peer.
    /// - Parameters:
    ///   - samples: `width × height × bands` samples, 0…65535.
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    ///   - bands: samples per pixel.
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if a dimension is not positive or the count
    ///   of samples does not match; ``ImagingError/operationFailed(operation:message:)`` if libvips
    ///   cannot make the image.
    public init(samples16 samples: [UInt16], width: Int, height: Int, bands: Int) throws(ImagingError) {
        try VipsRuntime.ensureStarted()
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (count, countOverflow) = area.multipliedReportingOverflow(by: bands)
        guard width > 0, height > 0, bands > 0, width <= Int32.max, height <= Int32.max, bands <= Int32.max,
            !areaOverflow, !countOverflow, samples.count == count
        else {
            throw .invalidArgument("\(samples.count) samples do not make a \(width)×\(height)×\(bands) image")
        }
        let made = samples.withUnsafeBytes {
            vips_image_new_from_memory_copy(
                $0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands), VIPS_FORMAT_USHORT)
        }
        guard let made else { throw .operationFailed(operation: "new_from_memory", message: VipsRuntime.takeError()) }
        made.pointee.Type = bands >= 3 ? VIPS_INTERPRETATION_RGB16 : VIPS_INTERPRETATION_GREY16
        self.init(owning: made)
    }

    /// One of libvips' built-in ICC profiles: `srgb`, `p3` or `cmyk`.
    static func builtInProfile(_ name: String) throws(ImagingError) -> [UInt8] {
        try VipsRuntime.ensureStarted()
        var data: UnsafeMutableRawPointer?
        var length = 0
        guard akv_profile_load(name, &data, &length) == 0, let data else {
            throw .invalidArgument("no built-in profile \(name): \(VipsRuntime.takeError())")
        }
        defer { g_free(data) }
        return [UInt8](UnsafeRawBufferPointer(start: data, count: length))
    }
}

/// How precisely ``Image/normalizedToSRGB(precision:)`` keeps the samples of a deep source.
public enum WorkingPrecision: Sendable, Hashable, CaseIterable {
    /// 8-bit samples: the working space every kit uses by default.
    case eightBit
    /// Float samples on 0…255 for 16-bit sources and converted ones (converted at 16 bits), so a
    /// look keeps their precision; 8-bit sources stay 8-bit.
    case float
}

/// Something the working-space conversion (``Image/normalizedToSRGB()``) leaves behind.
public enum IngestWarning: Sendable, Hashable {
    /// The file holds `frameCount` frames (an animated GIF or WebP, a multi-page TIFF); only the
    /// first is used.
    case firstFrameOnly(frameCount: Int)
    /// The embedded profile does not describe the pixels (an RGB profile on a grey image, say, or
    /// one on float samples) and was not used; the pixels are read as sRGB.
    case profileIgnored(profileColourSpace: String)
}

/// Reads the few facts about an ICC profile that the ingest path needs, without LittleCMS.
enum ICCProfileSummary {
    /// libvips' own sRGB profile, which its `icc_transform` attaches.
    private static let builtInSRGB: [UInt8]? = try? Image.builtInProfile("srgb")

    /// The profile's data colour space signature (`RGB `, `GRAY`, `CMYK`, …).
    static func colourSpace(of profile: [UInt8]) -> String? {
        guard profile.count >= 128 else { return nil }
        return String(decoding: profile[16..<20], as: UTF8.self)
    }

    /// Whether the profile is sRGB: libvips' own, or a matrix/TRC RGB profile with sRGB's
    /// colorants and tone curve (the profiles cameras and phones embed for sRGB).
    static func isSRGB(_ profile: [UInt8]) -> Bool {
        if profile == builtInSRGB { return true }
        guard colourSpace(of: profile) == "RGB ", tag("A2B0", in: profile) == nil,
            tag("A2B1", in: profile) == nil
        else { return false }
        // sRGB's primaries adapted to D50, as every sRGB profile stores them.
        let colorants: [(String, [Double])] = [
            ("rXYZ", [0.4361, 0.2225, 0.0139]), ("gXYZ", [0.3851, 0.7169, 0.0971]), ("bXYZ", [0.1431, 0.0606, 0.7141]),
        ]
        for (name, expected) in colorants {
            guard let xyz = xyz(name, in: profile), zip(xyz, expected).allSatisfy({ abs($0 - $1) < 0.003 }) else {
                return false
            }
        }
        return ["rTRC", "gTRC", "bTRC"].allSatisfy { hasSRGBCurve($0, in: profile) }
    }

    /// The byte range of tag `signature`, if the profile has it and it lies inside the profile.
    private static func tag(_ signature: String, in profile: [UInt8]) -> Range<Int>? {
        guard let count = uint32(at: 128, in: profile), count < 1000 else { return nil }
        let wanted = Array(signature.utf8)
        for index in 0..<count {
            let entry = 132 + index * 12
            guard entry + 12 <= profile.count else { return nil }
            guard Array(profile[entry..<entry + 4]) == wanted, let offset = uint32(at: entry + 4, in: profile),
                let size = uint32(at: entry + 8, in: profile), offset <= profile.count, size <= profile.count - offset
            else { continue }
            return offset..<offset + size
        }
        return nil
    }

    /// The three numbers of an `XYZ ` tag.
    private static func xyz(_ signature: String, in profile: [UInt8]) -> [Double]? {
        guard let range = tag(signature, in: profile), range.count >= 20 else { return nil }
        return (0..<3).compactMap { index in
            uint32(at: range.lowerBound + 8 + index * 4, in: profile).map {
                Double(Int32(truncatingIfNeeded: $0)) / 65536
            }
        }
    }

    /// Whether a tone curve tag is sRGB's: a parametric curve with exponent 2.4 and a linear toe,
    /// or a table that passes through sRGB's value at mid-scale.
    private static func hasSRGBCurve(_ signature: String, in profile: [UInt8]) -> Bool {
        guard let range = tag(signature, in: profile), range.count >= 12 else { return false }
        let type = String(decoding: profile[range.lowerBound..<range.lowerBound + 4], as: UTF8.self)
        let start = range.lowerBound
        switch type {
        case "para":
            guard let function = uint16(at: start + 8, in: profile), function == 3 || function == 4,
                let gamma = uint32(at: start + 12, in: profile)
            else { return false }
            return abs(Double(gamma) / 65536 - 2.4) < 0.01
        case "curv":
            guard let count = uint32(at: start + 8, in: profile), count >= 16, 12 + count * 2 <= range.count,
                let middle = uint16(at: start + 12 + (count / 2) * 2, in: profile)
            else { return false }
            // sRGB at input (count/2)/(count-1), a touch above one half.
            let input = Double(count / 2) / Double(count - 1)
            let expected = input <= 0.04045 ? input / 12.92 : pow((input + 0.055) / 1.055, 2.4)
            return abs(Double(middle) / 65535 - expected) < 0.004
        default:
            return false
        }
    }

    private static func uint32(at offset: Int, in bytes: [UInt8]) -> Int? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func uint16(at offset: Int, in bytes: [UInt8]) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }
}
