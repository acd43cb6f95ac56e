import Foundation
import Logging
import SocialModel
import SocialModelMail
import SocialModelMocks
import SocialModelSQLite
import TestSupport
import Testing

/// The account services with a real mailer: sign-up mail travels through aiosmtpd, its link
/// verifies the address, and a server that defers the first message leaves the token re-sendable.
@Suite("Accounts with mail through a real SMTP server", .highPriority)
struct AccountMailTests {
    static let links = MailLinks(baseURL: URL(string: "https://kuchyna.example/ucet")!)

    private func accounts(
        _ store: SQLiteSocialStore, server: SMTPTestServer, retry: RetryPolicy? = nil,
        log: CapturingLogHandler = CapturingLogHandler()
    ) throws -> AccountService {
        let composer = MailComposer(
            sender: try MailAddress("noreply@kuchyna.example", displayName: SlovakMail.appName),
            appName: SlovakMail.appName, links: Self.links)
        let logger = Logger(label: "account-mail-tests") { _ in log }
        var mailer: any Mailer = TransportMailer(
            composer: composer, transport: try server.transport(try server.configuration(security: .none)))
        if let retry { mailer = RetryingMailer(mailer, policy: retry, logger: logger) }
        return AccountService(
            store: store, mailer: mailer, clock: ManualClock(), hasher: PBKDF2PasswordHasher(unsafeIterations: 1_000),
            logger: logger)
    }

    static let registration = Registration(
        email: "lubo@example.sk", username: "lubo", password: "Žltučký-kôň-42", name: "Ľubomír", surname: "Šťastný")

    /// The link a delivered account message carries.
    private func token(in mail: DeliveredMail, page: String) throws -> SecretToken {
        let text = try #require(mail.part("text/plain"))
        let link = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("https://kuchyna.example/ucet/\(page)?token=") })
        let token = try #require(URLComponents(string: String(link))?.queryItems?.first { $0.name == "token" }?.value)
        return SecretToken(rawValue: token)
    }

    @Test func aDeferredSignUpMailCanBeSentAgainAndItsLinkVerifiesTheAddress() async throws {
        let store = SQLiteSocialStore.inMemory()
        let down = try await SMTPTestServer.start(behaviour: .deferData)
        defer { down.stop() }
        let failing = try accounts(store, server: down)
        let outcome = try await failing.register(Self.registration)
        #expect(outcome.error?.isTransient == true)
        let pending = try #require(try await store.user(email: "lubo@example.sk"))
        #expect(try await store.tokens(userID: pending.id).count == 1)
        #expect(try down.messages().isEmpty)

        let up = try await SMTPTestServer.start()
        defer { up.stop() }
        let service = try accounts(store, server: up)
        #expect(try await service.resendVerification(email: "lubo@example.sk") == .sent)
        let mail = try #require(try up.messages().first)
        #expect(mail.message.subject == "Confirm your email address for \(SlovakMail.appName)")
        #expect(mail.message.toAddress == "lubo@example.sk")
        let user = try await service.verifyEmail(token: try token(in: mail, page: "verify-email"))
        #expect(user.username == "lubo")
        #expect(user.isVerified)
    }

    @Test func aServerThatDefersOnceIsRetriedAndTheSignUpMailArrivesAddressedByName() async throws {
        let store = SQLiteSocialStore.inMemory()
        let server = try await SMTPTestServer.start(behaviour: .deferFirstData)
        defer { server.stop() }
        let log = CapturingLogHandler()
        let quick = RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(10), maximumDelay: .milliseconds(20))
        let service = try accounts(store, server: server, retry: quick, log: log)
        #expect(try await service.register(Self.registration) == .sent)
        #expect(log.logged.contains { $0.level == .warning && $0.message.contains("retrying") })
        let mail = try #require(try server.messages().first)
        #expect(mail.message.toAddress == "lubo@example.sk")
        #expect(mail.message.toName == "Ľubomír Šťastný")
        #expect(try await service.verifyEmail(token: try token(in: mail, page: "verify-email")).isVerified)
    }

    @Test func aRefusingServerFailsNeitherSignUpNorResetAndTheTokensStayReSendable() async throws {
        let store = SQLiteSocialStore.inMemory()
        let refusing = try await SMTPTestServer.start(behaviour: .rejectRecipient)
        defer { refusing.stop() }
        let log = CapturingLogHandler()
        let failing = try accounts(store, server: refusing, log: log)
        let outcome = try await failing.register(Self.registration)
        guard case .failed(let error) = outcome else {
            Issue.record("a refused recipient gave \(outcome)")
            return
        }
        #expect(!error.isTransient)
        #expect(log.logged.contains { $0.level == .error })
        #expect(try await failing.requestPasswordReset(email: "lubo@example.sk").error?.isTransient == false)
        let user = try #require(try await store.user(email: "lubo@example.sk"))
        #expect(Set(try await store.tokens(userID: user.id).map(\.purpose)) == [.emailVerification, .passwordReset])

        let up = try await SMTPTestServer.start()
        defer { up.stop() }
        let service = try accounts(store, server: up)
        #expect(try await service.requestPasswordReset(email: "lubo@example.sk") == .sent)
        let reset = try #require(try up.messages().first)
        #expect(reset.message.toName == "Ľubomír Šťastný")
        let resetToken = try token(in: reset, page: "reset-password")
        #expect(try await service.resetPassword(token: resetToken, newPassword: "Nový-kôň-43") == .sent)
        #expect(try up.messages().count == 2)
    }
}
