import FilmKit
import Imaging
import PixelTestSupport
import TestSupport
import Testing

@Suite("Overlays")
struct OverlayTests {
    @Test func dateStampBurnsOrangeDigitsIntoTheCornerOnly() throws {
        let grey = try TestImages.flat(60, width: 800, height: 600)
        let stamp = try DateStamp(year: 1998, month: 7, day: 24)
        #expect(stamp.text == "'98 7 24")
        let output = try stamp.apply(to: grey)
        let corner = try output.cropped(x: 500, y: 450, width: 300, height: 150)
        let brightest = try (0..<3).map { try corner.extractingBands($0).maximum() }
        #expect(brightest[0] > 200 && brightest[0] > brightest[2] + 60, "orange ink: \(brightest)")
        #expect(try output.cropped(x: 0, y: 0, width: 400, height: 300).bandMeans() == [60, 60, 60])
        #expect(throws: FilterError.self) { try DateStamp(year: 1998, month: 13, day: 1) }
        #expect(throws: FilterError.self) {
            try FilterRegistry.shared.makeFilter("date-stamp", parameters: ["day": 32])
        }
    }

    @Test func filmBorderAddsTheRebateWithSprocketHoles() throws {
        let photo = try TestImages.flat(128, width: 360, height: 240)
        let framed = try FilmBorder(edgeText: "KODAK PORTRA 400", frameNumber: 12).apply(to: photo)
        // 240 px is the 24 mm side: 10 px a millimetre, 5.5 mm of rebate above and below, 1 mm beside.
        #expect(framed.width == 380 && framed.height == 350)
        let rebate = try framed.cropped(x: 0, y: 0, width: 380, height: 55)
        #expect(try rebate.minimum() < 25, "dark film base")
        #expect(try rebate.maximum() > 220, "light through the holes")
        #expect(try framed.cropped(x: 100, y: 100, width: 100, height: 100).bandMeans() == [128, 128, 128])
    }

    @Test func dustAndScratchesFollowTheSeed() throws {
        let grey = try TestImages.flat(100, width: 400, height: 300)
        let dust = DustAndScratches(dust: 0.8, scratches: 3)
        let first = try dust.apply(to: grey, seed: 1).encoded(as: .png())
        #expect(try dust.apply(to: grey, seed: 1).encoded(as: .png()) == first)
        #expect(try dust.apply(to: grey, seed: 2).encoded(as: .png()) != first)
        #expect(try dust.apply(to: grey, seed: 1).maximum() > 150, "white specks")
        let clean = try DustAndScratches(dust: 0, scratches: 0).apply(to: grey)
        #expect(try clean.standardDeviation() == 0)
    }
}
