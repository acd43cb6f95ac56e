import Foundation
import Imaging

/// Film grain: density fluctuations in clumps of a size, strongest in the mid-tones, seeded.
///
/// The grain follows the model of film stocks (see <doc:FilmStocksAsData>): isotropic clumps on
/// film with no lattice, averaged over the film area a pixel covers (set by the frame's
/// ``FilmFormat`` and the output size, so a frame rendered large and shrunk has the grain of one
/// rendered small), growing with density and shown through the film's curve (here a neutral one:
/// strongest in the mid-tones, fading into black and white). Each pixel's noise is a hash of the
/// seed and its position, so the grain is the same on any number of threads. `amount` sets the
/// deviation on mid-grey at a 48 µm pixel pitch (a 750-pixel-wide 35 mm frame); colour film's
/// three dye layers grain mostly together (`chroma` the share of colour differences), so the grain
/// shows mostly as brightness.
public struct Grain: ConfigurableFilter {
    /// The grain's standard deviation on mid-grey at a 48 µm pixel pitch, as a fraction of 32 levels (0…1).
    public var amount: Double
    /// The clump size, in thousandths of a 35 mm frame's short side (24 mm): 1 is a clump about
    /// 24 µm across (a Gaussian of 8 µm).
    public var size: Double
    /// 0 for monochrome grain; up to 1 for colour differences as strong as the shared grain.
    public var chroma: Double

    /// The standard deviation, in 8-bit levels, that `amount` 1 gives on mid-grey at a 48 µm pitch.
    public static let fullAmountLevels = 32.0

    /// Creates a grain filter.
    public init(amount: Double = 0.3, size: Double = 1, chroma: Double = 0) {
        self.amount = amount
        self.size = size
        self.chroma = chroma
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "grain", category: .texture, summary: "Film grain in clumps, strongest in the mid-tones, seeded.",
        parameters: [
            .number(
                "amount", default: 0.3, in: 0...1,
                "standard deviation on mid-grey at a 48 µm pitch, as a fraction of 32 levels"),
            .number("size", default: 1, in: 0.1...10, "clump size, in thousandths of a 35 mm frame's short side"),
            .number(
                "chroma", default: 0, in: 0...1,
                "0 monochrome grain, 1 colour differences as strong as the shared grain"),
        ])

    /// Makes the filter from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(amount: parameters["amount"], size: parameters["size"], chroma: parameters["chroma"])
    }

    /// The curve the grain is seen through: a print's S-curve, steep in the mid-tones and flat
    /// towards black and white (the image's tones are left as they are).
    static let response = CharacteristicCurve(black: 0, white: 1, contrast: 1.6)

    /// The grain model: a black-and-white negative's contrast, with the granularity that gives
    /// `amount` on mid-grey through ``response``.
    var model: GrainModel {
        var model = GrainModel(
            rms: 0, clump: size * 8, gamma: GrainModel.gamma(for: .blackAndWhite), reversal: false,
            chroma: min(1, max(0, chroma)), response: Self.response)
        let table = (0..<256).map { 255 * Self.response.value(at: Double($0) / 255) }
        let midGrey = 118
        let levels = model.levelsPerDensity(at: midGrey, table: table) * model.density(at: midGrey).squareRoot()
        model.rms = max(0, amount) * Self.fullAmountLevels / levels
        return model
    }

    /// Adds the grain.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        try pass.apply(to: image, context: context)
    }

    /// `true`: the film pass reads its input top to bottom (see ``Filter/readsInputSequentially``).
    public var readsInputSequentially: Bool { true }

    /// The film pass that renders this filter alone.
    var pass: FilmPass { FilmPass(grain: amount > 0 ? model : nil) }
}
