import ServiceLifecycle
import SocialModel

/// The network's `SuspensionSweep` as a service beside the HTTP server: a suspension that has
/// lapsed is lifted within the sweep's interval, so the account's content is visible again
/// without waiting for its next sign-in.
struct SuspensionSweepService: Service {
    let sweep: SuspensionSweep

    func run() async throws {
        await cancelWhenGracefulShutdown { await sweep.run() }
    }
}
