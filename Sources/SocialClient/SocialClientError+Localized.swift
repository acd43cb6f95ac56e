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
        switch self {
        case .api(let error):
            return table.text(
                "SocialClientError.api", locale: locale,
                ["code": error.code, "status": String(error.status), "message": error.message])
        case .transport(let reason):
            return table.text("SocialClientError.transport", locale: locale, ["reason": reason])
        case .unexpectedResponse(let status, let detail):
            return table.text(
                "SocialClientError.unexpectedResponse", locale: locale, ["status": String(status), "detail": detail])
        }
    }
}
