import Foundation

/// The bounds of data exports.
public struct DataExportPolicy: Sendable, Hashable {
    /// The most bytes (photos and JSON, before compression) one archive may hold; an export that
    /// would grow past it fails as ``DataExportStatus/Failure/tooLarge``. An archive is read
    /// whole into memory to be downloaded, so this bounds that too.
    public var maximumBytes = 256 * 1024 * 1024
    /// How long one export may run, on the network's clock; past it, it fails as
    /// ``DataExportStatus/Failure/timedOut``.
    public var timeLimit: TimeInterval = 10 * 60
    /// How long a finished archive waits to be downloaded before it is deleted.
    public var availability: TimeInterval = 24 * 60 * 60
    /// The most exports running at once across all users; one more is refused as
    /// ``DataExportError/busy``.
    public var maximumRunning = 2
    /// How many items each store read fetches.
    public var pageSize = 500

    /// The defaults above.
    public init() {}
}
