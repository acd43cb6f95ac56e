import Foundation
import NIOPosix
import SocialModel
import SocialModelMail
import TestSupport
import Testing

/// SMTPTransport against aiosmtpd on loopback: the message arrives intact over every kind of
/// connection, and every way a server can fail is a typed error that says whether to retry.
@Suite("SMTP delivery against aiosmtpd", .highPriority)
struct SMTPDeliveryTests {
    /// What every delivered copy of the Slovak message must show.
    static func expectIntact(_ mail: DeliveredMail, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(mail.message.subject == SlovakMail.subject, sourceLocation: sourceLocation)
        #expect(mail.message.toName == SlovakMail.recipientName, sourceLocation: sourceLocation)
        #expect(mail.message.toAddress == SlovakMail.recipient, sourceLocation: sourceLocation)
        #expect(mail.message.fromName == SlovakMail.appName, sourceLocation: sourceLocation)
        #expect(mail.message.fromAddress == "noreply@kuchyna.example", sourceLocation: sourceLocation)
        #expect(mail.message.messageID == "<fixed-id.1@kuchyna.example>", sourceLocation: sourceLocation)
        #expect(mail.message.date == "Wed, 18 Nov 2026 11:06:40 +0000", sourceLocation: sourceLocation)
        #expect(mail.message.contentType == "multipart/alternative", sourceLocation: sourceLocation)
        #expect(mail.message.defects.isEmpty, "\(mail.message.defects)", sourceLocation: sourceLocation)
        #expect(mail.message.parts.map(\.contentType) == ["text/plain", "text/html"], sourceLocation: sourceLocation)
        #expect(mail.message.parts.allSatisfy { $0.charset == "utf-8" }, sourceLocation: sourceLocation)
        #expect(
            mail.message.parts.allSatisfy { $0.transferEncoding == "quoted-printable" }, sourceLocation: sourceLocation)
        let text = mail.part("text/plain") ?? ""
        #expect(text.contains(SlovakMail.greeting), sourceLocation: sourceLocation)
        #expect(text.contains("\n\(SlovakMail.link)\n"), sourceLocation: sourceLocation)
        #expect(text.contains(SlovakMail.longLine), sourceLocation: sourceLocation)
        #expect(text.contains("\n. Bodka na začiatku riadku\nFrom the kitchen\n"), sourceLocation: sourceLocation)
        let html = mail.part("text/html") ?? ""
        #expect(html.contains("<p>\(SlovakMail.greeting)</p>"), sourceLocation: sourceLocation)
        #expect(html.contains("<a href=\"\(SlovakMail.link)\">"), sourceLocation: sourceLocation)
        // The header carries the names as RFC 2047 encoded words; every line stays within RFC 5322's 78.
        let header = mail.rawLines.prefix { !$0.isEmpty }
        #expect(header.contains { $0.hasPrefix("Subject: =?UTF-8?B?") }, sourceLocation: sourceLocation)
        #expect(header.contains { $0.hasPrefix("To: =?UTF-8?B?") }, sourceLocation: sourceLocation)
        #expect(mail.raw.allSatisfy { $0 < 128 }, "the message is 7-bit", sourceLocation: sourceLocation)
        let longest = mail.rawLines.map(\.utf8.count).max() ?? 0
        #expect(longest <= 78, "a line has \(longest) characters", sourceLocation: sourceLocation)
    }

    @Test func startTLSWithAuthPlainAndPipeliningDeliversTheSlovakMessageIntact() async throws {
        let server = try await SMTPTestServer.start(
            tls: .starttls, user: "kuchyna", password: "tajné heslo", pipelining: true)
        defer { server.stop() }
        let transport = try server.transport(
            try server.configuration(security: .startTLS, user: "kuchyna", password: "tajné heslo"))
        try await transport.deliver(try SlovakMail.composer.compose(SlovakMail.message))
        let mail = try #require(try server.messages().first)
        Self.expectIntact(mail)
        #expect(mail.tls)
        #expect(mail.authenticatedAs == "kuchyna")
        #expect(mail.pipelined, "MAIL FROM, RCPT TO and DATA went out as one group")
        #expect(mail.mailFrom == "noreply@kuchyna.example")
        #expect(mail.recipients == [SlovakMail.recipient])
        #expect(mail.mailOptions.contains { $0.hasPrefix("SIZE=") })
    }

    @Test func implicitTLSWithAuthLoginDeliversWithoutPipelining() async throws {
        let server = try await SMTPTestServer.start(tls: .implicit, user: "u", password: "p", excludeAuth: ["PLAIN"])
        defer { server.stop() }
        let transport = try server.transport(try server.configuration(security: .implicitTLS, user: "u", password: "p"))
        try await transport.deliver(try SlovakMail.composer.compose(SlovakMail.message))
        let mail = try #require(try server.messages().first)
        Self.expectIntact(mail)
        #expect(mail.tls)
        #expect(mail.authenticatedAs == "u")
        #expect(!mail.pipelined)
    }

    @Test func aPlainRelayWithoutTLSOrAuthentication() async throws {
        let server = try await SMTPTestServer.start()
        defer { server.stop() }
        let transport = try server.transport(try server.configuration(security: .none))
        try await transport.deliver(try SlovakMail.composer.compose(SlovakMail.message))
        let mail = try #require(try server.messages().first)
        Self.expectIntact(mail)
        #expect(!mail.tls)
    }

    @Test func aServerWithoutSTARTTLSIsRefusedWhenTLSIsRequired() async throws {
        let server = try await SMTPTestServer.start()
        defer { server.stop() }
        let transport = try server.transport(try server.configuration(security: .startTLS))
        let error = await transport.deliveryError()
        #expect(error == .serverUnsuitable(.noSTARTTLS))
        #expect(error?.isTransient == false)
        #expect(try server.messages().isEmpty)
    }

    @Test func credentialsAreNotSentWithoutTLS() async throws {
        let server = try await SMTPTestServer.start()
        defer { server.stop() }
        let transport = try server.transport(try server.configuration(security: .none, user: "u", password: "p"))
        guard case .serverUnsuitable? = await transport.deliveryError() else {
            Issue.record("the password was sent in the clear")
            return
        }
    }

    @Test func anUntrustedCertificateIsAPermanentTLSFailure() async throws {
        let server = try await SMTPTestServer.start(tls: .implicit)
        defer { server.stop() }
        var configuration = try server.configuration(security: .implicitTLS)
        configuration.tls = .makeClientConfiguration()  // the system's roots, which do not hold the test's
        let error = try await server.transport(configuration).deliveryError()
        guard case .tlsFailed? = error else {
            Issue.record("expected a TLS failure, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == false)
    }

    @Test func aWrongPasswordIsRefusedForGood() async throws {
        let server = try await SMTPTestServer.start(tls: .starttls, user: "u", password: "right")
        defer { server.stop() }
        let error = try await server.transport(
            try server.configuration(security: .startTLS, user: "u", password: "wrong")
        ).deliveryError()
        guard case .rejected(.authentication, let reply)? = error else {
            Issue.record("expected AUTH to be refused, got \(String(describing: error))")
            return
        }
        #expect(reply.code == 535)
        #expect(error?.isTransient == false)
    }

    @Test(arguments: [false, true])
    func aRefusedRecipientIsPermanent(pipelining: Bool) async throws {
        let server = try await SMTPTestServer.start(pipelining: pipelining, behaviour: .rejectRecipient)
        defer { server.stop() }
        let error = try await server.transport(try server.configuration(security: .none)).deliveryError()
        guard case .rejected(.recipient, let reply)? = error else {
            Issue.record("expected RCPT TO to be refused, got \(String(describing: error))")
            return
        }
        #expect(reply.code == 550)
        #expect(error?.isTransient == false)
        #expect(error?.mailerError == .deliveryFailed(message: error?.description ?? ""))
    }

    @Test(arguments: [SMTPTestServer.Behaviour.deferRecipient, .deferData])
    func aDeferringServerIsATransientFailure(behaviour: SMTPTestServer.Behaviour) async throws {
        let server = try await SMTPTestServer.start(pipelining: true, behaviour: behaviour)
        defer { server.stop() }
        let error = try await server.transport(try server.configuration(security: .none)).deliveryError()
        guard case .rejected(_, let reply)? = error else {
            Issue.record("expected a 4xx reply, got \(String(describing: error))")
            return
        }
        #expect(reply.isTransientFailure)
        #expect(error?.isTransient == true)
        #expect(error?.mailerError == .transientFailure(message: error?.description ?? ""))
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try await SMTPTestServer.start(behaviour: .hangAtData)
        defer { server.stop() }
        let quick = SMTPConfiguration.Timeouts(
            connect: .seconds(2), command: .seconds(2), messageEnd: .milliseconds(500))
        let started = ContinuousClock.now
        let error = try await server.transport(try server.configuration(security: .none, timeouts: quick))
            .deliveryError()
        #expect(error == .timedOut(.message))
        #expect(error?.isTransient == true)
        // The server would hang for an hour; a generous bound, since other work may share the machine.
        #expect(ContinuousClock.now - started < ThreadSanitizerRun.scaled(.seconds(60)))
    }

    @Test func aServerThatSaysNothingTimesOutAtTheGreeting() async throws {
        let server = try await SMTPTestServer.start(behaviour: .hang)
        defer { server.stop() }
        let quick = SMTPConfiguration.Timeouts(
            connect: .seconds(2), command: .milliseconds(500), messageEnd: .seconds(2))
        let error = try await server.transport(try server.configuration(security: .none, timeouts: quick))
            .deliveryError()
        #expect(error == .timedOut(.greeting))
    }

    @Test func aDroppedConnectionIsTransient() async throws {
        let server = try await SMTPTestServer.start(behaviour: .dropAfterMail)
        defer { server.stop() }
        let error = try await server.transport(try server.configuration(security: .none)).deliveryError()
        guard case .connectionClosed? = error else {
            Issue.record("expected a closed connection, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == true)
    }

    @Test func aRefusedConnectionIsTransient() async throws {
        let port = try await SMTPTestServer.closedPort()
        let transport = try SMTPTransport(
            configuration: SMTPConfiguration(host: "127.0.0.1", port: port, security: .none),
            eventLoopGroup: MultiThreadedEventLoopGroup.singleton, logger: MailTestLogger.logger)
        let error = await transport.deliveryError()
        guard case .connectionFailed(host: "127.0.0.1", port: port, _)? = error else {
            Issue.record("expected a refused connection, got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == true)
    }

    @Test func aClientNameThatCannotGoIntoEHLOIsRefused() throws {
        var configuration = SMTPConfiguration(host: "127.0.0.1", security: .none)
        configuration.clientName = "client\r\nRCPT TO:<victim@example.com>"
        #expect(throws: MailDeliveryError.self) {
            try SMTPTransport(
                configuration: configuration, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
                logger: MailTestLogger.logger)
        }
    }

    @Test func urlsConfigureTheSecurityPortAndCredentials() throws {
        let submission = try SMTPConfiguration(url: "smtp://app%40example.com:s%C3%A9cret@mail.example.com")
        #expect(submission.security == .startTLS)
        #expect(submission.port == 587)
        #expect(submission.credentials == .init(username: "app@example.com", password: "sécret"))
        let implicit = try SMTPConfiguration(url: "smtps://mail.example.com")
        #expect(implicit.security == .implicitTLS)
        #expect(implicit.port == 465)
        #expect(implicit.credentials == nil)
        let relay = try SMTPConfiguration(url: "smtp://127.0.0.1:2525?tls=none")
        #expect(relay.security == .none)
        #expect(relay.port == 2525)
        for bad in ["http://mail.example.com", "smtp://", "smtps://host?tls=none", "smtp://host?tls=maybe", "\u{0}"] {
            #expect(throws: MailDeliveryError.self, "\(bad)") { try SMTPConfiguration(url: bad) }
        }
    }
}
