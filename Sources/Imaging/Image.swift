import CVips
import CVipsShim

/// An immutable image backed by libvips.
///
/// Operations return new images and never change their input, so an `Image` can be shared
/// freely between tasks. libvips evaluates lazily: building a chain of operations is cheap, and
/// pixels are computed, in parallel and in small regions, only when the result is encoded,
/// written or read back. Errors in the pixel data (a truncated JPEG, say) therefore surface from
/// those final calls.
public struct Image: Sendable {
    let handle: Handle

    package init(owning pointer: UnsafeMutablePointer<VipsImage>) {
        handle = Handle(pointer, sources: [])
    }

    init(owning pointer: UnsafeMutablePointer<VipsImage>, sources: [EncodedSource]) {
        handle = Handle(pointer, sources: sources)
    }

    package var pointer: UnsafeMutablePointer<VipsImage> { handle.pointer }

    /// The width in pixels.
    public var width: Int { Int(vips_image_get_width(pointer)) }
    /// The height in pixels.
    public var height: Int { Int(vips_image_get_height(pointer)) }
    /// The number of bands (channels): 1 for grey, 3 for RGB, 4 for RGB with alpha.
    public var bands: Int { Int(vips_image_get_bands(pointer)) }
    /// The number of pixels.
    public var pixelCount: Int { width * height }
    /// Whether the last band is an alpha channel.
    public var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }
    /// How the pixel values are to be read.
    public var colorSpace: ColorSpace { ColorSpace(vips: vips_image_guess_interpretation(pointer)) }
    /// The numeric type of each sample.
    public var format: PixelFormat { PixelFormat(vips: vips_image_get_format(pointer)) }
}

extension Image {
    /// Owns one libvips reference; libvips images are immutable once built, so sharing is safe.
    final class Handle: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<VipsImage>
        /// What the pixels are decoded from, if anything (see ``EncodedSource``).
        let sources: [EncodedSource]

        init(_ pointer: UnsafeMutablePointer<VipsImage>, sources: [EncodedSource]) {
            self.pointer = pointer
            self.sources = sources
        }

        deinit {
            g_object_unref(UnsafeMutableRawPointer(pointer))
        }
    }

    /// Runs one libvips operation that produces an image and wraps the result.
    package static func make(
        _ operation: String,
        keepingAlive inputs: [Image] = [],
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError) -> Image {
        try VipsRuntime.ensureStarted()
        var out: UnsafeMutablePointer<VipsImage>?
        let status = withExtendedLifetime(inputs) { body(&out) }
        guard status == 0, let out else {
            throw .operationFailed(operation: operation, message: VipsRuntime.takeError())
        }
        return Image(owning: out, sources: EncodedSource.union(of: inputs))
    }

    /// Runs a libvips operation on this image.
    func apply(
        _ operation: String,
        _ body: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(ImagingError) -> Image {
        try Image.make(operation, keepingAlive: [self]) { out in body(pointer, out) }
    }
}

/// How pixel values are to be read.
public enum ColorSpace: Sendable, Hashable {
    /// sRGB-encoded values, 8-bit (``PixelFormat/uchar``) or 16-bit (``PixelFormat/ushort``): see
    /// ``Image/format``. Only 8-bit sRGB is the working space (``Image/isInWorkingSpace``).
    case sRGB
    /// Linear-light RGB in floating point, 0…1.
    case scRGB
    /// Grey levels.
    case blackAndWhite
    /// CIE L*a*b*.
    case lab
    /// CIE XYZ.
    case xyz
    /// Values with no colour meaning, such as a mask or a lookup table.
    case multiband
    /// Any other libvips interpretation, by libvips' name (`cmyk`, `rgb16`, `grey16`, …); these
    /// names can be converted to and tagged as too.
    case other(String)

    init(vips: VipsInterpretation) {
        switch vips {
        case VIPS_INTERPRETATION_sRGB, VIPS_INTERPRETATION_RGB16, VIPS_INTERPRETATION_RGB: self = .sRGB
        case VIPS_INTERPRETATION_scRGB: self = .scRGB
        case VIPS_INTERPRETATION_B_W, VIPS_INTERPRETATION_GREY16: self = .blackAndWhite
        case VIPS_INTERPRETATION_LAB: self = .lab
        case VIPS_INTERPRETATION_XYZ: self = .xyz
        case VIPS_INTERPRETATION_MULTIBAND: self = .multiband
        default: self = .other(String(cString: vips_enum_nick(vips_interpretation_get_type(), Int32(vips.rawValue))))
        }
    }

    var vips: VipsInterpretation {
        get throws(ImagingError) {
            switch self {
            case .sRGB: return VIPS_INTERPRETATION_sRGB
            case .scRGB: return VIPS_INTERPRETATION_scRGB
            case .blackAndWhite: return VIPS_INTERPRETATION_B_W
            case .lab: return VIPS_INTERPRETATION_LAB
            case .xyz: return VIPS_INTERPRETATION_XYZ
            case .multiband: return VIPS_INTERPRETATION_MULTIBAND
            case .other(let name):
                let value = vips_enum_from_nick("analogkit", vips_interpretation_get_type(), name)
                guard value >= 0 else {
                    _ = VipsRuntime.takeError()
                    throw .invalidArgument("cannot convert to colour space \(name)")
                }
                return VipsInterpretation(rawValue: value)
            }
        }
    }
}

/// The numeric type of each sample.
public enum PixelFormat: Sendable, Hashable, CaseIterable {
    /// Unsigned 8-bit, 0…255.
    case uchar
    /// Signed 8-bit.
    case char
    /// Unsigned 16-bit.
    case ushort
    /// Signed 16-bit.
    case short
    /// Unsigned 32-bit.
    case uint
    /// Signed 32-bit.
    case int
    /// 32-bit floating point.
    case float
    /// 64-bit floating point.
    case double

    init(vips: VipsBandFormat) {
        switch vips {
        case VIPS_FORMAT_CHAR: self = .char
        case VIPS_FORMAT_USHORT: self = .ushort
        case VIPS_FORMAT_SHORT: self = .short
        case VIPS_FORMAT_UINT: self = .uint
        case VIPS_FORMAT_INT: self = .int
        case VIPS_FORMAT_FLOAT: self = .float
        case VIPS_FORMAT_DOUBLE, VIPS_FORMAT_DPCOMPLEX: self = .double
        case VIPS_FORMAT_COMPLEX: self = .float
        default: self = .uchar
        }
    }

    var vips: VipsBandFormat {
        switch self {
        case .uchar: VIPS_FORMAT_UCHAR
        case .char: VIPS_FORMAT_CHAR
        case .ushort: VIPS_FORMAT_USHORT
        case .short: VIPS_FORMAT_SHORT
        case .uint: VIPS_FORMAT_UINT
        case .int: VIPS_FORMAT_INT
        case .float: VIPS_FORMAT_FLOAT
        case .double: VIPS_FORMAT_DOUBLE
        }
    }

    /// Bytes per sample.
    public var byteCount: Int {
        switch self {
        case .uchar, .char: 1
        case .ushort, .short: 2
        case .uint, .int, .float: 4
        case .double: 8
        }
    }
}
