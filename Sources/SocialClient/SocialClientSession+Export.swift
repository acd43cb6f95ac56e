import Foundation
import SocialModel

extension SocialClientSession {
    /// Starts making your data export in the background: everything you have, as a zip archive
    /// (SocialModel's "The data export archive"). An archive not yet downloaded is replaced.
    /// - Returns: its status, `running`.
    /// - Throws: ``SocialClientError/api(_:)`` with `export-in-progress` while your previous one is
    ///   being made, `busy` while the server makes as many as it allows, `not-found` when the
    ///   server makes none.
    public func startDataExport() async throws(SocialClientError) -> DataExportStatus {
        try await json(DataExportStatus.self, "POST", ["me", "export"], expect: 202)
    }

    /// Where your latest data export stands.
    /// - Returns: its status.
    /// - Throws: ``SocialClientError/api(_:)`` with `not-found` when you asked for none since the
    ///   server started.
    public func dataExportStatus() async throws(SocialClientError) -> DataExportStatus {
        try await json(DataExportStatus.self, "GET", ["me", "export"])
    }

    /// Your data export's zip archive, once: the server deletes it as it sends it.
    /// - Returns: the archive's bytes.
    /// - Throws: ``SocialClientError/api(_:)`` with `export-not-ready` while it is being made,
    ///   `export-gone` once downloaded, expired or failed, `not-found` when there is none.
    public func downloadDataExport() async throws(SocialClientError) -> Data {
        try await transport.send("GET", ["me", "export", "archive"], token: token).data
    }
}
