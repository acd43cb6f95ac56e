import CThreadSanitizer
import Synchronization

/// A `Mutex` whose critical sections ThreadSanitizer can follow.
///
/// On Linux `Synchronization.Mutex` waits on a futex, which TSan does not see, so every
/// access made under the lock from two threads is reported as a race (a three-line program
/// with `concurrentPerform` shows it). Each critical section here is also marked as an
/// acquire and a release on a token of its own; outside TSan builds those calls do nothing.
package struct Locked<Value: ~Copyable>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>
    private let token = Token()

    /// A lock guarding `initialValue`.
    /// - Parameter initialValue: The value the lock starts out holding.
    package init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
    }

    /// Runs `body` with exclusive access to the value, the way `Mutex.withLock(_:)` does.
    /// - Parameter body: The critical section.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            let address = UnsafeRawPointer(Unmanaged.passUnretained(token).toOpaque())
            akv_tsan_acquire(address)
            defer { akv_tsan_release(address) }
            return try body(&value)
        }
    }
}

/// The address TSan keys a lock's happens-before edges on.
private final class Token: Sendable {}
