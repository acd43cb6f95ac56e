import Hummingbird
import Prometheus

/// The routes an operator's tooling calls, outside the API document: liveness and readiness on the
/// API's port, the Prometheus metrics on a port of their own (``addMetrics(to:)``), so the public
/// port does not tell the world the server's routes, error rates and timings.
struct OperationalRoutes: Sendable {
    /// Whether the store is usable (``StoreChoice/Opened/isReady``).
    let isReady: @Sendable () async -> Bool
    let registry: PrometheusCollectorRegistry

    /// How long `/ready` waits for the store before answering 503.
    static let readinessTimeout = Duration.seconds(2)

    func add(to router: Router<ServerRequestContext>) {
        // The process is alive and serving requests.
        router.get("/health") { _, _ in "ok\n" }
        // The store answers a query (PostgreSQL: connected, migrated, and relaying other instances' events).
        router.get("/ready") { _, _ in
            let ready = await readyInTime()
            return Response(
                status: ready ? .ok : .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: ready ? "ready\n" : "store unreachable\n")))
        }
    }

    /// `/metrics`, for the metrics port's router.
    func addMetrics<Context: RequestContext>(to router: Router<Context>) {
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: registry.emitToBuffer())))
        }
    }

    /// ``isReady``, or `false` once ``readinessTimeout`` has passed.
    func readyInTime() async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask { await isReady() }
            group.addTask {
                try? await Task.sleep(for: Self.readinessTimeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }
}
