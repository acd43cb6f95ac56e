import Imaging

/// A classic black-and-white print: a yellow-filter channel mix (darker skies), a contrasty curve
/// with a little lift, monochrome grain and a vignette.
public struct BlackAndWhite: ConfigurableFilter {
    /// Mid-tone contrast.
    public var contrast: Double
    /// Grain strength, 0…1.
    public var grain: Double
    /// Vignette strength, 0…1.
    public var vignette: Double

    /// Creates the look.
    public init(contrast: Double = 1.35, grain: Double = 0.45, vignette: Double = 0.3) {
        self.contrast = contrast
        self.grain = grain
        self.vignette = vignette
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "black-and-white", category: .look,
        summary: "Black-and-white print: yellow-filter channel mix, contrasty curve, monochrome grain.",
        parameters: [
            .number("contrast", default: 1.35, in: 0.5...2.5, "mid-tone contrast"),
            .number("grain", default: 0.45, in: 0...1, "grain strength"),
            .number("vignette", default: 0.3, in: 0...1, "vignette strength"),
        ])

    /// Makes the look from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(contrast: parameters["contrast"], grain: parameters["grain"], vignette: parameters["vignette"])
    }

    /// The steps of the look.
    public var chain: FilterChain {
        // A yellow filter holds back blue: weights 0.4, 0.45, 0.15 rather than plain luma.
        let mix = try! Monochrome(red: 0.4, green: 0.45, blue: 0.15)
        return FilterChain([
            Softness(radius: 0.8, strength: 0.1),
            Vignette(amount: vignette, radius: 0.45),
            mix,
            ToneCurve(lift: 0.04, white: 0.96, contrast: contrast),
            Grain(amount: grain, size: 1.4, chroma: 0),
        ])
    }

    /// Applies the look.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try chain.apply(to: image, context: context)
    }
}
