/// A field of an account that a rule applies to.
public enum AccountField: String, Sendable, Hashable, CaseIterable {
    /// The username.
    case username
    /// The email address.
    case email
    /// The password.
    case password
    /// The given name.
    case name
    /// The family name.
    case surname
    /// The bio.
    case bio
}

/// A rule a value breaks.
public enum ValidationRule: Sendable, Hashable, CustomStringConvertible {
    /// Shorter than the minimum.
    case tooShort(minimum: Int)
    /// Longer than the maximum (characters, or bytes for a password).
    case tooLong(maximum: Int)
    /// More lines than allowed.
    case tooManyLines(maximum: Int)
    /// Contains whitespace where none is allowed.
    case containsWhitespace
    /// Contains control characters (NUL, escapes, …) or, for usernames, characters outside the set.
    case forbiddenCharacters(allowed: String)
    /// Not in the expected shape.
    case malformed(expected: String)
    /// A password without a letter.
    case missingLetter
    /// A password without a digit.
    case missingDigit
    /// A password that contains the username or the email's local part.
    case containsIdentity
    /// Already used by another account.
    case taken
    /// A number outside its allowed range.
    case outOfRange(minimum: Int, maximum: Int)
    /// A list with more entries than allowed.
    case tooManyEntries(maximum: Int)

    /// The rule in words.
    public var description: String {
        switch self {
        case .tooShort(let minimum): "must be at least \(minimum) characters"
        case .tooLong(let maximum): "must be at most \(maximum) characters"
        case .tooManyLines(let maximum): "must be at most \(maximum) lines"
        case .containsWhitespace: "must not contain spaces"
        case .forbiddenCharacters(let allowed): "may contain only \(allowed)"
        case .malformed(let expected): "must be \(expected)"
        case .missingLetter: "must contain a letter"
        case .missingDigit: "must contain a digit"
        case .containsIdentity: "must not contain the username or email name"
        case .taken: "is already taken"
        case .outOfRange(let minimum, let maximum): "must be from \(minimum) to \(maximum)"
        case .tooManyEntries(let maximum): "must have at most \(maximum) entries"
        }
    }
}

/// One broken rule on one field of a form (an account, a recipe).
public struct Violation<Field: RawRepresentable & Sendable & Hashable>: Sendable, Hashable, CustomStringConvertible
where Field.RawValue == String {
    /// The field.
    public var field: Field
    /// The rule it breaks.
    public var rule: ValidationRule

    /// Creates a violation.
    public init(_ field: Field, _ rule: ValidationRule) {
        self.field = field
        self.rule = rule
    }

    /// For example "password must contain a digit".
    public var description: String { "\(field.rawValue) \(rule)" }
}

/// A broken rule on an account field.
public typealias RuleViolation = Violation<AccountField>
