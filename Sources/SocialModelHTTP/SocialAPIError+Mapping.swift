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
        case let error as any HTTPResponseError: self.init(httpStatus: error.status)
        default: self = .internalError
        }
    }

    static let internalError = SocialAPIError(
        status: 500, code: "internal-error", message: "the server failed; the failure is logged")
    static let storageFailed = SocialAPIError(
        status: 500, code: "storage-failed", message: "the store failed; the failure is logged")

    init(_ error: NetworkError) {
        switch error {
        case .invalid(let violations): self.init(invalid: violations)
        case .notFound(let entity):
            self.init(status: 404, code: "not-found", message: error.description)
            self.entity = entity.rawValue
        case .forbidden: self.init(status: 403, code: "forbidden", message: error.description)
        case .selfAction: self.init(status: 409, code: "self-action", message: error.description)
        case .photo(let photoError): self.init(photoError)
        case .account(let accountError): self.init(accountError)
        case .storage: self = .storageFailed
        }
    }

    init(_ error: AccountError) {
        let message = error.description
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
        case .storage: self = .storageFailed
        case .passwordHashing: self = .internalError
        }
    }

    init(_ error: RecipeError) {
        switch error {
        case .invalid(let violations): self.init(invalid: violations)
        case .notFound:
            self.init(status: 404, code: "not-found", message: error.description)
            entity = "recipe"
        case .forbidden: self.init(status: 403, code: "forbidden", message: error.description)
        case .invalidPage: self = .invalidParameter("page", expected: "a page number from 1")
        case .photo(let photoError): self.init(photoError)
        case .account(let accountError): self.init(accountError)
        case .storage: self = .storageFailed
        }
    }

    init(_ error: MealPlanError) {
        switch error {
        case .implausible(let values):
            self.init(status: 422, code: "invalid", message: error.description)
            violations = values.map { value in
                FieldViolation(
                    field: value.field.rawValue, rule: "out-of-range", minimum: Int(value.allowed.lowerBound),
                    maximum: Int(value.allowed.upperBound), message: value.description)
            }
        case .noBodyProfile:
            self.init(status: 404, code: "not-found", message: error.description)
            entity = "body-profile"
        case .account(let accountError): self.init(accountError)
        case .storage: self = .storageFailed
        }
    }

    init(_ error: PhotoError) {
        switch error {
        case .unusable: self.init(status: 422, code: "photo-unusable", message: error.description)
        case .unknownFilter(_, let suggestions):
            self.init(status: 422, code: "unknown-filter", message: error.description)
            self.suggestions = suggestions
        case .invalidFilterParameters:
            self.init(status: 422, code: "invalid-filter-parameters", message: error.description)
        case .filterFailed: self.init(status: 422, code: "filter-failed", message: error.description)
        case .busy(let retryAfter):
            self.init(status: 503, code: "busy", message: error.description)
            self.retryAfter = retryAfter
        }
    }

    init<Field>(invalid violations: [Violation<Field>]) {
        self.init(status: 422, code: "invalid", message: violations.map(\.description).joined(separator: "; "))
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
            message: violation.description)
    }
}
