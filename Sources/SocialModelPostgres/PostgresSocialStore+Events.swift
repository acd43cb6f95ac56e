import Foundation
import PostgresNIO
import SocialModel

/// What a store announces on its schema's channel when it keeps a notification or a message.
///
/// The payload names the row rather than carrying it (NOTIFY payloads are limited to 8,000
/// bytes); the relay reads the row back, so subscribers get exactly what was stored.
struct StoreEvent: Codable, Sendable {
    /// The store instance that wrote it.
    var origin: String
    /// A new notification's id.
    var notification: String?
    /// A new message's id, and its conversation's participants.
    var message: String?
    var participants: [String]?

    enum Kind {
        case notification(NotificationID)
        case message(MessageID, participants: [UserID])
    }
}

extension PostgresSocialStore {
    /// The LISTEN/NOTIFY channel of this store's schema, so stores in other schemas of the same
    /// database do not hear each other.
    var eventChannel: String { "ak_events_\(configuration.schema ?? "public")" }

    /// A `pg_notify` for an event, to run in the transaction that keeps it: PostgreSQL delivers it
    /// at commit, and never if the transaction rolls back.
    func announce(_ kind: StoreEvent.Kind) -> PostgresQuery {
        var event = StoreEvent(origin: origin)
        switch kind {
        case .notification(let id):
            event.notification = id.rawValue
        case .message(let id, let participants):
            event.message = id.rawValue
            event.participants = participants.map(\.rawValue)
        }
        let payload = String(decoding: (try? JSONEncoder().encode(event)) ?? Data("{}".utf8), as: UTF8.self)
        return "SELECT pg_notify(\(eventChannel), \(payload))"
    }

    /// Feeds `events` with the notifications and messages that other processes (other store
    /// instances) keep in this database, through PostgreSQL's LISTEN/NOTIFY, so live updates reach
    /// subscribers whichever server process handled the write. Changes made through this instance
    /// are not relayed: the services in this process publish those to `events` themselves.
    ///
    /// Holds one pooled connection while it runs; returns once the server is listening. Stop it
    /// with ``PostgresEventRelay/stop()``, or ``close()``.
    /// - Throws: ``StoreError`` when the channel cannot be listened to.
    public func relayEvents(to events: NetworkEvents) async throws(StoreError) -> PostgresEventRelay {
        let (ready, readiness) = AsyncStream<StoreError?>.makeStream()
        let task = Task { [self] in
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: eventChannel) { notifications in
                        readiness.yield(nil)
                        for try await notification in notifications {
                            await relay(notification.payload, to: events)
                        }
                    }
                }
            } catch {
                readiness.yield(Self.storeError(error))
            }
            readiness.finish()
        }
        relays.withLock { $0.append(task) }
        for await failure in ready {
            if let failure { throw failure }
            break
        }
        return PostgresEventRelay(task: task)
    }

    /// Reads back the row an event names and publishes it; events from this instance, and rows
    /// deleted since, are skipped.
    func relay(_ payload: String, to events: NetworkEvents) async {
        guard let event = try? JSONDecoder().decode(StoreEvent.self, from: Data(payload.utf8)),
            event.origin != origin
        else { return }
        if let id = event.notification, let notification = try? await notification(id: NotificationID(rawValue: id)) {
            events.publish(notification)
        }
        if let id = event.message, let participants = event.participants,
            let message = try? await rows(
                "SELECT \(unescaped: MessageColumns.list) FROM messages WHERE id = \(id)"
            ).first.map(MessageColumns.decode)
        {
            events.publish(message, participants: participants.map(UserID.init(rawValue:)))
        }
    }
}

/// A running relay of another process's live updates into a ``NetworkEvents`` hub.
public struct PostgresEventRelay: Sendable {
    let task: Task<Void, Never>

    /// Stops listening and releases the connection.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
