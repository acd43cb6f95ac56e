import Imaging

/// A faded, warm colour-negative look: lifted blacks, warm shadows, softened detail, fine colour
/// grain, darker corners and a light leak or two.
///
/// ## Why it is a chain, not one fused pass
///
/// A film stock (``StockLook``) renders in one fused pass: every stage it has reads one pixel (and
/// precomputed rows: the vignette, the light leaks, the halation glow, the grain field) and writes
/// one pixel. `vintage` runs its ``chain``, which a ``FilterChain`` runs as two operations:
///
/// - ``Softness`` is an edge-preserving blur (a guided filter): each output pixel is a weighted
///   mean of a neighbourhood whose weights depend on the neighbours' own values, so it needs whole
///   windows of the frame, which the pass, streaming each pixel once, does not keep. It is one
///   libvips operation of its own, in 8 bits, its means computed on 2 × 2-pixel cells on large
///   photos (see ``Softness``).
/// - ``Vignette``, ``LightLeak``, ``ColorCast``, ``ToneCurve``, ``SplitTone``, ``Saturation``
///   (the pass's colour matrix after the split tone) and ``Grain`` are stages of the film pass in
///   its own order, merged into one pass.
///
/// The look therefore costs more than a stock on a large photo: about 2.6× `vips copy` on a
/// 24 MP JPEG (`Benchmarks/compare.sh`, on 2 cores with other builds running), against about
/// 1.1–1.7× for a stock in the same run; for speed on large photos, prefer a stock. Of its CPU
/// time, about a quarter is the softening and a third the film pass, which runs on the 128-pixel
/// tiles the softening hands it rather than on whole rows.
public struct Vintage: ConfigurableFilter {
    /// How far the blacks are lifted, 0…1.
    public var fade: Double
    /// How warm the colour is, 0…1.
    public var warmth: Double
    /// Grain strength, 0…1.
    public var grain: Double
    /// Vignette strength, 0…1.
    public var vignette: Double
    /// Light-leak strength, 0…1 (0 for none).
    public var leaks: Double

    /// Creates the look.
    public init(
        fade: Double = 0.5, warmth: Double = 0.5, grain: Double = 0.35, vignette: Double = 0.35, leaks: Double = 0.3
    ) {
        self.fade = fade
        self.warmth = warmth
        self.grain = grain
        self.vignette = vignette
        self.leaks = leaks
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "vintage", category: .look,
        summary: "Faded warm colour negative: lifted blacks, warm shadows, grain, vignette, light leaks.",
        parameters: [
            .number("fade", default: 0.5, in: 0...1, "how far the blacks are lifted"),
            .number("warmth", default: 0.5, in: 0...1, "how warm the colour is"),
            .number("grain", default: 0.35, in: 0...1, "grain strength"),
            .number("vignette", default: 0.35, in: 0...1, "vignette strength"),
            .number("leaks", default: 0.3, in: 0...1, "light-leak strength, 0 for none"),
        ])

    /// Makes the look from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(
            fade: parameters["fade"], warmth: parameters["warmth"], grain: parameters["grain"],
            vignette: parameters["vignette"], leaks: parameters["leaks"])
    }

    /// The steps of the look, in the order light meets them: lens softness and vignette, leaks
    /// through the camera, then the film's colour, curve and grain.
    public var chain: FilterChain {
        var steps: [any Filter] = [
            Softness(radius: 0.8, strength: 0.12),
            Vignette(amount: vignette, radius: 0.45),
        ]
        if leaks > 0 {
            steps.append(LightLeak(intensity: leaks, count: 2, size: 0.55))
        }
        steps += [
            ColorCast(red: 1 + 0.05 * warmth, green: 1 + 0.01 * warmth, blue: 1 - 0.1 * warmth),
            ToneCurve(lift: 0.02 + 0.12 * fade, white: 0.95 - 0.04 * fade, contrast: 1.15),
            SplitTone(shadowHue: 25, shadowStrength: 0.04 + 0.1 * warmth, highlightHue: 190, highlightStrength: 0.05),
            Saturation(amount: 0.85),
            Grain(amount: grain, size: 1.2, chroma: 0.25),
        ]
        return FilterChain(steps)
    }

    /// Applies the look.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try chain.apply(to: image, context: context)
    }
}
