import FilmKit
import Imaging

struct Invert: Filter {
    func apply(to image: Image, context: FilterContext) throws -> Image {
        try image.linear(multiply: -1, add: 255)
    }
}
