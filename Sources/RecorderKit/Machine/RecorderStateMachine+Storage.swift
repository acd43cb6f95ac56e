import Foundation

extension RecorderStateMachine {
    /// The bytes of the ring buffer's files, of the clips being written and of the open segment
    /// of a continuous recording: counted by the storage budget, never purged by it.
    var bufferBytes: Int64 {
        (Int64(index.diskBytes) + Int64(packets.diskBytes)).addingReportingOverflow(storage.writingBytes)
            .partialValue.addingReportingOverflow(continuous?.timeline.open?.bytes ?? 0).partialValue
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

    /// The decoded clip `id` being written has `bytes` in its file so far (the shell reads its
    /// encoder's output position as packets go in, when the job says ``ExportJob/countsGrowth``):
    /// the budget counts it at that size until it is published, so a long clip cannot take the
    /// footprint past the budget unseen; the shell's next clock tick runs a check when it has
    /// grown past what the last one allowed (``budgetCheckDue(now:)``). A report for a clip no
    /// longer being written changes nothing.
    mutating func clipGrew(id: UUID, bytes: Int64) {
        guard exporting[id] != nil, configuration.storageBudget != nil else { return }
        storage.writing[id] = max(storage.writing[id] ?? 0, bytes)
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
        actions.purge = storage.purge(
            budget: budget, now: now, freeBytes: freeBytes, inUseBytes: bufferBytes,
            inUse: { machine.isInUse($0) })
        actions.deletions = actions.purge?.removed.map(\.url) ?? []
        continuous?.timeline.purged(Set(actions.deletions))
        return actions
    }
}
