import Foundation
import SocialModel
import SocialModelMail
import SocialModelMocks
import Testing

/// The account services with a real mailer: sign-up mail travels through aiosmtpd, its link
/// verifies the address, and a server that defers the first message leaves the token re-sendable.
@Suite("Accounts with mail through a real SMTP server")
struct AccountMailTests {
    static let links = MailLinks(baseURL: URL(string: "https://kuchyna.example/ucet")!)

    private func accounts(_ store: InMemorySocialStore, server: SMTPTestServer) throws -> AccountService {
        let composer = MailComposer(
            sender: try MailAddress("noreply@kuchyna.example", displayName: SlovakMail.appName),
            appName: SlovakMail.appName, links: Self.links)
        let mailer = TransportMailer(
            composer: composer, transport: try server.transport(try server.configuration(security: .none)))
        return AccountService(
            store: store, mailer: mailer, clock: ManualClock(), hasher: PBKDF2PasswordHasher(unsafeIterations: 1_000))
    }

    @Test func aDeferredSignUpMailCanBeSentAgainAndItsLinkVerifiesTheAddress() async throws {
        let store = InMemorySocialStore()
        let down = try await SMTPTestServer.start(behaviour: .deferData)
        defer { down.stop() }
        let registration = Registration(
            email: "lubo@example.sk", username: "lubo", password: "Žltučký-kôň-42", name: "Ľubomír", surname: "Šťastný")
        let failing = try accounts(store, server: down)
        do {
            try await failing.register(registration)
            Issue.record("the deferred mail was reported as sent")
        } catch .mail(let error) {
            #expect(error.isTransient)
        } catch {
            Issue.record("registration failed: \(error)")
        }
        #expect(try down.messages().isEmpty)

        let up = try await SMTPTestServer.start()
        defer { up.stop() }
        let service = try accounts(store, server: up)
        try await service.resendVerification(email: "lubo@example.sk")
        let mail = try #require(try up.messages().first)
        #expect(mail.message.subject == "Confirm your email address for \(SlovakMail.appName)")
        #expect(mail.message.toAddress == "lubo@example.sk")
        let text = try #require(mail.part("text/plain"))
        let link = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("https://kuchyna.example/ucet/verify-email?token=") })
        let token = try #require(URLComponents(string: String(link))?.queryItems?.first { $0.name == "token" }?.value)
        let user = try await service.verifyEmail(token: SecretToken(rawValue: token))
        #expect(user.username == "lubo")
        #expect(user.isVerified)
    }
}
