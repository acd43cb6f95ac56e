import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension EventRecorder {
    /// Every purge of the storage budget from now on (see ``StorageBudget``), in order. Each call
    /// returns a new sequence.
    public func storagePurges() -> AsyncStream<StoragePurge> {
        subscribe(\.purgeContinuations)
    }

    /// The bytes the storage budget counts now: the clips it knows of, the clips being written
    /// and the ring buffer.
    public var storageUsedBytes: Int64 { read { $0.footprint } }

    /// Counts the clips already in the output directory (at a start, outside the lock), so that
    /// the budget holds through restarts; then puts the segments of a continuous recording's
    /// directory back in its index (and in the budget). Without a budget no clip is read.
    func scanStoredClips() {
        let (budget, output, epoch, continuous) = read {
            (
                $0.configuration.storageBudget, $0.configuration.outputDirectory, $0.storage.epoch,
                $0.continuous?.timeline.directory
            )
        }
        if budget != nil {
            let clips = Self.storedClips(in: output)
            shared.withLock { $0.machine.footageFound(clips, scanBegan: epoch) }
        }
        if let continuous {
            let segments = SegmentFileWriter.scan(continuous)
            shared.withLock { $0.machine.segmentsFound(segments) }
        }
    }

    /// A budget check: the free space is read here, outside the lock; the machine decides what
    /// goes, and the files are deleted and the purge reported outside the lock.
    func checkStorageBudget() {
        let (budget, output, clock) = shared.withLock {
            ($0.machine.configuration.storageBudget, $0.machine.configuration.outputDirectory, $0.clock)
        }
        guard let budget else { return }
        let free = budget.minimumFreeBytes == nil ? nil : Self.freeBytes(at: output)
        let now = clock().timeIntervalSince1970
        send { $0.machine.checkBudget(now: now, freeBytes: free) }
    }

    /// The decoded clip `id` is about to hold `bytes` of `packets` packets (on the export queue,
    /// before its encoder writes the next one): the machine counts it and makes room, and this
    /// returns once that room is free.
    func clipGrowing(id: UUID, bytes: Int64, packets: Int) {
        send { shell in shell.ticked(shell.machine.clipGrowing(id: id, bytes: bytes, packets: packets)) }
    }

    /// The files `urls` the machine counted until deleted are gone: it is told, and writes waiting
    /// for room look again.
    func confirmDeleted(_ urls: [URL]) {
        deletionsDone.lock()
        shared.withLock { $0.machine.filesDeleted(urls) }
        deletionsDone.broadcast()
        deletionsDone.unlock()
    }

    /// Waits until every deletion of batch `batch` and those before it is done (each is done by
    /// the thread that performs its actions, before that thread waits for anything, or on the
    /// segments' queue ahead of any wait queued there), so the bytes about to be written fit.
    func awaitDeletions(through batch: Int) {
        deletionsDone.lock()
        while shared.withLock({ $0.machine.storage.isDeleting(through: batch) }) { deletionsDone.wait() }
        deletionsDone.unlock()
    }

    /// The clips in `directory` (files named as ``clipName(format:id:)`` names them), with their
    /// sizes and modification times.
    static func storedClips(in directory: URL) -> [StoredClip] {
        let extensions = Set(VideoFormat.allCases.map(\.fileExtension))
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let names =
            (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return names.compactMap { url in
            guard url.lastPathComponent.hasPrefix("clip-"), extensions.contains(url.pathExtension),
                let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
            else { return nil }
            return StoredClip(
                id: nil, url: url, bytes: Int64(values.fileSize ?? 0),
                time: values.contentModificationDate?.timeIntervalSince1970 ?? 0, isEventClip: true)
        }
    }

    /// The size of the file at `url`, or 0 when it cannot be read.
    static func fileBytes(at url: URL) -> Int64 {
        var info = stat()
        return stat(url.path, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// The bytes free to an unprivileged process on the file system of `url`, or `nil`.
    static func freeBytes(at url: URL) -> Int64? {
        var info = statvfs()
        guard statvfs(url.path, &info) == 0 else { return nil }
        let (bytes, overflow) = Int64(info.f_bavail).multipliedReportingOverflow(by: Int64(info.f_frsize))
        return overflow ? .max : bytes
    }
}
