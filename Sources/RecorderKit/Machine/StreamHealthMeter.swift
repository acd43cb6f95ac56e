/// What the recorder counts of a live source between two health reports, and when a report is
/// due: a value fed by the shell (packets, losses, recoveries) and the clock tick.
struct StreamHealthMeter: Sendable {
    /// Seconds between reports; `nil` while no live source is recorded.
    private(set) var interval: Double?
    private(set) var declaredFrameRate = 0.0
    /// When the period began (the first tick after the source started, or the last report).
    private var periodStart: Double?
    private var frames = 0
    private var bytes: Int64 = 0
    private var corrections = 0
    private var lossReasons: [String] = []
    private var reconnects = 0

    /// A live source started: reports every `interval` seconds from the next tick.
    mutating func started(interval: Double) {
        self = StreamHealthMeter()
        self.interval = interval
    }

    /// The live source ended at `now` (seconds): the report of the period cut short, if it
    /// lasted at all, and no more reports after it.
    mutating func ended(now: Double) -> StreamHealthReport? {
        guard interval != nil, let start = periodStart, now > start else {
            interval = nil
            return nil
        }
        let report = self.report(from: start, to: now)
        interval = nil
        return report
    }

    /// A connection opened with a stream that declares `frameRate` (0: it does not say).
    mutating func connected(frameRate: Double) {
        declaredFrameRate = frameRate.isFinite && frameRate > 0 ? frameRate : 0
    }

    /// A video packet of `bytes` bytes arrived; `corrected` when the timeline moved its timestamp.
    mutating func delivered(bytes count: Int, corrected: Bool) {
        frames += 1
        bytes = bytes.addingReportingOverflow(Int64(count)).partialValue
        if corrected { corrections += 1 }
    }

    /// The connection was lost (`reason`: why).
    mutating func lost(reason: String) {
        lossReasons.append(reason)
    }

    /// Packets flow again after a loss.
    mutating func recovered() {
        reconnects += 1
    }

    /// The clock reached `now` (seconds): the report of the period, once it has lasted the interval.
    mutating func tick(now: Double) -> StreamHealthReport? {
        guard let interval else { return nil }
        guard let start = periodStart, now >= start else {
            periodStart = now
            return nil
        }
        let duration = now - start
        guard duration >= interval, duration > 0 else { return nil }
        return report(from: start, to: now)
    }

    /// The report of the period from `start` to `now` (`now > start`); the next period begins.
    private mutating func report(from start: Double, to now: Double) -> StreamHealthReport {
        let duration = now - start
        let report = StreamHealthReport(
            duration: duration, declaredFrameRate: declaredFrameRate, deliveredFrameRate: Double(frames) / duration,
            bytesPerSecond: Double(bytes) / duration, timestampCorrections: corrections, lossReasons: lossReasons,
            reconnects: reconnects)
        periodStart = now
        (frames, bytes, corrections, lossReasons, reconnects) = (0, 0, 0, [], 0)
        return report
    }
}
