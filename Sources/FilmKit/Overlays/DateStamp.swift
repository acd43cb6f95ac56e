import Foundation
import Imaging

/// The orange date in the corner that disposable and compact cameras burned into the film with
/// seven-segment LEDs: `'98 7 24`, soft-edged and glowing.
public struct DateStamp: ConfigurableFilter {
    /// The year printed (two digits are shown).
    public var year: Int
    /// The month, 1…12.
    public var month: Int
    /// The day, 1…31.
    public var day: Int

    /// The LEDs' colour.
    public static let color: [Double] = [255, 140, 30]

    /// Creates a stamp for a date; the caller gives it, so a stamp can say any day.
    ///
    /// - Throws: ``FilterError/invalidParameterValue(filter:parameter:value:expected:)`` unless
    ///   `month` is 1…12, `day` 1…31 and `year` 0…9999.
    public init(year: Int, month: Int, day: Int) throws(FilterError) {
        guard (1...12).contains(month), (1...31).contains(day), (0...9999).contains(year) else {
            throw .invalidParameterValue(
                filter: Self.description.name, parameter: "date", value: "\(year)-\(month)-\(day)", expected: "a date")
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Creates a stamp for a moment in a calendar (the current one by default).
    ///
    /// - Throws: ``FilterError/invalidParameterValue(filter:parameter:value:expected:)`` if the calendar gives a year
    ///   outside 0…9999.
    public init(date: Date, calendar: Calendar = .current) throws(FilterError) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        try self.init(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// The registry's description.
    public static let description = FilterDescription(
        name: "date-stamp", category: .overlay, summary: "An orange seven-segment date in the corner.",
        parameters: [
            .integer("year", default: 1998, in: 1900...2099, "year"),
            .integer("month", default: 7, in: 1...12, "month"),
            .integer("day", default: 24, in: 1...31, "day"),
        ])

    /// Makes the stamp from registry parameters.
    ///
    /// - Throws: ``FilterError/invalidParameterValue(filter:parameter:value:expected:)`` as ``init(year:month:day:)``
    ///   does; the registry's ranges already keep the values inside what it accepts.
    public init(parameters: FilterParameters) throws {
        try self.init(
            year: parameters.integer("year"), month: parameters.integer("month"), day: parameters.integer("day"))
    }

    /// The text shown, as the cameras printed it.
    public var text: String {
        String(format: "'%02d %d %d", year % 100, month, day)
    }

    /// Burns the stamp into the bottom-right corner.
    ///
    /// - Throws: `ImagingError` if a libvips operation fails (or the source is found damaged while the pipeline runs).
    public func apply(to image: Image, context: FilterContext) throws -> Image {
        let input = try image.filmInput()
        let digitHeight = max(9, input.shortSide * 45 / 1000)
        let mask = try SevenSegment.render(text, digitHeight: digitHeight)
        let margin = max(4, input.shortSide * 4 / 100)
        let pad = digitHeight / 2
        let canvas = try mask.embedded(
            x: pad, y: pad, width: mask.width + 2 * pad, height: mask.height + 2 * pad, background: [0])
        // The LEDs exposed the film through the lens: a sharp core and a soft bloom.
        let core = try canvas.blurred(sigma: Double(digitHeight) * 0.03)
        let bloom = try canvas.blurred(sigma: Double(digitHeight) * 0.2).linear(multiply: 0.7, add: 0)
        let light = try core.adding(bloom).linear(multiply: Self.color.map { $0 / 255 / 255 }, add: [0, 0, 0])
        let x = max(0, input.width - margin - canvas.width)
        let y = max(0, input.height - margin - canvas.height)
        let width = min(canvas.width, input.width - x)
        let height = min(canvas.height, input.height - y)
        let corner = try input.cropped(x: x, y: y, width: width, height: height)
        let glow = try light.cropped(x: 0, y: 0, width: width, height: height)
        // Screen: 255 − (255 − image)(1 − light), so the stamp brightens and never darkens.
        let stamped = try corner.linear(multiply: -1, add: 255).multiplying(by: glow.linear(multiply: -1, add: 1))
            .linear(multiply: -1, add: 255)
        return try input.inserting(stamped, x: x, y: y)
    }
}

/// Seven-segment digits drawn as filled rectangles on a one-band mask.
enum SevenSegment {
    // Segments a (top), b (top right), c (bottom right), d (bottom), e (bottom left), f (top left), g (middle).
    static let digits: [Character: String] = [
        "0": "abcdef", "1": "bc", "2": "abdeg", "3": "abcdg", "4": "bcfg", "5": "acdfg", "6": "acdefg", "7": "abc",
        "8": "abcdefg", "9": "abcdfg",
    ]

    static func render(_ text: String, digitHeight h: Int) throws -> Image {
        let w = h * 55 / 100
        let t = max(1, h * 12 / 100)
        let gap = max(1, h * 25 / 100)
        var rectangles: [(x: Int, y: Int, width: Int, height: Int)] = []
        var x = 0
        for character in text {
            if character == " " {
                x += w / 2 + gap
                continue
            }
            if character == "'" {
                rectangles.append((x, 0, t, h * 3 / 10))
                x += t + gap
                continue
            }
            guard let segments = digits[character] else { continue }
            let half = h / 2
            let shapes: [Character: (Int, Int, Int, Int)] = [
                "a": (t, 0, w - 2 * t, t), "d": (t, h - t, w - 2 * t, t), "g": (t, half - t / 2, w - 2 * t, t),
                "f": (0, t, t, half - t), "b": (w - t, t, t, half - t),
                "e": (0, half + t / 2, t, half - t), "c": (w - t, half + t / 2, t, half - t),
            ]
            for segment in segments {
                if let shape = shapes[segment] {
                    rectangles.append((x + shape.0, shape.1, shape.2, shape.3))
                }
            }
            x += w + gap
        }
        let blank = try Image.solid(width: max(1, x - gap), height: h, value: [0])
        return try blank.drawingRectangles(rectangles, color: [255])
    }
}
