import Foundation
import SocialModel

extension MessageTable {
    /// SocialModelIdentity's messages (`Localization/<language>.lproj/SocialModelIdentity.strings`).
    package static let socialModelIdentity = MessageTable(bundle: .module, table: "SocialModelIdentity")
}

extension TokenRejection: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        MessageTable.socialModelIdentity.text("TokenRejection.\(key)", locale: locale)
    }

    private var key: String {
        switch self {
        case .malformed: "malformed"
        case .unsupportedAlgorithm: "unsupportedAlgorithm"
        case .unknownKey: "unknownKey"
        case .badSignature: "badSignature"
        case .wrongIssuer: "wrongIssuer"
        case .wrongAudience: "wrongAudience"
        case .expired: "expired"
        case .notYetValid: "notYetValid"
        case .tooOld: "tooOld"
        case .nonceMismatch: "nonceMismatch"
        case .missingSubject: "missingSubject"
        case .revoked: "revoked"
        case .notAUserToken: "notAUserToken"
        }
    }
}
