import Foundation
import Imaging

/// The frame as a 35 mm negative shows it on a light table: the black film rebate with sprocket
/// holes above and below, and the maker's edge print with the frame number.
///
/// Sizes follow the format: a 36 × 24 mm frame on 35 mm film, 5.5 mm of rebate on each side with
/// perforations 1.98 × 2.79 mm every 4.75 mm.
public struct FilmBorder: ConfigurableFilter {
    /// The edge print, such as `KODAK PORTRA 400`.
    public var edgeText: String
    /// The frame number printed beside it.
    public var frameNumber: Int

    /// Creates a border.
    public init(edgeText: String = "ANALOGKIT 400", frameNumber: Int = 1) {
        self.edgeText = edgeText
        self.frameNumber = frameNumber
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "film-border", category: .overlay, summary: "35 mm film rebate with sprocket holes and edge print.",
        parameters: [.integer("frame", default: 1, in: 0...99, "the frame number in the edge print")])

    /// Makes the border from registry parameters.
    public init(parameters: FilterParameters) {
        self.init(frameNumber: parameters.integer("frame"))
    }

    static let rebate: [Double] = [18, 16, 15]
    static let light: [Double] = [236, 234, 228]
    static let print: [Double] = [232, 168, 70]

    /// Surrounds the image with the rebate; the result is larger than the input.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs)
    ///   (for example text Pango cannot render).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        let input = try image.filmInput().asUChar()
        // Millimetres to pixels, taking the frame's short side as the 24 mm one.
        let scale = Double(input.shortSide) / 24
        func mm(_ value: Double) -> Int { max(1, Int((value * scale).rounded())) }
        let side = mm(1)
        let width = input.width + 2 * side
        let rebateHeight = mm(5.5)
        let top = try strip(width: width, height: rebateHeight, holesAtTop: false, mm: mm, label: true)
        let bottom = try strip(width: width, height: rebateHeight, holesAtTop: true, mm: mm, label: false)
        let framed = try input.embedded(
            x: side, y: rebateHeight, width: width, height: input.height + 2 * rebateHeight, background: Self.rebate)
        return try framed.inserting(top, x: 0, y: 0).inserting(bottom, x: 0, y: rebateHeight + input.height)
    }

    private func strip(width: Int, height: Int, holesAtTop: Bool, mm: (Double) -> Int, label: Bool) throws -> Image {
        let holeWidth = mm(1.98)
        let holeHeight = mm(2.79)
        let pitch = max(holeWidth + 1, mm(4.75))
        let holeY = holesAtTop ? mm(0.9) : height - mm(0.9) - holeHeight
        let holes = stride(from: pitch / 2, to: width - holeWidth, by: pitch).map { x in
            (x: x, y: holeY, width: holeWidth, height: holeHeight)
        }
        // Perforations have rounded corners: a slight blur of the hole mask gives them.
        let mask = try Image.solid(width: width, height: height, value: [0]).drawingRectangles(holes, color: [255])
            .blurred(sigma: Double(mm(0.12)))
        var strip = try mask.linear(
            multiply: zip(Self.light, Self.rebate).map { ($0 - $1) / 255 }, add: Self.rebate, toUChar: true)
        guard label else { return strip }
        let textHeight = max(6, mm(1.3))
        let caption = "\(edgeText)   ▸\(frameNumber)   \(frameNumber)A"
        let text = try Image.text(caption, font: "DejaVu Sans Mono Bold \(textHeight)px")
        let printed = try text.linear(
            multiply: zip(Self.print, Self.rebate).map { ($0 - $1) / 255 }, add: Self.rebate, toUChar: true)
        // The edge print runs in the margin between the perforations and the film's outer edge.
        let x = mm(8)
        let y = mm(0.3)
        guard x + printed.width < width, y >= 0 else { return strip }
        strip = try strip.inserting(printed, x: x, y: y)
        return strip
    }
}
