import Logging
import SocialModel

// Compiler-error stubs for public API that 0.2.0 renamed or removed: old code fails to compile
// with a message that says what to write instead. None of them can be called.

extension PostgresSocialStore {
    /// Unavailable: pass a logger.
    @available(
        *, unavailable, renamed: "connect(_:logger:)",
        message: "Pass the Logger the store and its pools should log to: connect(configuration, logger: logger)"
    )
    public static func connect(_ configuration: PostgresStoreConfiguration) async throws(StoreError)
        -> PostgresSocialStore
    { fatalError("unavailable") }

    /// Unavailable: pass a logger.
    @available(
        *, unavailable, renamed: "connect(url:logger:)",
        message: "Pass the Logger the store and its pools should log to: connect(url: url, logger: logger)"
    )
    public static func connect(url: String) async throws(StoreError) -> PostgresSocialStore {
        fatalError("unavailable")
    }

    /// Unavailable: the relay is a `Service`.
    @available(
        *, unavailable, renamed: "eventRelay(to:)",
        message:
            "eventRelay(to:) returns a swift-service-lifecycle Service: run it (try await relay.run(), or in a ServiceGroup)"
    )
    public func relayEvents(to events: NetworkEvents) async throws(StoreError) -> PostgresEventRelay {
        fatalError("unavailable")
    }
}

extension PostgresEventRelay {
    /// Unavailable: cancel the task that runs the relay.
    @available(
        *, unavailable,
        message: "The relay is a Service: cancel the task running relay.run(), or shut its ServiceGroup down"
    )
    public func stop() async { fatalError("unavailable") }
}

extension StoreLocation {
    /// Unavailable: moved to the `SocialModelStores` product, which brings both stores.
    @available(
        *, unavailable,
        message:
            "StoreLocation.open(logger:) moved to the SocialModelStores product: depend on it and import SocialModelStores"
    )
    public func open(logger: Logger) async throws(StoreError) -> any SocialStore { fatalError("unavailable") }
}
