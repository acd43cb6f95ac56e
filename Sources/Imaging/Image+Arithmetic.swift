import CVips
import CVipsShim

extension Image {
    /// `self · multiply + add`, per band when the arrays have one value per band, otherwise the
    /// same constant for every band; a one-band image with three constants becomes an sRGB image.
    /// The result is float unless `toUChar` is set: then each value is clipped to 0…255 and
    /// truncated, not rounded (libvips 8.14: 1.7 becomes 1); add 0.5 to `add` to round.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if the arrays are empty or of different lengths;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example on a band
    ///   count the constants do not fit).
    public func linear(multiply: [Double], add: [Double], toUChar: Bool = false) throws(ImagingError) -> Image {
        guard !multiply.isEmpty, multiply.count == add.count else {
            throw .invalidArgument("linear needs equally many, and at least one, multipliers and offsets")
        }
        let result = try apply("linear") { input, out in
            multiply.withUnsafeBufferPointer { a in
                add.withUnsafeBufferPointer { b in
                    akv_linear(input, out, a.baseAddress, b.baseAddress, Int32(a.count), toUChar ? 1 : 0)
                }
            }
        }
        // Per-band constants on a grey image make a colour one, such as a mask painted in a colour.
        if bands == 1, result.bands >= 3, result.colorSpace == .blackAndWhite {
            return try result.tagged(as: .sRGB)
        }
        return result
    }

    /// `self · multiply + add` with the same constants for every band.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func linear(multiply: Double, add: Double = 0, toUChar: Bool = false) throws(ImagingError) -> Image {
        try linear(multiply: [multiply], add: [add], toUChar: toUChar)
    }

    /// Pixel-wise sum.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example on
    ///   images of different sizes or incompatible band counts).
    public func adding(_ other: Image) throws(ImagingError) -> Image {
        try Image.make("add", keepingAlive: [self, other]) { akv_add(pointer, other.pointer, $0) }
    }

    /// Pixel-wise difference.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example on
    ///   images of different sizes or incompatible band counts).
    public func subtracting(_ other: Image) throws(ImagingError) -> Image {
        try Image.make("subtract", keepingAlive: [self, other]) { akv_subtract(pointer, other.pointer, $0) }
    }

    /// Pixel-wise product. A one-band image multiplies every band of a many-band one.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example on
    ///   images of different sizes or incompatible band counts).
    public func multiplying(by other: Image) throws(ImagingError) -> Image {
        try Image.make("multiply", keepingAlive: [self, other]) { akv_multiply(pointer, other.pointer, $0) }
    }

    /// Pixel-wise quotient (0 where the divisor is 0).
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example on
    ///   images of different sizes or incompatible band counts).
    public func dividing(by other: Image) throws(ImagingError) -> Image {
        try Image.make("divide", keepingAlive: [self, other]) { akv_divide(pointer, other.pointer, $0) }
    }

    /// Each sample raised to `exponent`.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func raised(to exponent: Double) throws(ImagingError) -> Image {
        try apply("math2_const") { input, out in
            var c = exponent
            return akv_math2_const(input, out, VIPS_OPERATION_MATH2_POW, &c, 1)
        }
    }

    /// `e` raised to each sample.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func exponential() throws(ImagingError) -> Image {
        try applyMath(VIPS_OPERATION_MATH_EXP)
    }

    private func applyMath(_ operation: VipsOperationMath) throws(ImagingError) -> Image {
        try apply("math") { akv_math($0, $1, operation) }
    }

    /// A comparison with a constant: 255 where it holds, 0 elsewhere (8-bit).
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func compared(_ comparison: Comparison, to value: Double) throws(ImagingError) -> Image {
        try apply("relational_const") { input, out in
            var c = value
            return akv_relational_const(input, out, comparison.vips, &c, 1)
        }
    }

    /// Maps every 8-bit sample through a lookup table of 256 entries per band (one band for all,
    /// or one per band). The result has the table's format.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if `table` is not 256×1 pixels;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func mapped(through table: Image) throws(ImagingError) -> Image {
        guard table.width == 256, table.height == 1 else {
            throw .invalidArgument("a lookup table is 256×1 pixels, got \(table.width)×\(table.height)")
        }
        return try Image.make("maplut", keepingAlive: [self, table]) { akv_maplut(pointer, $0, table.pointer) }
    }

    /// Multiplies each pixel's band vector by a matrix: output band `i` is `Σ matrix[i][j] · band j`.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if a row of `matrix` does not have one value per band;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func recombined(matrix: [[Double]]) throws(ImagingError) -> Image {
        guard let columns = matrix.first?.count, columns == bands, matrix.allSatisfy({ $0.count == columns }) else {
            throw .invalidArgument("a colour matrix needs one column per band (\(bands))")
        }
        let table = try Image.matrix(matrix)
        return try Image.make("recomb", keepingAlive: [self, table]) { akv_recomb(pointer, $0, table.pointer) }
    }

    /// A matrix image (as libvips uses for colour matrices and convolution masks).
    static func matrix(_ rows: [[Double]]) throws(ImagingError) -> Image {
        let flat = rows.flatMap { $0 }
        let made = flat.withUnsafeBufferPointer {
            vips_image_new_matrix_from_array(
                Int32(rows[0].count), Int32(rows.count), $0.baseAddress, Int32($0.count))
        }
        guard let made else { throw .operationFailed(operation: "matrix", message: VipsRuntime.takeError()) }
        return Image(owning: made)
    }
}

/// A comparison of each sample with a value.
public enum Comparison: Sendable, Hashable, CaseIterable {
    /// `==`
    case equal
    /// `!=`
    case notEqual
    /// `<`
    case less
    /// `<=`
    case lessOrEqual
    /// `>`
    case greater
    /// `>=`
    case greaterOrEqual

    var vips: VipsOperationRelational {
        switch self {
        case .equal: VIPS_OPERATION_RELATIONAL_EQUAL
        case .notEqual: VIPS_OPERATION_RELATIONAL_NOTEQ
        case .less: VIPS_OPERATION_RELATIONAL_LESS
        case .lessOrEqual: VIPS_OPERATION_RELATIONAL_LESSEQ
        case .greater: VIPS_OPERATION_RELATIONAL_MORE
        case .greaterOrEqual: VIPS_OPERATION_RELATIONAL_MOREEQ
        }
    }
}
