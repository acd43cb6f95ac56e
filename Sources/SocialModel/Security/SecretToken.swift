import Crypto
import Foundation

/// A bearer secret (a session token or an emailed one-time token): 256 bits from the system's
/// CSPRNG, written as unpadded base64url. Only its SHA-256 ``hash`` is ever stored, so a copy
/// of the database does not let anyone sign in.
public struct SecretToken: Sendable, Hashable, CustomStringConvertible {
    /// The token text a client keeps and presents.
    public let rawValue: String

    /// Wraps token text received from a client.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new token of 256 random bits.
    public static func generate() -> SecretToken {
        let key = SymmetricKey(size: .bits256)
        let text = key.withUnsafeBytes { Data($0) }.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return SecretToken(rawValue: text)
    }

    /// SHA-256 of the token text: what stores keep and look tokens up by.
    public var hash: Data {
        Data(SHA256.hash(data: Data(rawValue.utf8)))
    }

    /// Redacted, so a token never ends up in a log by accident.
    public var description: String { "SecretToken(redacted)" }
}
