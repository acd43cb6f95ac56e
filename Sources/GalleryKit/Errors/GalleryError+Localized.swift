import Foundation
import Imaging

extension MessageTable {
    /// GalleryKit's messages and labels (`Localization/<language>.lproj/GalleryKit.strings`).
    package static let galleryKit = MessageTable(bundle: .module, table: "GalleryKit")
}

extension GalleryError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        let table = MessageTable.galleryKit
        func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
            table.text("GalleryError.\(key)", locale: locale, arguments)
        }
        switch self {
        case .emptyLocationName: return text("emptyLocationName")
        case .duplicateLocationName(let name): return text("duplicateLocationName", ["name": name])
        case .locationNotFound(let id): return text("locationNotFound", ["id": String(id)])
        case .locationDirectoryMissing(let path): return text("locationDirectoryMissing", ["path": path])
        case .wrongLocationKind(let id, let expected):
            let kind = table.text("LocationKind.\(expected.rawValue)", locale: locale)
            return text("wrongLocationKind", ["id": String(id), "kind": kind])
        case .photoNotFound(let id): return text("photoNotFound", ["id": String(id)])
        case .notAnImage(let source): return text("notAnImage", ["source": source])
        case .unreadablePhoto(let source, let reason):
            return text("unreadablePhoto", ["source": source, "reason": reason])
        case .photoTooLarge(let source, let width, let height, let limit):
            return text(
                "photoTooLarge",
                ["source": source, "width": String(width), "height": String(height), "limit": String(limit)])
        case .invalidMetadata(let problem):
            return text("invalidMetadata", ["message": problem.localizedDescription(for: locale)])
        case .invalidArgument(let problem):
            return text("invalidArgument", ["message": problem.localizedDescription(for: locale)])
        case .fileSystem(let path, let reason):
            return text("fileSystem", ["path": path, "reason": reason.localizedDescription(for: locale)])
        case .database(let problem): return text("database", ["message": problem.localizedDescription(for: locale)])
        case .imaging(let error): return text("imaging", ["error": error.localizedDescription(for: locale)])
        }
    }
}
