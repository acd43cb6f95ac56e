import Foundation

/// Runs blocking `work` on a thread of its own and waits for it without holding a thread of
/// Swift's cooperative pool. The whole suite runs on that pool, two to four threads on two cores:
/// a test that blocks a pool thread for seconds (a child process, a long render, a stress loop)
/// stalls every other test, and the tests that bound a wait in time fail (an HTTP test's client
/// gives up after 20 s without a response; CI saw exactly that while a synchronous stress test
/// and the film pass's 4.8 MP renders held the pool).
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
