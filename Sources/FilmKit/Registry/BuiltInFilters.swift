/// The filters every ``FilterRegistry`` starts with (unless asked not to).
enum BuiltInFilters {
    static let types: [any ConfigurableFilter.Type] = [
        ToneCurve.self, SplitTone.self, Saturation.self, ColorCast.self, Monochrome.self,
        Grain.self, Softness.self, Vignette.self, LightLeak.self, Halation.self,
        DateStamp.self, FilmBorder.self, DustAndScratches.self,
        Vintage.self, BlackAndWhite.self,
    ]

    static var all: [(description: FilterDescription, factory: FilterRegistry.Factory)] {
        types.map { type in (type.description, { try type.init(parameters: $0) }) }
    }
}
