import Foundation

/// A clip file the storage budget counts: found in the output directory at a start, or
/// published since.
struct StoredClip: Sendable, Equatable {
    /// The clip's identity when this recorder published it (`nil` for one found on disk): while
    /// it is still being written it is in use.
    var id: UUID?
    var url: URL
    var bytes: Int64
    /// When it was published (seconds since 1970): the order of purging, and its age.
    var time: Double
    var isEventClip: Bool
    /// The ledger's epoch when it was added: a scan of the output directory replaces only what
    /// was known before it began.
    var epoch = 0
}

/// The clips a recorder's storage budget counts, and the rule of what a budget check purges.
/// A value with no I/O: the shell reports sizes and free space, and deletes what it decides.
struct StorageLedger: Sendable {
    /// Oldest first.
    private(set) var clips: [StoredClip] = [] {
        // Clips change a few times a minute; the footprint is read for every packet admitted.
        didSet { clipBytes = clips.reduce(0) { $0 + $1.bytes } }
    }
    /// The bytes of ``clips``.
    private(set) var clipBytes: Int64 = 0
    /// Increases with every clip added; a scan started at an epoch replaces what was added before it.
    private(set) var epoch = 0
    /// The last check left the budget exceeded (reported once, until it is met again).
    private(set) var overBudget = false
    /// The clips being written, each with its bytes and its index's allowance
    /// (``containerAllowance(packets:)``): a passthrough clip at its groups' and audio's bytes from
    /// the moment it is planned, a decoded clip at what its encoder is about to have written
    /// (see ``RecorderStateMachine/clipGrowing(id:bytes:packets:)``), a range export at its
    /// segments' bytes; replaced by the file's size once it is published.
    var writing: [UUID: Int64] = [:]
    /// The footprint the last check allowed (the budget, or less under a free-space floor), and
    /// when it ran (seconds since 1970): footage growing past it, or time passing, calls for the
    /// next check (see ``RecorderStateMachine/clockTick(now:)``).
    private(set) var allowance: Int64?
    private(set) var lastCheck: Double?
    /// A check was asked of the shell and has not run yet.
    var checkRequested = false
    /// The files the shell was told to delete and has not said are gone, each with its bytes and
    /// its batch (see ``scheduleDeletions(_:)``): on disk until then, so they still count.
    private(set) var deleting: [URL: (bytes: Int64, batch: Int)] = [:]
    /// The number of the newest batch of deletions.
    private(set) var deletionBatch = 0
    /// The newest wall-clock time an event brought (seconds since 1970): the age of clips when
    /// room is made between two checks.
    var now: Double?
    /// Decoded frames compressed and about to be written, not yet in the ring buffer's index.
    var admittedFrameBytes: Int64 = 0

    /// The bytes of the clips being written.
    var writingBytes: Int64 { writing.values.reduce(0) { $0.addingReportingOverflow($1).partialValue } }
    /// The bytes of the files being deleted.
    var deletingBytes: Int64 { deleting.values.reduce(0) { $0.addingReportingOverflow($1.bytes).partialValue } }

    /// The most bytes an MP4 (or MOV) file of `packets` packets takes beyond their own bytes: its
    /// headers and its index (`moov`: per packet at most a size, a time, a composition offset, a
    /// key-frame entry and a chunk offset of 8 bytes each, far less in practice). The budget counts
    /// a clip or segment at its packets plus this until the file's real size is known, so that
    /// the file never holds more than was counted.
    static func containerAllowance(packets: Int) -> Int64 {
        8_192 + 48 * Int64(max(0, packets))
    }

    /// The shell is to delete `files` (with their bytes): they count until ``deleted(_:)``.
    /// Returns the batch's number.
    mutating func scheduleDeletions(_ files: [(url: URL, bytes: Int64)]) -> Int {
        guard !files.isEmpty else { return deletionBatch }
        deletionBatch += 1
        for file in files { deleting[file.url] = (file.bytes, deletionBatch) }
        return deletionBatch
    }

