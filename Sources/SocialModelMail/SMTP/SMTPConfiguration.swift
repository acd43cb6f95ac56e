import Foundation
import NIOSSL

/// How ``SMTPTransport`` reaches and talks to a server.
public struct SMTPConfiguration: Sendable {
    /// How the connection is protected.
    public enum Security: String, Sendable, Hashable {
        /// Plain TCP, upgraded with STARTTLS before anything else is said; a server without
        /// STARTTLS is refused (RFC 3207). Usually port 587.
        case startTLS
        /// TLS from the first byte (RFC 8314). Usually port 465.
        case implicitTLS
        /// No encryption at all, for a relay on the same host or a trusted network. Usually port 25.
        case none
    }

    /// A SASL mechanism to sign in with.
    public enum AuthenticationMechanism: String, Sendable, Hashable, CaseIterable {
        /// RFC 4616: the name and password in one base64 line.
        case plain = "PLAIN"
        /// The older two-step exchange some servers still require.
        case login = "LOGIN"
    }

    /// The name and password to sign in with.
    public struct Credentials: Sendable, Hashable {
        /// The user name.
        public var username: String
        /// The password.
        public var password: String

        /// Creates credentials.
        /// - Parameters:
        ///   - username: the user name.
        ///   - password: the password.
        public init(username: String, password: String) {
            self.username = username
            self.password = password
        }
    }

    /// How long to wait at each step.
    public struct Timeouts: Sendable, Hashable {
        /// For the TCP connection.
        public var connect: Duration
        /// For the reply to each command, the greeting included.
        public var command: Duration
        /// For the reply after the message's final dot, when the server may scan the message.
        public var messageEnd: Duration

        /// Creates timeouts.
        /// - Parameters:
        ///   - connect: for the TCP connection.
        ///   - command: for the reply to each command.
        ///   - messageEnd: for the reply after the message.
        public init(
            connect: Duration = .seconds(10), command: Duration = .seconds(30), messageEnd: Duration = .seconds(120)
        ) {
            self.connect = connect
            self.command = command
            self.messageEnd = messageEnd
        }
    }

    /// The server's host name or IP address.
    public var host: String
    /// The server's port.
    public var port: Int
    /// How the connection is protected.
    public var security: Security
    /// The TLS settings: the system's trust roots and full certificate verification by default.
    public var tls: TLSConfiguration
    /// The name and password, if the server wants them.
    public var credentials: Credentials?
    /// The mechanisms to try, in order of preference; the first one the server offers is used.
    public var authenticationMechanisms: [AuthenticationMechanism]
    /// Whether credentials may be sent over a connection without TLS (off by default).
    public var allowsAuthenticationWithoutTLS: Bool
    /// The name this client gives in EHLO: its host name or an address literal such as `[192.0.2.1]`.
    public var clientName: String
    /// How long to wait at each step.
    public var timeouts: Timeouts

    /// Creates a configuration.
    /// - Parameters:
    ///   - host: the server's host name or IP address.
    ///   - port: the server's port; by default 587 for STARTTLS, 465 for implicit TLS, 25 without TLS.
    ///   - security: how the connection is protected.
    ///   - credentials: the name and password, if the server wants them.
    ///   - clientName: the name given in EHLO.
    ///   - timeouts: how long to wait at each step.
    public init(
        host: String, port: Int? = nil, security: Security = .startTLS, credentials: Credentials? = nil,
        clientName: String = "localhost", timeouts: Timeouts = Timeouts()
    ) {
        self.host = host
        self.security = security
        self.port = port ?? Self.defaultPort(security)
        self.tls = TLSConfiguration.makeClientConfiguration()
        self.credentials = credentials
        self.authenticationMechanisms = [.plain, .login]
        self.allowsAuthenticationWithoutTLS = false
        self.clientName = clientName
        self.timeouts = timeouts
    }

    /// Reads a configuration from a URL: `smtp://user:password@host:587` (STARTTLS),
    /// `smtps://user:password@host:465` (implicit TLS) or `smtp://host:25?tls=none` (no TLS).
    /// The user and password are percent-decoded.
    /// - Parameter url: the URL.
    /// - Throws: ``MailDeliveryError/invalidConfiguration(_:)`` for another scheme, no host, or an
    ///   unknown `tls` value.
    public init(url: String) throws(MailDeliveryError) {
        guard let components = URLComponents(string: url), let host = components.host, !host.isEmpty else {
            throw .invalidConfiguration(.notAnSMTPURL)
        }
        var security: Security
        switch components.scheme?.lowercased() {
        case "smtp": security = .startTLS
        case "smtps": security = .implicitTLS
        default: throw .invalidConfiguration(.unsupportedScheme)
        }
        switch components.queryItems?.first(where: { $0.name == "tls" })?.value {
        case nil: break
        case "starttls" where security == .startTLS: break
        case "none" where security == .startTLS: security = .none
        case let other?: throw .invalidConfiguration(.unknownTLSMode(other))
        }
        var credentials: Credentials?
        if let user = components.user {
            credentials = Credentials(username: user, password: components.password ?? "")
        }
        self.init(host: host, port: components.port, security: security, credentials: credentials)
    }

    private static func defaultPort(_ security: Security) -> Int {
        switch security {
        case .startTLS: 587
        case .implicitTLS: 465
        case .none: 25
        }
    }
}
