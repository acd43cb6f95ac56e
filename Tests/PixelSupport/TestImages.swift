import Foundation
import Imaging

/// Images made for measuring what a filter does.
public enum TestImages {
    /// A flat sRGB patch of one grey level.
    public static func flat(_ level: Double, width: Int = 256, height: Int = 256) throws -> Image {
        try Image.solid(width: width, height: height, value: [level, level, level])
    }

    /// A horizontal ramp from black to white in `steps` flat steps, each `stepWidth` wide.
    public static func stepWedge(steps: Int = 11, stepWidth: Int = 32, height: Int = 32) throws -> Image {
        let patches = try (0..<steps).map { step in
            try flat((255 * Double(step) / Double(steps - 1)).rounded(), width: stepWidth, height: height)
        }
        return try Image.grid(patches, across: steps)
    }

    /// The cropped-out centre of the step at `index` of ``stepWedge(steps:stepWidth:height:)``.
    public static func step(_ index: Int, of wedge: Image, steps: Int = 11, stepWidth: Int = 32) throws -> Image {
        try wedge.cropped(x: index * stepWidth + 8, y: 8, width: stepWidth - 16, height: wedge.height - 16)
    }
}

extension PixelBuffer {
    /// Whether every pixel of a 3-band buffer has equal red, green and blue.
    public var hasEqualChannels: Bool {
        var index = 0
        while index + 2 < samples.count {
            if samples[index] != samples[index + 1] || samples[index] != samples[index + 2] { return false }
            index += 3
        }
        return true
    }
}
