import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// One TCP (or TLS) connection to an SMTP server, with async calls that send commands and wait for
/// their replies.
struct SMTPConnection: Sendable {
    let channel: any Channel
    private let handler: NIOLoopBoundBox<SMTPReplyHandler?>
    private let tlsContext: NIOSSLContext?
    private let serverHostname: String?
    private let logger: Logger

    /// Connects; with implicit TLS the handshake starts at once.
    static func open(
        _ configuration: SMTPConfiguration, tlsContext: NIOSSLContext?, group: any EventLoopGroup, logger: Logger
    ) async throws(MailDeliveryError) -> SMTPConnection {
        let eventLoop = group.next()
        let box = NIOLoopBoundBox.makeEmptyBox(valueType: SMTPReplyHandler.self, eventLoop: eventLoop)
        // SNI and certificate names are host names; for an IP address NIOSSL checks the certificate's
        // IP addresses against the peer's instead.
        let serverHostname =
            (try? SocketAddress(ipAddress: configuration.host, port: 0)) == nil ? configuration.host : nil
        let implicitTLS = configuration.security == .implicitTLS ? tlsContext : nil
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount(configuration.timeouts.connect))
            .channelInitializer { channel in
                do {
                    if let implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: implicitTLS, serverHostname: serverHostname))
                    }
                    let handler = SMTPReplyHandler(eventLoop: channel.eventLoop)
                    try channel.pipeline.syncOperations.addHandler(handler)
                    box.value = handler
                    return channel.eventLoop.makeSucceededVoidFuture()
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: configuration.host, port: configuration.port).get()
        } catch ChannelError.connectTimeout {
            throw .timedOut(.connecting)
        } catch let error as NIOSSLExtraError {
            throw .tlsFailed("\(error)")
        } catch {
            throw .connectionFailed(host: configuration.host, port: configuration.port, reason: "\(error)")
        }
        return SMTPConnection(
            channel: channel, handler: box, tlsContext: tlsContext, serverHostname: serverHostname, logger: logger)
    }

    /// Sends `command` (nothing for the greeting) and waits for one reply per stage; several stages
    /// are a pipelined group, whose commands `command` holds one a line.
    func exchange(_ command: String?, stages: [SMTPStage], timeout: Duration) async throws(MailDeliveryError)
        -> [SMTPReply]
    {
        var bytes: ByteBuffer?
        if let command {
            // The verbs only: AUTH lines carry credentials.
            logger.trace("smtp >", metadata: ["commands": "\(stages.map(\.rawValue))"])
            bytes = ByteBuffer(string: command)
        }
        return try await exchange(bytes, stages: stages, timeout: TimeAmount(timeout))
    }

    /// Sends the message's bytes, already dot-stuffed and ending with the final dot.
    func sendMessage(_ data: ByteBuffer, timeout: Duration) async throws(MailDeliveryError) -> SMTPReply {
        try await exchange(data, stages: [.message], timeout: TimeAmount(timeout))[0]
    }

    /// Sends STARTTLS; when the server agrees, TLS is set up before any further byte is read.
    func startTLS(timeout: Duration) async throws(MailDeliveryError) -> SMTPReply {
        guard let tlsContext else { throw .invalidConfiguration(.startTLSWithoutTLSConfiguration) }
        let handler = handler
        let serverHostname = serverHostname
        let future = channel.eventLoop.flatSubmit { () -> EventLoopFuture<[SMTPReply]> in
            let tls: NIOSSLClientHandler
            do {
                tls = try NIOSSLClientHandler(context: tlsContext, serverHostname: serverHostname)
            } catch {
                return handler.eventLoop.makeFailedFuture(MailDeliveryError.tlsFailed("\(error)"))
            }
            let expectation = SMTPReplyHandler.Expectation(
                stage: .startTLS, timeout: TimeAmount(timeout), startingTLS: tls)
            guard let replies = handler.value?.send(ByteBuffer(string: "STARTTLS\r\n"), expecting: [expectation]) else {
                return handler.eventLoop.makeFailedFuture(MailDeliveryError.connectionClosed(.startTLS))
            }
            return replies
        }
        return try await Self.wait(future, stage: .startTLS)[0]
    }

    /// Closes the connection (a QUIT, if wanted, is the caller's business).
    func close() async {
        try? await channel.close()
    }

    private func exchange(_ bytes: ByteBuffer?, stages: [SMTPStage], timeout: TimeAmount)
        async throws(MailDeliveryError)
        -> [SMTPReply]
    {
        let handler = handler
        let stage = stages.first ?? .greeting
        let future = channel.eventLoop.flatSubmit { () -> EventLoopFuture<[SMTPReply]> in
            let expectations = stages.map { SMTPReplyHandler.Expectation(stage: $0, timeout: timeout) }
            guard let replies = handler.value?.send(bytes, expecting: expectations) else {
                return handler.eventLoop.makeFailedFuture(MailDeliveryError.connectionClosed(stage))
            }
            return replies
        }
        return try await Self.wait(future, stage: stage)
    }

    private static func wait(_ future: EventLoopFuture<[SMTPReply]>, stage: SMTPStage) async throws(MailDeliveryError)
        -> [SMTPReply]
    {
        do {
            return try await future.get()
        } catch let error as MailDeliveryError {
            throw error
        } catch {
            throw .connectionClosed(stage)
        }
    }
}
