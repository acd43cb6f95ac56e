import Foundation
import Testing

@testable import KitLocalization

/// A bundle written for the test: `Sample.strings` in en, sk and cs, with a text, a text that
/// takes a detail, and a plural in three forms (English reads two of them).
private let sampleBundle: Bundle = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "LocalizedReasonTests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    let texts: [String: [String: String]] = [
        "en": [
            "RollNote.empty": "the note is empty",
            "RollNote.unreadable": "cannot read the note",
            "RollNote.tooLong.one": "the note is {count} character over {limit}",
            "RollNote.tooLong.few": "the note is {count} characters over {limit}",
            "RollNote.tooLong.other": "the note is {count} characters over {limit}",
            "Shared.closed": "the roll '{name}' is closed",
        ],
        "sk": [
            "RollNote.empty": "poznámka je prázdna",
            "RollNote.unreadable": "poznámku nemožno prečítať",
            "RollNote.tooLong.one": "poznámka má o {count} znak viac ako {limit}",
            "RollNote.tooLong.few": "poznámka má o {count} znaky viac ako {limit}",
            "RollNote.tooLong.other": "poznámka má o {count} znakov viac ako {limit}",
            "Shared.closed": "film '{name}' je uzavretý",
        ],
        "cs": [
            "RollNote.empty": "poznámka je prázdná",
            "RollNote.unreadable": "poznámku nelze přečíst",
            "RollNote.tooLong.one": "poznámka má o {count} znak víc než {limit}",
            "RollNote.tooLong.few": "poznámka má o {count} znaky víc než {limit}",
            "RollNote.tooLong.other": "poznámka má o {count} znaků víc než {limit}",
            "Shared.closed": "film '{name}' je uzavřený",
        ],
    ]
    for (language, entries) in texts {
        let lproj = folder.appendingPathComponent("\(language).lproj", isDirectory: true)
        try? FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        let data = try? PropertyListSerialization.data(fromPropertyList: entries, format: .xml, options: 0)
        try? data?.write(to: lproj.appendingPathComponent("Sample.strings"))
    }
    return Bundle(path: folder.path) ?? .main
}()

private let sampleTable = MessageTable(bundle: sampleBundle, table: "Sample")

/// A reason whose keys start with its type's name.
private enum RollNote: LocalizedReason {
    case empty
    case unreadable(String)
    case tooLong(count: Int, limit: Int)

    static var messageTable: MessageTable { sampleTable }

    func localizedDescription(for locale: Locale) -> String {
        switch self {
        case .empty: text("empty", locale: locale)
        case .unreadable(let detail): text("unreadable", locale: locale, detail: detail)
        case .tooLong(let count, let limit): plural("tooLong", count: count, locale: locale, ["limit": String(limit)])
        }
    }
}

/// A reason that names its own key prefix.
private enum ClosedRoll: LocalizedReason {
    case closed(name: String)

    static var messageTable: MessageTable { sampleTable }
    static var keyPrefix: String { "Shared" }

    func localizedDescription(for locale: Locale) -> String {
        switch self {
        case .closed(let name): text("closed", locale: locale, ["name": name])
        }
    }
}

@Suite("KitLocalization: a reason's texts through LocalizedReason")
struct LocalizedReasonTests {
    private let english = Locale(identifier: "en")
    private let slovak = Locale(identifier: "sk")
    private let czech = Locale(identifier: "cs")

    @Test("The bundle written for the test is complete in en, sk and cs")
    func tableIsComplete() {
        #expect(sampleTable.problems().isEmpty)
    }

    @Test("A text is looked up under the type's name, in each language; description is English")
    func textUnderTypeName() {
        #expect(RollNote.keyPrefix == "RollNote")
        #expect(RollNote.empty.localizedDescription(for: english) == "the note is empty")
        #expect(RollNote.empty.localizedDescription(for: slovak) == "poznámka je prázdna")
        #expect(RollNote.empty.localizedDescription(for: czech) == "poznámka je prázdná")
        #expect(RollNote.empty.description == "the note is empty")
        #expect("\(RollNote.empty)" == "the note is empty")
        #expect(RollNote.empty.localizedDescription(for: Locale(identifier: "de")) == "the note is empty")
    }

    @Test("A detail follows the sentence, marked in the language of the locale")
    func detail() {
        let reason = RollNote.unreadable("EIO")
        #expect(reason.description == "cannot read the note: EIO")
        #expect(reason.localizedDescription(for: slovak) == "poznámku nemožno prečítať (technický detail: „EIO“)")
    }

    @Test(
        "A plural takes the form of its count: 1, 2–4, 5+ and 0",
        arguments: [
            (
                1, "the note is 1 character over 80", "poznámka má o 1 znak viac ako 80",
                "poznámka má o 1 znak víc než 80"
            ),
            (
                3, "the note is 3 characters over 80", "poznámka má o 3 znaky viac ako 80",
                "poznámka má o 3 znaky víc než 80"
            ),
            (
                5, "the note is 5 characters over 80", "poznámka má o 5 znakov viac ako 80",
                "poznámka má o 5 znaků víc než 80"
            ),
            (
                0, "the note is 0 characters over 80", "poznámka má o 0 znakov viac ako 80",
                "poznámka má o 0 znaků víc než 80"
            ),
        ])
    func plural(count: Int, inEnglish: String, inSlovak: String, inCzech: String) {
        let reason = RollNote.tooLong(count: count, limit: 80)
        #expect(reason.description == inEnglish)
        #expect(reason.localizedDescription(for: slovak) == inSlovak)
        #expect(reason.localizedDescription(for: czech) == inCzech)
    }

    @Test("A type may name another key prefix; errorDescription speaks the process's language")
    func ownPrefix() {
        let reason = ClosedRoll.closed(name: "Léto")
        #expect(ClosedRoll.keyPrefix == "Shared")
        #expect(reason.description == "the roll 'Léto' is closed")
        #expect(reason.localizedDescription(for: czech) == "film 'Léto' je uzavřený")
        #expect(reason.errorDescription == reason.localizedDescription(for: .current))
    }
}
