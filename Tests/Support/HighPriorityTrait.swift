import Testing

/// Runs each test of a suite in a task of high priority.
///
/// The whole suite shares Swift's global executor, two threads on two cores, and most tests are
/// synchronous image work that holds a thread for a second or more. A job of default priority
/// waits behind all of them: a probe that slept 50 ms at a time through the whole suite woke up to
/// 10–78 s late, and tests whose client gives up after 20 s without a response (HummingbirdTesting's
/// `.live`) failed in CI. Jobs of high priority are served first: the same probe at `.high` woke
/// at most 0.4 s late after the suite's first seconds (8 s once, while every suite was starting).
/// Give this trait to the suites that wait on a socket with a deadline; the tasks a test starts (a
/// Hummingbird server, its connections, a client's requests) inherit the priority. Long blocking
/// work belongs off the pool altogether: `offPool(_:)`.
public struct HighPriorityTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test of the suite and of the suites inside it.
    public var isRecursive: Bool { true }

    /// Scopes each test function (with all its cases), not the suite as a whole: the testing
    /// library asks with no test case for the function.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        test.isSuite || testCase != nil ? nil : self
    }

    /// Runs `function` in a task of high priority and waits for it.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // An unstructured task: a child task created with a higher priority than its parent's
        // keeps running at the parent's (`Task.currentPriority` inside it is the parent's).
        // `function` does not outlive this call: the task is awaited before it returns.
        try await withoutActuallyEscaping(function) { body in
            let task = Task(priority: .high) { try await body() }
            try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
        }
    }
}

extension Trait where Self == HighPriorityTrait {
    /// Runs each test in a task of high priority, ahead of the suite's CPU-bound tests: see
    /// ``HighPriorityTrait``.
    public static var highPriority: Self { Self() }
}
