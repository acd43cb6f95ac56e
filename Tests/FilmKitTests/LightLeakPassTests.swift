import Foundation
import Imaging
import PixelTestSupport
import Testing

@testable import FilmKit

/// Light leaks are a stage of the film pass: computed per pixel as the frame streams, screened
/// over it, and refused with a typed error where the pass cannot draw them.
@Suite("Light leaks: in the film pass")
struct LightLeakPassTests {
    @Test func theLeaksStreamThroughTheFilmPass() {
        #expect(LightLeak().readsInputSequentially)
    }

    /// Each pixel of a flat frame gets the leaks' glows screened over it: `v + L − v · L / 255`,
    /// with `L` the sum of each leak's levels times exp(−2 · (dx² + dy²)) in its radii.
    @Test func aFlatFrameGetsTheGlowsScreenedOverIt() throws {
        let (width, height, level) = (300, 200, 90.0)
        let leak = LightLeak(intensity: 0.8, count: 3, size: 0.5)
        let output = try leak.apply(to: TestImages.flat(level, width: width, height: height), seed: 11).pixels()
        let shapes = leak.shapes(width: width, height: height, seed: 11)
        #expect(shapes.count == 3)
        var worst = 0.0
        for y in stride(from: 0, to: height, by: 7) {
            for x in stride(from: 0, to: width, by: 7) {
                for c in 0..<3 {
                    let glow = shapes.reduce(0.0) { sum, shape in
                        let dx = (Double(x) - shape.centre[0]) / shape.radius[0]
                        let dy = (Double(y) - shape.centre[1]) / shape.radius[1]
                        return sum + shape.levels[c] * exp(-2 * (dx * dx + dy * dy))
                    }
                    let leaked = min(glow, 255)
                    let expected = level + leaked - level * leaked / 255
                    worst = max(worst, abs(Double(output[x, y, c]) - expected))
                }
            }
        }
        #expect(worst <= 0.5 + 1e-3)
    }

    @Test(arguments: [(-1, 0.5), (17, 0.5), (2, 0), (2, -.infinity), (2, .nan)])
    func aCountOrSizeThePassCannotDrawIsATypedError(count: Int, size: Double) throws {
        let frame = try TestImages.flat(90, width: 32, height: 32)
        #expect(throws: FilterError.self) { try LightLeak(count: count, size: size).apply(to: frame) }
    }
}
