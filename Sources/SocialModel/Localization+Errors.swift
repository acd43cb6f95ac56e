import Foundation

private func text(_ key: String, _ locale: Locale, _ arguments: [String: String] = [:]) -> String {
    MessageTable.socialModel.text(key, locale: locale, arguments)
}

/// A sentence whose cause is free text the SDK cannot translate (a library's, a server's or the
/// system's own message): the translated sentence, then the text marked as the technical detail,
/// never inside the translated words: "doručenie e-mailu zlyhalo (technický detail: „550 …“)".
private func detailed(_ key: String, _ locale: Locale, _ arguments: [String: String] = [:], detail: String) -> String {
    text(key, locale, arguments) + text("TechnicalDetail", locale, ["detail": detail])
}

/// A phrase a validation rule names (what a value must be, which characters it may hold) in the
/// language of `locale`. The SDK's own phrases are translated (`ValidationRule.phrase.<English>`);
/// another one (a host's own rule) is shown as written.
private func phrase(_ english: String, _ locale: Locale) -> String {
    let key = "ValidationRule.phrase.\(english)"
    let translated = text(key, locale)
    return translated == key ? english : translated
}

private func fieldName<Field: RawRepresentable>(_ value: Field, _ locale: Locale) -> String
where Field.RawValue == String {
    text("Field.\(String(describing: Field.self)).\(value.rawValue)", locale)
}

extension ValidationRule {
    /// The rule in the language of `locale`, with the noun in the form its number needs:
    /// "must be at least 3 characters", "musí mať aspoň 3 znaky", "musí mít alespoň 5 znaků".
    public func localizedDescription(for locale: Locale = .current) -> String {
        let table = MessageTable.socialModel
        switch self {
        case .tooShort(let minimum): return table.plural("ValidationRule.tooShort", count: minimum, locale: locale)
        case .tooLong(let maximum): return table.plural("ValidationRule.tooLong", count: maximum, locale: locale)
        case .tooManyLines(let maximum):
            return table.plural("ValidationRule.tooManyLines", count: maximum, locale: locale)
        case .containsWhitespace: return text("ValidationRule.containsWhitespace", locale)
        case .forbiddenCharacters(let allowed):
            return text("ValidationRule.forbiddenCharacters", locale, ["allowed": phrase(allowed, locale)])
        case .malformed(let expected):
            return text("ValidationRule.malformed", locale, ["expected": phrase(expected, locale)])
        case .missingLetter: return text("ValidationRule.missingLetter", locale)
        case .missingDigit: return text("ValidationRule.missingDigit", locale)
        case .containsIdentity: return text("ValidationRule.containsIdentity", locale)
        case .taken: return text("ValidationRule.taken", locale)
        case .outOfRange(let minimum, let maximum):
            return text("ValidationRule.outOfRange", locale, ["minimum": String(minimum), "maximum": String(maximum)])
        case .tooManyEntries(let maximum):
            return table.plural("ValidationRule.tooManyEntries", count: maximum, locale: locale)
        }
    }
}

extension Violation {
    /// The broken rule in the language of `locale`: "heslo musí obsahovať číslicu".
    public func localizedDescription(for locale: Locale = .current) -> String {
        text(
            "Violation", locale,
            ["field": fieldName(self.field, locale), "rule": rule.localizedDescription(for: locale)])
    }
}

extension ImplausibleValue {
    /// The implausible value in the language of `locale`: "hmotnosť 900.0 je mimo rozsahu 20.0…400.0".
    public func localizedDescription(for locale: Locale = .current) -> String {
        text(
            "ImplausibleValue", locale,
            [
                "field": text("Field.BodyProfile.\(field.rawValue)", locale), "value": "\(value)",
                "lower": "\(allowed.lowerBound)", "upper": "\(allowed.upperBound)",
            ])
    }
}

private func joined<Field>(_ violations: [Violation<Field>], _ locale: Locale) -> String {
    violations.map { $0.localizedDescription(for: locale) }.joined(separator: "; ")
}

extension PasswordHashingError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .costTooLow(let minimum, let given):
            return text(
                "PasswordHashingError.costTooLow", locale, ["minimum": String(minimum), "given": String(given)])
        case .malformedHash: return text("PasswordHashingError.malformedHash", locale)
        case .derivationFailed(let message):
            return detailed("PasswordHashingError.derivationFailed", locale, detail: message)
        }
    }
}

extension IdentityProviderError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .invalidToken(let reason): return detailed("IdentityProviderError.invalidToken", locale, detail: reason)
        case .unavailable(let reason): return detailed("IdentityProviderError.unavailable", locale, detail: reason)
        }
    }
}

extension MailerError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .deliveryFailed(let message): return detailed("MailerError.deliveryFailed", locale, detail: message)
        case .transientFailure(let message): return detailed("MailerError.transientFailure", locale, detail: message)
        }
    }
}

