import Foundation
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@Suite("Operations")
struct OperationTests {
    @Test func pixelBufferRoundTripsAndIndexesRowByRow() throws {
        var buffer = try PixelBuffer(width: 3, height: 2, bands: 3, samples: Array(repeating: 0, count: 18))
        buffer[2, 1, 0] = 200
        let image = try Image(pixels: buffer)
        #expect(image.colorSpace == .sRGB)
        let back = try image.pixels()
        #expect(back == buffer)
        #expect(back.samples[(1 * 3 + 2) * 3] == 200)
        #expect(throws: ImagingError.self) { try PixelBuffer(width: 2, height: 2, bands: 3, samples: [1, 2]) }
    }

    @Test func arithmeticAndStatistics() throws {
        let grey = try Image.solid(width: 10, height: 10, value: [100, 100, 100])
        #expect(try grey.mean() == 100)
        #expect(try grey.standardDeviation() == 0)
        let brighter = try grey.linear(multiply: 2, add: 10)
        #expect(try brighter.mean() == 210)
        #expect(try brighter.subtracting(grey).mean() == 110)
        #expect(abs(try brighter.dividing(by: grey).mean() - 2.1) < 1e-6)
        #expect(try grey.raised(to: 0.5).mean() == 10)
        #expect(try grey.compared(.greater, to: 99).minimum() == 255)
        #expect(throws: ImagingError.self) { try grey.linear(multiply: [1, 2], add: [0]) }
    }

    @Test func lookupTableMapsEverySample() throws {
        let wedge = try TestImages.stepWedge()
        let inverted = try wedge.mapped(through: Image.lookupTable([(0..<256).map { 255 - Double($0) }]))
        let original = try wedge.pixels().samples
        let mapped = try inverted.cast(to: .uchar).pixels().samples
        #expect(zip(original, mapped).allSatisfy { Int($0) + Int($1) == 255 })
        #expect(throws: ImagingError.self) { try Image.lookupTable([[1, 2, 3]]) }
    }

    @Test func colourMatrixAndBands() throws {
        let colour = try Image.solid(width: 4, height: 4, value: [200, 100, 50])
        let swapped = try colour.recombined(matrix: [[0, 0, 1], [0, 1, 0], [1, 0, 0]])
        #expect(try swapped.bandMeans() == [50, 100, 200])
        #expect(try colour.extractingBands(1).mean() == 100)
        #expect(try Image.joiningBands([colour, colour]).bands == 6)
        #expect(throws: ImagingError.self) { try colour.recombined(matrix: [[1, 0]]) }
    }

    @Test func geometry() throws {
        let photo = try Image(contentsOf: Samples.url("rocket.jpg"))
        #expect(try photo.cropped(x: 10, y: 10, width: 100, height: 50).width == 100)
        #expect(try photo.rotated(quarterTurns: 1).width == 427)
        #expect(try photo.resized(width: 320, height: 200).height == 200)
        let grid = try Image.grid([photo, photo, photo], across: 2, spacing: 4)
        #expect(grid.width == 640 * 2 + 4 && grid.height == 427 * 2 + 4)
        #expect(throws: ImagingError.self) { try photo.cropped(x: 600, y: 0, width: 100, height: 10) }
    }

    @Test func noiseIsSeededAndIndependentOfThreads() throws {
        let first = try Image.noise(width: 64, height: 64, seed: 42).cast(to: .uchar).pixels()
        let again = try Image.noise(width: 64, height: 64, seed: 42).cast(to: .uchar).pixels()
        let other = try Image.noise(width: 64, height: 64, seed: 43).cast(to: .uchar).pixels()
        #expect(first == again)
        #expect(first != other)
    }

    @Test func drawingLeavesTheOriginalUnchangedEvenInMemory() throws {
        for original in [
            try Image.solid(width: 40, height: 30, value: [10, 20, 30]).materialized(),
            try Image(pixels: PixelBuffer(width: 4, height: 4, bands: 1, samples: [UInt8](repeating: 5, count: 16))),
        ] {
            let before = try original.mean()
            let drawn = try original.drawingRectangles([(0, 0, 2, 2)], color: [255, 255, 255])
            #expect(try drawn.mean() > before)
            #expect(try original.mean() == before)
        }
    }

    @Test func textRendersInk() throws {
        let label = try Image.text("AnalogKit 24", font: "DejaVu Sans 20px")
        #expect(label.width > 50)
        #expect(try label.maximum() > 200)
    }

    @Test func alphaAndGreyInputsNormaliseToThreeBandSRGB() throws {
        let grey = try Image.solid(width: 8, height: 8, value: [120])
        let rgba = try Image.solid(width: 8, height: 8, value: [10, 20, 30, 255])
        for input in [grey, rgba] {
            let normal = try input.normalizedToSRGB()
            #expect(normal.bands == 3 && normal.format == .uchar && !normal.hasAlpha)
        }
    }
}
