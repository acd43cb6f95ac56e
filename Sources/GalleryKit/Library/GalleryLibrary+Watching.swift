import Foundation

extension GalleryLibrary {
    /// Watches a folder by rescanning it every `interval`, yielding each report that found a
    /// change (files added, removed or changed by other programs). The stream ends with the
    /// error if the location or its directory goes away; stop watching by ending the iteration.
    ///
    /// Polling works on every file system (network shares and memory cards included), where
    /// change notifications often do not.
    public func changes(in locationID: Int64, every interval: Duration = .seconds(2))
        -> AsyncThrowingStream<RescanReport, any Error>
    {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    while !Task.isCancelled {
                        let report = try await self.rescan(locationID)
                        if !report.isEmpty { continuation.yield(report) }
                        try await Task.sleep(for: interval)
                    }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
