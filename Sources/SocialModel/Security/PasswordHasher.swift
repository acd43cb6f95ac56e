/// Turns passwords into salted, slow hashes and checks passwords against them.
public protocol PasswordHasher: Sendable {
    /// A self-describing encoded hash (algorithm, cost, salt and digest) of `password`.
    ///
    /// - Throws: ``PasswordHashingError/derivationFailed(message:)`` if the hash cannot be computed.
    func hash(_ password: String) throws(PasswordHashingError) -> String
    /// Whether `password` matches `encoded`, compared in constant time.
    ///
    /// - Throws: ``PasswordHashingError/malformedHash`` if `encoded` is not a hash this hasher reads,
    ///   ``PasswordHashingError/derivationFailed(message:)`` if the hash cannot be computed; a wrong password is
    ///   `false`.
    func verify(_ password: String, against encoded: String) throws(PasswordHashingError) -> Bool
    /// Whether `encoded` was made with a lower cost than this hasher's, and should be replaced on
    /// the next successful sign-in.
    func needsRehash(_ encoded: String) -> Bool
}

/// Why a password could not be hashed or checked.
public enum PasswordHashingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The cost is below what the algorithm accepts as safe.
    case costTooLow(minimum: Int, given: Int)
    /// The stored hash is not in a format this hasher reads.
    case malformedHash
    /// The key derivation failed.
    case derivationFailed(message: String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .costTooLow(let minimum, let given): "password hashing cost \(given) is below the minimum \(minimum)"
        case .malformedHash: "the stored password hash is malformed"
        case .derivationFailed(let message): "password key derivation failed: \(message)"
        }
    }
}
