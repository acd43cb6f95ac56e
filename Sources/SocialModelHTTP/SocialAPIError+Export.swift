import SocialModel
import SocialModelAPI

extension SocialAPIError {
    /// A data export's refusal: `409 export-in-progress`, `409 export-not-ready`, `410 export-gone`,
    /// `404 not-found` (entity `export`), `503 busy`.
    init(_ error: DataExportError) {
        let message = Self.message(of: error)
        switch error {
        case .inProgress: self.init(status: 409, code: "export-in-progress", message: message)
        case .notReady: self.init(status: 409, code: "export-not-ready", message: message)
        case .gone: self.init(status: 410, code: "export-gone", message: message)
        case .notFound:
            self.init(status: 404, code: "not-found", message: message)
            entity = "export"
        case .busy:
            self.init(status: 503, code: "busy", message: message)
            retryAfter = 60
        case .account(let accountError): self.init(accountError)
        case .storage: self = .storageFailed
        }
    }

    /// The export routes of a server that makes no exports.
    static var exportsOff: SocialAPIError {
        var error = SocialAPIError(
            status: 404, code: "not-found", message: Self.message(of: DataExportError.notFound))
        error.entity = "export"
        return error
    }
}
