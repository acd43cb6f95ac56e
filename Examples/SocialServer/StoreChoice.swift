import Foundation
import Logging
import ServiceLifecycle
import SocialModel
import SocialModelPostgres
import SocialModelSQLite

/// The store the `--store` flag names: `memory`, or a ``StoreLocation`` URL.
enum StoreChoice: CustomStringConvertible {
    case memory
    case location(StoreLocation)

    init(_ text: String) throws {
        self = text == "memory" ? .memory : .location(try StoreLocation(text))
    }

    /// What the server runs on: the store, the services that must run beside the HTTP server, and
    /// what "ready" means for it.
    struct Opened: Sendable {
        let store: any SocialStore
        let services: [any Service]
        /// Whether the store answers and, for PostgreSQL, the event relay listens; the caller bounds the wait.
        let isReady: @Sendable () async -> Bool
    }

    /// Opens the store. PostgreSQL connects and migrates when its service runs (so a server whose
    /// database is down starts, answers `/ready` with 503, and stops with the store's error), and
    /// its LISTEN/NOTIFY relay brings other instances' notifications and messages into `events`, and
    /// wakes the outbox sender (`mailSignal`) when any instance queues mail.
    func open(events: NetworkEvents, mailSignal: MailOutboxSignal, logger: Logger) throws -> Opened {
        switch self {
        case .memory:
            return Self.opened(SQLiteSocialStore.inMemory())
        case .location(.sqlite(let path)):
            return Self.opened(try SQLiteSocialStore(path: path))
        case .location(.postgres(let url)):
            let store = try PostgresSocialStore(configuration: PostgresStoreConfiguration(url: url), logger: logger)
            let relay = store.eventRelay(to: events, mailSignal: mailSignal)
            return Opened(store: store, services: [store, relay]) {
                guard await Self.answers(store) else { return false }
                do {
                    try await relay.waitUntilListening()
                    return true
                } catch {
                    return false
                }
            }
        }
    }

    /// A store with nothing to run beside it.
    static func opened(_ store: any SocialStore) -> Opened {
        Opened(store: store, services: []) { await answers(store) }
    }

    /// Whether a cheap read of the store succeeds.
    static func answers(_ store: any SocialStore) async -> Bool {
        do {
            _ = try await store.user(id: UserID(rawValue: "readiness_probe"))
            return true
        } catch {
            return false
        }
    }

    var description: String {
        switch self {
        case .memory: "memory"
        case .location(let location): location.description
        }
    }
}
