import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension EventRecorder {
    /// Adds one packet of a passthrough recording (on the live source's thread): it goes into the
    /// open group of pictures, a key frame starting a new one. Returns `false` once the recorder
    /// has stopped.
    func ingest(_ packet: TimedPacket, writer: PacketFileWriter) -> Bool {
        let size = packet.bytes.count
        // A continuous recording keeps its own copy, written on the segments' queue.
        let copy = writer.copiesPackets ? Data(packet.bytes) : nil
        let (plan, room) = shared.withLock { shell in
            let plan = shell.machine.packetArrived(
                size: size, pts: packet.pts, isKey: packet.isKey, parameters: packet.parameters)
            var work: [SegmentWork] = []
            if let copy {
                let clock = shell.clock
                work = shell.machine.continuousPacket(
                    (packet.pts, packet.dts, packet.duration, packet.isKey, copy), parameters: packet.parameters,
                    wallClock: { clock().timeIntervalSince1970 })
            }
            // Admission before growth: room for the packet (in the ring buffer and its segment)
            // is made before either copy is written.
            var actions = RecorderActions()
            shell.machine.makeRoom(into: &actions)
            // Closes go first (the budget may purge a segment this packet closed), then the
            // purge's deletions, then a wait for them, then the packet's own growth.
            let split = work.firstIndex(where: \.grows) ?? work.endIndex
            shell.segmentWriter?.enqueue(Array(work[..<split]))
            let room = shell.delivery(of: actions.awaitsDeletions == nil ? nil : actions)
            if let batch = actions.awaitsDeletions { shell.segmentWriter?.enqueue([.awaitDeletions(batch)]) }
            shell.segmentWriter?.enqueue(Array(work[split...]))
            return (plan, room)
        }
        perform(room)
        guard case .write(let group, let offset, let layout, let mark, let startsGroup) = plan else {
            if case .stop = plan { return false }
            return true
        }
        var failure: RecorderError?
        do {
            try writer.write(packet.bytes, group: group, in: layout, at: offset)
        } catch {
            failure = error
        }
        let record = PacketRecord(
            offset: offset, size: size, pts: packet.pts, dts: packet.dts, duration: packet.duration,
            isKey: packet.isKey,
            stream: 0)
        send { shell in
            shell.ticked(
                shell.machine.packetStored(record, group: group, startedGroup: startsGroup, failed: failure != nil))
        }
        if let failure { report(failure) }
        if mark != nil {
            motionAnalyser()?.analyse(
                MotionPacket(
                    data: Data(packet.bytes), pts: packet.pts, dts: packet.dts, isKey: packet.isKey,
                    parameters: packet.parameters, isUsable: failure == nil))
        }
        return true
    }

    /// The live source was lost: the open group ends, the next one follows a gap; the next
    /// decoded frame starts after a gap too.
    func sourceLost() {
        send { shell in
            shell.machine.sourceLost()
            return nil
        }
    }

    /// A packet of a passthrough recording was damaged and dropped.
    func packetDropped() {
        send { shell in
            shell.machine.packetDropped()
            return nil
        }
    }

    /// The live source is lost and the timeline has reached `now`.
    func sourceIdle(now: Int64) {
        send { shell in shell.ticked(shell.machine.sourceIdle(now: now)) }
    }

    /// Motion detection analysed a packet (in order): counts it and, for motion, marks an event
    /// at its frame.
    func packetAnalysed(pts: Int64, motion: Bool, failure: VideoIOError?) {
        send { $0.machine.packetAnalysed(pts: pts, motion: motion) }
        if let failure { report(.video(failure)) }
    }
}

/// Writes packets into their groups' files on the live source's thread, keeping the open
/// group's file open between packets.
final class PacketFileWriter {
    /// Whether packets are also kept for a continuous recording (copied for its queue).
    let copiesPackets: Bool
    private var descriptor: Int32 = -1
    private var group = -1
    private var url = URL(fileURLWithPath: "/")

    init(copiesPackets: Bool = false) {
        self.copiesPackets = copiesPackets
    }

    deinit {
        closeFile()
    }

    /// Writes `bytes` at `offset` of group `number`'s file in `layout`.
    func write(_ bytes: UnsafeRawBufferPointer, group number: Int, in layout: BufferLayout, at offset: Int)
        throws(RecorderError)
    {
        // The file's name is made only when a group begins: a packet costs a write, nothing more.
        if number != group {
            closeFile()
            url = layout.url(forGroup: number)
            descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw .storageFailed(path: url.path, message: String(cString: strerror(errno)))
            }
            group = number
        }
        var done = 0
        while done < bytes.count {
            let count = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                throw .storageFailed(
                    path: url.path, message: count < 0 ? String(cString: strerror(errno)) : "short write")
            }
            done += count
        }
    }

    /// Closes the open file (the source was lost, or recording ended).
    func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        group = -1
    }
}
