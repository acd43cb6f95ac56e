import Foundation

/// Where a user's data export stands, as `GET /me/export` answers it.
public struct DataExportStatus: Sendable, Hashable, Codable {
    /// The stages of an export.
    public enum State: String, Sendable, Hashable, Codable {
        /// Being made.
        case running
        /// Made, waiting to be downloaded (once) until ``DataExportStatus/expiresAt``.
        case ready
        /// Downloaded; the archive is deleted.
        case downloaded
        /// Not downloaded in time; the archive is deleted.
        case expired
        /// Could not be made (see ``DataExportStatus/failure``).
        case failed
    }

    /// Why an export failed.
    public enum Failure: String, Sendable, Hashable, Codable {
        /// It would have been larger than ``DataExportPolicy/maximumBytes``.
        case tooLarge = "too-large"
        /// It took longer than ``DataExportPolicy/timeLimit``.
        case timedOut = "timed-out"
        /// The store or the archive's file failed (the server logs the error).
        case storage
    }

    /// The stage.
    public var state: State
    /// When it was asked for.
    public var requestedAt: Date
    /// When it was finished (made, or failed).
    public var finishedAt: Date?
    /// Until when a ready archive can be downloaded.
    public var expiresAt: Date?
    /// The archive's size in bytes, once made.
    public var bytes: Int?
    /// Why it failed.
    public var failure: Failure?

    /// Creates a status.
    public init(
        state: State, requestedAt: Date, finishedAt: Date? = nil, expiresAt: Date? = nil, bytes: Int? = nil,
        failure: Failure? = nil
    ) {
        self.state = state
        self.requestedAt = requestedAt
        self.finishedAt = finishedAt
        self.expiresAt = expiresAt
        self.bytes = bytes
        self.failure = failure
    }
}

/// Why a data-export call was refused.
public enum DataExportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The user's export is still being made: one at a time.
    case inProgress
    /// As many exports as the policy allows are being made; try again later.
    case busy
    /// The user has no export (none asked for since the server started).
    case notFound
    /// The export is not ready to download yet.
    case notReady
    /// The archive is gone: downloaded, expired or failed (the status says which).
    case gone(DataExportStatus.State)
    /// The session is invalid.
    case account(AccountError)
    /// The archive's file could not be read (the message says why; the server logs it).
    case storage(message: String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .inProgress: "an export is already being made"
        case .busy: "too many exports are being made; try again later"
        case .notFound: "no export was asked for"
        case .notReady: "the export is not ready yet"
        case .gone(let state): "the export's archive is gone (\(state.rawValue))"
        case .account(let error): "\(error)"
        case .storage(let message): "the archive could not be read: \(message)"
        }
    }
}
