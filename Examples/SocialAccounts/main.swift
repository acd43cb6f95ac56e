// Walks one account through its life against a SQLite file: register, verify with the token read
// from the outbox, sign in, edit the profile, delete. Run with `swift run social-accounts`.
import ArgumentParser
import Foundation
import SocialModel
import SocialModelSQLite

struct SocialAccounts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "social-accounts",
        abstract: "Register, verify, sign in, edit and delete an account in a SQLite file.")

    @Option(help: "The SQLite file (created if missing). Default: a new temporary folder.")
    var database: String?

    @Option(help: "The folder email is written to. Default: 'outbox' beside the database.")
    var outbox: String?

    @Option(help: "The email address to register.")
    var email = "Ada.Lovelace@Example.com"

    @Option(help: "The username to register.")
    var username = "ada_lovelace"

    @Option(help: "The password to register.")
    var password = "Analytical-Engine-1843"

    @Option(help: "PBKDF2 iterations for password hashes (at least 210000).")
    var iterations = PBKDF2PasswordHasher.recommendedIterations

    func execute() async throws {
        let databaseURL =
            database.map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("social-accounts-\(UUID().uuidString)/social.sqlite")
        try FileManager.default.createDirectory(
            at: databaseURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let outboxURL =
            outbox.map { URL(fileURLWithPath: $0) }
            ?? databaseURL.deletingLastPathComponent().appendingPathComponent("outbox")
        let store = try SQLiteSocialStore(url: databaseURL)
        let mailer = OutboxMailer(directory: outboxURL)
        let accounts = AccountService(
            store: store, mailer: mailer, hasher: try PBKDF2PasswordHasher(iterations: iterations))
        print("database: \(databaseURL.path)\noutbox:   \(outboxURL.path)\n")

        print("1. register with a weak password")
        do {
            try await accounts.register(Registration(email: email, username: "\(username) x", password: "secret"))
        } catch {
            print("   refused: \(error)")
        }

        print("2. register \(username) <\(email)>")
        try await accounts.register(Registration(email: email, username: username, password: password, name: "Ada"))
        do {
            _ = try await accounts.signIn(email: email, password: password, clientKey: "127.0.0.1")
        } catch {
            print("   sign-in before verifying: \(error)")
        }

        print("3. verify with the token from the outbox")
        let normalized = email.trimmingCharacters(in: .whitespaces).lowercased()
        guard
            let message = try mailer.messages().last(where: { $0.to == normalized && $0.purpose == .emailVerification }
            ),
            let token = message.token
        else { throw ValidationError("no verification email for \(normalized) in \(outboxURL.path)") }
        print("   found \"\(message.subject)\" sent to \(message.to)")
        let verified = try await accounts.verifyEmail(token: SecretToken(rawValue: token))
        print("   verified at \(verified.verifiedAt.map { "\($0)" } ?? "-")")

        print("4. sign in")
        let session = try await accounts.signIn(email: email, password: password, clientKey: "127.0.0.1")
        print("   signed in as \(session.user.username) (\(session.user.id)), session until \(session.expiresAt)")

        print("5. edit the profile, authenticated once for the calls that follow")
        let me = try await accounts.session(session.token)
        let edited = try await me.updateProfile(
            ProfileChange(surname: "Lovelace", bio: "First programmer.\nNotes on the Analytical Engine."))
        print("   \(edited.name) \(edited.surname): \(edited.bio.replacingOccurrences(of: "\n", with: " / "))")
        do {
            _ = try await me.updateProfile(ProfileChange(bio: String(repeating: "long ", count: 40)))
        } catch {
            print("   a too long bio is refused: \(error)")
        }

        print("6. delete the account")
        try await me.deleteAccount()
        do {
            _ = try await accounts.session(session.token)
        } catch {
            print("   the old session: \(error)")
        }
        let remaining = try await store.user(id: session.user.id)
        print("   user in the database: \(remaining == nil ? "none" : "still there")")
    }
}

// Top-level code would pick ArgumentParser's synchronous entry point, so parse, then run the async work.
do {
    try await SocialAccounts.parse().execute()
} catch {
    SocialAccounts.exit(withError: error)
}
