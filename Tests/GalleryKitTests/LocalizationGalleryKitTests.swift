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
            .photoTooLarge(source: "a.jpg", width: 10, height: 10, limit: 50), .invalidMetadata(.zoomNotFinite(.nan)),
            .invalidMetadata(.reported("latitude 91")), .invalidArgument(.invalidPage(page: 0, pageSize: 0)),
            .invalidArgument(.thumbnailSize(0)), .invalidArgument(.thumbnailsStopped("cancelled")),
            .invalidArgument(.noColumns), .invalidArgument(.noPhotos), .invalidArgument(.locationHasNoPhotos(7)),
            .invalidArgument(.emptyPager), .invalidArgument(.negativeRadius),
            .fileSystem(path: "/a", reason: .reported("Permission denied")),
            .fileSystem(path: "/a", reason: .noSuchFile),
            .fileSystem(path: "/a", reason: .unreadableAttributes), .database(.reported("database is locked")),
            .database(.cannotOpenIndex(path: "/a/index.sqlite", detail: "SQLite error 26: file is not a database")),
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
        // The gallery's own reasons are translated; what the database said is a marked detail.
        let index = GalleryError.database(.cannotOpenIndex(path: "/a/index.sqlite", detail: "file is not a database"))
        #expect(index.description == "library index error: cannot open /a/index.sqlite: file is not a database")
        #expect(
            index.localizedDescription(for: locales[2])
                == "chyba indexu knihovny: /a/index.sqlite nelze otevřít (technický detail: „file is not a database“)")
        #expect(
            GalleryError.invalidArgument(.invalidPage(page: -1, pageSize: 20)).localizedDescription(for: locales[1])
                == "neplatný argument: stránka musí byť ≥ 0 a veľkosť stránky > 0 (zadané -1, 20)")
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
