// Serves SocialModel over HTTP: SocialModelHTTP's routes at the root, over the store a flag names,
// with /health and /ready beside them and Prometheus /metrics on a port of its own (--metrics-port).
// SIGTERM or SIGINT stops it gracefully (requests in flight finish, then the store closes).
// Run with `swift run social-server`.
import ArgumentParser
import FilmKit
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import Metrics
import NIOCore
import Prometheus
import ServiceLifecycle
import SocialModel
import SocialModelExport
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

    @OptionGroup(title: "Mail")
    var mail: MailOptions

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
            Seconds a request's body may take to arrive after its head; a body still trickling in \
            then is answered 408 and the connection closed (defends: a client holding a connection \
            and a handler by sending a byte now and then). 0: no limit.
            """)
    var bodyTimeout = 20.0

    @Option(
        help: """
            Seconds a new connection may take to send its first request's line and headers; it is \
            then answered 408 and closed (defends: slowloris, a client opening many connections and \
            sending a header a byte at a time).
            """)
    var headerTimeout = 10.0

    @Option(
        help: """
            Seconds a connection may stay open with no request in progress; later requests' heads \
            must arrive within it too (defends: idle keep-alive sockets holding descriptors).
            """)
    var idleTimeout = 30.0

    @Option(
        help: """
            The most bytes of a request's target and headers together; more is answered 431 and \
            closed (defends: memory and parsing time spent on 100 KB headers or 1 MB targets).
            """)
    var maxHeaderBytes = 16 * 1024

    @Option(
        help: """
            The most header lines of a request; more is answered 431 and closed (defends: CPU spent \
            on 10,000 headers).
            """)
    var maxHeaderCount = 100

    @Option(
        help: """
            The most connections open at once from one address (trusted proxies excepted); more are \
            answered 503 and closed (defends: one client taking every file descriptor). 0: no limit.
            """)
    var maxConnectionsPerAddress = 256

    @Option(
        help: """
            Photo jobs (decoding, filtering, encoding) run at once, each on a thread of its own \
            (defends: uploads taking every thread that answers /health and the API).
            """)
    var photoJobs = PhotoJobs.defaultConcurrency

    @Option(
        help: """
            Photo jobs that may wait for a turn; beyond them an upload is answered 503 with \
            Retry-After (defends: a burst of uploads queueing unbounded CPU work and memory).
            """)
    var photoQueue = 4

    @Option(
        help: """
            The most work one photo may cost to decode, in megapixels of 8-bit RGB (a 16-bit photo \
            counts twice, an alpha band a third more); more is answered 422 from the header alone \
            (defends: a small file declaring a huge 16-bit image, seconds of CPU each).
            """)
    var photoDecodeMegapixels = VipsPhotoProcessor.defaultDecodeBudget / 1_000_000

    @Option(
        help: """
            The address of a proxy in front of the server (nginx, say) whose X-Forwarded-For names \
            the client for rate limits; repeat for several. From any other peer the header is ignored.
            """)
    var trustedProxy: [String] = []

    @Option(
        help: """
            A web origin (https://app.example.com) whose pages may call the API from a browser (CORS); \
            repeat for several. None by default: browsers then refuse cross-origin calls.
            """)
    var allowedOrigin: [String] = []

    @Option(
        help: """
            The port Prometheus metrics (/metrics) are served on, apart from the API (0 picks a free \
            one; the address is printed on standard output). Not served when omitted (defends: the \
            public port telling anyone the routes, error rates and timings).
            """)
    var metricsPort: Int?

    @Option(help: "The address the metrics port listens on.")
    var metricsHostname = "127.0.0.1"

    @Option(
        help: """
            The folder users' data exports are made in, this instance's own: emptied at start and \
            stop (a restart keeps no export). A new folder in the system's temporary directory by default.
            """)
    var exportsFolder: String?

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
        // Wakes the outbox sender when mail is queued: by this process's accounts, and (PostgreSQL,
        // through the event relay) by any instance on the same database.
        let mailWakeUp = MailOutboxSignal()
        let opened = try choice.open(events: events, mailSignal: mailWakeUp, logger: logger)
        let mailer = try mail.mailer(logger: logger)
        let accounts = AccountService(
            store: opened.store, mailer: mailer, outbox: SignallingMailOutbox(opened.store, signal: mailWakeUp),
            hasher: try PBKDF2PasswordHasher(iterations: passwordIterations))
        // FilterRegistry.shared: the film stocks FilmKit ships, which post filters are looked up in.
        // One pool for posts, avatars, messages and recipes, so the bound holds for all of them.
        let photos = VipsPhotoProcessor(
            filters: .shared, decodeBudget: max(1, photoDecodeMegapixels) * 1_000_000,
            jobs: PhotoJobs(concurrency: photoJobs, queueLimit: photoQueue))
        let network = SocialNetwork(store: opened.store, accounts: accounts, photos: photos, events: events)

        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: LogRequestsMiddleware(.info))
        router.add(middleware: MetricsMiddleware())
        let operational = OperationalRoutes(isReady: opened.isReady, registry: registry)
        operational.add(to: router)
        let limits = SocialHTTPLimits(
            rateLimit: rateLimit > 0 ? SocialRateLimit(requestsPerSecond: rateLimit, burst: max(1, rateBurst)) : nil,
            timeLimit: requestTimeLimit > 0 ? .milliseconds(Int64(requestTimeLimit * 1000)) : nil,
            bodyReadTimeout: bodyTimeout > 0 ? .milliseconds(Int64(bodyTimeout * 1000)) : nil)
        let recipes = RecipeService(store: opened.store, accounts: accounts, photos: photos)
        let meals = MealPlanService(store: opened.store, accounts: accounts)
        let exportsDirectory = URL(fileURLWithPath: exportsFolder ?? Self.temporaryExportsFolder())
        let exports = DataExports(
            network: network, recipes: recipes, meals: meals, writer: ZipDataExportWriter(),
            directory: exportsDirectory, logger: logger)
        let routes = SocialRoutes(
            network: network, recipes: recipes, meals: meals, exports: exports, limits: limits,
            trustedProxies: Set(trustedProxy), allowedOrigins: allowedOrigin,
            filterNames: { FilterRegistry.shared.names })
        // Before the routes: unknown routes and wrong methods answer JSON 404/405, and CORS.
        router.add(middleware: routes.routerMiddleware(context: ServerRequestContext.self))
        router.addRoutes(routes.collection(context: ServerRequestContext.self))
        router.addRoutes(routes.liveCollection(context: ServerRequestContext.self))

        let application = Application(
            router: router,
            server: try serverBuilder(webSocketRouter: router),
            configuration: .init(address: .hostname(hostname, port: port), serverName: "social-server"),
            services: opened.services,
            onServerRunning: { Self.announce("listening on", $0) },
            logger: logger)
        var services: [any Service] = [application]
        services.append(
            MailOutboxService(
                sender: try mail.sender(
                    outbox: opened.store, mailer: mailer, accounts: accounts, wakeUp: mailWakeUp, logger: logger)))
        // A moderator's suspension ends at its date: lifted within the sweep's interval, not at the next sign-in.
        services.append(SuspensionSweepService(sweep: SuspensionSweep(network: network, logger: logger)))
        services.append(
            DataExportSweepService(exports: exports, ownFolder: exportsFolder == nil ? exportsDirectory : nil))
        if let metricsPort {
            let metricsRouter = Router()
            operational.addMetrics(to: metricsRouter)
            services.append(
                Application(
                    router: metricsRouter,
                    configuration: .init(
                        address: .hostname(metricsHostname, port: metricsPort), serverName: "social-server"),
                    onServerRunning: { Self.announce("metrics on", $0) }, logger: logger))
        }
        let descriptors = Self.raiseDescriptorLimit()
        logger.info("starting", metadata: ["store": "\(choice)", "descriptors": "\(descriptors)"])
        try await ServiceGroup(
            configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        ).run()
        logger.info("stopped")
    }

    /// Prints `social-server <what> http://address:port`: a script or test that passed port 0
    /// reads the real port from this line.
    static func announce(_ what: String, _ channel: any Channel) {
        let address = channel.localAddress
        let line = "social-server \(what) http://\(address?.ipAddress ?? "?"):\(address?.port ?? 0)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }

    /// The connection limits the flags set.
    func connectionLimits() throws -> ConnectionLimits {
        for (name, seconds) in [("header", headerTimeout), ("idle", idleTimeout)]
        where !(0.001...86_400).contains(seconds) {
            throw ValidationError("--\(name)-timeout must be between 0.001 and 86400 seconds")
        }
        guard maxHeaderBytes >= 1024, maxHeaderCount >= 8 else {
            throw ValidationError("--max-header-bytes must be at least 1024 and --max-header-count at least 8")
        }
        return ConnectionLimits(
            headerTimeout: .milliseconds(Int64(headerTimeout * 1000)),
            idleTimeout: .milliseconds(Int64(idleTimeout * 1000)),
            maxHeaderBytes: maxHeaderBytes, maxHeaderCount: maxHeaderCount,
            connectionsPerAddress: maxConnectionsPerAddress > 0 ? maxConnectionsPerAddress : nil,
            unlimitedAddresses: Set(trustedProxy))
    }

    /// HTTP/1 with the WebSocket upgrade, under the connection limits.
    func serverBuilder(webSocketRouter: Router<ServerRequestContext>) throws -> HTTPServerBuilder {
        let limits = try connectionLimits()
        let counter = ConnectionCounter()
        let webSocketResponder = webSocketRouter.buildResponder()
        let configuration = HTTP1WebSocketUpgradeChannel.Configuration(
            http1: .init(
                idleTimeout: TimeAmount(limits.idleTimeout),
                httpDecoderConfiguration: .init(
                    maxHeaderFieldSize: limits.maxHeaderBytes, maxHeaderListSize: limits.maxHeaderBytes,
                    maxHeaderFieldCount: limits.maxHeaderCount)))
        return HTTPServerBuilder { responder in
            // A refused or malformed upgrade is answered with the API's JSON error (SocialModelHTTP).
            GuardedChildChannel(
                inner: SocialWebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder, configuration: configuration),
                limits: limits, counter: counter)
        }
    }

    /// Raises the soft limit on open files to the hard one (often 1,024 → 1,048,576), so the
    /// per-address cap and the timeouts, not the descriptor table, decide who is refused.
    /// - Returns: the limit now in force.
    static func raiseDescriptorLimit() -> UInt64 {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return UInt64(limit.rlim_cur)
    }

    /// `$ANALOGKIT_STORE_URL`, else a SQLite file in the working directory.
    static func defaultStore() -> String {
        ProcessInfo.processInfo.environment[StoreLocation.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? "sqlite:social.sqlite"
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
