import CVips
import CVipsShim

extension Image {
    /// Converts to another colour space (sRGB, linear scRGB, grey, Lab, …).
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (a conversion
    ///   libvips has no route for).
    public func converted(to space: ColorSpace) throws(ImagingError) -> Image {
        let target = try space.vips
        return try apply("colourspace") { akv_colourspace($0, $1, target) }
    }

    /// The same pixels, labelled as being in `space` (nothing is converted). For images made from
    /// raw values, such as masks that are to be treated as grey.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func tagged(as space: ColorSpace) throws(ImagingError) -> Image {
        let target = try space.vips
        return try apply("copy") { akv_copy_interpretation($0, $1, target) }
    }

    /// Computes the pixels now and keeps them in memory.
    ///
    /// libvips recomputes a lazy pipeline for every region that a later step asks for; an image
    /// that several later steps read over and over (a small intermediate, say) is cheaper computed
    /// once. Costs `width · height · bands` samples of memory.
    ///
    /// - Throws: ``ImagingError/decodeFailed(message:)`` if the source turns out to be damaged while the pipeline
    ///   runs, otherwise ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for
    ///   example out of memory).
    public func materialized() throws(ImagingError) -> Image {
        guard let copy = withExtendedLifetime(self, { vips_image_copy_memory(pointer) }) else {
            throw VipsRuntime.pipelineError(operation: "copy_memory", sources: handle.sources)
        }
        return Image(owning: copy)
    }

    /// Casts samples to another numeric type, clipping to its range.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func cast(to format: PixelFormat) throws(ImagingError) -> Image {
        try apply("cast") { akv_cast($0, $1, format.vips) }
    }

    /// Removes alpha by compositing over a solid background (white by default).
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func flattened(background: [Double] = [255]) throws(ImagingError) -> Image {
        guard hasAlpha else { return self }
        return try apply("flatten") { input, out in
            background.withUnsafeBufferPointer { akv_flatten(input, out, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// A rectangle of the image.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example a
    ///   rectangle outside the image).
    public func cropped(x: Int, y: Int, width: Int, height: Int) throws(ImagingError) -> Image {
        try apply("extract_area") { akv_extract_area($0, $1, Int32(x), Int32(y), Int32(width), Int32(height)) }
    }

    /// Some of the bands, starting at `band`.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example
    ///   bands the image does not have).
    public func extractingBands(_ band: Int, count: Int = 1) throws(ImagingError) -> Image {
        try apply("extract_band") { akv_extract_band($0, $1, Int32(band), Int32(count)) }
    }

    /// The bands of several images side by side in one image.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if `images` is empty;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example images of
    ///   different sizes).
    public static func joiningBands(_ images: [Image]) throws(ImagingError) -> Image {
        guard !images.isEmpty else { throw .invalidArgument("joiningBands needs at least one image") }
        var pointers: [UnsafeMutablePointer<VipsImage>?] = images.map(\.pointer)
        return try make("bandjoin", keepingAlive: images) { out in akv_bandjoin(&pointers, Int32(images.count), out) }
    }

    /// The mean of the bands, one band out.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func bandMean() throws(ImagingError) -> Image {
        try apply("bandmean") { akv_bandmean($0, $1) }
    }

    /// Places the image at (`x`, `y`) on a larger canvas filled with `background`.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example a
    ///   non-positive size).
    public func embedded(
        x: Int,
        y: Int,
        width: Int,
        height: Int,
        background: [Double] = [0]
    ) throws(ImagingError) -> Image {
        try apply("embed") { input, out in
            background.withUnsafeBufferPointer {
                akv_embed(input, out, Int32(x), Int32(y), Int32(width), Int32(height), $0.baseAddress, Int32($0.count))
            }
        }
    }

    /// Pastes `image` over this one with its top-left corner at (`x`, `y`).
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func inserting(_ image: Image, x: Int, y: Int) throws(ImagingError) -> Image {
        try Image.make("insert", keepingAlive: [self, image]) {
            akv_insert(pointer, image.pointer, $0, Int32(x), Int32(y))
        }
    }

    /// Lays images out in a grid, `across` per row, `spacing` pixels apart.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if `images` is empty or `across` is not positive;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public static func grid(
        _ images: [Image],
        across: Int,
        spacing: Int = 0,
        background: [Double] = [0]
    ) throws(ImagingError) -> Image {
        guard !images.isEmpty, across > 0 else {
            throw .invalidArgument("grid needs images and a positive column count")
        }
        var pointers: [UnsafeMutablePointer<VipsImage>?] = images.map(\.pointer)
        return try make("arrayjoin", keepingAlive: images) { out in
            background.withUnsafeBufferPointer {
                akv_arrayjoin(
                    &pointers, Int32(images.count), out, Int32(across), Int32(spacing), $0.baseAddress, Int32($0.count))
            }
        }
    }

    /// A mirror image.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func flipped(horizontally: Bool) throws(ImagingError) -> Image {
        try apply("flip") { akv_flip($0, $1, horizontally ? VIPS_DIRECTION_HORIZONTAL : VIPS_DIRECTION_VERTICAL) }
    }

    /// A rotation by a quarter turn clockwise, `quarterTurns` times.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func rotated(quarterTurns: Int) throws(ImagingError) -> Image {
        let angles = [VIPS_ANGLE_D0, VIPS_ANGLE_D90, VIPS_ANGLE_D180, VIPS_ANGLE_D270]
        let angle = angles[((quarterTurns % 4) + 4) % 4]
        return try apply("rot") { akv_rot($0, $1, angle) }
    }

    /// Picks, pixel by pixel, from `whereTrue` where this image is non-zero and from `whereFalse`
    /// elsewhere; with `blend`, mixes the two in proportion to this image's value over 255.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation (for example
    ///   images of different sizes).
    public func select(_ whereTrue: Image, _ whereFalse: Image, blend: Bool = false) throws(ImagingError) -> Image {
        try Image.make("ifthenelse", keepingAlive: [self, whereTrue, whereFalse]) {
            akv_ifthenelse(pointer, whereTrue.pointer, whereFalse.pointer, $0, blend ? 1 : 0)
        }
    }

    /// Composites `overlay` (which should have an alpha band) over this image with a blend mode.
    ///
    /// - Throws: ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func composited(with overlay: Image, mode: BlendMode = .over) throws(ImagingError) -> Image {
        try Image.make("composite2", keepingAlive: [self, overlay]) {
            akv_composite2(pointer, overlay.pointer, $0, mode.vips)
        }
    }

    /// Resizes by a scale factor (different horizontally and vertically if given).
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if a scale is not positive;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func resized(scale: Double, verticalScale: Double? = nil, kernel: ResamplingKernel = .lanczos3)
        throws(ImagingError) -> Image
    {
        guard scale > 0, (verticalScale ?? scale) > 0 else { throw .invalidArgument("scale must be positive") }
        return try apply("resize") { akv_resize($0, $1, scale, verticalScale ?? scale, kernel.vips) }
    }

    /// Shrinks by averaging `factor`×`factor` blocks: the cheapest way down, for intermediates
    /// that are blurred afterwards anyway.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if `factor` is below 1;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func shrunk(by factor: Int) throws(ImagingError) -> Image {
        guard factor >= 1 else { throw .invalidArgument("shrink factor must be at least 1") }
        guard factor > 1 else { return self }
        return try apply("shrink") { akv_shrink($0, $1, Double(factor), Double(factor)) }
    }

    /// Resizes to exactly `width`×`height` pixels.
    ///
    /// - Throws: ``ImagingError/invalidArgument(_:)`` if `width` or `height` is not positive;
    ///   ``ImagingError/operationFailed(operation:message:)`` if libvips rejects the operation.
    public func resized(width: Int, height: Int, kernel: ResamplingKernel = .lanczos3) throws(ImagingError) -> Image {
        guard width > 0, height > 0 else { throw .invalidArgument("size must be positive") }
        // libvips rounds the scaled size; nudging the factor by a hair makes it land on the target.
        let hscale = (Double(width) + 0.1) / Double(self.width)
        let vscale = (Double(height) + 0.1) / Double(self.height)
        return try resized(scale: hscale, verticalScale: vscale, kernel: kernel)
    }
}

