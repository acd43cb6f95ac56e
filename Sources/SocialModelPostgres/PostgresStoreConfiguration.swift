import Foundation
import SocialModel

/// How to reach a PostgreSQL server, usually parsed from a `postgres://` URL.
///
/// `postgres://USER:PASSWORD@HOST:PORT/DATABASE?schema=NAME&sslmode=MODE&max_connections=N`
/// - `schema`: the schema to keep the tables in (created if missing); default the server's
///   `search_path` (normally `public`). Several apps, or test runs, can share a database this way.
/// - `sslmode`: `disable`, `prefer` (the default: TLS when the server offers it) or `require`.
/// - `max_connections`: the size of each of the store's two connection pools (default 20); an
///   event relay listens on one connection more, of its own.
/// - `home_feed_window`: see ``homeFeedWindow`` (default 4000).
public struct PostgresStoreConfiguration: Sendable, Hashable {
    /// Whether the connection is encrypted.
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Never use TLS (a server on loopback or a private network).
        case disable
        /// Use TLS when the server offers it.
        case prefer
        /// Refuse to connect without TLS.
        case require
    }

    /// The server's host name or address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// The role to connect as.
    public var username: String
    /// The role's password, if the server asks for one.
    public var password: String?
    /// The database; `nil` means the server's default (the role's name).
    public var database: String?
    /// The schema the tables live in; `nil` keeps the server's `search_path`.
    public var schema: String?
    /// Whether to encrypt the connection.
    public var tls: TLSMode
    /// The most connections each of the store's two pools opens at once (one for its prepared
    /// statements, one for the rest). An event relay (``PostgresEventRelay``) listens on a
    /// connection of its own besides.
    public var maximumConnections: Int
    /// How many of everyone's most liked (or least liked) posts, from the cursor on, a home feed
    /// page in a like order looks through for posts by the people a user follows before it reads
    /// each followed author's posts instead (the date orders read each user's home timeline). A
    /// user who follows a few hundred finds a page within a few thousand posts; one who follows
    /// few, or whose people post rarely, is served by the per-author reads.
    /// Any value gives the same pages; at least 1.
    public var homeFeedWindow = 4000

    /// A configuration from its parts.
    /// - Throws: `StoreError.cannotOpen(path:message:)` for a schema name that is not a plain
    ///   identifier, or a pool size below 1.
    public init(
        host: String, port: Int = 5432, username: String, password: String? = nil, database: String? = nil,
        schema: String? = nil, tls: TLSMode = .prefer, maximumConnections: Int = 20
    ) throws(StoreError) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.schema = schema
        self.tls = tls
        self.maximumConnections = maximumConnections
        if let schema, !Self.isPlainIdentifier(schema) {
            throw .cannotOpen(
                path: redactedDescription, message: "the schema name must be letters, digits and _ (got '\(schema)')")
        }
        guard maximumConnections >= 1 else {
            throw .cannotOpen(path: redactedDescription, message: "max_connections must be at least 1")
        }
    }

    /// Parses a `postgres://` or `postgresql://` URL.
    /// - Throws: `StoreError.cannotOpen(path:message:)` when the URL is not one, or an option is invalid.
    public init(url: URL) throws(StoreError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql",
            let host = components.host, !host.isEmpty
        else {
            throw .cannotOpen(path: StoreLocation.postgres(url: url).description, message: "not a postgres:// URL")
        }
        var options: [String: String] = [:]
        for item in components.queryItems ?? [] { options[item.name] = item.value ?? "" }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let tls: TLSMode
        if let mode = options["sslmode"] {
            guard let parsed = TLSMode(rawValue: mode) else {
                throw .cannotOpen(
                    path: StoreLocation.postgres(url: url).description,
                    message: "sslmode must be disable, prefer or require (got '\(mode)')")
            }
            tls = parsed
        } else {
            tls = .prefer
        }
        var poolSize = 20
        if let text = options["max_connections"] {
            guard let size = Int(text) else {
                throw .cannotOpen(
                    path: StoreLocation.postgres(url: url).description, message: "max_connections must be a number")
            }
            poolSize = size
        }
        var window: Int?
        if let text = options["home_feed_window"] {
            guard let size = Int(text), size >= 1 else {
                throw .cannotOpen(
                    path: StoreLocation.postgres(url: url).description,
                    message: "home_feed_window must be a number of at least 1")
            }
            window = size
        }
        try self.init(
            host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
            password: components.password, database: path.isEmpty ? nil : path, schema: options["schema"], tls: tls,
            maximumConnections: poolSize)
        if let window { homeFeedWindow = window }
    }

    /// Parses a `postgres://` URL string.
    /// - Throws: `StoreError.cannotOpen(path:message:)` when it is not one.
    public init(url string: String) throws(StoreError) {
        guard case .postgres(let url) = try StoreLocation(string) else {
            throw .cannotOpen(path: string, message: "not a postgres:// URL")
        }
        try self.init(url: url)
    }

    /// The server and database, without the password, for messages and logs.
    public var redactedDescription: String {
        let user = password == nil ? username : "\(username):***"
        let schemaPart = schema.map { "?schema=\($0)" } ?? ""
        return "postgres://\(user)@\(host):\(port)/\(database ?? "")\(schemaPart)"
    }

    /// Whether a name can be used as an unquoted identifier: the schema name is the one piece of
    /// configuration that goes into SQL text (identifiers cannot be bound as parameters).
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63 else { return false }
        let letters = Unicode.Scalar("a")...Unicode.Scalar("z")
        let digits = Unicode.Scalar("0")...Unicode.Scalar("9")
        return (letters.contains(first) || first == "_")
            && name.unicodeScalars.allSatisfy { letters.contains($0) || digits.contains($0) || $0 == "_" }
    }
}
