import Foundation

/// The one place hashtags and mentions are read from text: captions and comments are parsed here
/// when they are written, and a hashtag a caller asks for is keyed here too.
///
/// A **hashtag** is a sign (`#`, full-width `＃` or small `﹟`) followed by letters, marks, digits
/// and `_` of any script (`#ďakujem`, `#東京`, `#नमस्ते`), with at least one letter, at most
/// ``TextEntityLimits/maximumHashtagLength`` characters. A **mention** is `@` (or `＠`, `﹫`)
/// followed by a username's characters (ASCII letters, digits, `.` and `_`; full-width ones are
/// read as ASCII), without its trailing dots.
///
/// Neither starts inside a word (`a#b`, `ana@example.com`), after `&` (an HTML entity, `&#39;`) or
/// `/`, nor in a word that is a link (`https://…`, `www.…`, `mailto:…`); neither ends at a sign
/// (`#a#b`, `@ana@example.social` are not one) and the punctuation after one is not part of it
/// (`#tag!`, `@ana.`). An emoji ends a hashtag (`#family👨‍👩‍👧` is `family`), and a keycap `#️⃣` is
/// not a sign. The rules follow Twitter's extractor, which most apps' users expect.
extension TextEntities {
    /// The hashtags and mentions of `text`, each once, the first `limits` allow.
    /// - Parameters:
    ///   - text: a caption or a comment.
    ///   - limits: how many to keep and how long a hashtag may be.
    /// - Returns: what was found; ``hasMoreHashtags`` and ``hasMoreMentions`` say whether some were left out.
    public static func parse(_ text: String, limits: TextEntityLimits = TextEntityLimits()) -> TextEntities {
        var found = TextEntities()
        var tags = Set<String>()
        var users = Set<String>()
        for word in text.split(whereSeparator: \.isWhitespace) {
            // Most words have no sign: they are passed over without being split into characters.
            guard word.unicodeScalars.contains(where: isSign), !isLink(word) else { continue }
            let characters = Array(word)
            var index = 0
            while index < characters.count {
                let sign = characters[index]
                let isHashtag = isHashSign(sign)
                guard isHashtag || isAtSign(sign), index == 0 || !joinsSign(characters[index - 1]) else {
                    index += 1
                    continue
                }
                let start = index + 1
                let (end, username) =
                    isHashtag ? (wordEnd(characters, from: start), "") : usernameEnd(characters, start)
                index = max(end, start)
                // `#a#b` and `@ana@example.social` are neither a tag nor a mention.
                if end < characters.count, isHashSign(characters[end]) || isAtSign(characters[end]) { continue }
                if isHashtag {
                    guard let tag = hashtag(characters[start..<end], limits: limits), !tags.contains(tag.key) else {
                        continue
                    }
                    guard tags.count < limits.maximumHashtags else {
                        found.hasMoreHashtags = true
                        continue
                    }
                    tags.insert(tag.key)
                    found.hashtags.append(tag)
                } else {
                    let key = usernameKey(username)
                    guard !username.isEmpty, username.count <= limits.maximumUsernameLength, !users.contains(key)
                    else { continue }
                    guard users.count < limits.maximumMentions else {
                        found.hasMoreMentions = true
                        continue
                    }
                    users.insert(key)
                    found.mentions.append(Mention(username: username, key: key))
                }
            }
        }
        return found
    }

