import Dispatch
import Locking

/// Runs async work from the synchronous commands: the `filmkit` root command is synchronous,
/// and ArgumentParser only runs asynchronous subcommands under an asynchronous root.
enum BlockingTask {
    private final class Outcome<T: Sendable>: Sendable {
        let result = Locked<Result<T, any Error>?>(nil)
    }

    /// Runs `body` in a task and waits for it on the calling (main) thread, which is not one of
    /// the task pool's threads, so the wait cannot starve the work.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            outcome.result.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.result.withLock { $0! }.get()
    }
}
