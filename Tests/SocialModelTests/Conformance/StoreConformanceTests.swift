import Foundation
import SocialModel
import SocialModelMocks
import TestSupport
import Testing

/// The store contract itself, without the services: uniqueness, references, atomic consumption,
/// cascades and exact round trips.
@Suite("Account store contract, on every store")
struct StoreConformanceTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600.123456)

    static func user(_ username: String, email: String? = nil) -> User {
        User(
            id: .random(), username: username, email: email ?? "\(username.lowercased())@example.com", createdAt: start)
    }

    static func withStore(_ kind: StoreKind, _ body: (any SocialStore) async throws -> Void) async throws {
        try await kind.withStore { store, _ in try await body(store) }
    }

    @Test(arguments: StoreKind.allCases)
    func uniquenessIsEnforced(kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let ana = Self.user("Ana")
            try await store.insertUser(ana, passwordHash: "h", identity: nil)
            await #expect(throws: StoreError.duplicate(.username)) {
                try await store.insertUser(Self.user("ANA", email: "x@example.com"), passwordHash: nil, identity: nil)
            }
            await #expect(throws: StoreError.duplicate(.email)) {
                try await store.insertUser(Self.user("ben", email: "ana@example.com"), passwordHash: nil, identity: nil)
            }
            var clash = Self.user("cid")
            clash.id = ana.id
            await #expect(throws: StoreError.duplicate(.id)) {
                try await store.insertUser(clash, passwordHash: nil, identity: nil)
            }
            // Accounts without email do not clash with each other.
            try await store.insertUser(
                Self.user("nomail1", email: nil).withEmail(nil), passwordHash: nil, identity: nil)
            try await store.insertUser(
                Self.user("nomail2", email: nil).withEmail(nil), passwordHash: nil, identity: nil)

            let dan = Self.user("dan")
            let link = IdentityLink(provider: "p", subject: "s", userID: dan.id, linkedAt: Self.start)
            try await store.insertUser(dan, passwordHash: nil, identity: link)
            let eve = Self.user("eve")
            let stolen = IdentityLink(provider: "p", subject: "s", userID: eve.id, linkedAt: Self.start)
            await #expect(throws: StoreError.duplicate(.identity)) {
                try await store.insertUser(eve, passwordHash: "h", identity: stolen)
            }
            // The refused insert left nothing behind.
            #expect(try await store.user(id: eve.id) == nil)
            #expect(try await store.passwordHash(userID: eve.id) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func valuesRoundTripExactly(kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            var user = Self.user("Exact")
            user.verifiedAt = Date()  // any instant, to the last bit
            user.avatar = "avatars/exact.jpg"
            try await store.insertUser(user, passwordHash: nil, identity: nil)
            #expect(try await store.user(id: user.id) == user)
            user.username = "EXACT"
            user.bio = "new"
            try await store.updateUser(user)
            #expect(try await store.user(usernameKey: "exact") == user)
            await #expect(throws: StoreError.notFound(entity: "user")) {
                try await store.updateUser(Self.user("ghost"))
            }
            let other = Self.user("taken")
            try await store.insertUser(other, passwordHash: nil, identity: nil)
            user.username = "Taken"
            await #expect(throws: StoreError.duplicate(.username)) { try await store.updateUser(user) }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func recordsNeedTheirUser(kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let ghost = UserID.random()
            let session = SessionRecord(
                tokenHash: Data(repeating: 1, count: 32), userID: ghost, createdAt: Self.start, expiresAt: Self.start)
            await #expect(throws: StoreError.missingReference) {
                try await store.insertSession(session)
            }
            await #expect(throws: StoreError.missingReference) {
                try await store.setPasswordHash("h", userID: ghost)
            }
            await #expect(throws: StoreError.missingReference) {
                try await store.insertIdentityLink(
                    IdentityLink(provider: "p", subject: "s", userID: ghost, linkedAt: Self.start))
            }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aTokenIsConsumedOnceHoweverManyRace(kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let user = Self.user("racer")
            try await store.insertUser(user, passwordHash: nil, identity: nil)
            let hash = Data(repeating: 7, count: 32)
            try await store.replaceTokens(
                with: OneTimeTokenRecord(
                    tokenHash: hash, userID: user.id, purpose: .passwordReset, createdAt: Self.start,
                    expiresAt: Self.start))
            #expect(try await store.consumeToken(hash: hash, purpose: .emailVerification) == nil)
            let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await store.consumeToken(hash: hash, purpose: .passwordReset) != nil }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(winners == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func replacingTokensKeepsOtherPurposes(kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let user = Self.user("tok")
            try await store.insertUser(user, passwordHash: nil, identity: nil)
            func token(_ byte: UInt8, _ purpose: TokenPurpose) -> OneTimeTokenRecord {
                OneTimeTokenRecord(
                    tokenHash: Data(repeating: byte, count: 32), userID: user.id, purpose: purpose,
                    createdAt: Self.start + Double(byte), expiresAt: Self.start + 100)
            }
            try await store.replaceTokens(with: token(1, .emailVerification))
            try await store.replaceTokens(with: token(2, .passwordReset))
            try await store.replaceTokens(with: token(3, .emailVerification))
            #expect(
                try await store.tokens(userID: user.id) == [token(2, .passwordReset), token(3, .emailVerification)])
            #expect(try await store.token(hash: Data(repeating: 1, count: 32)) == nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func failedSignInsAreCountedClearedAndPruned(kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            for offset in [0.0, 10, 20] {
                try await store.recordFailedSignIn(key: "k", at: Self.start + offset)
            }
            try await store.recordFailedSignIn(key: "other", at: Self.start)
            #expect(
                try await store.failedSignIns(key: "k", since: Self.start + 10) == [Self.start + 10, Self.start + 20])
            try await store.pruneFailedSignIns(before: Self.start + 15)
            #expect(try await store.failedSignIns(key: "k", since: .distantPast) == [Self.start + 20])
            #expect(try await store.failedSignIns(key: "other", since: .distantPast).isEmpty)
            try await store.clearFailedSignIns(key: "k")
            #expect(try await store.failedSignIns(key: "k", since: .distantPast).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAUserCascades(kind: StoreKind) async throws {
        try await Self.withStore(kind) { store in
            let user = Self.user("gone")
            let keep = Self.user("kept")
            try await store.insertUser(
                user, passwordHash: "h",
                identity: IdentityLink(provider: "p", subject: "1", userID: user.id, linkedAt: Self.start))
            try await store.insertUser(keep, passwordHash: "h", identity: nil)
            for (byte, owner) in [(UInt8(1), user), (2, keep)] {
                try await store.insertSession(
                    SessionRecord(
                        tokenHash: Data(repeating: byte, count: 32), userID: owner.id, createdAt: Self.start,
                        expiresAt: Self.start))
                try await store.replaceTokens(
                    with: OneTimeTokenRecord(
                        tokenHash: Data(repeating: byte + 10, count: 32), userID: owner.id, purpose: .passwordReset,
                        createdAt: Self.start, expiresAt: Self.start))
            }
            #expect(try await store.deleteUser(id: user.id))
            #expect(try await !store.deleteUser(id: user.id))
            #expect(try await store.session(tokenHash: Data(repeating: 1, count: 32)) == nil)
            #expect(try await store.token(hash: Data(repeating: 11, count: 32)) == nil)
            #expect(try await store.identityLink(provider: "p", subject: "1") == nil)
            #expect(try await store.passwordHash(userID: user.id) == nil)
            #expect(try await store.session(tokenHash: Data(repeating: 2, count: 32)) != nil)
            #expect(try await store.token(hash: Data(repeating: 12, count: 32)) != nil)
            #expect(try await store.passwordHash(userID: keep.id) == "h")
        }
    }
}

extension User {
    func withEmail(_ email: String?) -> User {
        var copy = self
        copy.email = email
        return copy
    }
}
