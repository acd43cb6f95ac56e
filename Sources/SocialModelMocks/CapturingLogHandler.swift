import Locking
import Logging

/// A log handler that keeps every entry in memory, for tests to check what was logged:
/// `Logger(label: "test", factory: { _ in handler })`.
public final class CapturingLogHandler: LogHandler, Sendable {
    /// One logged entry.
    public struct Entry: Sendable, Hashable {
        /// Its level.
        public var level: Logger.Level
        /// Its message.
        public var message: String
        /// Its metadata, merged with the logger's, as text.
        public var metadata: [String: String]
    }

    private let entries = Locked<[Entry]>([])
    private let state = Locked<(level: Logger.Level, metadata: Logger.Metadata)>((.trace, [:]))

    /// A handler that keeps everything, from `.trace` up.
    public init() {}

    /// Every entry so far, oldest first.
    public var logged: [Entry] { entries.withLock { $0 } }

    /// The logger's metadata.
    public var metadata: Logger.Metadata {
        get { state.withLock { $0.metadata } }
        set { state.withLock { $0.metadata = newValue } }
    }

    /// The lowest level kept.
    public var logLevel: Logger.Level {
        get { state.withLock { $0.level } }
        set { state.withLock { $0.level = newValue } }
    }

    /// One metadata value of the logger.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { state.withLock { $0.metadata[key] } }
        set { state.withLock { $0.metadata[key] = newValue } }
    }

    /// Keeps an entry.
    /// - Parameter event: what was logged.
    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, given in given }
        entries.withLock {
            $0.append(
                Entry(
                    level: event.level, message: "\(event.message)",
                    metadata: merged.mapValues { "\($0)" }))
        }
    }
}
