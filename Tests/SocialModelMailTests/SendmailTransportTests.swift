import Foundation
import SocialModel
import SocialModelMail
import TestSupport
import Testing

/// SendmailTransport with a real mail transfer agent: Debian's msmtp, as `sendmail -t -i`, relaying
/// to aiosmtpd over STARTTLS with AUTH.
@Suite("Sendmail delivery through msmtp", .highPriority)
struct SendmailTransportTests {
    static let msmtp = "/usr/bin/msmtp"

    /// An msmtp configuration file for `server` (mode 0600: msmtp refuses a readable password file).
    private func msmtpConfiguration(for server: SMTPTestServer, port: Int? = nil) throws -> URL {
        let file = server.directory.file("msmtprc")
        let text = """
            defaults
            tls_trust_file \(server.certificate.path)

            account test
            host 127.0.0.1
            port \(port ?? server.port)
            tls on
            tls_starttls on
            auth on
            user kuchyna
            password tajne

            account default : test

            """
        try text.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        return file
    }

    private func transport(_ configuration: URL, timeout: Duration = ThreadSanitizerRun.scaled(.seconds(90))) throws
        -> SendmailTransport
    {
        SendmailTransport(
            configuration: .init(
                executable: try RealServerRequirement.executable(Self.msmtp, package: "msmtp"),
                arguments: ["-C", configuration.path, "-t", "-i"], timeout: timeout),
            logger: MailTestLogger.logger)
    }

    @Test func msmtpDeliversTheSlovakMessageIntact() async throws {
        let server = try await SMTPTestServer.start(
            tls: .starttls, user: "kuchyna", password: "tajne", pipelining: true)
        defer { server.stop() }
        let sendmail = try transport(try msmtpConfiguration(for: server))
        try await sendmail.deliver(try SlovakMail.composer.compose(SlovakMail.message))
        let mail = try #require(try server.messages().first)
        SMTPDeliveryTests.expectIntact(mail)
        #expect(mail.tls)
        #expect(mail.authenticatedAs == "kuchyna")
        #expect(mail.mailFrom == "noreply@kuchyna.example", "-f sets the envelope sender")
        #expect(mail.recipients == [SlovakMail.recipient], "-t reads the recipients from the header")
    }

    @Test func anAgentThatCannotReachItsServerDefersTheMessage() async throws {
        let server = try await SMTPTestServer.start(tls: .starttls, user: "kuchyna", password: "tajne")
        defer { server.stop() }
        let sendmail = try transport(try msmtpConfiguration(for: server, port: try await SMTPTestServer.closedPort()))
        let error = await sendmail.deliveryError()
        guard case .transferAgentFailed(status: 75, let output)? = error else {
            Issue.record("expected EX_TEMPFAIL, got \(String(describing: error))")
            return
        }
        #expect(output.contains("127.0.0.1"))
        #expect(error?.isTransient == true)
    }

    @Test func aRefusalRelayedByTheAgentIsPermanent() async throws {
        let server = try await SMTPTestServer.start(
            tls: .starttls, user: "kuchyna", password: "tajne", behaviour: .rejectRecipient)
        defer { server.stop() }
        let error = try await transport(try msmtpConfiguration(for: server)).deliveryError()
        guard case .transferAgentFailed(let status, _)? = error else {
            Issue.record("expected msmtp to fail, got \(String(describing: error))")
            return
        }
        #expect(status != 0)
        #expect(error?.isTransient == false)
    }

    @Test func aMissingAgentIsUnavailable() async throws {
        let sendmail = SendmailTransport(
            configuration: .init(executable: "/nonexistent/sendmail"), logger: MailTestLogger.logger)
        guard case .transferAgentUnavailable? = await sendmail.deliveryError() else {
            Issue.record("a missing program was not reported")
            return
        }
    }

    @Test func anAgentThatExitsWithoutReadingItsInputIsAnErrorNotASignal() async throws {
        // /bin/false never reads the message; with a pipe this would be SIGPIPE for a large one.
        var message = try SlovakMail.composer.compose(SlovakMail.message)
        message.text = String(repeating: "Ľ", count: 400_000)
        let sendmail = SendmailTransport(
            // The default 60 s limit is not what this test is about: with the whole suite running on
            // two cores, noticing that /bin/false has exited can wait that long for a thread.
            configuration: .init(
                executable: "/bin/false", arguments: [], setsEnvelopeSender: false, timeout: .seconds(600)),
            logger: MailTestLogger.logger)
        do {
            try await sendmail.deliver(message)
            Issue.record("/bin/false succeeded")
        } catch {
            #expect(error == .transferAgentFailed(status: 1, output: ""))
            #expect(!error.isTransient)
        }
    }

    @Test func anAgentThatHangsIsStoppedAndTheMessageDeferred() async throws {
        let sendmail = SendmailTransport(
            configuration: .init(
                executable: "/bin/sleep", arguments: ["900"], setsEnvelopeSender: false, timeout: .milliseconds(300)),
            logger: MailTestLogger.logger)
        let started = ContinuousClock.now
        let error = await sendmail.deliveryError()
        guard case .transferAgentFailed(status: 75, _)? = error else {
            Issue.record("expected a deferral, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == true)
        // Status 75 already says it was stopped (sleep itself exits 0). The time is a second check,
        // well before the agent's own 900 s; the margin is wide because on a loaded machine the
        // test's tasks may wait minutes for a thread, and more than 900 s under ThreadSanitizer.
        if !ThreadSanitizerRun.isActive { #expect(ContinuousClock.now - started < .seconds(450)) }
    }
}
