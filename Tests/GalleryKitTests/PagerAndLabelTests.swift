import Foundation
import GalleryKit
import Testing

@Suite("Pager and count labels")
struct PagerAndLabelTests {
    static func photos(_ count: Int) -> [Photo] {
        (0..<count).map { index in
            Photo(
                id: Int64(index), locationID: 1, url: URL(fileURLWithPath: "/p/\(index).jpg"), captureDate: date(),
                gps: nil, description: nil, width: 1, height: 1, fileSize: 1)
        }
    }

    @Test("next and previous wrap around endlessly in both directions")
    func wrapAround() throws {
        var pager = try PhotoPager(photos: Self.photos(3))
        #expect(pager.positionLabel() == "1 of 3")
        #expect(pager.previous().id == 2)
        #expect(pager.positionLabel() == "3 of 3")
        #expect(pager.next().id == 0)
        #expect(pager.next().id == 1)
        #expect(pager.next().id == 2)
        #expect(pager.next().id == 0)
        #expect(pager.position == (1, 3))
        for _ in 0..<301 { pager.previous() }
        #expect(pager.index == 2)  // 0 − 301 ≡ 2 (mod 3)
        pager.move(by: -7)
        #expect(pager.index == 1)  // 2 − 7 ≡ 1
        pager.move(by: 1_000_000_001)
        #expect(pager.index == 0)  // 1 + 1 000 000 001 ≡ 0
        #expect(pager.positionLabel(.slovak) == "1 z 3")
        #expect(pager.positionLabel(.czech) == "1 z 3")
        let single = try PhotoPager(photos: Self.photos(1), startingAt: -5)
        var copy = single
        #expect(copy.next() == single.current)
        #expect(copy.previous() == single.current)
        #expect(throws: GalleryError.self) { try PhotoPager(photos: []) }
    }

    @Test(
        "plural labels in English, Slovak and Czech",
        arguments: [
            (0, "0 photos", "0 fotografií", "0 fotografií"),
            (1, "1 photo", "1 fotografia", "1 fotografie"),
            (2, "2 photos", "2 fotografie", "2 fotografie"),
            (4, "4 photos", "4 fotografie", "4 fotografie"),
            (5, "5 photos", "5 fotografií", "5 fotografií"),
            (21, "21 photos", "21 fotografií", "21 fotografií"),
            (22, "22 photos", "22 fotografií", "22 fotografií"),
            (25, "25 photos", "25 fotografií", "25 fotografií"),
            (101, "101 photos", "101 fotografií", "101 fotografií"),
            (111, "111 photos", "111 fotografií", "111 fotografií"),
        ])
    func labels(count: Int, english: String, slovak: String, czech: String) {
        #expect(PhotoCountLabel.text(for: count, language: .english) == english)
        #expect(PhotoCountLabel.text(for: count, language: .slovak) == slovak)
        #expect(PhotoCountLabel.text(for: count, language: .czech) == czech)
    }

    @Test("CLDR categories: sk/cs one, few 2–4, many for fractions, other otherwise")
    func categories() {
        for language in [CountLanguage.slovak, .czech] {
            #expect(language.category(of: 1) == .one)
            #expect([2, 3, 4].map { language.category(of: $0) } == [.few, .few, .few])
            #expect([0, 5, 11, 21, 22, 24, 101, 1_000_000].allSatisfy { language.category(of: $0) == .other })
            #expect(language.category(of: 1.5) == .many)
            #expect(language.category(of: 2.0) == .few)
        }
        #expect(CountLanguage.english.category(of: 1) == .one)
        #expect(CountLanguage.english.category(of: 1.5) == .other)
        #expect(PhotoCountLabel.noun(for: .many, language: .slovak) == "fotografie")
    }
}
