import FileSafety
import Foundation
@_exported import KitLocalization

extension MessageTable {
    /// Imaging's messages (`Localization/<language>.lproj/Imaging.strings`).
    static let imaging = MessageTable(bundle: .module, table: "Imaging")
}

extension ImagingError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        let table = MessageTable.imaging
        switch self {
        case .fileNotFound(let path):
            return table.text("ImagingError.fileNotFound", locale: locale, ["path": FileSystemPath.displayed(path)])
        case .notAnImage(let source):
            return table.text("ImagingError.notAnImage", locale: locale, ["source": FileSystemPath.displayed(source)])
        case .tooLarge(let width, let height, let limit):
            let product = width.multipliedReportingOverflow(by: height)
            let pixels =
                product.overflow
                ? table.text("ImagingError.moreThan", locale: locale, ["count": String(Int.max)])
                : String(product.partialValue)
            return table.text(
                "ImagingError.tooLarge", locale: locale,
                ["width": String(width), "height": String(height), "pixels": pixels, "limit": String(limit)])
        case .overWorkLimit(let width, let height, let byteCount, let limit):
            return table.text(
                "ImagingError.overWorkLimit", locale: locale,
                ["width": String(width), "height": String(height), "bytes": String(byteCount), "limit": String(limit)])
        case .decodeFailed(let message):
            return table.text("ImagingError.decodeFailed", locale: locale, ["message": message])
        case .encodeFailed(let format, let message):
            return table.text("ImagingError.encodeFailed", locale: locale, ["format": format, "message": message])
        case .writeFailed(let path, let message):
            return table.text(
                "ImagingError.writeFailed", locale: locale,
                ["path": FileSystemPath.displayed(path), "message": message])
        case .invalidArgument(let message):
            return table.text("ImagingError.invalidArgument", locale: locale, ["message": message])
        case .operationFailed(let operation, let message):
            return table.text(
                "ImagingError.operationFailed", locale: locale, ["operation": operation, "message": message])
        case .unsupportedColorEncoding(let encoding):
            return table.text("ImagingError.unsupportedColorEncoding", locale: locale, ["encoding": encoding])
        }
    }
}

extension MetadataError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        let table = MessageTable.imaging
        switch self {
        case .invalidValue(let message):
            return table.text("MetadataError.invalidValue", locale: locale, ["message": message])
        case .exifFailed(let message):
            return table.text("MetadataError.exifFailed", locale: locale, ["message": message])
        case .unreadableJPEG(let reason):
            return table.text("MetadataError.unreadableJPEG", locale: locale, ["reason": reason])
        }
    }
}
