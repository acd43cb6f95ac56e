import Foundation
import Imaging

/// Why a photo library refused an argument, a file or a value: the reason inside
/// ``GalleryError``, in words GalleryKit translates (English, Slovak, Czech). What the system, the
/// index database or the EXIF library said is kept as it was, as a detail.
public enum GalleryProblem: Error, Sendable, Hashable {
    /// What the system, the index database or the EXIF library reported, in its own words.
    case reported(String)
    /// The file does not exist.
    case noSuchFile
    /// The file's attributes (size, dates) cannot be read.
    case unreadableAttributes
    /// A thumbnail size outside 1…4096 pixels.
    case thumbnailSize(Int)
    /// Making thumbnails stopped on an error that was not the gallery's; its words.
    case thumbnailsStopped(String)
    /// A contact sheet with no columns.
    case noColumns
    /// A contact sheet with no photos.
    case noPhotos
    /// A location with no photos to show.
    case locationHasNoPhotos(Int64)
    /// A pager with no photos.
    case emptyPager
    /// A page below 0 or a page size below 1.
    case invalidPage(page: Int, pageSize: Int)
    /// A search radius that is negative or not a number.
    case negativeRadius
    /// A zoom factor that is not a finite number.
    case zoomNotFinite(Double)
    /// The library's index cannot be opened at `path`; the database's words.
    case cannotOpenIndex(path: String, detail: String)
}

extension GalleryProblem: LocalizableError, CustomStringConvertible {
    /// The reason in English.
    public var description: String { localizedDescription(for: Locale(identifier: "en")) }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise); what
    /// a library or the system said follows as a marked detail.
    public func localizedDescription(for locale: Locale = .current) -> String {
        func text(_ key: String, _ arguments: [String: String] = [:], detail: String? = nil) -> String {
            let sentence = MessageTable.galleryKit.text("GalleryProblem.\(key)", locale: locale, arguments)
            return MessageTable.withDetail(sentence, detail, locale: locale)
        }
        switch self {
        case .reported(let detail): return text("reported", ["detail": detail])
        case .noSuchFile: return text("noSuchFile")
        case .unreadableAttributes: return text("unreadableAttributes")
        case .thumbnailSize(let size): return text("thumbnailSize", ["size": String(size)])
        case .thumbnailsStopped(let detail): return text("thumbnailsStopped", detail: detail)
        case .noColumns: return text("noColumns")
        case .noPhotos: return text("noPhotos")
        case .locationHasNoPhotos(let id): return text("locationHasNoPhotos", ["id": String(id)])
        case .emptyPager: return text("emptyPager")
        case .invalidPage(let page, let pageSize):
            return text("invalidPage", ["page": String(page), "pageSize": String(pageSize)])
        case .negativeRadius: return text("negativeRadius")
        case .zoomNotFinite(let value): return text("zoomNotFinite", ["value": "\(value)"])
        case .cannotOpenIndex(let path, let detail): return text("cannotOpenIndex", ["path": path], detail: detail)
        }
    }
}
