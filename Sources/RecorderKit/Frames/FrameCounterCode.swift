import Imaging

/// A frame number drawn as a row of black and white blocks along the bottom edge of a frame, so
/// that a program can read it back after JPEG and H.264 compression.
///
/// The strip holds 26 cells: a white start guard, 24 bits of the counter (most significant
/// first, white for 1) and a black end guard. Cells are at least 8 pixels wide on a 208-pixel
/// frame, large enough to survive lossy codecs.
public enum FrameCounterCode {
    /// The number of counter bits; counters wrap at 2²⁴ (over 6 days at 30 fps).
    public static let bitCount = 24
    static let cellCount = bitCount + 2

    /// The height of the strip for a frame of the given height.
    public static func stripHeight(frameHeight: Int) -> Int { max(8, frameHeight / 12) }

    /// Draws `counter` into the bottom strip of `image` (3-band sRGB).
    ///
    /// - Throws: `ImagingError.invalidArgument` if the frame is narrower than 104 pixels;
    ///   `ImagingError.operationFailed` if libvips cannot draw.
    public static func drawing(_ counter: Int, into image: Image) throws(ImagingError) -> Image {
        let (cell, left, top, height) = geometry(width: image.width, height: image.height)
        guard cell >= 4 else { throw .invalidArgument("a frame counter needs a frame at least 104 pixels wide") }
        let strip = try image.drawingRectangles([(0, top, image.width, height)], color: [0, 0, 0])
        let value = counter & ((1 << bitCount) - 1)
        var white = [(x: left, y: top, width: cell, height: height)]
        for bit in 0..<bitCount where value & (1 << (bitCount - 1 - bit)) != 0 {
            white.append((left + (bit + 1) * cell, top, cell, height))
        }
        return try strip.drawingRectangles(white, color: [255, 255, 255])
    }

    /// Reads the counter from a frame's pixels, or `nil` when the guards are not where they
    /// belong (the frame carries no code or is too damaged).
    public static func decode(_ pixels: PixelBuffer) -> Int? {
        let (cell, left, top, height) = geometry(width: pixels.width, height: pixels.height)
        guard cell >= 4, pixels.bands >= 1 else { return nil }
        func isWhite(_ index: Int) -> Bool {
            // The middle half of the cell, away from edges that codecs blur.
            let x0 = left + index * cell + cell / 4
            let y0 = top + height / 4
            var sum = 0
            var count = 0
            for y in y0..<(y0 + max(1, height / 2)) {
                for x in x0..<(x0 + max(1, cell / 2)) {
                    sum += Int(pixels[x, y, 0])
                    count += 1
                }
            }
            return sum / count >= 128
        }
        guard isWhite(0), !isWhite(cellCount - 1) else { return nil }
        var value = 0
        for bit in 0..<bitCount {
            value = value << 1 | (isWhite(bit + 1) ? 1 : 0)
        }
        return value
    }

    private static func geometry(width: Int, height: Int) -> (cell: Int, left: Int, top: Int, height: Int) {
        let cell = width / cellCount
        let stripHeight = stripHeight(frameHeight: height)
        return (cell, (width - cell * cellCount) / 2, height - stripHeight, stripHeight)
    }
}
