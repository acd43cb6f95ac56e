import Foundation
import GalleryKit
import Imaging
import Testing

@Suite("GalleryKit in English, Slovak and Czech")
struct LocalizationGalleryKitTests {
    private let locales = ["en", "sk", "cs"].map { Locale(identifier: $0) }

    @Test("Every key of GalleryKit's table exists in en, sk and cs, with the same placeholders")
    func everyKeyInEveryLanguage() {
        #expect(MessageTable.galleryKit.problems() == [])
    }

    @Test("Every error reads in English as its log description, and in Slovak and Czech otherwise")
    func everyError() {
        let errors: [GalleryError] = [
            .emptyLocationName, .duplicateLocationName("Dovolenka"), .locationNotFound(id: 7),
            .locationDirectoryMissing(path: "/photos"), .wrongLocationKind(id: 7, expected: .album),
            .wrongLocationKind(id: 7, expected: .folder), .photoNotFound(id: 3), .notAnImage(source: "a.txt"),
            .unreadablePhoto(source: "a.jpg", reason: "truncated"),
            .photoTooLarge(source: "a.jpg", width: 10, height: 10, limit: 50), .invalidMetadata("latitude 91"),
            .invalidArgument("page size 0"), .fileSystem(path: "/a", reason: "denied"), .database("locked"),
            .imaging(.decodeFailed(message: "truncated")),
        ]
        for error in errors {
            let texts = locales.map { error.localizedDescription(for: $0) }
            #expect(texts[0] == error.description)
            #expect(texts[1] != texts[0] && texts[2] != texts[0], "\(error)")
        }
        let kind = GalleryError.wrongLocationKind(id: 7, expected: .folder)
        #expect(kind.localizedDescription(for: locales[1]) == "umiestnenie 7 nie je priečinok")
        #expect(kind.localizedDescription(for: locales[2]) == "umístění 7 není složka")
        let nested = GalleryError.imaging(.decodeFailed(message: "truncated"))
        #expect(nested.localizedDescription(for: locales[1]) == "chyba obrázka: obrázok sa nedá dekódovať: truncated")
    }

    @Test("The photo-count label by locale: 0, 1, 2–4, 5+")
    func photoCountByLocale() {
        let counts = [0, 1, 2, 4, 5, 21]
        #expect(
            counts.map { PhotoCountLabel.text(for: $0, locale: locales[0]) } == [
                "0 photos", "1 photo", "2 photos", "4 photos", "5 photos", "21 photos",
            ])
        #expect(
            counts.map { PhotoCountLabel.text(for: $0, locale: Locale(identifier: "sk_SK")) } == [
                "0 fotografií", "1 fotografia", "2 fotografie", "4 fotografie", "5 fotografií", "21 fotografií",
            ])
        #expect(
            counts.map { PhotoCountLabel.text(for: $0, locale: Locale(identifier: "cs_CZ")) } == [
                "0 fotografií", "1 fotografie", "2 fotografie", "4 fotografie", "5 fotografií", "21 fotografií",
            ])
    }
}
