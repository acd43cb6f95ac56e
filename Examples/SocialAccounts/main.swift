// Walks one account through its life against a SQLite file: register, verify with the token read
// from the outbox, sign in, edit the profile, change the password, delete; then, given an
// OpenID Connect ID token, sign in with it. Run with `swift run social-accounts`; add
// `--smtp smtp://user:password@host:587` to send the mail through a real SMTP server.
import ArgumentParser
import AsyncHTTPClient
import Foundation
import Logging
import SocialModel
import SocialModelIdentity
import SocialModelSQLite

struct SocialAccounts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "social-accounts",
        abstract: "Register, verify, sign in, edit and delete an account in a SQLite file.",
        discussion: """
            Mail is written to an outbox folder, or with --smtp sent through an SMTP server (a copy of \
            each sent message stays in the outbox, where the example reads the token a person would \
            click). With --oidc-issuer, --oidc-client-id and --id-token it then signs in with an \
            OpenID Connect ID token, verified against the issuer's published keys.
            """)

    @Option(help: "The SQLite file (created if missing). Default: a new temporary folder.")
    var database: String?

    @Option(help: "The folder email is written to. Default: 'outbox' beside the database.")
    var outbox: String?

    @Option(
        help: """
            Send mail through this SMTP server: smtp://user:password@host:587 (STARTTLS), \
            smtps://user:password@host:465 (TLS), smtp://host:25?tls=none (no TLS, no password).
            """)
    var smtp: String?

    @Option(help: "The sender address of the mail sent with --smtp.")
    var mailFrom = "accounts@social-accounts.example"

    @Option(help: "Where the links in the mail point: <base>/verify-email?token=…, <base>/reset-password?token=…")
    var linkBase = "http://localhost:8080/account"

    @Option(help: "The OpenID Connect issuer of --id-token, such as https://accounts.google.com.")
    var oidcIssuer: String?

    @Option(help: "Your app's client id at the issuer: the audience the ID token must name.")
    var oidcClientId: String?

    @Option(help: "An ID token from the issuer to sign in with.")
    var idToken: String?

    @Option(help: "The nonce the sign-in request carried, which the ID token must carry too.")
    var nonce: String?

    @Option(help: "The email address to register.")
    var email = "Ada.Lovelace@Example.com"

    @Option(help: "The username to register.")
    var username = "ada_lovelace"

    @Option(help: "The password to register.")
    var password = "Analytical-Engine-1843"

    @Option(help: "The given name to register; the mail is addressed to it.")
    var name = "Ada"

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
        let outbox = OutboxMailer(directory: outboxURL)
        let logger = Logger(label: "social-accounts")
        var mailer: any Mailer = outbox
        if let smtp {
            guard let linkBase = URL(string: linkBase) else { throw ValidationError("--link-base is not a URL") }
            mailer = try Delivery.smtp(url: smtp, sender: mailFrom, linkBase: linkBase, outbox: outbox, logger: logger)
        }
        let oidc = try oidcProvider(logger: logger)
        let accounts = AccountService(
            store: store, mailer: mailer, hasher: try PBKDF2PasswordHasher(iterations: iterations),
            identityProviders: oidc.map { [$0] } ?? [], logger: logger)
        print("database: \(databaseURL.path)\noutbox:   \(outboxURL.path)")
        print("mail:     \(smtp == nil ? "the outbox only" : "SMTP, a copy of each sent message in the outbox")\n")

        print("1. register with a weak password")
        do {
            try await accounts.register(Registration(email: email, username: "\(username) x", password: "secret"))
        } catch {
            print("   refused: \(error)")
        }

        print("2. register \(username) <\(email)>")
        let sent = try await accounts.register(
            Registration(email: email, username: username, password: password, name: name))
        print("   verification mail: \(Delivery.describe(sent))")
        do {
            _ = try await accounts.signIn(email: email, password: password, clientKey: "127.0.0.1")
        } catch {
            print("   sign-in before verifying: \(error)")
        }

        print("3. verify with the token from the outbox")
        let normalized = email.trimmingCharacters(in: .whitespaces).lowercased()
        guard
            let message = try outbox.messages().last(where: { $0.to == normalized && $0.purpose == .emailVerification }
            ),
            let token = message.token
        else {
            // A failure of the run, not of the command line: status 1 and this line, without the usage.
            throw RunFailure(
                "no verification email for \(normalized) in \(outboxURL.path): \(Delivery.describe(sent))")
        }
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

        print("6. change the password while signed in")
        let secondSession = try await accounts.signIn(email: email, password: password, clientKey: "127.0.0.1")
        do {
            _ = try await me.changePassword(current: "not-the-password-1", to: password + "-2")
        } catch {
            print("   with a wrong current password: \(error)")
        }
        let notice = try await me.changePassword(current: password, to: password + "-2")
        print("   changed; notification mail: \(Delivery.describe(notice))")
        _ = try await accounts.session(session.token)
        print("   this session is still valid")
        do {
            _ = try await accounts.session(secondSession.token)
        } catch {
            print("   the other session: \(error)")
        }

        print("7. delete the account")
        try await me.deleteAccount()
        do {
            _ = try await accounts.session(session.token)
        } catch {
            print("   the old session: \(error)")
        }
        let remaining = try await store.user(id: session.user.id)
        print("   user in the database: \(remaining == nil ? "none" : "still there")")

        guard let oidc, let idToken else { return }
        print("8. sign in with an OpenID Connect ID token from \(oidc.configuration.issuer)")
        let viaIssuer = try await accounts.signIn(provider: oidc.name, providerToken: idToken, nonce: nonce)
        let user = viaIssuer.user
        print("   signed in as \(user.username) <\(user.email ?? "no email")>, verified: \(user.isVerified)")
        let links = try await accounts.session(viaIssuer.token).identityLinks()
        print("   linked to \(links.map { "\($0.provider):\($0.subject)" }.joined(separator: ", "))")
    }

    /// The OpenID Connect provider for `--oidc-issuer`, fetching its keys with `HTTPClient.shared`.
    func oidcProvider(logger: Logger) throws -> OpenIDConnectProvider? {
        switch (oidcIssuer, oidcClientId, idToken) {
        case (nil, nil, nil): return nil
        case (let issuer?, let clientID?, _?):
            return OpenIDConnectProvider(
                configuration: OpenIDConnectConfiguration(name: "oidc", issuer: issuer, audiences: [clientID]),
                httpClient: HTTPClient.shared, logger: logger)
        default: throw ValidationError("--oidc-issuer, --oidc-client-id and --id-token go together")
        }
    }
}

// Top-level code would pick ArgumentParser's synchronous entry point, so parse, then run the async work.
do {
    try await SocialAccounts.parse().execute()
} catch {
    SocialAccounts.exit(withError: error)
}
