import Foundation

/// Normalises account input and lists every rule it breaks.
struct AccountValidator: Sendable {
    let policy: AccountPolicy

    static let usernameCharacters = "ASCII letters, digits, '.' and '_'"

    /// Trimmed, NFC-composed and lower-cased, with the domain (after the last `@`) mapped as
    /// IDNA does (``EmailDomain/mapped(_:)``: `alice@ｅxample.com` is `alice@example.com`), so
    /// one mailbox has one spelling.
    static func normalizedEmail(_ email: String) -> String {
        let address = email.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
            .lowercased()
        guard let at = address.lastIndex(of: "@") else { return address }
        return address[..<at] + "@" + EmailDomain.mapped(String(address[address.index(after: at)...]))
    }

    /// One line of text: trimmed and NFC-composed.
    static func normalizedLine(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    }

    /// A multi-line text: line breaks unified to `\n`, then trimmed and NFC-composed.
    static func normalizedText(_ text: String) -> String {
        normalizedLine(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
    }

    func username(_ username: String) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        let count = username.count
        if count < policy.usernameLength.lowerBound {
            violations.append(.init(.username, .tooShort(minimum: policy.usernameLength.lowerBound)))
        }
        if count > policy.usernameLength.upperBound {
            violations.append(.init(.username, .tooLong(maximum: policy.usernameLength.upperBound)))
        }
        let scalars = username.unicodeScalars
        if scalars.contains(where: { $0.properties.isWhitespace }) {
            violations.append(.init(.username, .containsWhitespace))
        }
        let allowed = { (scalar: Unicode.Scalar) in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "."
                    || scalar == "_")
        }
        if scalars.contains(where: { !allowed($0) && !$0.properties.isWhitespace }) {
            violations.append(.init(.username, .forbiddenCharacters(allowed: Self.usernameCharacters)))
        }
        if username.hasPrefix(".") || username.hasSuffix(".") || username.contains("..") {
            violations.append(.init(.username, .malformed(expected: "free of leading, trailing or doubled dots")))
        }
        return violations
    }

    /// Checks an already normalised address.
    func email(_ email: String) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        if email.count > policy.emailMaximumLength {
            violations.append(.init(.email, .tooLong(maximum: policy.emailMaximumLength)))
        }
        if email.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            violations.append(.init(.email, .containsWhitespace))
        }
        if Self.hasControlCharacters(email, allowingNewlines: false) {
            violations.append(.init(.email, .forbiddenCharacters(allowed: "printable characters")))
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        let wellFormed =
            parts.count == 2 && (1...64).contains(parts[0].count)
            && parts[1].split(separator: ".", omittingEmptySubsequences: false).count >= 2
            && parts[1].split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
                !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy {
                        $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-"
                    }
            }
        if !wellFormed {
            violations.append(.init(.email, .malformed(expected: "an address like name@example.com")))
        }
        return violations
    }

    func password(_ password: String, username: String, email: String) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        if password.count < policy.passwordMinimumLength {
            violations.append(.init(.password, .tooShort(minimum: policy.passwordMinimumLength)))
        }
        if password.utf8.count > policy.passwordMaximumBytes {
            violations.append(.init(.password, .tooLong(maximum: policy.passwordMaximumBytes)))
        }
        if !password.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) {
            violations.append(.init(.password, .missingLetter))
        }
        if !password.unicodeScalars.contains(where: { $0.properties.numericType != nil }) {
            violations.append(.init(.password, .missingDigit))
        }
        // Searched only in passwords of allowed size, so a huge input cannot make this slow.
        let lowered = password.lowercased()
        let localPart = email.split(separator: "@").first.map(String.init) ?? ""
        let identities = [username.lowercased(), localPart].filter {
            $0.utf8.count >= 3 && $0.utf8.count <= password.utf8.count
        }
        if password.utf8.count <= policy.passwordMaximumBytes, identities.contains(where: { lowered.contains($0) }) {
            violations.append(.init(.password, .containsIdentity))
        }
        return violations
    }

    /// A name or surname, already normalised.
    func line(_ text: String, _ field: AccountField) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        if text.count > policy.nameMaximumLength {
            violations.append(.init(field, .tooLong(maximum: policy.nameMaximumLength)))
        }
        if text.contains("\n") {
            violations.append(.init(field, .tooManyLines(maximum: 1)))
        }
        if Self.hasControlCharacters(text, allowingNewlines: true) {
            violations.append(.init(field, .forbiddenCharacters(allowed: "printable characters")))
        }
        return violations
    }

    /// A bio, already normalised.
    func bio(_ text: String) -> [RuleViolation] {
        var violations: [RuleViolation] = []
        if text.count > policy.bioMaximumLength {
            violations.append(.init(.bio, .tooLong(maximum: policy.bioMaximumLength)))
        }
        if text.split(separator: "\n", omittingEmptySubsequences: false).count > policy.bioMaximumLines {
            violations.append(.init(.bio, .tooManyLines(maximum: policy.bioMaximumLines)))
        }
        if Self.hasControlCharacters(text, allowingNewlines: true) {
            violations.append(.init(.bio, .forbiddenCharacters(allowed: "printable characters and line breaks")))
        }
        return violations
    }

    /// What text that must be printable may not contain: NUL, escape and the other C0/C1 controls
    /// (they break terminals, logs and C strings); the line and paragraph separators U+2028 and
    /// U+2029 (line breaks that are not `\n`, so a one-line check would miss them); the bidi
    /// controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069 (they reorder what is
    /// shown around them, so a name can read as something else); and a character (grapheme
    /// cluster) of more than ``maximumScalarsPerCharacter`` code points, so that a length in
    /// characters also bounds code points and bytes (one letter with 500 combining marks is not
    /// one character).
    static func hasControlCharacters(_ text: String, allowingNewlines: Bool) -> Bool {
        let forbiddenScalar = text.unicodeScalars.contains { scalar in
            (scalar.properties.generalCategory == .control && !(allowingNewlines && scalar == "\n"))
                || invisibleLayoutScalars.contains(scalar.value)
        }
        return forbiddenScalar || text.contains { $0.unicodeScalars.count > maximumScalarsPerCharacter }
    }

    /// The line and paragraph separators and the bidi controls, refused in printable text.
    static let invisibleLayoutScalars: Set<UInt32> = Set(
        [0x061C, 0x200E, 0x200F, 0x2028, 0x2029] + Array(0x202A...0x202E) + Array(0x2066...0x2069))

    /// The most code points one character may have: the longest emoji sequences (a kiss with two
    /// skin tones) have 10; Unicode's stream-safe format allows 30 combining marks in a row.
    static let maximumScalarsPerCharacter = 16
}
