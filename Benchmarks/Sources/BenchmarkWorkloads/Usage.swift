import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wall-clock and process CPU time spent on one piece of work.
///
/// CPU time counts every thread of the process, so ``coreUse`` shows how many cores the work kept
/// busy: 1.0 is one core, 2.0 both cores of a two-core machine.
public struct Usage: Sendable {
    /// Elapsed real time, in seconds.
    public let wallSeconds: Double
    /// User plus system CPU time of the whole process, in seconds.
    public let cpuSeconds: Double

    /// The average number of cores busy: CPU time over wall time.
    public var coreUse: Double { wallSeconds > 0 ? cpuSeconds / wallSeconds : 0 }

    /// Measures `work`, which should leave no background work of its own running when it returns.
    public static func measure(_ work: () async throws -> Void) async rethrows -> Usage {
        let clock = ContinuousClock()
        let cpuBefore = processCPUSeconds()
        let started = clock.now
        try await work()
        let elapsed = started.duration(to: clock.now)
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Usage(wallSeconds: wall, cpuSeconds: processCPUSeconds() - cpuBefore)
    }

    /// The CPU time this process has used so far, all threads together.
    public static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
