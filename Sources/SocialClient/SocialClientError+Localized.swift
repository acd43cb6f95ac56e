import Foundation
import SocialModel

extension MessageTable {
    /// SocialClient's messages (`Localization/<language>.lproj/SocialClient.strings`).
    package static let socialClient = MessageTable(bundle: .module, table: "SocialClient")
}

extension SocialClientError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise). A
    /// server's answer keeps its own message, which the server wrote in the language of the
    /// request's `Accept-Language`.
    public func localizedDescription(for locale: Locale = .current) -> String {
        let table = MessageTable.socialClient
        /// The sentence, then words the SDK cannot translate marked as a technical detail.
        func text(_ key: String, _ arguments: [String: String] = [:], detail: String = "") -> String {
            let sentence = table.text("SocialClientError.\(key)", locale: locale, arguments)
            guard !detail.isEmpty else { return sentence }
            return sentence + table.text("SocialClientError.detail", locale: locale, ["detail": detail])
        }
        switch self {
        case .api(let error):
            return text("api", ["code": error.code, "status": String(error.status), "message": error.message])
        case .transport(let reason): return text("transport", detail: reason)
        case .liveUpdatesClosed: return text("liveUpdatesClosed")
        case .unbuildableRequest(let detail): return text("unbuildableRequest", detail: detail)
        case .unexpectedResponse(let status, let detail):
            return text("unexpectedResponse", ["status": String(status)], detail: detail)
        case .undecodableBody(let type, let detail): return text("undecodableBody", ["type": type], detail: detail)
        }
    }
}
