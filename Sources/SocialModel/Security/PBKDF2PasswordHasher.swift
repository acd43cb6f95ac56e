import Crypto
import Foundation
import _CryptoExtras

/// PBKDF2-HMAC-SHA256 from swift-crypto, with a 16-byte random salt and a 32-byte digest.
///
/// The default cost is 600,000 iterations, OWASP's recommendation for PBKDF2-HMAC-SHA256 (Password
/// Storage Cheat Sheet, 2023); swift-crypto refuses fewer than 210,000 for real use. Each hash is
/// stored as `pbkdf2-sha256$<iterations>$<salt base64>$<digest base64>`, so raising the cost
/// later still verifies old hashes, and ``needsRehash(_:)`` tells when to upgrade one.
public struct PBKDF2PasswordHasher: PasswordHasher {
    /// The iteration count used for new hashes.
    public let iterations: Int

    /// OWASP's recommended iteration count for PBKDF2-HMAC-SHA256.
    public static let recommendedIterations = 600_000
    /// The smallest count swift-crypto accepts for production use.
    public static let minimumIterations = 210_000

    private static let scheme = "pbkdf2-sha256"

    /// A hasher with the recommended cost.
    public static let recommended = PBKDF2PasswordHasher(checked: recommendedIterations)

    private init(checked iterations: Int) {
        self.iterations = iterations
    }

    /// A hasher for production use.
    /// - Throws: ``PasswordHashingError/costTooLow(minimum:given:)`` below 210,000 iterations.
    public init(iterations: Int = PBKDF2PasswordHasher.recommendedIterations) throws(PasswordHashingError) {
        guard iterations >= Self.minimumIterations else {
            throw .costTooLow(minimum: Self.minimumIterations, given: iterations)
        }
        self.iterations = iterations
    }

    /// A hasher with any cost, for tests only: a low count makes hashes cheap to crack.
    public init(unsafeIterations: Int) {
        iterations = max(1, unsafeIterations)
    }

    /// Hashes a password with a new random salt.
    ///
    /// - Throws: ``PasswordHashingError/derivationFailed(message:)`` if swift-crypto's key derivation fails.
    public func hash(_ password: String) throws(PasswordHashingError) -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) }
        let digest = try derive(password, salt: salt, iterations: iterations)
        let digestData = digest.withUnsafeBytes { Data($0) }
        return [Self.scheme, String(iterations), salt.base64EncodedString(), digestData.base64EncodedString()]
            .joined(separator: "$")
    }

    /// Checks a password; the digests are compared as `SymmetricKey`s, whose equality is constant-time.
    ///
    /// - Throws: ``PasswordHashingError/malformedHash`` if `encoded` is not a `pbkdf2-sha256$…` hash,
    ///   ``PasswordHashingError/derivationFailed(message:)`` if the key derivation fails; a wrong password is `false`,
    ///   not an error.
    public func verify(_ password: String, against encoded: String) throws(PasswordHashingError) -> Bool {
        let parts = try Self.parse(encoded)
        let digest = try derive(password, salt: parts.salt, iterations: parts.iterations)
        return digest == SymmetricKey(data: parts.digest)
    }

    /// Whether the hash used fewer iterations than this hasher.
    public func needsRehash(_ encoded: String) -> Bool {
        guard let parts = try? Self.parse(encoded) else { return true }
        return parts.iterations < iterations
    }

    private func derive(_ password: String, salt: Data, iterations: Int) throws(PasswordHashingError) -> SymmetricKey {
        do {
            return try KDF.Insecure.PBKDF2.deriveKey(
                from: Data(password.utf8), salt: salt, using: .sha256, outputByteCount: 32,
                unsafeUncheckedRounds: iterations)
        } catch {
            throw .derivationFailed(message: "\(error)")
        }
    }

    private static func parse(_ encoded: String) throws(PasswordHashingError) -> (
        iterations: Int, salt: Data, digest: Data
    ) {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == scheme, let iterations = Int(parts[1]), iterations > 0,
            let salt = Data(base64Encoded: String(parts[2])), let digest = Data(base64Encoded: String(parts[3])),
            digest.count == 32
        else { throw .malformedHash }
        return (iterations, salt, digest)
    }
}
