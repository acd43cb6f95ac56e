import Foundation
import HummingbirdWSClient
import Locking
import Logging
import SocialModelAPI

/// The signed-in user's live updates, from ``SocialClientSession/liveUpdates(logger:)``: every
/// notification and direct message from the moment it returned, as `LiveEvent` values (never
/// `.subscribed`, which the opening consumed). The sequence ends when the server closes the
/// socket, and throws ``SocialClientError/transport(_:)`` when the connection fails. ``close()``
/// (or dropping every iterator) closes the WebSocket.
public struct SocialLiveUpdates: AsyncSequence, Sendable {
    /// What the sequence delivers.
    public typealias Element = LiveEvent

    let events: AsyncThrowingStream<LiveEvent, any Error>
    let connection: Task<Void, Never>

    /// Iterates the updates.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<LiveEvent, any Error>.AsyncIterator

        /// The next update, or `nil` once the socket closed.
        /// - Returns: the update.
        /// - Throws: ``SocialClientError/transport(_:)`` when the connection failed.
        public mutating func next() async throws(SocialClientError) -> LiveEvent? {
            do {
                return try await base.next()
            } catch let error as SocialClientError {
                throw error
            } catch {
                throw .transport(String(describing: error))
            }
        }
    }

    /// An iterator over the updates.
    /// - Returns: the iterator.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: events.makeAsyncIterator())
    }

    /// Closes the WebSocket; iteration then ends.
    public func close() {
        connection.cancel()
    }
}

extension SocialClientSession {
    /// Opens the live-update WebSocket (`GET /live`) with this session's token and returns once the
    /// server listens for the user, so anything that happens afterwards arrives.
    ///
    /// The WebSocket is hummingbird-websocket's client (SwiftNIO), not URLSession's: on Linux,
    /// Foundation's `URLSessionWebSocketTask` runs over libcurl, and Debian's libcurl is built
    /// without WebSocket support.
    /// - Parameter logger: where the WebSocket client logs.
    /// - Returns: the updates.
    /// - Throws: ``SocialClientError/api(_:)`` with `unauthorized` when the token is refused,
    ///   ``SocialClientError/transport(_:)`` when the server cannot be reached.
    public func liveUpdates(logger: Logger = Logger(label: "SocialClient.live")) async throws(SocialClientError)
        -> SocialLiveUpdates
    {
        let url = transport.baseURL.appendingPathComponent("live").absoluteString
        let (events, continuation) = AsyncThrowingStream<LiveEvent, any Error>.makeStream()
        let opening = Opening()
        var configuration = WebSocketClientConfiguration()
        configuration.additionalHeaders[.authorization] = "Bearer \(token)"
        // The client's language, as on every other request: a refused upgrade's error is in it.
        configuration.additionalHeaders[.acceptLanguage] = transport.acceptLanguage
        let connection = Task { [configuration] in
            do {
                try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
                    inbound, _, _ in
                    for try await frame in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = frame else { continue }
                        let event: LiveEvent
                        do {
                            event = try SocialJSON.decoder().decode(LiveEvent.self, from: Data(text.utf8))
                        } catch {
                            throw SocialClientError.undecodableBody(type: "LiveEvent", detail: "\(error)")
                        }
                        if event == .subscribed { opening.settle(nil) } else { continuation.yield(event) }
                    }
                }
                opening.settle(.liveUpdatesClosed)
                continuation.finish()
            } catch {
                let failure = (error as? SocialClientError) ?? .transport(String(describing: error))
                opening.settle(failure)
                continuation.finish(throwing: failure)
            }
        }
        continuation.onTermination = { _ in connection.cancel() }
        if let failure = await opening.outcome() {
            connection.cancel()
            // The upgrade's refusal carries no body through the WebSocket client; a plain call with
            // the same token says why (an expired or revoked session) as a typed error.
            if case .transport(let reason) = failure, reason.contains("WebSocket upgrade failed") {
                _ = try await me()
            }
            throw failure
        }
        return SocialLiveUpdates(events: events, connection: connection)
    }
}

/// Whether the live-update socket got as far as `subscribed`, settled once.
private final class Opening: Sendable {
    private let state = Locked<
        (settled: Bool, failure: SocialClientError?, waiter: CheckedContinuation<SocialClientError?, Never>?)
    >(
        (false, nil, nil))

    func settle(_ failure: SocialClientError?) {
        let waiter = state.withLock { state -> CheckedContinuation<SocialClientError?, Never>? in
            guard !state.settled else { return nil }
            state.settled = true
            state.failure = failure
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: failure)
    }

    func outcome() async -> SocialClientError? {
        await withCheckedContinuation { continuation in
            let settled = state.withLock { state -> (Bool, SocialClientError?) in
                if !state.settled { state.waiter = continuation }
                return (state.settled, state.failure)
            }
            if settled.0 { continuation.resume(returning: settled.1) }
        }
    }
}
