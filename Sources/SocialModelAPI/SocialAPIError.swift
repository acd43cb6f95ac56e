/// A failure as the routes answer it: an HTTP status and a JSON body whose `code` is stable, so
/// a client branches on it (the `message` is for people and may change).
///
/// ```json
/// {"code": "invalid", "message": "caption must be at most 2200 characters",
///  "violations": [{"field": "caption", "rule": "too-long", "maximum": 2200, "message": "…"}]}
/// ```
public struct SocialAPIError: Error, Sendable, Hashable, Codable {
    /// The HTTP status code.
    public var status: Int
    /// The stable code, such as `unauthorized`, `not-found`, `forbidden`, `invalid`.
    public var code: String
    /// One line for people.
    public var message: String
    /// For `invalid`: every broken rule.
    public var violations: [FieldViolation]?
    /// For `not-found`: what was not found (`user`, `post`, `comment`, `notification`, `photo`).
    public var entity: String?
    /// For `unknown-filter`: known filter names close to the one asked for.
    public var suggestions: [String]?
    /// For `rate-limited`: seconds until a retry may succeed (also in `Retry-After`).
    public var retryAfter: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - status: the HTTP status code.
    ///   - code: the stable code.
    ///   - message: one line for people.
    public init(status: Int, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    /// One broken rule on one field.
    public struct FieldViolation: Sendable, Hashable, Codable {
        /// The field, such as `username` or `caption`.
        public var field: String
        /// The rule's stable code, such as `too-long` or `taken`.
        public var rule: String
        /// The bound the rule names, when it has one.
        public var minimum: Int?
        /// The bound the rule names, when it has one.
        public var maximum: Int?
        /// The rule and field in words.
        public var message: String

        /// Creates a violation.
        /// - Parameters:
        ///   - field: the field.
        ///   - rule: the rule's code.
        ///   - minimum: the lower bound, if any.
        ///   - maximum: the upper bound, if any.
        ///   - message: the words.
        public init(field: String, rule: String, minimum: Int? = nil, maximum: Int? = nil, message: String) {
            self.field = field
            self.rule = rule
            self.minimum = minimum
            self.maximum = maximum
            self.message = message
        }
    }
}
