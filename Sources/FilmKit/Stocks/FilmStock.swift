import Foundation

/// A film stock as data: what it is, and the numbers that make it look like itself.
///
/// Stocks decode from JSON, so a new film needs no code: write a file and register it with
/// ``FilterRegistry/registerStock(_:replacing:)`` or ``FilterRegistry/registerStocks(in:replacing:)``.
/// The stocks that ship with FilmKit are JSON files in its resources; each records in `sources`
/// which published figures its parameters come from.
public struct FilmStock: Codable, Sendable, Hashable, Identifiable {
    /// The registry name, such as `kodak-portra-400`.
    public var id: String
    /// The name on the box, such as `Kodak Portra 400`.
    public var name: String
    /// The maker.
    public var maker: String
    /// The kind of film.
    public var type: FilmType
    /// The box speed (ISO arithmetic).
    public var iso: Int
    /// The characteristic curve of each channel.
    public var curve: ChannelCurves
    /// How the stock renders colour.
    public var color: ColorResponse
    /// The stock's grain, as the maker publishes it.
    public var grain: GrainFigure
    /// Its halation.
    public var halation: HalationResponse
    /// The default vignette, 0…1 (a property of the cameras the film is loved in as much as of the film).
    public var vignette: Double
    /// Where the numbers come from: datasheet names and the figures taken from them.
    public var sources: String

    /// Creates a stock.
    public init(
        id: String, name: String, maker: String, type: FilmType, iso: Int, curve: ChannelCurves,
        color: ColorResponse, grain: GrainFigure, halation: HalationResponse, vignette: Double, sources: String
    ) {
        self.id = id
        self.name = name
        self.maker = maker
        self.type = type
        self.iso = iso
        self.curve = curve
        self.color = color
        self.grain = grain
        self.halation = halation
        self.vignette = vignette
        self.sources = sources
    }

    /// Decodes and validates a stock from JSON of at most ``maximumFileSize`` bytes.
    /// - Parameters:
    ///   - json: the stock's JSON.
    ///   - source: what to call it in errors, such as the file's name.
    /// - Throws: ``FilmStockError`` naming the file's problem.
    public init(json: Data, source: String = "JSON") throws(FilmStockError) {
        guard json.count <= Self.maximumFileSize else {
            throw .malformed(source: source, reason: .tooLarge(byteCount: json.count, limit: Self.maximumFileSize))
        }
        do {
            self = try JSONDecoder().decode(FilmStock.self, from: json)
        } catch let error as DecodingError {
            throw .malformed(source: source, reason: FilmStockProblem(error))
        } catch {
            throw .malformed(source: source, reason: .undecodable("\(error)"))
        }
        try validate()
    }

    /// Checks every number against its range.
    ///
    /// - Throws: ``FilmStockError/valueOutOfRange(stock:field:value:range:)`` naming the first field outside its
    ///   range; ``FilmStockError/invalid(stock:reason:)`` for a missing id or name, an id that is not a filter name,
    ///   or a black-and-white stock whose channel curves differ.
    public func validate() throws(FilmStockError) {
        guard !id.isEmpty, !name.isEmpty else { throw .invalid(stock: id, reason: .missingIDOrName) }
        // The id is registered as a filter name, so a stock that validates always registers.
        guard FilterRegistry.isValidName(id) else {
            throw .invalid(stock: id, reason: .idNotAFilterName)
        }
        guard (1...25_600).contains(iso) else {
            throw .valueOutOfRange(stock: id, field: "iso", value: Double(iso), range: 1...25_600)
        }
        try curve.red.validate(stock: id, channel: "red")
        try curve.green.validate(stock: id, channel: "green")
        try curve.blue.validate(stock: id, channel: "blue")
        try color.validate(stock: id)
        try grain.validate(stock: id)
        try halation.validate(stock: id)
        guard (0...1).contains(vignette) else {
            throw .valueOutOfRange(stock: id, field: "vignette", value: vignette, range: 0...1)
        }
        if type == .blackAndWhite, curve.red != curve.green || curve.green != curve.blue {
            throw .invalid(stock: id, reason: .blackAndWhiteCurves)
        }
    }
}

/// The kind of film.
public enum FilmType: String, Codable, Sendable, Hashable, CaseIterable {
    /// Colour negative, printed or scanned (Portra, Gold, Superia).
    case colorNegative = "color-negative"
    /// Colour reversal, viewed directly (Velvia, Ektachrome).
    case slide
    /// Black-and-white negative (Tri-X, HP5).
    case blackAndWhite = "black-and-white"
    /// Motion-picture negative (Vision3 and CineStill).
    case cine
}

/// One characteristic curve per channel.
public struct ChannelCurves: Codable, Sendable, Hashable {
    /// Red.
    public var red: CharacteristicCurve
    /// Green.
    public var green: CharacteristicCurve
    /// Blue.
    public var blue: CharacteristicCurve

