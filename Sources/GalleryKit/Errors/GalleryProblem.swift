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

extension GalleryProblem: LocalizedReason {
    /// GalleryKit's table.
    public static var messageTable: MessageTable { .galleryKit }

    /// The reason in the language of `locale` (English, Slovak or Czech; English otherwise); what
    /// a library or the system said follows as a marked detail.
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .reported(let detail): return text("reported", locale: locale, ["detail": detail])
        case .noSuchFile: return text("noSuchFile", locale: locale)
        case .unreadableAttributes: return text("unreadableAttributes", locale: locale)
        case .thumbnailSize(let size): return text("thumbnailSize", locale: locale, ["size": String(size)])
        case .thumbnailsStopped(let detail): return text("thumbnailsStopped", locale: locale, detail: detail)
        case .noColumns: return text("noColumns", locale: locale)
        case .noPhotos: return text("noPhotos", locale: locale)
        case .locationHasNoPhotos(let id): return text("locationHasNoPhotos", locale: locale, ["id": String(id)])
        case .emptyPager: return text("emptyPager", locale: locale)
        case .invalidPage(let page, let pageSize):
            return text("invalidPage", locale: locale, ["page": String(page), "pageSize": String(pageSize)])
        case .negativeRadius: return text("negativeRadius", locale: locale)
        case .zoomNotFinite(let value): return text("zoomNotFinite", locale: locale, ["value": "\(value)"])
        case .cannotOpenIndex(let path, let detail):
            return text("cannotOpenIndex", locale: locale, ["path": path], detail: detail)
        }
    }
}
