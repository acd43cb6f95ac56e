import Foundation
import Logging

extension SocialNetwork {
    /// Lifts every suspension that has ended by now on the network's clock, so those users and
    /// their content are visible again (feeds, search, profiles, share links) without waiting for
    /// their next sign-in. ``SuspensionSweep`` calls it on a schedule; a host may call it too.
    /// - Returns: how many suspensions it lifted.
    /// - Throws: ``NetworkError/storage(_:)`` when the store fails.
    @discardableResult
    public func liftLapsedSuspensions() async throws(NetworkError) -> Int {
        let now = context.clock.now()
        return try await context.fromStore { try await store.liftSuspensions(endedBy: now) }
    }
}

/// Lifts lapsed suspensions on a schedule: a moderator's suspension ends at its date, and from
/// the next sweep on (at most ``interval`` later) the account and its content are visible to
/// everyone again. Run ``run()`` beside the server (social-server does); it returns when its task
/// is cancelled. Several instances may run it over one database: lifting is idempotent.
public struct SuspensionSweep: Sendable {
    /// The network whose suspensions are lifted (its clock says what "lapsed" means).
    public let network: SocialNetwork
    /// How long ``run()`` waits between sweeps.
    public let interval: Duration
    let sleeper: any Clock<Duration>
    let logger: Logger

    /// Creates a sweep.
    /// - Parameters:
    ///   - network: the network whose suspensions are lifted.
    ///   - interval: the wait between sweeps, at most how late a lapsed suspension is lifted;
    ///     an interval under 100 ms is taken as 100 ms.
    ///   - sleeper: what the wait is measured on.
    ///   - logger: where a failing store is reported.
    public init(
        network: SocialNetwork, interval: Duration = .seconds(30), sleeper: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger(label: "SocialModel.SuspensionSweep")
    ) {
        self.network = network
        self.interval = interval.asBackgroundInterval
        self.sleeper = sleeper
        self.logger = logger
    }

    /// Sweeps now, then every ``interval``, until the task is cancelled. A store failure is logged
    /// and the next sweep tries again.
    public func run() async {
        while !Task.isCancelled {
            do {
                try await network.liftLapsedSuspensions()
            } catch {
                logger.error("lapsed suspensions cannot be lifted", metadata: ["error": "\(error)"])
            }
            try? await sleeper.sleep(for: interval)
        }
    }
}
