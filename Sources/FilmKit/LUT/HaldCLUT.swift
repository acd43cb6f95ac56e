import Foundation
import Imaging

extension ColorLookupTable {
    /// Reads a HaldCLUT image (as ImageMagick and G'MIC exchange film looks): a square image of
    /// level³ × level³ pixels holding a cube of side level², red varying fastest.
    public init(haldCLUT image: Image) throws {
        let side = image.width
        let level = Int(Foundation.cbrt(Double(side)).rounded())
        guard image.width == image.height, level >= 2, level * level * level == side else {
            throw LUTError.notAHaldCLUT(width: image.width, height: image.height)
        }
        let pixels = try image.normalizedToSRGB().pixels()
        let values = stride(from: 0, to: pixels.samples.count, by: 3).map { index in
            (0..<3).map { Double(pixels.samples[index + $0]) / 255 }
        }
        try self.init(entries: .threeDimensional(size: level * level, values: values))
    }

    /// The identity HaldCLUT of `level` (8 gives 512 × 512 pixels): edit it in any image editor,
    /// then load it back as a look.
    public static func identityHaldCLUT(level: Int) throws -> Image {
        let size = level * level
        let side = size * level
        var samples = [UInt8](repeating: 0, count: side * side * 3)
        for index in 0..<(size * size * size) {
            let channels = [index % size, (index / size) % size, index / (size * size)]
            for channel in 0..<3 {
                samples[index * 3 + channel] = UInt8((Double(channels[channel]) * 255 / Double(size - 1)).rounded())
            }
        }
        return try Image(pixels: PixelBuffer(width: side, height: side, bands: 3, samples: samples))
    }
}
