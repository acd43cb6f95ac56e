import Foundation
import SocialModel
import Testing

@Suite("Password hashing and secret tokens")
struct SecurityTests {
    @Test func pbkdf2HashesAreSaltedSelfDescribingAndVerified() throws {
        let hasher = PBKDF2PasswordHasher(unsafeIterations: 1_000)
        let first = try hasher.hash("correct horse 1")
        let second = try hasher.hash("correct horse 1")
        #expect(first != second)
        #expect(first.hasPrefix("pbkdf2-sha256$1000$"))
        #expect(try hasher.verify("correct horse 1", against: first))
        #expect(try hasher.verify("correct horse 1", against: second))
        #expect(try !hasher.verify("correct horse 2", against: first))
        #expect(try !hasher.verify("", against: first))
    }

    @Test func productionCostIsEnforcedAndOldHashesAreUpgraded() throws {
        #expect(throws: PasswordHashingError.costTooLow(minimum: 210_000, given: 1_000)) {
            _ = try PBKDF2PasswordHasher(iterations: 1_000)
        }
        #expect(PBKDF2PasswordHasher.recommended.iterations == 600_000)
        let cheap = try PBKDF2PasswordHasher(unsafeIterations: 1_000).hash("pw-123456789")
        let stronger = PBKDF2PasswordHasher(unsafeIterations: 2_000)
        #expect(stronger.needsRehash(cheap))
        #expect(!PBKDF2PasswordHasher(unsafeIterations: 1_000).needsRehash(cheap))
        // Verification reads the cost from the hash, so old hashes keep working.
        #expect(try stronger.verify("pw-123456789", against: cheap))
    }

    @Test(arguments: ["", "plain", "pbkdf2-sha256$x$AA==$AA==", "pbkdf2-sha256$10$!!$AA==", "md5$1$AA==$AA=="])
    func malformedHashesAreTypedErrors(encoded: String) {
        #expect(throws: PasswordHashingError.malformedHash) {
            _ = try PBKDF2PasswordHasher(unsafeIterations: 10).verify("pw", against: encoded)
        }
    }

    @Test func tokensAre256RandomBitsAndHashWithSHA256() {
        let tokens = (0..<64).map { _ in SecretToken.generate() }
        #expect(Set(tokens).count == 64)
        for token in tokens {
            #expect(token.rawValue.count == 43)
            #expect(token.rawValue.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            #expect(token.hash.count == 32)
        }
        // SHA-256("abc"), from FIPS 180-2.
        #expect(
            SecretToken(rawValue: "abc").hash.map { String(format: "%02x", $0) }.joined()
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect("\(tokens[0])" == "SecretToken(redacted)")
    }

    @Test func idsAreOpaqueAndDistinct() {
        let ids = (0..<100).map { _ in UserID.random() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.rawValue.hasPrefix("usr_") && $0.rawValue.count == 36 })
        #expect(PostID.random().rawValue.hasPrefix("pst_"))
    }
}
