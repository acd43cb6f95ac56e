import Foundation
import Testing

@testable import Imaging

@Suite("Imaging in English, Slovak and Czech")
struct LocalizationImagingTests {
    private let locales = ["en", "sk", "cs"].map { Locale(identifier: $0) }

    @Test("Every key of Imaging's table exists in en, sk and cs, with the same placeholders")
    func everyKeyInEveryLanguage() {
        #expect(MessageTable.imaging.problems() == [])
    }

    @Test("Every error reads in English as its log description, and in Slovak and Czech otherwise")
    func everyError() {
        let errors: [any LocalizableError & CustomStringConvertible] = [
            ImagingError.fileNotFound(path: "/a.jpg"), ImagingError.notAnImage(source: "a.txt"),
            ImagingError.tooLarge(width: 100, height: 100, limit: 10),
            ImagingError.tooLarge(width: Int.max, height: 2, limit: 10),
            ImagingError.overWorkLimit(width: 100, height: 100, byteCount: 10, limit: 5),
            ImagingError.decodeFailed(message: "truncated"), ImagingError.encodeFailed(format: "webp", message: "x"),
            ImagingError.writeFailed(path: "/a.jpg", message: "disk full"), ImagingError.invalidArgument("size 0"),
            ImagingError.operationFailed(operation: "resize", message: "x"), MetadataError.invalidValue("latitude 91"),
            MetadataError.exifFailed("x"), MetadataError.unreadableJPEG(reason: "truncated"),
        ]
        for error in errors {
            let texts = locales.map { error.localizedDescription(for: $0) }
            #expect(texts[0] == error.description)
            #expect(texts[1] != texts[0] && texts[2] != texts[0], "\(error)")
            #expect(texts.allSatisfy { !$0.contains("{") })
        }
        let large = ImagingError.tooLarge(width: 100, height: 100, limit: 10)
        #expect(
            large.localizedDescription(for: locales[1])
                == "obrázok má 100×100 (10000 pixelov), čo je nad limit 10 pixelov")
        #expect(
            large.localizedDescription(for: locales[2])
                == "obrázek má 100×100 (10000 pixelů), což je nad limit 10 pixelů")
        #expect(MetadataError.exifFailed("x").localizedDescription(for: locales[2]) == "EXIF nelze zapsat: x")
    }
}
