import CoreMetrics

/// How a live source fared over one period, as ``LiveSourceEvent/health(_:)`` reports it every
/// ``LiveSourceOptions/healthReportInterval`` seconds while a recorder records from it.
public struct StreamHealthReport: Sendable, Hashable {
    /// The seconds the report covers (on the recorder's wall clock).
    public var duration: Double
    /// The frame rate the stream declares, or 0 when it does not say.
    public var declaredFrameRate: Double
    /// The video frames (packets) the source delivered per second.
    public var deliveredFrameRate: Double
    /// The video bytes the source delivered per second.
    public var bytesPerSecond: Double
    /// Packets whose timestamps had to be corrected to keep the timeline going forward (a
    /// timestamp that went back, or a jump the timeline treated as a restart of the camera's clock).
    public var timestampCorrections: Int
    /// Connections that were lost in the period, each with why.
    public var lossReasons: [String]
    /// Reconnects in the period: times packets flowed again after a loss.
    public var reconnects: Int

    /// Creates a report.
    public init(
        duration: Double, declaredFrameRate: Double, deliveredFrameRate: Double, bytesPerSecond: Double,
        timestampCorrections: Int, lossReasons: [String], reconnects: Int
    ) {
        self.duration = duration
        self.declaredFrameRate = declaredFrameRate
        self.deliveredFrameRate = deliveredFrameRate
        self.bytesPerSecond = bytesPerSecond
        self.timestampCorrections = timestampCorrections
        self.lossReasons = lossReasons
        self.reconnects = reconnects
    }
}

/// Where a recorder reports its live sources' health as swift-metrics metrics: a factory the
/// host passes in (the recorder never reads or bootstraps the global `MetricsSystem`; pass
/// `MetricsSystem.factory` to use the process's), a label prefix and dimensions.
///
/// Each ``StreamHealthReport`` sets the gauges `<prefix>_stream_declared_fps`,
/// `<prefix>_stream_delivered_fps` and `<prefix>_stream_bytes_per_second`, and adds to the
/// counters `<prefix>_stream_timestamp_corrections_total`, `<prefix>_stream_losses_total` and
/// `<prefix>_stream_reconnects_total` (the reasons of losses go to the event only: free text
/// would make unbounded label values).
public struct RecorderMetrics: Sendable {
    /// The factory every metric is made with.
    public var factory: any MetricsFactory
    /// The first part of every label.
    public var prefix: String
    /// Dimensions added to every metric (a camera's name, say).
    public var dimensions: [(String, String)]

    /// Creates the metrics options.
    ///
    /// - Parameters:
    ///   - factory: the factory every metric is made with.
    ///   - prefix: the first part of every label.
    ///   - dimensions: dimensions added to every metric.
    public init(factory: any MetricsFactory, prefix: String = "recorder", dimensions: [(String, String)] = []) {
        self.factory = factory
        self.prefix = prefix
        self.dimensions = dimensions
    }
}

/// The metrics of ``RecorderMetrics``, made once per recorder.
struct StreamHealthMetrics: Sendable {
    let declared: Gauge
    let delivered: Gauge
    let bytes: Gauge
    let corrections: Counter
    let losses: Counter
    let reconnects: Counter

    init(_ options: RecorderMetrics) {
        let (factory, dimensions) = (options.factory, options.dimensions)
        func label(_ name: String) -> String { "\(options.prefix)_stream_\(name)" }
        declared = Gauge(label: label("declared_fps"), dimensions: dimensions, factory: factory)
        delivered = Gauge(label: label("delivered_fps"), dimensions: dimensions, factory: factory)
        bytes = Gauge(label: label("bytes_per_second"), dimensions: dimensions, factory: factory)
        corrections = Counter(label: label("timestamp_corrections_total"), dimensions: dimensions, factory: factory)
        losses = Counter(label: label("losses_total"), dimensions: dimensions, factory: factory)
        reconnects = Counter(label: label("reconnects_total"), dimensions: dimensions, factory: factory)
    }

    func record(_ report: StreamHealthReport) {
        declared.record(report.declaredFrameRate)
        delivered.record(report.deliveredFrameRate)
        bytes.record(report.bytesPerSecond)
        corrections.increment(by: report.timestampCorrections)
        losses.increment(by: report.lossReasons.count)
        reconnects.increment(by: report.reconnects)
    }
}
