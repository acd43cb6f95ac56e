import Foundation
import Imaging
import TestSupport

/// One scene of 64 flat patches (8 × 8 patches of 8 × 8 pixels, aligned with JPEG's blocks),
/// encoded in any RGB colour space at 8 or 16 bits, for checking that every encoding comes out
/// as the same colours.
public enum ColourScene {
    /// Pixels a patch is wide and high.
    public static let patchSize = 8
    /// Patches a row and a column hold.
    public static let across = 8

    /// The scene's colours as 8-bit sRGB: greys, saturated colours, skin and sky, and a spread of
    /// others, all inside every tested gamut and off the ends of the scale.
    public static let sRGBPatches: [[Double]] = {
        var patches: [[Double]] = stride(from: 16.0, through: 240, by: 32).map { [$0, $0, $0] }
        patches += [
            [220, 40, 40], [40, 190, 60], [40, 60, 210], [235, 220, 40], [40, 210, 220], [210, 50, 200],
            [224, 172, 140], [120, 160, 220], [90, 60, 40], [200, 150, 80], [60, 110, 50], [30, 30, 90],
        ]
        var state: UInt32 = 12345
        while patches.count < across * across {
            patches.append(
                (0..<3).map { _ in
                    state = state &* 1_103_515_245 &+ 12345
                    return Double(24 + (state >> 16) % 208)
                })
        }
        return patches
    }()

    /// The scene in `space`: its colours converted by LittleCMS from sRGB, rounded to `depth`
    /// bits (8 or 16), with the space's profile embedded when `embedProfile` is set.
    public static func image(
        in space: LittleCMS.RGBSpace, depth: Int, embedProfile: Bool = true, cms: LittleCMS
    ) throws -> Image {
        let sRGB = try cms.profile(.sRGB)
        let lab = try cms.lab(ofRGB: sRGBPatches.flatMap { $0.map { $0 / 255 } }, profile: sRGB)
        let profile = try cms.profile(space)
        let values = try cms.rgb(ofLab: lab, profile: profile)
        let maximum = depth == 16 ? 65535.0 : 255
        let size = patchSize * across
        var samples = [Int](repeating: 0, count: size * size * 3)
        for y in 0..<size {
            for x in 0..<size {
                let patch = (y / patchSize) * across + x / patchSize
                for band in 0..<3 {
                    let value = (values[patch * 3 + band] * maximum).rounded()
                    samples[(y * size + x) * 3 + band] = Int(min(max(value, 0), maximum))
                }
            }
        }
        let image =
            depth == 16
            ? try Image(samples16: samples.map { UInt16($0) }, width: size, height: size, bands: 3)
            : try Image(pixels: PixelBuffer(width: size, height: size, bands: 3, samples: samples.map { UInt8($0) }))
        return try image.withICCProfile(embedProfile ? profile : nil)
    }

    /// Each patch's mean over its central 4 × 4 pixels, per band, scaled to 0…1 (from 8 or 16
    /// bits), for an image of the scene's layout.
    public static func patchMeans(_ image: Image) throws -> [[Double]] {
        let maximum = image.format == .ushort ? 65535.0 : 255
        let rendered = try image.materialized()  // once, not once per band
        let planes = try (0..<image.bands).map { try rendered.extractingBands($0).floatSamples() }
        return (0..<across * across).map { patch in
            let left = (patch % across) * patchSize + 2
            let top = (patch / across) * patchSize + 2
            return planes.map { plane in
                var sum = 0.0
                for y in top..<top + 4 {
                    for x in left..<left + 4 { sum += Double(plane[y * image.width + x]) }
                }
                return sum / 16 / maximum
            }
        }
    }

    /// The colours of each patch as CIE L*a*b*, reading the image's pixels through its embedded
    /// profile, or as sRGB when it has none.
    public static func patchColours(_ image: Image, cms: LittleCMS) throws -> [[Double]] {
        let profile = try image.iccProfile ?? cms.profile(.sRGB)
        return try cms.lab(ofRGB: patchMeans(image).flatMap { $0 }, profile: profile)
    }

    /// The largest CIEDE2000 difference between matching patches.
    public static func largestDifference(_ first: [[Double]], _ second: [[Double]], cms: LittleCMS) -> Double {
        zip(first, second).map { cms.deltaE2000($0, $1) }.max() ?? .infinity
    }
}
