import CVips
import CVipsShim
import Foundation

extension Image {
    /// A blurred copy; `sigma` is the Gaussian's standard deviation in pixels.
    ///
    /// - Parameters:
    ///   - sigma: the Gaussian's standard deviation in pixels; 0 or less returns the image as it is.
    ///   - approximate: integer arithmetic, about twice as fast, for 8-bit images where a
    ///     small error does not show.
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func blurred(sigma: Double, approximate: Bool = false) throws(ImagingError) -> Image {
        guard sigma > 0 else { return self }
        return try apply("gaussblur") { akv_gaussblur($0, $1, sigma, approximate ? 1 : 0) }
    }

    /// Gaussian noise, one float band, the same for the same seed whatever the thread count.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if the size is not positive or over 10,000,000 pixels a side;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public static func noise(width: Int, height: Int, mean: Double = 0, sigma: Double = 1, seed: UInt64)
        throws(ImagingError) -> Image
    {
        try checkSize(width, height)
        // libvips takes a 32-bit seed; fold the 64 bits so every bit of the caller's seed matters.
        let folded = Int32(truncatingIfNeeded: seed ^ (seed >> 32))
        return try make("gaussnoise") { akv_gaussnoise($0, Int32(width), Int32(height), mean, sigma, folded) }
    }

    /// A constant image: every pixel is `value` (one entry per band), 8-bit when every value fits,
    /// float otherwise; sRGB for 3 or 4 bands, grey for 1 or 2.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if `value` is empty or the size is not positive or over
    ///   10,000,000 pixels a side; ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the
    ///   operation.
    public static func solid(width: Int, height: Int, value: [Double]) throws(ImagingError) -> Image {
        try checkSize(width, height)
        guard !value.isEmpty else { throw .invalidArgument("a solid image needs at least one band value") }
        let black = try make("black") { akv_black($0, Int32(width), Int32(height), Int32(value.count)) }
        let fitsUChar = value.allSatisfy { $0 >= 0 && $0 <= 255 && $0.rounded() == $0 }
        return try black.linear(multiply: Array(repeating: 1, count: value.count), add: value, toUChar: fitsUChar)
            .tagged(as: value.count >= 3 ? .sRGB : .blackAndWhite)
    }

    /// A two-band float image whose pixels hold their own x and y coordinates: the basis of
    /// position-dependent effects such as vignettes.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if the size is not positive or over 10,000,000 pixels a side;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public static func coordinates(width: Int, height: Int) throws(ImagingError) -> Image {
        try checkSize(width, height)
        return try make("xyz") { akv_xyz($0, Int32(width), Int32(height)) }.cast(to: .float)
    }

    /// Text rendered by Pango as a one-band 8-bit mask (255 where ink is).
    ///
    /// - Parameters:
    ///   - text: the text, shown as written (markup characters are escaped).
    ///   - font: a Pango font description such as `"DejaVu Sans Mono Bold 12"`.
    ///   - width: wrap lines at this many pixels; 0 does not wrap.
    ///   - dpi: the resolution the font size is rendered at.
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if `text` is empty;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public static func text(_ text: String, font: String = "DejaVu Sans 12", width: Int = 0, dpi: Int = 72)
        throws(ImagingError) -> Image
    {
        guard !text.isEmpty else { throw .invalidArgument("text is empty") }
        // Pango reads markup; escape it so the caller's text is shown as written.
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return try make("text") { akv_text($0, escaped, font, Int32(width), Int32(dpi)) }
    }

    /// A copy with filled rectangles drawn on it, each in its colour (one value per band).
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func drawingRectangles(_ rectangles: [(x: Int, y: Int, width: Int, height: Int)], color: [Double])
        throws(ImagingError) -> Image
    {
        // Drawing changes pixels in place, so it works on a private in-memory copy. `materialized()`
        // alone is not private: for an image already in memory libvips returns the same buffer.
        let canvas = try apply("copy") { akv_copy($0, $1) }.materialized()
        for rectangle in rectangles {
            let status = color.withUnsafeBufferPointer {
                akv_draw_rect(
                    canvas.pointer, $0.baseAddress, Int32($0.count), Int32(rectangle.x), Int32(rectangle.y),
                    Int32(rectangle.width), Int32(rectangle.height))
            }
            guard status == 0 else { throw .operationFailed(operation: "draw_rect", message: VipsRuntime.takeError()) }
        }
        return canvas
    }

    static func checkSize(_ width: Int, _ height: Int) throws(ImagingError) {
        guard width > 0, height > 0, width <= 10_000_000, height <= 10_000_000 else {
            throw .invalidArgument("image size \(width)×\(height) is out of range")
        }
    }
}
