import FilmKit
import Imaging

struct Posterize: ConfigurableFilter {
    let levels: Int
    static let description = FilterDescription(
        name: "posterize", category: "mine", summary: "A few levels per channel.",
        parameters: [.integer("levels", default: 4, in: 2...64, "levels per channel")])
    init(parameters: FilterParameters) { levels = parameters.integer("levels") }

    func apply(to image: Image, context: FilterContext) throws -> Image {
        let step = 255 / Double(levels - 1)
        let table = (0..<256).map { (Double($0) / step).rounded() * step }
        return try image.normalizedToSRGB().mapped(through: Image.lookupTable([table]))
    }
}

try FilterRegistry.shared.register(Posterize.self)
let poster = try FilterRegistry.shared.makeFilter("posterize", parameters: ["levels": 3])
