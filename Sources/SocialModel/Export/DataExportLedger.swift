import Foundation

/// Every user's data export and the rules that move it along, as a value: which calls are
/// refused, when an export times out or expires, and which files and jobs that leaves to delete
/// or cancel. ``DataExports`` keeps one and carries out its effects; the ledger itself touches
/// nothing, so each rule is tested by calling it with a date.
struct DataExportLedger: Sendable {
    /// One user's latest export.
    struct Entry: Sendable, Hashable {
        /// The job making it, unique in this process.
        let job: Int
        var status: DataExportStatus
        /// The archive's file name in the exports' folder, while there is one.
        var file: String?
    }

    /// How a job ended.
    enum Outcome: Sendable, Hashable {
        /// It made the archive `file`, of `bytes`.
        case made(file: String, bytes: Int)
        /// It failed.
        case failed(DataExportStatus.Failure)
    }

    /// What the owner of the ledger must do after a change.
    enum Effect: Sendable, Hashable {
        /// Delete this archive file.
        case delete(file: String)
        /// Cancel this job.
        case cancel(job: Int)
    }

    let policy: DataExportPolicy
    private(set) var entries: [UserID: Entry] = [:]

    init(policy: DataExportPolicy) {
        self.policy = policy
    }

    /// Starts job `job` for `userID` at `now`: refused while the user's last one runs or while
    /// the policy's number of exports run; a previous archive not yet downloaded is replaced.
    mutating func start(_ userID: UserID, job: Int, at now: Date) throws(DataExportError) -> [Effect] {
        let previous = entries[userID]
        if previous?.status.state == .running { throw .inProgress }
        guard entries.values.count(where: { $0.status.state == .running }) < policy.maximumRunning else {
            throw .busy
        }
        entries[userID] = Entry(job: job, status: DataExportStatus(state: .running, requestedAt: now), file: nil)
        return previous?.file.map { [Effect.delete(file: $0)] } ?? []
    }

    /// Records the end of job `job`: its archive `file` of `bytes`, or its failure. A job that is
    /// no longer the user's running one (it timed out, or was replaced) leaves its file to delete.
    mutating func finish(_ userID: UserID, job: Int, _ outcome: Outcome, at now: Date) -> [Effect] {
        guard var entry = entries[userID], entry.job == job, entry.status.state == .running else {
            guard case .made(let file, _) = outcome else { return [] }
            return [.delete(file: file)]
        }
        entry.status.finishedAt = now
        switch outcome {
        case .made(let file, let bytes):
            entry.status.state = .ready
            entry.status.bytes = bytes
            entry.status.expiresAt = now.addingTimeInterval(policy.availability)
            entry.file = file
        case .failed(let failure):
            entry.status.state = .failed
            entry.status.failure = failure
        }
        entries[userID] = entry
        return []
    }

    /// The archive file to hand to its owner, once: the export becomes ``DataExportStatus/State/downloaded``
    /// and the caller deletes the file after reading it.
    /// - Throws: ``DataExportError/notFound``, ``DataExportError/notReady`` or ``DataExportError/gone(_:)``.
    mutating func download(_ userID: UserID) throws(DataExportError) -> String {
        guard var entry = entries[userID] else { throw .notFound }
        switch entry.status.state {
        case .running: throw .notReady
        case .ready:
            guard let file = entry.file else { throw .gone(.expired) }
            entry.status.state = .downloaded
            entry.file = nil
            entries[userID] = entry
            return file
        case .downloaded, .expired, .failed: throw .gone(entry.status.state)
        }
    }

    /// The user's export's status.
    /// - Throws: ``DataExportError/notFound``.
    func status(_ userID: UserID) throws(DataExportError) -> DataExportStatus {
        guard let entry = entries[userID] else { throw .notFound }
        return entry.status
    }

    /// Applies the clock's rules at `now`: a running export past the time limit fails (its job is
    /// cancelled), a ready archive past its expiry is deleted.
    mutating func sweep(at now: Date) -> [Effect] {
        var effects: [Effect] = []
        for (userID, var entry) in entries {
            switch entry.status.state {
            case .running where now >= entry.status.requestedAt.addingTimeInterval(policy.timeLimit):
                entry.status.state = .failed
                entry.status.failure = .timedOut
                entry.status.finishedAt = now
                effects.append(.cancel(job: entry.job))
            case .ready where now >= (entry.status.expiresAt ?? now):
                entry.status.state = .expired
                effects += entry.file.map { [Effect.delete(file: $0)] } ?? []
                entry.file = nil
            default: continue
            }
            entries[userID] = entry
        }
        return effects
    }

    /// Every job running and every archive kept, to cancel and delete when the exports stop.
    func everything() -> [Effect] {
        entries.values.flatMap { entry in
            (entry.status.state == .running ? [Effect.cancel(job: entry.job)] : [])
                + (entry.file.map { [Effect.delete(file: $0)] } ?? [])
        }
    }
}
