import Foundation
import Locking
import SocialModel

/// A bounded pool of photo jobs: at most ``concurrency`` run at once, each on a thread of its
/// own outside Swift's cooperative pool, and at most ``queueLimit`` wait for a turn; a job
/// beyond that is refused at once with ``busyError``, so a burst of uploads costs a bounded
/// amount of CPU and memory while the requests that need no pixel work (`/health`, `/ready`,
/// the feed) keep their threads.
///
/// libvips blocks the thread that asks for pixels until they are computed (seconds for a large
/// photo); on the cooperative pool, which has one thread per core, two such jobs would stop
/// every other task of the process. Here they block threads of their own.
///
/// A job whose task is cancelled (the request ran past its time limit, the client went away)
/// leaves the queue at once if it has not started; a running one sees
/// ``PhotoJobCancellation/isCancelled`` and stops at its next step.
///
/// ```swift
/// let jobs = PhotoJobs(concurrency: 1, queueLimit: 4)
/// let photos = VipsPhotoProcessor(filters: .shared, jobs: jobs)
/// ```
public final class PhotoJobs: Sendable {
    /// How many jobs run at once.
    public let concurrency: Int
    /// How many jobs may wait for a turn.
    public let queueLimit: Int
    /// The seconds a refused client is told to wait (`Retry-After`).
    public let retryAfterSeconds: Int

    private struct State {
        var running = 0
        var waiting: [Job] = []
    }

    private let state = Locked(State())

    /// A pool.
    /// - Parameters:
    ///   - concurrency: jobs run at once, at least 1; by default half the processor cores (one
    ///     on a two-core machine), since libvips spreads each job's pixel work over every core.
    ///   - queueLimit: jobs that may wait, at least 0.
    ///   - retryAfterSeconds: what a refused client is told to wait, at least 1.
    public init(concurrency: Int = PhotoJobs.defaultConcurrency, queueLimit: Int = 4, retryAfterSeconds: Int = 2) {
        self.concurrency = max(1, concurrency)
        self.queueLimit = max(0, queueLimit)
        self.retryAfterSeconds = max(1, retryAfterSeconds)
    }

    /// Half the processor cores, at least one.
    public static var defaultConcurrency: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

