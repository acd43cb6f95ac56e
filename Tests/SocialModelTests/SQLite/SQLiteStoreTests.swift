import Foundation
import GRDB
import SocialModel
import SocialModelSQLite
import SocialModelTesting
import TestSupport
import Testing

@Suite("SQLite store specifics")
struct SQLiteStoreTests {
    @Test func noPlainTextPasswordOrRawTokenReachesTheFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let h = SocialTestHarness(store: try SQLiteSocialStore(url: directory.file("social.sqlite")))
        let password = "Plaintext-Canary-93731"
        let session = try await h.signedIn("bird", password: password)
        try await h.accounts.requestPasswordReset(email: "bird@example.com")
        let reset = try #require(h.mailer.latestToken(.passwordReset, to: "bird@example.com"))
        try await h.accounts.register(
            Registration(email: "pending@example.com", username: "pending", password: password + "x"))
        let verification = try #require(h.mailer.latestToken(.emailVerification, to: "pending@example.com"))

        let secrets = [password, password + "x", session.token.rawValue, reset.rawValue, verification.rawValue]
        let files = try FileManager.default.contentsOfDirectory(
            at: directory.url, includingPropertiesForKeys: nil)
        #expect(files.contains { $0.lastPathComponent == "social.sqlite-wal" })
        let bytes = try files.filter { $0.lastPathComponent.hasPrefix("social.sqlite") }
            .map { try Data(contentsOf: $0) }
        #expect(bytes.reduce(0) { $0 + $1.count } > 0)
        for secret in secrets {
            for data in bytes {
                #expect(data.range(of: Data(secret.utf8)) == nil, "a secret reached the database file")
            }
        }
        // Only the hashes are there, and they still work.
        #expect(try await h.store.session(tokenHash: session.token.hash) != nil)
        #expect(bytes.contains { $0.range(of: session.token.hash) != nil })
    }

    @Test func theDatabaseUsesWALForeignKeysAndIndexedLookups() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.url.appendingPathComponent("social.sqlite").path
        _ = try SQLiteSocialStore(path: path)
        let queue = try DatabaseQueue(path: path)
        try await queue.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            let plans: [(String, StatementArguments)] = [
                ("SELECT * FROM users WHERE username_key = ?", ["a"]),
                ("SELECT * FROM users WHERE email = ?", ["a"]),
                ("SELECT * FROM sessions WHERE user_id = ?", ["a"]),
                ("SELECT * FROM one_time_tokens WHERE user_id = ? AND purpose = ?", ["a", "b"]),
                ("SELECT * FROM identity_links WHERE user_id = ?", ["a"]),
                ("SELECT * FROM failed_sign_ins WHERE key = ? AND at >= ?", ["a", 1.0]),
                ("SELECT * FROM recipes ORDER BY created_at DESC, id DESC LIMIT 10", []),
                ("SELECT * FROM recipes ORDER BY like_count DESC, created_at DESC, id DESC LIMIT 10", []),
                ("SELECT * FROM recipes WHERE author_id = ?", ["a"]),
                ("SELECT * FROM recipe_likes WHERE user_id = ? ORDER BY liked_at DESC, recipe_id DESC", ["a"]),
            ]
            for (sql, arguments) in plans {
                let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                    .map { $0["detail"] as String }.joined(separator: " ")
                #expect(plan.contains("USING") && plan.contains("INDEX"), "\(sql): \(plan)")
            }
        }
    }

    @Test func dataSurvivesReopening() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.url.appendingPathComponent("social.sqlite")
        let user = User(id: .random(), username: "persist", email: "p@example.com", createdAt: Date())
        do {
            let store = try SQLiteSocialStore(url: url)
            try await store.insertUser(user, passwordHash: "h", identity: nil)
        }
        let reopened = try SQLiteSocialStore(url: url)
        #expect(try await reopened.user(id: user.id) == user)
    }

    @Test func unusableFilesAreRefusedWithATypedError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let garbage = directory.url.appendingPathComponent("garbage.sqlite")
        try Data(repeating: 0xAB, count: 8192).write(to: garbage)
        #expect {
            _ = try SQLiteSocialStore(url: garbage)
        } throws: { error in
            guard case .cannotOpen(let path, _) = error as? StoreError else { return false }
            return path == garbage.path
        }
        // The refused file is left as it was.
        #expect(try Data(contentsOf: garbage) == Data(repeating: 0xAB, count: 8192))
        #expect(throws: StoreError.self) {
            _ = try SQLiteSocialStore(url: directory.url.appendingPathComponent("missing/dir/social.sqlite"))
        }
    }
}
