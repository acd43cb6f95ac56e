import NIOCore
import NIOSSL

/// The end of an SMTP client's channel pipeline: writes commands and hands each reply the server
/// sends to the command waiting for it, in order, so that pipelined commands (RFC 2920) get their
/// own replies.
///
/// Everything runs on the channel's event loop. Each waiting command has its own timeout; a
/// timeout, a closed connection, a TLS error or bytes that are not SMTP fail every waiting command
/// with a ``MailDeliveryError`` and close the channel.
final class SMTPReplyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// A reply a command waits for.
    struct Expectation {
        /// The stage the reply belongs to, for errors.
        var stage: SMTPStage
        /// How long to wait for it, from when it is the next reply due.
        var timeout: TimeAmount
        /// For STARTTLS: the TLS handler to put first in the pipeline when the server agrees (220),
        /// before any further byte is read.
        var startingTLS: NIOSSLClientHandler?
    }

    private struct Waiting {
        var expectation: Expectation
        var promise: EventLoopPromise<SMTPReply>
    }

    private var parser = SMTPReplyParser()
    private var waiting = CircularBuffer<Waiting>()
    /// The greeting, when it arrives before anyone asks for it.
    private var early: SMTPReply?
    private var anythingExpected = false
    private var failure: MailDeliveryError?
    private var timeout: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    private var lastStage = SMTPStage.greeting
    private let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        fail(.connectionClosed(lastStage))
        self.context = nil
    }

    /// Writes `command` (if any) and returns the replies to `expectations`, in order.
    func send(_ command: ByteBuffer?, expecting expectations: [Expectation]) -> EventLoopFuture<[SMTPReply]> {
        guard let context, failure == nil else {
            return eventLoop.makeFailedFuture(failure ?? .connectionClosed(lastStage))
        }
        var replies: [EventLoopFuture<SMTPReply>] = []
        for expectation in expectations {
            lastStage = expectation.stage
            if !anythingExpected, let early {
                self.early = nil
                replies.append(context.eventLoop.makeSucceededFuture(early))
            } else {
                let promise = context.eventLoop.makePromise(of: SMTPReply.self)
                waiting.append(Waiting(expectation: expectation, promise: promise))
                replies.append(promise.futureResult)
            }
            anythingExpected = true
        }
        if timeout == nil { armTimeout(context) }
        if let command { context.writeAndFlush(wrapOutboundOut(command), promise: nil) }
        return EventLoopFuture.whenAllSucceed(replies, on: context.eventLoop)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard failure == nil else { return }
        parser.append(unwrapInboundIn(data).readableBytesView)
        while failure == nil {
            let reply: SMTPReply?
            do {
                reply = try parser.next()
            } catch {
                fail(.malformedReply(waiting.first?.expectation.stage ?? lastStage, error))
                return
            }
            guard let reply else { return }
            deliver(reply, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        fail(.connectionClosed(waiting.first?.expectation.stage ?? lastStage))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let stage = waiting.first?.expectation.stage ?? lastStage
        switch error {
        case NIOSSLError.uncleanShutdown: fail(.connectionClosed(stage))
        case let error as NIOSSLError: fail(.tlsFailed("\(error)"))
        case let error as NIOSSLExtraError: fail(.tlsFailed("\(error)"))
        case let error as BoringSSLError: fail(.tlsFailed("\(error)"))
        default: fail(.connectionClosed(stage))
        }
    }

    /// Gives a reply to the command waiting for it.
    private func deliver(_ reply: SMTPReply, context: ChannelHandlerContext) {
        guard let next = waiting.popFirst() else {
            // Only the greeting may come before it is asked for; any other unasked reply would be
            // taken as the answer to the next command.
            if !anythingExpected, early == nil {
                early = reply
            } else {
                fail(.malformedReply(lastStage, .unasked(reply)))
            }
            return
        }
        timeout?.cancel()
        timeout = nil
        if let tls = next.expectation.startingTLS, reply.code == 220 {
            // Bytes after the 220 were sent in plain text and must not pass for protected ones
            // (the STARTTLS command-injection attack, CVE-2011-0411 and its client-side twins).
            guard !parser.hasBufferedBytes, waiting.isEmpty else {
                let error = MailDeliveryError.malformedReply(
                    .startTLS, .moreAfterSTARTTLS)
                next.promise.fail(error)
                fail(error)
                return
            }
            do {
                try context.pipeline.syncOperations.addHandler(tls, position: .first)
            } catch {
                next.promise.fail(MailDeliveryError.tlsFailed("\(error)"))
                fail(.tlsFailed("\(error)"))
                return
            }
        }
        next.promise.succeed(reply)
        armTimeout(context)
    }

    /// Starts the timer of the next reply due, if any.
    private func armTimeout(_ context: ChannelHandlerContext) {
        timeout?.cancel()
        timeout = nil
        guard let head = waiting.first else { return }
        let stage = head.expectation.stage
        timeout = context.eventLoop.assumeIsolated().scheduleTask(in: head.expectation.timeout) {
            self.fail(.timedOut(stage))
        }
    }

    /// Fails every waiting command and closes the connection.
    private func fail(_ error: MailDeliveryError) {
        if failure == nil { failure = error }
        timeout?.cancel()
        timeout = nil
        let failed = waiting
        waiting.removeAll()
        for waiting in failed { waiting.promise.fail(failure ?? error) }
        context?.close(promise: nil)
    }
}
