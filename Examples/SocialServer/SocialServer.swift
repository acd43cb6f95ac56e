// Serves SocialModel over HTTP: SocialModelHTTP's routes at the root, over the store a flag names,
// with /health, /ready and a Prometheus /metrics beside them. SIGTERM or SIGINT stops it gracefully
// (requests in flight finish, then the store closes). Run with `swift run social-server`.
import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import Metrics
import Prometheus
import SocialModel
import SocialModelHTTP
import SocialModelPhotos

@main
struct SocialServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "social-server",
        abstract: "Serve the social network's HTTP API (openapi.json) with health, readiness and metrics routes.")

    @Option(help: "The address to listen on.")
    var hostname = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one; the address is printed on standard output).")
    var port = 8080

    @Option(
        help: """
            Where the network is kept: 'memory' (gone at exit), a SQLite path or sqlite:PATH, or a \
            postgres:// URL. Default: $\(StoreLocation.environmentVariable), else sqlite:social.sqlite.
            """)
    var store: String?

    @Option(help: "The folder verification and password-reset email is written to, one .eml file each.")
    var outbox = "outbox"

    @Option(help: "PBKDF2 iterations for new password hashes (at least 210000).")
    var passwordIterations = PBKDF2PasswordHasher.recommendedIterations

    @Option(help: "Requests a second each client may make on average (0: no limit).")
    var rateLimit = 20.0

    @Option(help: "Requests a client may make at once after a quiet spell.")
    var rateBurst = 100

    @Option(help: "Seconds a request may take before it is answered 503 timed-out (0: no limit).")
    var requestTimeLimit = 30.0

    @Option(
        help: """
            The address of a proxy in front of the server (nginx, say) whose X-Forwarded-For names \
            the client for rate limits; repeat for several. From any other peer the header is ignored.
            """)
    var trustedProxy: [String] = []

    @Option(help: "The least severe log level written (trace, debug, info, notice, warning, error, critical).")
    var logLevel: Logger.Level = .info

    func run() async throws {
        var logger = Logger(label: "social-server") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = logLevel

        // Hummingbird's MetricsMiddleware records through the process-wide MetricsSystem, so the
        // Prometheus registry becomes that system's backend here, once, and /metrics reads it.
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))

        let choice = try StoreChoice(store ?? Self.defaultStore())
        let events = NetworkEvents()
        let opened = try choice.open(events: events, logger: logger)
        let accounts = AccountService(
            store: opened.store, mailer: OutboxMailer(directory: URL(fileURLWithPath: outbox)),
            hasher: try PBKDF2PasswordHasher(iterations: passwordIterations))
        // FilterRegistry.shared: the film stocks FilmKit ships, which post filters are looked up in.
        let photos = VipsPhotoProcessor(filters: .shared)
        let network = SocialNetwork(store: opened.store, accounts: accounts, photos: photos, events: events)

        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: MetricsMiddleware())
        OperationalRoutes(isReady: opened.isReady, registry: registry).add(to: router)
        let limits = SocialHTTPLimits(
            rateLimit: rateLimit > 0 ? SocialRateLimit(requestsPerSecond: rateLimit, burst: max(1, rateBurst)) : nil,
            timeLimit: requestTimeLimit > 0 ? .milliseconds(Int64(requestTimeLimit * 1000)) : nil)
        let routes = SocialRoutes(
            network: network,
            recipes: RecipeService(store: opened.store, accounts: accounts, photos: photos),
            meals: MealPlanService(store: opened.store, accounts: accounts), limits: limits,
            trustedProxies: Set(trustedProxy))
        router.addRoutes(routes.collection(context: ServerRequestContext.self))
        router.addRoutes(routes.liveCollection(context: ServerRequestContext.self))

        let application = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: router),
            configuration: .init(address: .hostname(hostname, port: port), serverName: "social-server"),
            services: opened.services,
            onServerRunning: { channel in
                // A script or test that passed --port 0 reads the real port from this line.
                let address = channel.localAddress
                let line = "social-server listening on http://\(address?.ipAddress ?? "?"):\(address?.port ?? 0)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            },
            logger: logger)
        logger.info("starting", metadata: ["store": "\(choice)"])
        try await application.runService()
        logger.info("stopped")
    }

    /// `$ANALOGKIT_STORE_URL`, else a SQLite file in the working directory.
    static func defaultStore() -> String {
        ProcessInfo.processInfo.environment[StoreLocation.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? "sqlite:social.sqlite"
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
