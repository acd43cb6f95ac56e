import Foundation

/// Runs blocking `work` on a thread of its own and waits for it without holding a thread of
/// Swift's cooperative pool, which the whole suite shares (two threads on two cores): a test that
/// blocks a pool thread for seconds (a child process, a long render, a stress loop) delays every
/// other test's jobs, see ``HighPriorityTrait``.
public func offPool<T: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> T)
    async throws(Failure) -> T
{
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Failure>, Never>) in
        let thread = Thread {
            continuation.resume(returning: Result { () throws(Failure) -> T in try work() })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
    return try outcome.get()
}
