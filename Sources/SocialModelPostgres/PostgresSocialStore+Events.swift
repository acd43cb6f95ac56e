import Foundation
import PostgresNIO
import ServiceLifecycle
import SocialModel
import SocialModelSQL

/// What a store announces on its schema's channel when it keeps a notification, a message or a
/// post, removes sessions, or queues mail.
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
    /// A new post's id (the relay finds the followers to tell in its own process).
    var post: String?
    /// Sessions removed (signed out, or with their account): carried whole, as there is no row
    /// left to read back.
    var revocation: SessionRevocation?
    /// Mail was queued (the relay wakes this process's outbox sender).
    var mail: Bool?

    enum Kind {
        case notification(NotificationID)
        case message(MessageID, participants: [UserID])
        case post(PostID)
        case revocation(SessionRevocation)
        case mail
    }
}

extension PostgresSocialStore {
    /// The LISTEN/NOTIFY channel of this store's schema, so stores in other schemas of the same
    /// database do not hear each other.
    var eventChannel: String { "ak_events_\(configuration.schema ?? "public")" }

    /// A `pg_notify` for an event, to run in the transaction that keeps it: PostgreSQL delivers it
    /// at commit, and never if the transaction rolls back.
    func announce(_ kind: StoreEvent.Kind) -> PostgresQuery { announcement(kind).postgres }

    /// ``announce(_:)`` as a shared statement.
    func announcement(_ kind: StoreEvent.Kind) -> SQLStatement {
        var event = StoreEvent(origin: origin)
        switch kind {
        case .notification(let id):
            event.notification = id.rawValue
        case .message(let id, let participants):
            event.message = id.rawValue
            event.participants = participants.map(\.rawValue)
        case .post(let id):
            event.post = id.rawValue
        case .revocation(let revocation):
            event.revocation = revocation
        case .mail:
            event.mail = true
        }
        let payload = String(decoding: (try? JSONEncoder().encode(event)) ?? Data("{}".utf8), as: UTF8.self)
        return "SELECT pg_notify(\(eventChannel), \(payload))"
    }

    /// A relay that feeds `events` with the notifications, messages and posts other processes (other
    /// store instances) keep in this database, and the sessions they revoke, through PostgreSQL's LISTEN/NOTIFY, so live
    /// updates reach subscribers whichever server process handled the write. Changes made
    /// through this instance are not relayed: the services in this process publish those to
    /// `events` themselves.
    ///
    /// With `mailSignal`, the relay also wakes this process's `MailOutboxSender` (give it the same
    /// signal as `wakeUp:`) whenever any instance — this one included — queues mail in this schema:
    /// the store announces queued mail in the transaction that queues it, so the sender sends it
    /// right after the commit instead of at its next poll.
    /// - Parameters:
    ///   - events: the hub to publish to (`SocialNetwork.events`).
    ///   - mailSignal: the outbox sender's wake-up, or `nil` to leave queued mail to its poll.
    /// - Returns: the relay; run it (it is a `Service`) for as long as updates should flow.
    public func eventRelay(to events: NetworkEvents, mailSignal: MailOutboxSignal? = nil) -> PostgresEventRelay {
        PostgresEventRelay(store: self, events: events, mailSignal: mailSignal)
    }

    /// Reads back the row an event names and publishes it; events from this instance, and rows
    /// deleted since, are skipped. Queued mail, from any instance, notifies `mailSignal`.
    func relay(_ payload: String, to events: NetworkEvents, mailSignal: MailOutboxSignal?) async {
        let held = HeldContentSQL.held(.message, "messages.id")
        guard let event = try? JSONDecoder().decode(StoreEvent.self, from: Data(payload.utf8)) else { return }
        if event.mail == true { mailSignal?.notify() }
        guard event.origin != origin else { return }
        if let id = event.notification, let notification = try? await notification(id: NotificationID(rawValue: id)) {
            await events.publish(notification, unlessHiddenIn: self)
        }
        if let id = event.message, let participants = event.participants,
            let message = try? await fetchOne(
                "SELECT \(unescaped: SQLShape.message), \(unescaped: held) FROM messages WHERE id = \(id)",
                { try $0.heldMessage() })
        {
            events.publish(message, participants: participants.map(UserID.init(rawValue:)))
        }
        if let id = event.post, let post = try? await post(id: PostID(rawValue: id)) {
            await events.publish(post, toFollowersIn: self)
        }
        if let revocation = event.revocation {
            events.publish(revocation)
        }
    }
}

/// Relays another process's live updates into a `NetworkEvents` hub. It listens on a connection
/// of its own, outside the store's pools: a listening connection is held for as long as the relay
/// runs, and taken from a pool it would leave a store with
/// ``PostgresStoreConfiguration/maximumConnections`` of 1 no connection for its queries. Run it in
/// your `ServiceGroup`, or in a task of your own; it stops when that task is cancelled or the
/// group shuts down gracefully.
public final class PostgresEventRelay: Service, Sendable {
    let store: PostgresSocialStore
    let events: NetworkEvents
    let mailSignal: MailOutboxSignal?
    /// Whether it listens, or why not.
    private let listening = SettledOnce()

    init(store: PostgresSocialStore, events: NetworkEvents, mailSignal: MailOutboxSignal?) {
        self.store = store
        self.events = events
        self.mailSignal = mailSignal
    }

    /// Listens on the store's channel and publishes what arrives, until cancelled.
    /// - Throws: `StoreError` when the channel cannot be listened to or the connection fails.
    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { [self] in
                let connection = try await PostgresConnection.connect(
                    configuration: try PostgresSchema.connectionConfiguration(store.configuration), id: 1,
                    logger: store.logger)
                do {
                    try await connection.listen(on: store.eventChannel) { notifications in
                        listening.settle(.success(()))
                        for try await notification in notifications {
                            await store.relay(notification.payload, to: events, mailSignal: mailSignal)
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            }
        } catch  where Task.isCancelled {
            listening.settle(.failure(.database(message: "the event relay was stopped")))
        } catch {
            let failure = PostgresSocialStore.storeError(error)
            listening.settle(.failure(failure))
            throw failure
        }
        listening.settle(.failure(.database(message: "the event relay was stopped")))
    }

    /// Waits until the relay listens, so that writes made afterwards are relayed.
    /// - Throws: `StoreError` if the relay stopped or failed before it listened.
    public func waitUntilListening() async throws(StoreError) {
        try await listening.wait()
    }
}
