import Foundation

extension RecorderStateMachine {
    /// The bytes of the ring buffer's files (frames admitted but not yet written included), of the
    /// clips being written and of the open segment of a continuous recording (with its index's
    /// allowance): counted by the storage budget, never purged by it.
    var bufferBytes: Int64 {
        let segment = continuous?.timeline.open.map {
            $0.bytes.addingReportingOverflow(StorageLedger.containerAllowance(packets: $0.packets)).partialValue
        }
        return (Int64(index.diskBytes) + Int64(packets.diskBytes) + storage.admittedFrameBytes)
            .addingReportingOverflow(storage.writingBytes).partialValue
            .addingReportingOverflow(segment ?? 0).partialValue
    }

    /// What the storage budget counts: the clips, the ring buffer, what is being written and the
    /// files being deleted (still on disk).
    var footprint: Int64 {
        storage.clipBytes.addingReportingOverflow(bufferBytes).partialValue
            .addingReportingOverflow(storage.deletingBytes).partialValue
    }

    /// Admission before growth: footage was just admitted (a packet, a passthrough clip's
    /// reservation, a decoded clip's next packet, a frame to store, an export), counted but not
    /// yet written. When the footprint with it passes the budget, the oldest unprotected footage
    /// is purged until what stays fits (``RecorderActions/purge``, its files in
    /// ``RecorderActions/deletions``), and the shell waits for every deletion decided so far
    /// (``RecorderActions/awaitsDeletions``) before it writes: the disk never holds more than the
    /// budget, whichever thread writes next. Files already being deleted are not purged again:
    /// their room is on its way.
    mutating func makeRoom(into actions: inout RecorderActions) {
        guard let budget = configuration.storageBudget else { return }
        let limit = min(budget.maximumBytes, storage.allowance ?? budget.maximumBytes)
        guard footprint > limit else { return }
        let present = storage.clipBytes.addingReportingOverflow(bufferBytes).partialValue
        if present > limit {
            let machine = self
            let purge = storage.purge(
                to: limit, budget: budget, now: storage.now ?? 0, inUseBytes: bufferBytes,
                inUse: { machine.isInUse($0) })
            report(purge, into: &actions)
        }
        actions.awaitsDeletions = storage.deletionBatch
    }

    /// The shell is to delete `files` (after it performs the actions): with a budget they count
    /// until it says they are gone (``filesDeleted(_:)``).
    mutating func delete(_ files: [(url: URL, bytes: Int64)], into actions: inout RecorderActions) {
        guard !files.isEmpty else { return }
        actions.deletions += files.map(\.url)
        guard configuration.storageBudget != nil else { return }
        _ = storage.scheduleDeletions(files)
        actions.confirmsDeletions = true
    }

    /// The shell deleted `urls` (files of ``RecorderActions/deletions``).
    mutating func filesDeleted(_ urls: [URL]) {
        storage.deleted(urls)
    }

    /// A purge's report and deletions, into `actions` (after any purge already there).
    private mutating func report(_ purge: StoragePurge?, into actions: inout RecorderActions) {
        guard let purge else { return }
        delete(purge.removed.map { ($0.url, $0.bytes) }, into: &actions)
        continuous?.timeline.purged(Set(purge.removed.map(\.url)))
        if var earlier = actions.purge {
            earlier.removed += purge.removed
            (earlier.usedBytes, earlier.limitBytes) = (purge.usedBytes, purge.limitBytes)
            earlier.isOverBudget = purge.isOverBudget
            actions.purge = earlier
        } else {
            actions.purge = purge
        }
    }

    /// Seconds between two budget checks while the recorder runs (the free space under a floor
    /// shrinks with other writers too, and protection by age runs out).
    static let budgetCheckInterval = 5.0

    /// Whether the shell should run a budget check now (``RecorderActions/checksBudget``): the
    /// footprint has grown past what the last check allowed, or ``budgetCheckInterval`` has
    /// passed since it.
    func budgetCheckDue(now: Double) -> Bool {
        guard let budget = configuration.storageBudget, !storage.checkRequested else { return false }
        guard let last = storage.lastCheck, now - last < Self.budgetCheckInterval else { return true }
        // Over budget with nothing left to purge: the next check waits for the interval.
        guard !storage.overBudget else { return false }
        let used = storage.clipBytes.addingReportingOverflow(bufferBytes).partialValue
        return used > min(budget.maximumBytes, storage.allowance ?? budget.maximumBytes)
    }

    /// The decoded clip `id` being written is about to hold `bytes` of `packets` packets (the
    /// shell reads its encoder's output position before each packet goes in, when the job says
    /// ``ExportJob/countsGrowth``): the budget counts it at that size, with its index's allowance,
    /// until it is published, and room is made before the packet is written (``makeRoom(into:)``).
    /// A report for a clip no longer being written changes nothing.
    mutating func clipGrowing(id: UUID, bytes: Int64, packets: Int) -> RecorderActions? {
        guard exporting[id] != nil, configuration.storageBudget != nil else { return nil }
        let counted = bytes.addingReportingOverflow(StorageLedger.containerAllowance(packets: packets)).partialValue
        storage.writing[id] = max(storage.writing[id] ?? 0, counted)
        var actions = RecorderActions()
        makeRoom(into: &actions)
        return actions
    }

    /// A decoded frame was compressed to `bytes` for each of `slots` slots and is about to be
    /// written: counted from now on, room made first (``frameStored(_:written:byteCount:)``
    /// replaces the count by the files').
    mutating func frameEncoded(bytes: Int, slots: Int) -> RecorderActions? {
        guard configuration.storageBudget != nil else { return nil }
        storage.admittedFrameBytes += Int64(bytes) * Int64(slots)
        var actions = RecorderActions()
        makeRoom(into: &actions)
        return actions
    }

    /// Whether the clip `id` is still being written (a budget check leaves it alone).
    func isBeingWritten(_ id: UUID) -> Bool {
        exporting[id] != nil || exportingGroups[id] != nil
    }

    /// The shell scanned the output directory at a start (the scan began when the ledger was at
    /// epoch `scanBegan`, see ``StorageLedger/epoch``): the clips on disk count from now on, so
    /// the budget holds through restarts.
    mutating func footageFound(_ clips: [StoredClip], scanBegan: Int) {
        storage.found(clips, scanBegan: scanBegan)
    }

    /// The shell scanned the continuous recording's directory at a start: the segments of
    /// earlier runs join the index, and count in the budget as unprotected footage.
    mutating func segmentsFound(_ files: [(url: URL, bytes: Int64)]) {
        guard var continuous else { return }
        continuous.timeline.restore(restoredSegments(files))
        self.continuous = continuous
        for segment in continuous.timeline.segments where !storage.clips.contains(where: { $0.url == segment.url }) {
            // A segment found on disk counts at its file's size.
            storage.add(
                StoredClip(
                    id: nil, url: segment.url, bytes: segment.bytes, time: PacketTimeline.seconds(segment.start),
                    isEventClip: false))
        }
    }

    /// A budget check at `now` (seconds since 1970), with the output directory's file system's
    /// free bytes when the budget keeps a floor: the clips to delete (``RecorderActions/deletions``)
    /// and the report (``RecorderActions/purge``). Nothing happens without a budget.
    mutating func checkBudget(now: Double, freeBytes: Int64?) -> RecorderActions {
        var actions = RecorderActions()
        guard let budget = configuration.storageBudget else { return actions }
        let machine = self
        report(
            storage.purge(
                budget: budget, now: now, freeBytes: freeBytes, inUseBytes: bufferBytes,
                inUse: { machine.isInUse($0) }), into: &actions)
        return actions
    }
}