extension StoreError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .cannotOpen(let path, let message):
            return detailed("StoreError.cannotOpen", locale, ["path": path], detail: message)
        case .duplicate(let unique): return text("StoreError.duplicate", locale, ["field": fieldName(unique, locale)])
        case .notFound(let entity):
            // The network's own entities have translated sentences; any other name is a detail.
            guard NetworkEntity(rawValue: entity) == nil else { return text("NetworkError.notFound.\(entity)", locale) }
            return detailed("StoreError.notFound", locale, detail: entity)
        case .missingReference: return text("StoreError.missingReference", locale)
        case .database(let message): return detailed("StoreError.database", locale, detail: message)
        }
    }
}

extension PhotoError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .unusable(let reason): return detailed("PhotoError.unusable", locale, detail: reason)
        case .unknownFilter(let name, let suggestions):
            return text(
                "PhotoError.unknownFilter", locale,
                ["name": name, "hint": MessageTable.didYouMean(suggestions, locale: locale)])
        case .invalidFilterParameters(let filter, let reason):
            return detailed("PhotoError.invalidFilterParameters", locale, ["filter": filter], detail: reason)
        case .filterFailed(let filter, let reason):
            return detailed("PhotoError.filterFailed", locale, ["filter": filter], detail: reason)
        case .busy(let retryAfter): return text("PhotoError.busy", locale, ["seconds": String(retryAfter)])
        }
    }
}

extension AccountError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .invalid(let violations): return joined(violations, locale)
        case .invalidCredentials: return text("AccountError.invalidCredentials", locale)
        case .emailNotVerified: return text("AccountError.emailNotVerified", locale)
        case .rateLimited(let retryAfter):
            let seconds = retryAfter.isFinite ? String(Int(exactly: retryAfter.rounded(.up)) ?? Int.max) : "∞"
            return text("AccountError.rateLimited", locale, ["seconds": seconds])
        case .invalidToken: return text("AccountError.invalidToken", locale)
        case .expiredToken: return text("AccountError.expiredToken", locale)
        case .unauthorized: return text("AccountError.unauthorized", locale)
        case .unknownProvider(let name): return text("AccountError.unknownProvider", locale, ["name": name])
        case .providerRejected(let error): return error.localizedDescription(for: locale)
        case .identityAlreadyLinked: return text("AccountError.identityAlreadyLinked", locale)
        case .emailBelongsToExistingAccount: return text("AccountError.emailBelongsToExistingAccount", locale)
        case .lastSignInMethod: return text("AccountError.lastSignInMethod", locale)
        case .suspended(let until?):
            // A person reads it: the date in their language, in UTC (the server cannot know their zone).
            let style = Date.FormatStyle(date: .long, time: .shortened, locale: locale, timeZone: .gmt)
            return text("AccountError.suspended", locale, ["until": until.formatted(style)])
        case .suspended(nil): return text("AccountError.banned", locale)
        case .storage(let error): return error.localizedDescription(for: locale)
        case .passwordHashing(let error): return error.localizedDescription(for: locale)
        }
    }
}

extension NetworkError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .invalid(let violations): return joined(violations, locale)
        case .notFound(let entity): return text("NetworkError.notFound.\(entity.rawValue)", locale)
        case .forbidden: return text("NetworkError.forbidden", locale)
        case .selfAction: return text("NetworkError.selfAction", locale)
        case .photo(let error): return error.localizedDescription(for: locale)
        case .account(let error): return error.localizedDescription(for: locale)
        case .storage(let error): return error.localizedDescription(for: locale)
        case .refused(let field, let refusal):
            // A code SocialModel knows is translated; a host check's own reason is shown as written.
            let arguments = ["field": fieldName(field, locale)]
            let key = "NetworkError.refused.\(refusal.code)"
            let known = text(key, locale, arguments)
            return known == key ? detailed("NetworkError.refused", locale, arguments, detail: refusal.reason) : known
        }
    }
}

extension RecipeError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .invalid(let violations): return joined(violations, locale)
        case .notFound: return text("RecipeError.notFound", locale)
        case .forbidden: return text("RecipeError.forbidden", locale)
        case .invalidPage(let number): return text("RecipeError.invalidPage", locale, ["page": String(number)])
        case .photo(let error): return error.localizedDescription(for: locale)
        case .account(let error): return error.localizedDescription(for: locale)
        case .storage(let error): return error.localizedDescription(for: locale)
        }
    }
}

extension MealPlanError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .implausible(let values):
            return values.map { $0.localizedDescription(for: locale) }.joined(separator: "; ")
        case .noBodyProfile: return text("MealPlanError.noBodyProfile", locale)
        case .account(let error): return error.localizedDescription(for: locale)
        case .storage(let error): return error.localizedDescription(for: locale)
        }
    }
}