    /// Jobs running and waiting now.
    public var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiting.count) }
    }

    /// The error of a job refused because every slot runs and the queue is full.
    public var busyError: PhotoError {
        .busy(retryAfter: retryAfterSeconds)
    }

    /// The error of a job whose task was cancelled before it finished.
    public static let cancelledError = PhotoError.unusable(reason: "the photo's processing was cancelled")

    /// Runs `work` on a thread of its own when a slot is free.
    ///
    /// When the task is cancelled this returns at once: a queued job leaves the queue, and a
    /// running one is told through its ``PhotoJobCancellation`` and keeps its slot until it
    /// stops, so the pool's bound holds for work that is still burning CPU.
    /// - Parameter work: the blocking work; it should check the cancellation between its steps.
    /// - Returns: what `work` returns.
    /// - Throws: ``busyError`` when the queue is full, ``cancelledError`` when the task is
    ///   cancelled before `work` ends, and whatever `work` throws.
    public func run<T: Sendable>(_ work: @escaping @Sendable (PhotoJobCancellation) throws(PhotoError) -> T)
        async throws(PhotoError) -> T
    {
        let cancellation = PhotoJobCancellation()
        let outcome = Outcome<T>()
        let job = Job(cancellation: cancellation) {
            outcome.settle(Result { () throws(PhotoError) -> T in try work(cancellation) })
        } refuse: { error in
            outcome.settle(.failure(error))
        }
        let result = await withTaskCancellationHandler {
            admit(job)
            return await withCheckedContinuation { outcome.attach($0) }
        } onCancel: {
            cancellation.cancel()
            dropWaiting(cancellation)
            outcome.settle(.failure(Self.cancelledError))
        }
        return try result.get()
    }

    /// Starts `job`, queues it, or refuses it.
    private func admit(_ job: Job) {
        enum Decision { case start, queued, refuse(PhotoError) }
        let decision = state.withLock { state -> Decision in
            // Read under the lock, so a cancellation either is seen here or finds the job queued.
            if job.cancellation.isCancelled { return .refuse(Self.cancelledError) }
            if state.running < concurrency {
                state.running += 1
                return .start
            }
            guard state.waiting.count < queueLimit else { return .refuse(busyError) }
            state.waiting.append(job)
            return .queued
        }
        switch decision {
        case .start: start(job)
        case .queued: break
        case .refuse(let error): job.refuse(error)
        }
    }

    /// Removes the job of `cancellation` from the queue, refusing it, if it is still there.
    private func dropWaiting(_ cancellation: PhotoJobCancellation) {
        let dropped = state.withLock { state -> Job? in
            guard let index = state.waiting.firstIndex(where: { $0.cancellation === cancellation }) else { return nil }
            return state.waiting.remove(at: index)
        }
        dropped?.refuse(Self.cancelledError)
    }

    /// Runs `job` on a new thread, then gives its slot to the next waiting job.
    private func start(_ job: Job) {
        let thread = Thread { [self] in
            job.run()
            let next = state.withLock { state -> Job? in
                guard !state.waiting.isEmpty else {
                    state.running -= 1
                    return nil
                }
                return state.waiting.removeFirst()
            }
            if let next { start(next) }
        }
        thread.name = "photo-job"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The result of one job, settled once (by the job, its refusal or its cancellation,
    /// whichever comes first) and handed to its waiting task.
    private final class Outcome<T: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<T, PhotoError>, Never>?
            var result: Result<T, PhotoError>?
        }

        private let state = Locked(State())

        /// Hands the result to `continuation`, now if it is settled, else when it is.
        func attach(_ continuation: CheckedContinuation<Result<T, PhotoError>, Never>) {
            let settled = state.withLock { state -> Result<T, PhotoError>? in
                if state.result == nil { state.continuation = continuation }
                return state.result
            }
            if let settled { continuation.resume(returning: settled) }
        }

        /// Settles the result, unless it already is.
        func settle(_ result: Result<T, PhotoError>) {
            let waiting = state.withLock { state -> CheckedContinuation<Result<T, PhotoError>, Never>? in
                guard state.result == nil else { return nil }
                state.result = result
                defer { state.continuation = nil }
                return state.continuation
            }
            waiting?.resume(returning: result)
        }
    }

    /// A queued or running job: how to run it and how to refuse it.
    private final class Job: Sendable {
        let cancellation: PhotoJobCancellation
        let run: @Sendable () -> Void
        let refuse: @Sendable (PhotoError) -> Void

        init(
            cancellation: PhotoJobCancellation, run: @escaping @Sendable () -> Void,
            refuse: @escaping @Sendable (PhotoError) -> Void
        ) {
            self.cancellation = cancellation
            self.run = run
            self.refuse = refuse
        }
    }
}

/// Whether a photo job's task has been cancelled; the job checks it between its steps, and a
/// step that is inside libvips registers how to stop it there, so a
/// cancelled job stops computing pixels at once rather than at the end of its step.
public final class PhotoJobCancellation: Sendable {
    private struct State {
        var cancelled = false
        /// How to stop each step running now, by registration.
        var stops: [Int: @Sendable () -> Void] = [:]
        var nextStop = 0
    }

    private let state = Locked(State())

    /// A flag not yet set.
    public init() {}

    /// Whether the job should stop.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Asks the job to stop, stopping the step running now.
    public func cancel() {
        let stops = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            return Array(state.stops.values)
        }
        for stop in stops { stop() }
    }

    /// Throws ``PhotoJobs/cancelledError`` once the job should stop.
    /// - Throws: ``PhotoJobs/cancelledError``.
    public func check() throws(PhotoError) {
        if isCancelled { throw PhotoJobs.cancelledError }
    }

    /// Runs one step of the job, calling `stop` if the job is cancelled while it runs (or was
    /// before it began, in which case `body` does not run); whatever the step throws after a
    /// cancellation becomes ``PhotoJobs/cancelledError``.
    package func whileRunning<T>(stop: @escaping @Sendable () -> Void, _ body: () throws(PhotoError) -> T)
        throws(PhotoError) -> T
    {
        let key = state.withLock { state -> Int? in
            guard !state.cancelled else { return nil }
            defer { state.nextStop += 1 }
            state.stops[state.nextStop] = stop
            return state.nextStop
        }
        guard let key else { throw PhotoJobs.cancelledError }
        defer { _ = state.withLock { $0.stops.removeValue(forKey: key) } }
        do {
            return try body()
        } catch {
            try check()
            throw error
        }
    }
}
