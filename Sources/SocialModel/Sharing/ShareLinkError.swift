import Foundation

/// What a share-link operation could not find.
public enum ShareLinkEntity: String, Sendable, Hashable, CaseIterable {
    /// The link: no link has this token or id, or it was revoked.
    case link
    /// The post (deleted, or its author's account is gone).
    case post
    /// The post's photo at the size asked.
    case photo
}

/// Why a share-link operation failed.
public enum ShareLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing live of this kind: a revoked link, a deleted post or account, a size not stored.
    case notFound(ShareLinkEntity)
    /// Only a post's author may share it or revoke its links.
    case forbidden
    /// The post has this many live links already; revoke one first.
    case tooManyLinks(maximum: Int)
    /// The store failed.
    case storage(StoreError)

    /// The English message (for logs).
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }
}

extension MessageTable {
    /// The share links' messages and the share page's labels
    /// (`Localization/<language>.lproj/ShareLinks.strings`).
    package static let shareLinks = MessageTable(bundle: .module, table: "ShareLinks")
}

extension ShareLinkError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        let table = MessageTable.shareLinks
        switch self {
        case .notFound(let entity): return table.text("ShareLinkError.notFound.\(entity.rawValue)", locale: locale)
        case .forbidden: return table.text("ShareLinkError.forbidden", locale: locale)
        case .tooManyLinks(let maximum):
            return table.plural("ShareLinkError.tooManyLinks", count: maximum, locale: locale)
        case .storage(let error): return error.localizedDescription(for: locale)
        }
    }
}