/// How an overlay combines with what is beneath it (the PDF blend modes libvips implements).
public enum BlendMode: Sendable, Hashable, CaseIterable {
    /// Plain alpha compositing.
    case over
    /// Brightens: 1 − (1 − a)(1 − b).
    case screen
    /// Darkens: a·b.
    case multiply
    /// Multiply or screen depending on the base.
    case overlay
    /// A gentle overlay.
    case softLight
    /// Adds light, clipping at white.
    case add

    var vips: VipsBlendMode {
        switch self {
        case .over: VIPS_BLEND_MODE_OVER
        case .screen: VIPS_BLEND_MODE_SCREEN
        case .multiply: VIPS_BLEND_MODE_MULTIPLY
        case .overlay: VIPS_BLEND_MODE_OVERLAY
        case .softLight: VIPS_BLEND_MODE_SOFT_LIGHT
        case .add: VIPS_BLEND_MODE_ADD
        }
    }
}

/// The interpolation kernel used when resizing.
public enum ResamplingKernel: Sendable, Hashable, CaseIterable {
    /// Nearest neighbour: blocky, exact.
    case nearest
    /// Linear interpolation.
    case linear
    /// Cubic interpolation: smooth, used for upscaling noise into soft clumps.
    case cubic
    /// Lanczos with 3 lobes: sharp, the default for photographs.
    case lanczos3

    var vips: VipsKernel {
        switch self {
        case .nearest: VIPS_KERNEL_NEAREST
        case .linear: VIPS_KERNEL_LINEAR
        case .cubic: VIPS_KERNEL_CUBIC
        case .lanczos3: VIPS_KERNEL_LANCZOS3
        }
    }
}
