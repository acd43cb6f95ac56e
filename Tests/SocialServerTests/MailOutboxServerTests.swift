import Foundation
import TestSupport
import Testing

/// social-server's mail outbox as an operator meets it: account mail queued while the SMTP server is
/// down survives a restart of social-server and is delivered once the SMTP server is up.
@Suite("social-server's mail outbox")
struct MailOutboxServerTests {
    static let registration =
        #"{"email":"ada@example.com","username":"ada","password":"Analytical-Engine-1843","name":"","surname":""}"#

    func arguments(_ folder: TemporaryDirectory, smtpPort: Int) -> [String] {
        [
            "--store", "sqlite:" + folder.file("social.sqlite").path, "--password-iterations", "210000",
            "--smtp-url", "smtp://127.0.0.1:\(smtpPort)?tls=none", "--mail-from", "social@example.com",
            "--mail-retry-seconds", "0.2", "--mail-poll-seconds", "0.05", "--metrics-port", "0",
        ]
    }

    @Test func mailQueuedWhileSMTPIsDownIsSentAfterARestartOnceItIsUp() async throws {
        let folder = try TemporaryDirectory("social-server-outbox")
        defer { folder.remove() }
        let down = try await SMTPTestServer.closedPort()

        let first = try await ServerProcess.start(arguments(folder, smtpPort: down))
        #expect(try await first.request("/accounts", method: "POST", json: Self.registration).0 == 202)
        // The sender tried, failed, and kept the mail; operators see it pending on /metrics.
        let retried = try await polled(within: .seconds(20)) {
            first.logged.contains("it stays in the outbox and is retried") ? true : nil
        }
        #expect(retried == true)
        let metricsURL = try #require(first.metricsURL)
        let (_, metrics) = try await first.request("/metrics", at: metricsURL)
        #expect(metrics.contains("social_mail_outbox_pending 1"))
        #expect(try await first.stop() == 0)

        let smtp = try await SMTPTestServer.start()
        defer { smtp.stop() }
        let second = try await ServerProcess.start(arguments(folder, smtpPort: smtp.port))
        let delivered = try await polled(within: .seconds(20)) { () -> [DeliveredMail]? in
            let messages = try smtp.messages()
            return messages.isEmpty ? nil : messages
        }
        let mail = try #require(delivered?.first)
        #expect(mail.recipients == ["ada@example.com"])
        #expect(mail.mailFrom == "social@example.com")
        #expect(try await second.stop() == 0)
        #expect(try smtp.messages().count == 1)
    }
}

/// `body`'s first non-nil answer, asked every 50 ms until `timeout` (what a test waits on that
/// another process does: a log line, a delivered mail), or nil.
func polled<T>(within timeout: Duration, _ body: () async throws -> T?) async throws -> T? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if let found = try await body() { return found }
        try await Task.sleep(for: .milliseconds(50))
    }
    return try await body()
}
