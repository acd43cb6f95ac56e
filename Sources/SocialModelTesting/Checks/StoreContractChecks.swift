import Foundation
import SocialModel
import Testing

/// The account store's contract itself, without the services: uniqueness, references, atomic
/// consumption, cascades and exact round trips.
enum StoreContractChecks {
    static let start = Date(timeIntervalSince1970: 1_767_225_600.123456)

    static func user(_ username: String, email: String? = nil) -> User {
        User(
            id: .random(), username: username, email: email ?? "\(username.lowercased())@example.com", createdAt: start)
    }

    static let all: [ConformanceCheck] = [
        ConformanceCheck(.accounts, "usernames, emails, ids and identities are unique") { h in
            let store = h.store
            let ana = user("Ana")
            try await store.insertUser(ana, passwordHash: "h", identity: nil)
            await #expect(throws: StoreError.duplicate(.username)) {
                try await store.insertUser(user("ANA", email: "x@example.com"), passwordHash: nil, identity: nil)
            }
            await #expect(throws: StoreError.duplicate(.email)) {
                try await store.insertUser(user("ben", email: "ana@example.com"), passwordHash: nil, identity: nil)
            }
            var clash = user("cid")
            clash.id = ana.id
            await #expect(throws: StoreError.duplicate(.id)) {
                try await store.insertUser(clash, passwordHash: nil, identity: nil)
            }
            // Accounts without email do not clash with each other.
            for name in ["nomail1", "nomail2"] {
                var noMail = user(name)
                noMail.email = nil
                try await store.insertUser(noMail, passwordHash: nil, identity: nil)
            }
            let dan = user("dan")
            let link = IdentityLink(provider: "p", subject: "s", userID: dan.id, linkedAt: start)
            try await store.insertUser(dan, passwordHash: nil, identity: link)
            let eve = user("eve")
            let stolen = IdentityLink(provider: "p", subject: "s", userID: eve.id, linkedAt: start)
            await #expect(throws: StoreError.duplicate(.identity)) {
                try await store.insertUser(eve, passwordHash: "h", identity: stolen)
            }
            // The refused insert left nothing behind.
            #expect(try await store.user(id: eve.id) == nil)
            #expect(try await store.passwordHash(userID: eve.id) == nil)
        },
        ConformanceCheck(.accounts, "users round-trip exactly and updates keep uniqueness") { h in
            let store = h.store
            var stored = user("Exact")
            stored.verifiedAt = Date()  // any instant, to the last bit
            stored.avatar = "avatars/exact.jpg"
            try await store.insertUser(stored, passwordHash: nil, identity: nil)
            #expect(try await store.user(id: stored.id) == stored)
            stored.username = "EXACT"
            stored.bio = "new"
            try await store.updateUser(stored)
            #expect(try await store.user(usernameKey: "exact") == stored)
            await #expect(throws: StoreError.notFound(entity: "user")) { try await store.updateUser(user("ghost")) }
            try await store.insertUser(user("taken"), passwordHash: nil, identity: nil)
            stored.username = "Taken"
            await #expect(throws: StoreError.duplicate(.username)) { try await store.updateUser(stored) }
        },
        ConformanceCheck(.accounts, "sessions, passwords and links need their user") { h in
            let store = h.store
            let ghost = UserID.random()
            await #expect(throws: StoreError.missingReference) {
                try await store.insertSession(
                    SessionRecord(
                        tokenHash: Data(repeating: 1, count: 32), userID: ghost, createdAt: start, expiresAt: start))
            }
            await #expect(throws: StoreError.missingReference) { try await store.setPasswordHash("h", userID: ghost) }
            await #expect(throws: StoreError.missingReference) {
                try await store.insertIdentityLink(
                    IdentityLink(provider: "p", subject: "s", userID: ghost, linkedAt: start))
            }
        },
        ConformanceCheck(.accounts, "a one-time token is consumed once however many race") { h in
            let store = h.store
            let racer = user("racer")
            try await store.insertUser(racer, passwordHash: nil, identity: nil)
            let hash = Data(repeating: 7, count: 32)
            try await store.replaceTokens(
                with: OneTimeTokenRecord(
                    tokenHash: hash, userID: racer.id, purpose: .passwordReset, createdAt: start, expiresAt: start))
            #expect(try await store.consumeToken(hash: hash, purpose: .emailVerification) == nil)
            let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await store.consumeToken(hash: hash, purpose: .passwordReset) != nil }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(winners == 1)
        },
        ConformanceCheck(.accounts, "replacing tokens keeps other purposes") { h in
            let store = h.store
            let owner = user("tok")
            try await store.insertUser(owner, passwordHash: nil, identity: nil)
            func token(_ byte: UInt8, _ purpose: TokenPurpose) -> OneTimeTokenRecord {
                OneTimeTokenRecord(
                    tokenHash: Data(repeating: byte, count: 32), userID: owner.id, purpose: purpose,
                    createdAt: start + Double(byte), expiresAt: start + 100)
            }
            try await store.replaceTokens(with: token(1, .emailVerification))
            try await store.replaceTokens(with: token(2, .passwordReset))
            try await store.replaceTokens(with: token(3, .emailVerification))
            #expect(
                try await store.tokens(userID: owner.id) == [token(2, .passwordReset), token(3, .emailVerification)])
            #expect(try await store.token(hash: Data(repeating: 1, count: 32)) == nil)
        },
        ConformanceCheck(.accounts, "failed sign-ins are counted, cleared and pruned") { h in
            let store = h.store
            for offset in [0.0, 10, 20] { try await store.recordFailedSignIn(key: "k", at: start + offset) }
            try await store.recordFailedSignIn(key: "other", at: start)
            #expect(try await store.failedSignIns(key: "k", since: start + 10) == [start + 10, start + 20])
            try await store.pruneFailedSignIns(before: start + 15)
            #expect(try await store.failedSignIns(key: "k", since: .distantPast) == [start + 20])
            #expect(try await store.failedSignIns(key: "other", since: .distantPast).isEmpty)
            try await store.clearFailedSignIns(key: "k")
            #expect(try await store.failedSignIns(key: "k", since: .distantPast).isEmpty)
        },
        ConformanceCheck(.accounts, "deleting a user cascades to their credentials only") { h in
            let store = h.store
            let gone = user("gone")
            let kept = user("kept")
            try await store.insertUser(
                gone, passwordHash: "h",
                identity: IdentityLink(provider: "p", subject: "1", userID: gone.id, linkedAt: start))
            try await store.insertUser(kept, passwordHash: "h", identity: nil)
            for (byte, owner) in [(UInt8(1), gone), (2, kept)] {
                try await store.insertSession(
                    SessionRecord(
                        tokenHash: Data(repeating: byte, count: 32), userID: owner.id, createdAt: start,
                        expiresAt: start))
                try await store.replaceTokens(
                    with: OneTimeTokenRecord(
                        tokenHash: Data(repeating: byte + 10, count: 32), userID: owner.id, purpose: .passwordReset,
                        createdAt: start, expiresAt: start))
            }
            #expect(try await store.deleteUser(id: gone.id))
            #expect(try await !store.deleteUser(id: gone.id))
            #expect(try await store.session(tokenHash: Data(repeating: 1, count: 32)) == nil)
            #expect(try await store.token(hash: Data(repeating: 11, count: 32)) == nil)
            #expect(try await store.identityLink(provider: "p", subject: "1") == nil)
            #expect(try await store.passwordHash(userID: gone.id) == nil)
            #expect(try await store.session(tokenHash: Data(repeating: 2, count: 32)) != nil)
            #expect(try await store.sessionWithUser(tokenHash: Data(repeating: 1, count: 32)) == nil)
            let both = try await store.sessionWithUser(tokenHash: Data(repeating: 2, count: 32))
            let (session, storedUser) = (
                try await store.session(tokenHash: Data(repeating: 2, count: 32)), try await store.user(id: kept.id)
            )
            #expect(both?.session == session)
            #expect(both?.user == storedUser)
            #expect(both?.user.id == kept.id)
            #expect(try await store.token(hash: Data(repeating: 12, count: 32)) != nil)
            #expect(try await store.passwordHash(userID: kept.id) == "h")
        },
    ]
}
