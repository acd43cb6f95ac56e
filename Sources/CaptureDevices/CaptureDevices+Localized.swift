import Foundation
@_exported import KitLocalization

extension MessageTable {
    /// CaptureDevices' messages (`Localization/<language>.lproj/CaptureDevices.strings`).
    package static let captureDevices = MessageTable(bundle: .module, table: "CaptureDevices")
}

private func text(_ key: String, _ locale: Locale, _ arguments: [String: String] = [:]) -> String {
    MessageTable.captureDevices.text(key, locale: locale, arguments)
}

extension CameraSelectionError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        func position(_ value: CaptureDevice.Position) -> String { text("Position.\(value.rawValue)", locale) }
        switch self {
        case .noDevices: return text("CameraSelectionError.noDevices", locale)
        case .noCameraOnOtherSide(let side):
            guard let opposite = side.opposite else {
                return text("CameraSelectionError.noOtherSide", locale, ["position": position(side)])
            }
            return text("CameraSelectionError.noCameraOnOtherSide", locale, ["position": position(opposite)])
        case .noCamera(let kind, let side):
            return text(
                "CameraSelectionError.noCamera", locale,
                ["position": position(side), "kind": text("Kind.\(kind.rawValue)", locale)])
        case .invalidZoom(let value): return text("CameraSelectionError.invalidZoom", locale, ["value": "\(value)"])
        case .duplicateIdentifier(let identifier):
            return text("CameraSelectionError.duplicateIdentifier", locale, ["identifier": identifier])
        }
    }
}

extension CaptureDeviceError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .invalidDevice(let identifier, let reason):
            return text(
                "CaptureDeviceError.invalidDevice", locale,
                ["identifier": identifier, "reason": reason.localizedDescription(for: locale)])
        case .deviceNotFound(let path): return text("CaptureDeviceError.deviceNotFound", locale, ["path": path])
        case .notAVideoDevice(let path, let reason):
            return text(
                "CaptureDeviceError.notAVideoDevice", locale,
                ["path": path, "reason": reason.localizedDescription(for: locale)])
        case .notACaptureDevice(let path): return text("CaptureDeviceError.notACaptureDevice", locale, ["path": path])
        case .permissionDenied(let path): return text("CaptureDeviceError.permissionDenied", locale, ["path": path])
        case .queryFailed(let path, let request, let reason):
            return MessageTable.withDetail(
                text("CaptureDeviceError.queryFailed", locale, ["path": path, "request": request]), reason,
                locale: locale)
        case .unreadableDirectory(let path, let reason):
            return MessageTable.withDetail(
                text("CaptureDeviceError.unreadableDirectory", locale, ["path": path]), reason, locale: locale)
        }
    }
}

extension DeviceMappingError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .unreadable(let path, let reason):
            return MessageTable.withDetail(
                text("DeviceMappingError.unreadable", locale, ["path": path]), reason, locale: locale)
        case .tooLarge(let bytes, let limit):
            return text("DeviceMappingError.tooLarge", locale, ["bytes": String(bytes), "limit": String(limit)])
        case .malformed(let reason):
            return MessageTable.withDetail(text("DeviceMappingError.malformed", locale), reason, locale: locale)
        case .invalidField(let field, let reason):
            return text(
                "DeviceMappingError.invalidField", locale,
                ["field": field, "reason": reason.localizedDescription(for: locale)])
        }
    }
}

extension CameraChoiceStoreError: LocalizableError {
    /// The message in the language of `locale` (English, Slovak or Czech; English otherwise).
    public func localizedDescription(for locale: Locale = .current) -> String {
        switch self {
        case .unreadable(let path, let reason):
            return MessageTable.withDetail(
                text("CameraChoiceStoreError.unreadable", locale, ["path": path]), reason, locale: locale)
        case .damaged(let path, let reason):
            return text(
                "CameraChoiceStoreError.damaged", locale,
                ["path": path, "reason": reason.localizedDescription(for: locale)])
        case .writeFailed(let path, let reason):
            return MessageTable.withDetail(
                text("CameraChoiceStoreError.writeFailed", locale, ["path": path]), reason, locale: locale)
        }
    }
}