    /// The key a hashtag is stored and looked up by: Unicode's NFKC case folding
    /// (NFKC, full case folding, NFKC again, then without default-ignorable characters such as
    /// zero-width joiners and variation selectors). `Straße` and `STRASSE`, `ＴＯＫＹＯ` and `tokyo`
    /// have one key.
    /// - Parameter text: a hashtag's text, without its sign.
    /// - Returns: its key.
    public static func hashtagKey(_ text: String) -> String {
        // ASCII is its own NFKC and has no default-ignorable characters: folding it is lower-casing.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        let folded = text.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
        var key = String.UnicodeScalarView()
        key.append(contentsOf: folded.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
        return String(key)
    }

    /// The key a username is unique on, and a mention is resolved by: usernames are ASCII, so
    /// lower-casing folds case exactly. SocialModel's `User.usernameKey(for:)` is this rule.
    /// - Parameter username: a username, or a mention's.
    /// - Returns: its key.
    public static func usernameKey(_ username: String) -> String {
        username.lowercased()
    }

    /// The hashtag in `body`, or `nil` when it is too long or has no letter (`#1` is not a tag).
    static func hashtag(_ body: ArraySlice<Character>, limits: TextEntityLimits) -> Hashtag? {
        guard !body.isEmpty, body.count <= limits.maximumHashtagLength,
            body.contains(where: { $0.unicodeScalars.first?.properties.isAlphabetic == true })
        else { return nil }
        let text = String(body)
        let key = hashtagKey(text)
        guard !key.isEmpty, key.count <= limits.maximumHashtagLength else { return nil }
        return Hashtag(text: text, key: key)
    }

    /// Where the word characters (``continuesWord(_:)``) starting at `start` end: a hashtag's end.
    static func wordEnd(_ characters: [Character], from start: Int) -> Int {
        var end = start
        while end < characters.count, continuesWord(characters[end]) { end += 1 }
        return end
    }

    /// Where a mention's username starting at `start` ends, and the username (ASCII; without
    /// trailing dots; empty when it cannot be one: a leading or doubled dot).
    static func usernameEnd(_ characters: [Character], _ start: Int) -> (end: Int, username: String) {
        var end = start
        var username = ""
        while end < characters.count, let ascii = usernameCharacter(characters[end]) {
            username.append(ascii)
            end += 1
        }
        while username.hasSuffix(".") {
            username.removeLast()
            end -= 1
        }
        guard !username.hasPrefix("."), !username.contains("..") else { return (end, "") }
        return (end, username)
    }

    /// A username character as ASCII (full-width `ａ` is `a`), or `nil`.
    static func usernameCharacter(_ character: Character) -> Character? {
        if character.isASCII { return isUsernameASCII(character) ? character : nil }
        let mapped = String(character).precomposedStringWithCompatibilityMapping
        guard mapped.count == 1, let ascii = mapped.first, ascii.isASCII, isUsernameASCII(ascii) else { return nil }
        return ascii
    }

    static func isUsernameASCII(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "." || character == "_"
    }

    /// Whether a sign right after `character` is part of what comes before: a word
    /// (``continuesWord(_:)``), an HTML entity (`&#39;`) or a path (`example.com/#top`).
    static func joinsSign(_ character: Character) -> Bool {
        continuesWord(character) || character == "&" || character == "/"
    }

    /// Whether `character` is part of a word: a letter, mark or number of any script, or `_` (a
    /// joiner inside a word is part of its character).
    package static func continuesWord(_ character: Character) -> Bool {
        if character == "_" { return true }
        guard let first = character.unicodeScalars.first else { return false }
        switch first.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// `#`, `＃` or `﹟` on its own (a keycap `#️⃣` is one character with more scalars).
    package static func isHashSign(_ character: Character) -> Bool {
        guard let scalar = single(character) else { return false }
        return scalar == "#" || scalar == "\u{FF03}" || scalar == "\u{FE5F}"
    }

    /// `@`, `＠` or `﹫` on its own.
    static func isAtSign(_ character: Character) -> Bool {
        guard let scalar = single(character) else { return false }
        return scalar == "@" || scalar == "\u{FF20}" || scalar == "\u{FE6B}"
    }

    /// Whether a scalar is one of the signs, alone or not.
    static func isSign(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "#", "\u{FF03}", "\u{FE5F}", "@", "\u{FF20}", "\u{FE6B}": true
        default: false
        }
    }

    /// The character's scalar when it has one only.
    static func single(_ character: Character) -> Unicode.Scalar? {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
            return nil
        }
        return first
    }

    /// Whether a whitespace-separated word is a link, whose `#` and `@` are its own.
    static func isLink(_ word: Substring) -> Bool {
        let start = word.prefix(7).lowercased()
        return word.contains("://") || start.hasPrefix("www.") || start == "mailto:"
    }
}
