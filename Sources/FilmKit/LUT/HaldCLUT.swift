import Foundation
import Imaging

extension ColorLookupTable {
    /// Reads a HaldCLUT image (as ImageMagick and G'MIC exchange film looks): a square image of
    /// level³ × level³ pixels holding a cube of side level², red varying fastest.
    /// - Parameter image: the HaldCLUT, level 2…8 (8 × 8 … 512 × 512 pixels).
    /// - Throws: ``LUTError/notAHaldCLUT(width:height:)``, ``LUTError/sizeOutOfRange(_:allowed:)``
    ///   for a level over 8 (before any pixel is read), and the image's decoding errors.
    public init(haldCLUT image: Image) throws {
        let side = image.width
        let level = Int(Foundation.cbrt(Double(side)).rounded())
        guard image.width == image.height, level >= 2, level * level * level == side else {
            throw LUTError.notAHaldCLUT(width: image.width, height: image.height)
        }
        // Refused before a pixel is decoded: level 9 and up make cubes over 65 entries a side.
        guard ColorLookupTable.allowed3DSizes.contains(level * level) else {
            throw LUTError.sizeOutOfRange(level * level, allowed: ColorLookupTable.allowed3DSizes)
        }
        let pixels = try image.normalizedToSRGB().pixels()
        try self.init(
            size: level * level, threeDimensional: true, samples: pixels.samples.map { Double($0) / 255 })
    }

    /// The identity HaldCLUT of `level` (8 gives 512 × 512 pixels): edit it in any image editor,
    /// then load it back as a look.
    /// - Parameter level: 2…8.
    /// - Returns: the image, level³ × level³ pixels.
    /// - Throws: ``LUTError/sizeOutOfRange(_:allowed:)`` for another level, before anything is made.
    public static func identityHaldCLUT(level: Int) throws -> Image {
        guard (2...8).contains(level) else { throw LUTError.sizeOutOfRange(level, allowed: 2...8) }
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