    /// The shell deleted `urls` (or found them gone).
    mutating func deleted(_ urls: [URL]) {
        for url in urls { deleting[url] = nil }
    }

    /// Whether a file of batch `batch` or an earlier one is still being deleted.
    func isDeleting(through batch: Int) -> Bool {
        deleting.values.contains { $0.batch <= batch }
    }

    /// A clip was published.
    mutating func add(_ clip: StoredClip) {
        epoch += 1
        var clip = clip
        clip.epoch = epoch
        clips.removeAll { $0.url == clip.url }
        insert(clip)
    }

    /// A clip left (its file could not be written).
    mutating func remove(_ url: URL) {
        clips.removeAll { $0.url == url }
    }

    /// The clips found in the output directory by a scan that began at `epoch`: they replace
    /// every clip known before it (a clip published during the scan stays).
    mutating func found(_ scanned: [StoredClip], scanBegan epoch: Int) {
        clips.removeAll { $0.epoch <= epoch }
        for clip in scanned where !clips.contains(where: { $0.url == clip.url }) {
            insert(clip)
        }
    }

    private mutating func insert(_ clip: StoredClip) {
        let index = clips.firstIndex { $0.time > clip.time } ?? clips.endIndex
        clips.insert(clip, at: index)
    }

    /// Which event clips `protection` keeps at `now`.
    func protected(by protection: EventClipProtection, now: Double) -> Set<URL> {
        let events = clips.filter(\.isEventClip)
        switch protection {
        case .none:
            return []
        case .newest(let count):
            return Set(events.suffix(max(0, count)).map(\.url))
        case .youngerThan(let seconds):
            return Set(events.filter { now - $0.time < seconds }.map(\.url))
        }
    }

    /// A budget check: deletes clips (from the ledger; the caller deletes the files) until the
    /// clips and `inUseBytes` (the ring buffer) fit the budget, or only protected clips and
    /// those `inUse` are left. Other footage goes before event clips, the oldest first. Returns
    /// the report, or `nil` when nothing was purged and the budget's state did not change.
    mutating func purge(
        budget: StorageBudget, now: Double, freeBytes: Int64?, inUseBytes: Int64, inUse: (StoredClip) -> Bool
    ) -> StoragePurge? {
        let used = clipBytes.addingReportingOverflow(inUseBytes).partialValue
        var limit = budget.maximumBytes
        if let floor = budget.minimumFreeBytes, let free = freeBytes {
            // The space left above the floor is all the footprint may still grow by.
            let room = free.subtractingReportingOverflow(floor).partialValue
            limit = min(limit, max(0, used.addingReportingOverflow(room).partialValue))
        }
        allowance = limit
        lastCheck = now
        self.now = max(self.now ?? now, now)
        checkRequested = false
        return purge(to: limit, budget: budget, now: now, inUseBytes: inUseBytes, inUse: inUse)
    }

    /// Deletes clips (from the ledger) until the clips and `inUseBytes` fit `limit`, as a budget
    /// check does, without changing what the last check allowed.
    mutating func purge(
        to limit: Int64, budget: StorageBudget, now: Double, inUseBytes: Int64, inUse: (StoredClip) -> Bool
    ) -> StoragePurge? {
        var used = clipBytes.addingReportingOverflow(inUseBytes).partialValue
        let keep = protected(by: budget.protection, now: now)
        let candidates =
            clips
            .filter { clip in !keep.contains(clip.url) && !inUse(clip) }
            .sorted { ($0.isEventClip ? 1 : 0, $0.time) < ($1.isEventClip ? 1 : 0, $1.time) }
        var removed: [PurgedClip] = []
        for clip in candidates where used > limit {
            used -= clip.bytes
            removed.append(PurgedClip(url: clip.url, bytes: clip.bytes, isEventClip: clip.isEventClip))
            clips.removeAll { $0.url == clip.url }
        }
        let over = used > limit
        defer { overBudget = over }
        guard !removed.isEmpty || over != overBudget else { return nil }
        return StoragePurge(removed: removed, usedBytes: used, limitBytes: limit, isOverBudget: over)
    }
}
