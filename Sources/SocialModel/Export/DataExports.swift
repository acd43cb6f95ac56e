import Foundation
import Logging

/// Users' data exports (GDPR articles 15 and 20): everything a user has — profile, posts with
/// their original photos, comments, likes, follows both ways, the messages of their
/// conversations, recipes, meal plan, notifications, blocks and mutes — made in the background
/// into an archive (<doc:ExportArchiveFormat>) that its owner downloads once.
///
/// ```swift
/// let exports = DataExports(
///     network: network, recipes: recipes, meals: meals, writer: ZipDataExportWriter(), directory: folder)
/// let account = try await network.accounts.session(token)
/// _ = try await exports.start(as: account)            // running
/// let status = try await exports.status(as: account)  // ready, once made
/// let zip = try await exports.download(as: account)   // once; the archive is then deleted
/// ```
///
/// The rules, on the network's clock (``DataExportPolicy``): one export per user at a time and a
/// few across all users; an export larger than the size bound or slower than the time limit
/// fails; a finished archive not downloaded in time is deleted. Each call applies the clock's
/// rules first; ``sweep()`` applies them without a call, for a server to run now and then.
///
/// What survives a restart: nothing. The ledger lives in memory, and a new `DataExports` deletes
/// the archives an earlier process left in `directory`; a user whose export was running or ready
/// then gets ``DataExportError/notFound`` and asks again.
public actor DataExports {
    private let collector: @Sendable (Date) -> DataExportCollector
    private let writer: any DataExportWriter
    private let clock: any WallClock
    private let logger: Logger
    /// The folder the archives are written in, one file per ready export.
    public nonisolated let directory: URL
    /// The bounds.
    public nonisolated let policy: DataExportPolicy
    private var ledger: DataExportLedger
    private var jobs: [Int: Task<Void, Never>] = [:]
    private var nextJob = 0

    /// Exports over the stores of these services, dated by the network's clock.
    /// - Parameters:
    ///   - network: the social network (its store, photo sizes, accounts and clock).
    ///   - recipes: the recipes, for a user's recipes, likes and recipe photos.
    ///   - meals: the body profiles and the planner, for the meal plan.
    ///   - writer: makes the archive files (`ZipDataExportWriter` from `SocialModelExport`).
    ///   - directory: a folder of their own for the archives; created when needed, and emptied
    ///     of an earlier process's archives now.
    ///   - policy: the bounds.
    ///   - logger: where failures are logged with their errors (the owner sees only the kind).
    public init(
        network: SocialNetwork, recipes: RecipeService, meals: MealPlanService, writer: any DataExportWriter,
        directory: URL, policy: DataExportPolicy = DataExportPolicy(),
        logger: Logger = Logger(label: "SocialModel.DataExports")
    ) {
        let (store, networkPolicy, clock) = (network.store, network.context.policy, network.context.clock)
        let (recipeStore, recipePolicy, bodyProfiles, planner) = (
            recipes.store, recipes.policy, meals.store, meals.planner
        )
        collector = { deadline in
            DataExportCollector(
                store: store, recipes: recipeStore, bodyProfiles: bodyProfiles, planner: planner,
                postPhotoSize: networkPolicy.postPhotoSizes.max(), avatarSize: networkPolicy.avatarSizes.max(),
                recipePhotoSize: recipePolicy.photoSizes.max(), policy: policy, clock: clock, deadline: deadline)
        }
        self.writer = writer
        self.clock = clock
        self.logger = logger
        self.directory = directory
        self.policy = policy
        ledger = DataExportLedger(policy: policy)
        // Archives an earlier process made are nobody's now: their ledger is gone.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        where Self.isArchiveName(name) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// Starts making the signed-in user's export in the background.
    /// - Parameter account: the signed-in user.
    /// - Returns: its status, ``DataExportStatus/State/running``.
    /// - Throws: ``DataExportError/inProgress`` while their previous one runs,
    ///   ``DataExportError/busy`` while the policy's number of exports run. An archive of theirs
    ///   not yet downloaded is replaced.
    public func start(as account: AccountSession) throws(DataExportError) -> DataExportStatus {
        sweep()
        let (user, job, deadline) = (account.user, nextJob, clock.now().addingTimeInterval(policy.timeLimit))
        apply(try ledger.start(user.id, job: job, at: clock.now()))
        nextJob += 1
        let collector = collector(deadline)
        let url = directory.appendingPathComponent(Self.archiveName(job))
        jobs[job] = Task.detached { [writer, logger] in
            let outcome: DataExportLedger.Outcome
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                _ = try await collector.collect(user, into: try writer.create(at: url))
                let bytes = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
                outcome = .made(file: url.lastPathComponent, bytes: bytes)
            } catch let stop as DataExportCollector.Stop {
                try? FileManager.default.removeItem(at: url)
                outcome = .failed(stop == .tooLarge ? .tooLarge : .timedOut)
            } catch {
                try? FileManager.default.removeItem(at: url)
                logger.error("data export failed", metadata: ["user": "\(user.id)", "error": "\(error)"])
                outcome = .failed(.storage)
            }
            await self.finish(user.id, job: job, outcome)
        }
        return ledger.entries[user.id]!.status
    }

    /// The signed-in user's latest export.
    /// - Parameter account: the signed-in user.
    /// - Returns: its status.
    /// - Throws: ``DataExportError/notFound`` when they asked for none since the server started.
    public func status(as account: AccountSession) throws(DataExportError) -> DataExportStatus {
        sweep()
        return try ledger.status(account.user.id)
    }

    /// The signed-in user's archive, once: it is deleted as it is handed over, and the export
    /// becomes ``DataExportStatus/State/downloaded``.
    /// - Parameter account: the signed-in user.
    /// - Returns: the archive's bytes.
    /// - Throws: ``DataExportError/notFound``, ``DataExportError/notReady`` while it is made,
    ///   ``DataExportError/gone(_:)`` once downloaded, expired or failed,
    ///   ``DataExportError/storage(message:)`` when its file cannot be read.
    public func download(as account: AccountSession) throws(DataExportError) -> Data {
        sweep()
        let url = directory.appendingPathComponent(try ledger.download(account.user.id))
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            return try Data(contentsOf: url)
        } catch {
            logger.error("data export unreadable", metadata: ["file": "\(url.path)", "error": "\(error)"])
            throw .storage(message: "\(error)")
        }
    }

    /// Waits until the user's running export, if any, has finished: for tests, and for a server
    /// that drains its work before it stops.
    /// - Parameter userID: whose export.
    public func finished(userID: UserID) async {
        guard let job = ledger.entries[userID]?.job, let task = jobs[job] else { return }
        await task.value
    }

    /// Applies the clock's rules now: exports past the time limit fail and are cancelled, ready
    /// archives past their expiry are deleted.
    public func sweep() {
        apply(ledger.sweep(at: clock.now()))
    }

    /// Cancels every running export and deletes every archive, for a server that stops.
    public func stop() {
        apply(ledger.everything())
    }

    private func finish(_ userID: UserID, job: Int, _ outcome: DataExportLedger.Outcome) {
        jobs[job] = nil
        apply(ledger.finish(userID, job: job, outcome, at: clock.now()))
    }

    private func apply(_ effects: [DataExportLedger.Effect]) {
        for effect in effects {
            switch effect {
            case .delete(let file): try? FileManager.default.removeItem(at: directory.appendingPathComponent(file))
            case .cancel(let job): jobs[job]?.cancel()
            }
        }
    }

    static func archiveName(_ job: Int) -> String { "export-\(job).zip" }
    static func isArchiveName(_ name: String) -> Bool { name.hasPrefix("export-") && name.hasSuffix(".zip") }
}
