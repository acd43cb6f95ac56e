import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that could hang (one that waits on a stream, a child process or a
    /// server with no bound of its own): a guard against waiting forever, not a check of speed.
    ///
    /// Every test starts at once and shares two cooperative threads with the suite's synchronous
    /// image work (see ``HighPriorityTrait``), so a healthy test's wall-clock time is mostly
    /// waiting: PostgreSQL tests that take a few seconds alone exceeded a one-minute limit in a CI
    /// run whose main suite took 217 s. Five minutes is longer than the whole suite takes, so only
    /// a hang reaches it. Speed is checked by the benchmarks (`Benchmarks/`), never by a time limit.
    public static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
