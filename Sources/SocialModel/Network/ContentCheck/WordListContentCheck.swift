import Foundation

/// A ``ContentCheck`` that refuses or holds text containing listed words; it allows every photo.
///
/// It compares whole words, so `ass` does not match `class` or `passage`, and an entry of several
/// words (`buy followers`) matches them in a row. Both sides are compared in one folded form,
/// which defeats the usual disguises:
///
/// - case (`BAD`, `Bad`) and diacritics (`bád`, `bäd`);
/// - compatibility forms, by NFKD: full-width (`ＢＡＤ`), ligatures and circled or styled letters;
/// - inserted invisible characters (zero-width joiners and spaces, soft hyphens, variation
///   selectors: Unicode's default-ignorable code points) and combining marks stacked on a letter.
///
/// Look-alike letters of other scripts (a Cyrillic `а` in a Latin word) are not folded. Text
/// longer than ``maximumLength`` Unicode scalars is held rather than read, so the work per call
/// stays bounded whatever a caller passes.
///
/// ```swift
/// let check = WordListContentCheck(refusing: ["slur"], holding: ["buy followers"])
/// ```
public struct WordListContentCheck: ContentCheck {
    /// The code of its refusals.
    public static let refusalCode = "blocked-word"
    /// The longest text it reads, in Unicode scalars.
    public static let maximumLength = 20_000

    let refused: WordIndex
    let held: WordIndex

    /// Creates a check from two lists; an entry that folds to no word is ignored.
    /// - Parameters:
    ///   - refusing: words (or runs of words) whose text is refused.
    ///   - holding: words whose text is held for a moderator.
    public init(refusing: [String], holding: [String] = []) {
        refused = WordIndex(refusing)
        held = WordIndex(holding)
    }

    /// Refuses text with a word of the refused list, holds text with one of the held list (or too
    /// long to read), and allows the rest and every photo.
    /// - Parameters:
    ///   - content: the text or photo.
    ///   - authorID: who submits it (not used).
    /// - Returns: the verdict.
    public func check(_ content: SubmittedContent, authorID: UserID) async -> ContentVerdict {
        let text: String
        switch content {
        case .caption(let value), .comment(let value), .message(let value): text = value
        case .photo: return .allow
        }
        guard text.unicodeScalars.count <= Self.maximumLength else {
            return .hold(reason: "the text is longer than the word list reads (\(Self.maximumLength) characters)")
        }
        let words = Self.words(text)
        if refused.firstMatch(in: words) != nil {
            return .refuse(
                ContentRefusal(code: Self.refusalCode, reason: "it contains a word this network does not allow"))
        }
        if let entry = held.firstMatch(in: words) { return .hold(reason: "the word list holds “\(entry)”") }
        return .allow
    }

    /// The words of `text` in the folded form the lists are compared in: lower-cased, NFKD,
    /// without default-ignorable code points and combining marks, split at everything that is
    /// not a letter or a digit.
    /// - Parameter text: any text.
    /// - Returns: its words.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars {
            let properties = scalar.properties
            if properties.isDefaultIgnorableCodePoint { continue }
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            case .decimalNumber, .letterNumber, .otherNumber: word.append(scalar)
            default:
                if properties.isAlphabetic {
                    word.append(scalar)
                } else if !word.isEmpty {
                    words.append(String(word))
                    word = String.UnicodeScalarView()
                }
            }
        }
        if !word.isEmpty { words.append(String(word)) }
        return words
    }
}

/// A word list's entries in folded form, indexed by their first word.
struct WordIndex: Sendable {
    /// The entries (as written, and as folded words) that start with a folded word.
    let entries: [String: [(entry: String, words: [String])]]

    init(_ list: [String]) {
        var entries: [String: [(entry: String, words: [String])]] = [:]
        for entry in list {
            let words = WordListContentCheck.words(entry)
            guard let first = words.first else { continue }
            entries[first, default: []].append((entry, words))
        }
        self.entries = entries
    }

    /// The first entry whose words appear in a row in `words`.
    func firstMatch(in words: [String]) -> String? {
        guard !entries.isEmpty else { return nil }
        for start in words.indices {
            for candidate in entries[words[start]] ?? [] where words[start...].starts(with: candidate.words) {
                return candidate.entry
            }
        }
        return nil
    }
}
