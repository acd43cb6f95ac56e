import Foundation

/// What the recorder's one lock guards: its state machine, and those its decisions are told to.
struct RecorderShell {
    var machine: RecorderStateMachine
    weak var delegate: (any VideoRecorderDelegate)?
    weak var preview: (any CameraPreviewView)?
    /// The buffer directory the recorder holds (its `flock` lives as long as it does).
    var directory: BufferDirectory?

    // Live sources being recorded from: how to stop each, what they report, where their
    // timeline begins (monotonic nanoseconds of uptime), and who waits for each one's end.
    var liveStops: [UUID: @Sendable () -> Void] = [:]
    var liveSourceState = LiveSourceState.idle
    var liveClockOrigin: UInt64?
    var endWaiters: [UUID: CheckedContinuation<Void, Never>] = [:]

    var idleWaiters: [CheckedContinuation<Void, Never>] = []
    var stateContinuations: [UUID: AsyncStream<VideoRecorderStateChange>.Continuation] = [:]
    var segmentContinuations: [UUID: AsyncStream<CapturedVideoSegment>.Continuation] = [:]
    var sourceContinuations: [UUID: AsyncStream<LiveSourceEvent>.Continuation] = [:]
    var purgeContinuations: [UUID: AsyncStream<StoragePurge>.Continuation] = [:]
    /// The wall clock of the storage budget (when clips are published; how old they are).
    var clock: @Sendable () -> Date = { Date() }
    /// Writes the segments of a continuous recording, once a start with it configured made it.
    var segmentWriter: SegmentFileWriter?

    /// `actions`, and what the machine's clock tick asks besides (a budget check): the shell
    /// ticks the clock as footage comes in, under the same lock.
    mutating func ticked(_ actions: RecorderActions?) -> RecorderActions? {
        guard let tick = machine.clockTick(now: clock().timeIntervalSince1970) else { return actions }
        var merged = actions ?? RecorderActions()
        merged.checksBudget = merged.checksBudget || tick.checksBudget
        merged.health = tick.health ?? merged.health
        return merged
    }

    /// The machine's actions with whom to tell, taken under the lock. The segment work it
    /// decided is queued here, under the lock, so that it is done in the order decided.
    mutating func delivery(of actions: RecorderActions?) -> Delivery {
        queueSegmentWork()
        guard var actions else { return Delivery() }
        if let writer = segmentWriter, let directory = machine.continuous?.timeline.directory {
            // A purged segment is deleted on the segments' queue, after its close.
            let segments = actions.deletions.filter { $0.deletingLastPathComponent() == directory }
            writer.enqueue(segments.map(SegmentWork.delete))
            actions.deletions.removeAll { $0.deletingLastPathComponent() == directory }
        }
        var delivery = Delivery(actions: actions, delegate: delegate)
        if actions.stopsSources { delivery.stops = Array(liveStops.values) }
        if actions.stateChange != nil { delivery.stateListeners = Array(stateContinuations.values) }
        if !actions.published.isEmpty { delivery.segmentListeners = Array(segmentContinuations.values) }
        if actions.purge != nil { delivery.purgeListeners = Array(purgeContinuations.values) }
        for (id, _) in actions.endedSources {
            delivery.endWaiters.append(endWaiters.removeValue(forKey: id))
        }
        if actions.isIdle {
            delivery.idleWaiters = idleWaiters
            idleWaiters.removeAll()
        }
        return delivery
    }
}

/// A machine's actions and whom to tell of them, performed outside the lock.
struct Delivery: Sendable {
    var actions = RecorderActions()
    var delegate: (any VideoRecorderDelegate)?
    var stops: [@Sendable () -> Void] = []
    var stateListeners: [AsyncStream<VideoRecorderStateChange>.Continuation] = []
    var segmentListeners: [AsyncStream<CapturedVideoSegment>.Continuation] = []
    var purgeListeners: [AsyncStream<StoragePurge>.Continuation] = []
    /// For each ended source, in order, the `record(from:)` call waiting for its end.
    var endWaiters: [CheckedContinuation<Void, Never>?] = []
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
}

extension EventRecorder {
    /// Sends one event to the state machine under the lock and performs what it decided outside
    /// it. `body` returns the actions (`nil` for none).
    func send(_ body: (inout RecorderShell) -> RecorderActions?) {
        perform(shared.withLock { shell in shell.delivery(of: body(&shell)) })
    }

    /// As ``send(_:)`` for an event the machine may refuse (the error is thrown, nothing done).
    func trySend(_ body: (inout RecorderShell) throws(RecorderError) -> RecorderActions) throws(RecorderError) {
        perform(try shared.withLock { shell throws(RecorderError) in shell.delivery(of: try body(&shell)) })
    }

    /// Performs the actions, in their order.
    func perform(_ delivery: Delivery) {
        performActions(delivery)
        reportEnds(delivery)
    }

    /// Performs the actions up to the state change (a state change performs them under the
    /// transition lock, and reports ends after it: a delegate told of an end may change state).
    func performActions(_ delivery: Delivery) {
        let actions = delivery.actions
        for stop in delivery.stops { stop() }
        for url in actions.deletions {
            try? FileManager.default.removeItem(at: url)
        }
        if actions.confirmsDeletions, !actions.deletions.isEmpty { confirmDeleted(actions.deletions) }
        // Room for what was just admitted: nothing is written before it is free.
        if let batch = actions.awaitsDeletions { awaitDeletions(through: batch) }
        for job in actions.exports {
            exportQueue.async { self.export(job) }
        }
        for job in actions.packetExports {
            exportQueue.async { self.export(job) }
        }
        for segment in actions.published {
            delivery.delegate?.videoRecorderDidFinishSegment(segment)
            for continuation in delivery.segmentListeners { continuation.yield(segment) }
        }
        if let purge = actions.purge {
            delivery.delegate?.videoRecorderDidPurge(purge)
            for continuation in delivery.purgeListeners { continuation.yield(purge) }
        }
        for failure in actions.failures {
            delivery.delegate?.videoRecorderDidFail(failure)
        }
        if let change = actions.stateChange {
            delivery.delegate?.videoRecorderDidChangeState(change.oldState, change.newState)
            for continuation in delivery.stateListeners { continuation.yield(change) }
        }
        if actions.checksBudget { checkStorageBudget() }
        if let health = actions.health {
            healthMetrics?.record(health)
            publish(.health(health))
        }
    }

    /// Reports the ends of live sources, then wakes those waiting for the recorder to go idle.
    func reportEnds(_ delivery: Delivery) {
        for ((_, reason), waiter) in zip(delivery.actions.endedSources, delivery.endWaiters) {
            publish(.ended(reason: reason))
            waiter?.resume()
        }
        for waiter in delivery.idleWaiters {
            waiter.resume()
        }
    }

    /// Tells the delegate and keeps the error for the next throwing call.
    func report(_ error: RecorderError) {
        send { $0.machine.failed(error) }
    }
}