    /// Creates the curves.
    public init(red: CharacteristicCurve, green: CharacteristicCurve, blue: CharacteristicCurve) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The same curve for every channel, as black-and-white film has.
    public init(all curve: CharacteristicCurve) {
        self.init(red: curve, green: curve, blue: curve)
    }
}

/// How a stock renders colour.
public struct ColorResponse: Codable, Sendable, Hashable {
    /// Saturation, 0…2 (1 neutral; 0 for black-and-white).
    public var saturation: Double
    /// Per-channel gains, 0.5…1.5: the stock's cast (a tungsten stock in daylight is blue), applied
    /// as an exposure shift along each channel's curve so that nothing clips.
    public var cast: [Double]
    /// The shadows' tint.
    public var shadowTint: Tint
    /// The highlights' tint.
    public var highlightTint: Tint
    /// For black and white: the channel mix (red, green, blue) that gives the grey; ignored otherwise.
    public var mix: [Double]?

    /// Creates a colour response.
    public init(saturation: Double, cast: [Double], shadowTint: Tint, highlightTint: Tint, mix: [Double]? = nil) {
        self.saturation = saturation
        self.cast = cast
        self.shadowTint = shadowTint
        self.highlightTint = highlightTint
        self.mix = mix
    }

    func validate(stock: String) throws(FilmStockError) {
        guard (0...2).contains(saturation) else {
            throw .valueOutOfRange(stock: stock, field: "color.saturation", value: saturation, range: 0...2)
        }
        guard cast.count == 3 else { throw .invalid(stock: stock, reason: .needsThreeGains(field: "color.cast")) }
        for gain in cast where !(0.5...1.5).contains(gain) {
            throw .valueOutOfRange(stock: stock, field: "color.cast", value: gain, range: 0.5...1.5)
        }
        try shadowTint.validate(stock: stock, field: "color.shadowTint")
        try highlightTint.validate(stock: stock, field: "color.highlightTint")
        if let mix, mix.count != 3 || abs(mix.reduce(0, +)) < 1e-6 {
            throw .invalid(stock: stock, reason: .mixWeights)
        }
    }
}

/// A tint: a hue and how strongly it is applied.
public struct Tint: Codable, Sendable, Hashable {
    /// The hue in degrees (0 red, 30 orange, 120 green, 200 cyan-blue, 240 blue).
    public var hue: Double
    /// The strength, 0…1.
    public var strength: Double

    /// Creates a tint.
    public init(hue: Double, strength: Double) {
        self.hue = hue
        self.strength = strength
    }

    /// No tint.
    public static let none = Tint(hue: 0, strength: 0)

    func validate(stock: String, field: String) throws(FilmStockError) {
        guard (0...360).contains(hue) else {
            throw .valueOutOfRange(stock: stock, field: "\(field).hue", value: hue, range: 0...360)
        }
        guard (0...1).contains(strength) else {
            throw .valueOutOfRange(stock: stock, field: "\(field).strength", value: strength, range: 0...1)
        }
    }
}

/// A stock's halation: the glow that light reflected off the film base adds around sources that
/// over-exposed the film (see ``Halation`` for how the over-exposure is estimated).
public struct HalationResponse: Codable, Sendable, Hashable {
    /// Strength, 0…1: about 0.05 behind an anti-halation layer, 0.6 and more without one.
    public var strength: Double
    /// Radius (a Gaussian's sigma) as a fraction of the frame's short side: how far the reflected
    /// light spreads, which grows with the thickness of the base.
    public var radius: Double
    /// The glow's colour, one gain per channel, 0…1. Colour film glows red-orange (the
    /// red-sensitive layer lies next to the base); black-and-white film glows grey. `nil` (the key
    /// left out of a stock file) takes that usual colour for the stock's type.
    public var color: [Double]?

    /// Creates a halation response.
    public init(strength: Double, radius: Double, color: [Double]? = nil) {
        self.strength = strength
        self.radius = radius
        self.color = color
    }

    /// The glow's colour on a film of `type`: ``color``, or the type's usual colour.
    public func color(for type: FilmType) -> [Double] {
        color ?? (type == .blackAndWhite ? [0.6, 0.6, 0.6] : Halation.glowColor)
    }

    func validate(stock: String) throws(FilmStockError) {
        guard (0...1).contains(strength) else {
            throw .valueOutOfRange(stock: stock, field: "halation.strength", value: strength, range: 0...1)
        }
        guard (0.001...0.1).contains(radius) else {
            throw .valueOutOfRange(stock: stock, field: "halation.radius", value: radius, range: 0.001...0.1)
        }
        if let color {
            guard color.count == 3 else {
                throw .invalid(stock: stock, reason: .needsThreeGains(field: "halation.color"))
            }
            for gain in color where !(0...1).contains(gain) {
                throw .valueOutOfRange(stock: stock, field: "halation.color", value: gain, range: 0...1)
            }
        }
    }
}
