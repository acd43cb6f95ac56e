import Foundation

/// Where a ``SocialStore`` keeps its data, written as one URL so it can come from configuration.
///
/// - `sqlite:PATH` (or a plain path with no scheme): a SQLite file, created if missing. This is the
///   default and needs no set-up.
/// - `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (or `postgresql://`): a PostgreSQL server,
///   opened by `SocialModelPostgres`, a separate product so SQLite-only apps never build its driver.
public enum StoreLocation: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite database file.
    case sqlite(path: String)
    /// A PostgreSQL server, as a `postgres://` URL.
    case postgres(url: URL)

    /// The environment variable ``fromEnvironment(_:default:)`` reads.
    public static let environmentVariable = "ANALOGKIT_STORE_URL"

    /// Parses a store URL.
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` for an empty string, an unknown scheme or a
    ///   PostgreSQL URL without a host.
    public init(_ string: String) throws(StoreError) {
        let text = string.trimmingCharacters(in: .whitespaces)
        let lowered = text.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
                throw .cannotOpen(path: Self.redacted(text), message: "not a valid PostgreSQL URL")
            }
            self = .postgres(url: url)
            return
        }
        if lowered.hasPrefix("sqlite:") {
            var path = String(text.dropFirst("sqlite:".count))
            // `sqlite:///abs/path` and `sqlite://relative` as well as `sqlite:path`.
            if path.hasPrefix("//") { path.removeFirst(2) }
            guard !path.isEmpty else { throw .cannotOpen(path: text, message: "the SQLite URL names no file") }
            self = .sqlite(path: path)
            return
        }
        if let colon = text.firstIndex(of: ":"), text[..<colon].allSatisfy({ $0.isLetter || $0 == "+" }),
            text[text.index(after: colon)...].hasPrefix("//")
        {
            throw .cannotOpen(
                path: Self.redacted(text),
                message: "unsupported store scheme '\(text[..<colon])' (use sqlite: or postgres://)")
        }
        guard !text.isEmpty else { throw .cannotOpen(path: text, message: "the store URL is empty") }
        self = .sqlite(path: text)
    }

    /// The location named by an environment variable, or `default` when it is unset or empty.
    /// - Throws: ``StoreError/cannotOpen(path:message:)`` when the variable holds an invalid URL.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment, default: StoreLocation
    ) throws(StoreError) -> StoreLocation {
        guard let value = environment[environmentVariable], !value.isEmpty else { return `default` }
        return try StoreLocation(value)
    }

    /// The location as a URL string, with any password replaced by `***` so it can be logged.
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let url): Self.redacted(url.absoluteString)
        }
    }

    /// A URL string with its password (if any) hidden.
    static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }
}
