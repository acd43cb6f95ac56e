import Foundation
import Hummingbird
import SocialModel
import SocialModelAPI

extension SocialAPIError {
    /// The answer to any error a route throws: SocialModel's typed errors by their meaning,
    /// Hummingbird's by their status, anything else as `500 internal-error`. Messages of
    /// server-side failures (storage, mail, hashing) are not sent, only logged.
    init(_ error: any Error) {
        switch error {
        case let error as SocialAPIError: self = error
        case let error as NetworkError: self.init(error)
        case let error as AccountError: self.init(error)
        case let error as RecipeError: self.init(error)
        case let error as MealPlanError: self.init(error)
        case let error as DataExportError: self.init(error)
        case let error as any HTTPResponseError: self.init(httpStatus: error.status)
        default: self = .internalError
        }
    }

    static var internalError: SocialAPIError {
        SocialAPIError(status: 500, code: "internal-error", message: HTTPMessages.text("internalError"))
    }
    static var storageFailed: SocialAPIError {
        SocialAPIError(status: 500, code: "storage-failed", message: HTTPMessages.text("storageFailed"))
    }

    /// An error's message in the language of the answer (``AnswerLanguage``).
    static func message(of error: some LocalizableError) -> String {
        error.localizedDescription(for: AnswerLanguage.locale)
    }

    init(_ error: NetworkError) {
        let message = Self.message(of: error)
        switch error {
        case .invalid(let violations): self.init(invalid: violations)
        case .notFound(let entity):
            self.init(status: 404, code: "not-found", message: message)
            self.entity = entity.rawValue
        case .forbidden: self.init(status: 403, code: "forbidden", message: message)
        case .selfAction: self.init(status: 409, code: "self-action", message: message)
        case .photo(let photoError): self.init(photoError)
        case .account(let accountError): self.init(accountError)
        case .storage: self = .storageFailed
        case .refused(let field, let refusal):
            // The check's own code is the violation's rule: stable, for a client to act on.
            self.init(status: 422, code: "content-refused", message: message)
            violations = [FieldViolation(field: field.rawValue, rule: refusal.code, message: message)]
        }
    }

    init(_ error: AccountError) {
        let message = Self.message(of: error)
        switch error {
        case .invalid(let violations): self.init(invalid: violations)
        case .invalidCredentials: self.init(status: 401, code: "invalid-credentials", message: message)
        case .emailNotVerified: self.init(status: 403, code: "email-not-verified", message: message)
        case .rateLimited(let retryAfter):
            self.init(status: 429, code: "rate-limited", message: message)
            self.retryAfter = Int(retryAfter.rounded(.up))
        case .invalidToken: self.init(status: 400, code: "invalid-token", message: message)
        case .expiredToken: self.init(status: 400, code: "expired-token", message: message)
        case .unauthorized: self.init(status: 401, code: "unauthorized", message: message)
        case .unknownProvider: self.init(status: 400, code: "unknown-provider", message: message)
        case .providerRejected(.invalidToken): self.init(status: 401, code: "provider-rejected", message: message)
        // Not the client's fault: 503 tells it to try the same token again later.
        case .providerRejected(.unavailable): self.init(status: 503, code: "provider-unavailable", message: message)
        case .identityAlreadyLinked: self.init(status: 409, code: "identity-already-linked", message: message)
        case .emailBelongsToExistingAccount:
            self.init(status: 409, code: "email-belongs-to-existing-account", message: message)
        case .lastSignInMethod: self.init(status: 409, code: "last-sign-in-method", message: message)
        case .suspended: self.init(status: 403, code: "account-suspended", message: message)
        case .storage: self = .storageFailed
        case .passwordHashing: self = .internalError
        }
    }

    init(_ error: RecipeError) {
        let message = Self.message(of: error)
        switch error {
        case .invalid(let violations): self.init(invalid: violations)
        case .notFound:
            self.init(status: 404, code: "not-found", message: message)
            entity = "recipe"
        case .forbidden: self.init(status: 403, code: "forbidden", message: message)
        case .invalidPage: self = .invalidParameter("page", expected: "pageNumber")
        case .photo(let photoError): self.init(photoError)
        case .account(let accountError): self.init(accountError)
        case .storage: self = .storageFailed
        }
    }

    init(_ error: MealPlanError) {
        let message = Self.message(of: error)
        switch error {
        case .implausible(let values):
            self.init(status: 422, code: "invalid", message: message)
            violations = values.map { value in
                FieldViolation(
                    field: value.field.rawValue, rule: "out-of-range", minimum: Int(value.allowed.lowerBound),
                    maximum: Int(value.allowed.upperBound),
                    message: value.localizedDescription(for: AnswerLanguage.locale))
            }
        case .noBodyProfile:
            self.init(status: 404, code: "not-found", message: message)
            entity = "body-profile"
        case .account(let accountError): self.init(accountError)
        case .storage: self = .storageFailed
        }
    }

    init(_ error: PhotoError) {
        let message = Self.message(of: error)
        switch error {
        case .unusable: self.init(status: 422, code: "photo-unusable", message: message)
        case .unknownFilter(_, let suggestions):
            self.init(status: 422, code: "unknown-filter", message: message)
            self.suggestions = suggestions
        case .invalidFilterParameters:
            self.init(status: 422, code: "invalid-filter-parameters", message: message)
        case .filterFailed: self.init(status: 422, code: "filter-failed", message: message)
        case .busy(let retryAfter):
            self.init(status: 503, code: "busy", message: message)
            self.retryAfter = retryAfter
        }
    }

    init<Field>(invalid violations: [Violation<Field>]) {
        let locale = AnswerLanguage.locale
        self.init(
            status: 422, code: "invalid",
            message: violations.map { $0.localizedDescription(for: locale) }.joined(separator: "; "))
        self.violations = violations.map(FieldViolation.init)
    }

    init(httpStatus status: HTTPResponse.Status) {
        let code =
            switch status {
            case .contentTooLarge: "body-too-large"
            case .badRequest: "bad-request"
            case .notFound: "not-found"
            case .methodNotAllowed: "method-not-allowed"
            default: status.code >= 500 ? "internal-error" : "http-\(status.code)"
            }
        self.init(status: status.code, code: code, message: status.reasonPhrase)
    }
}

extension SocialAPIError.FieldViolation {
    init<Field>(_ violation: Violation<Field>) {
        let rule: String
        var minimum: Int?
        var maximum: Int?
        switch violation.rule {
        case .tooShort(let bound): (rule, minimum) = ("too-short", bound)
        case .tooLong(let bound): (rule, maximum) = ("too-long", bound)
        case .tooManyLines(let bound): (rule, maximum) = ("too-many-lines", bound)
        case .containsWhitespace: rule = "contains-whitespace"
        case .forbiddenCharacters: rule = "forbidden-characters"
        case .malformed: rule = "malformed"
        case .missingLetter: rule = "missing-letter"
        case .missingDigit: rule = "missing-digit"
        case .containsIdentity: rule = "contains-identity"
        case .taken: rule = "taken"
        case .outOfRange(let low, let high): (rule, minimum, maximum) = ("out-of-range", low, high)
        case .tooManyEntries(let bound): (rule, maximum) = ("too-many-entries", bound)
        }
        self.init(
            field: violation.field.rawValue, rule: rule, minimum: minimum, maximum: maximum,
            message: violation.localizedDescription(for: AnswerLanguage.locale))
    }
}
